#!/usr/bin/env node
// A project whose modules import each other in a ring (m0 → m1 → … → m2999 → m0), each one a
// retry loop around the function it imports: every lint follows imports into the next modules
// (packages/analysis/src/cross-file.ts), and the modules read stay cached across the lint of
// the whole project. What it costs, in time and in peak memory, against ESLint alone.
//
//   node test/bench/import-ring.mjs [--files N] [--runs N]
//
// The ring is written under .cache/bench/ (once per size). Each pass lints every module once,
// in order, with one ESLint `Linter` (as one `eslint .` run does), in a fresh process so that
// the peak resident memory (resourceUsage().maxRSS) is that pass's alone: with the four rules
// and parse-only (the same config, rules removed). Figures: the median CPU time of the lint
// loop over `runs` passes each, the ratio, and the peaks. No assertion: this reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const TARGET_RATIO = 2;

/** Module `i` of a ring of `n`: a retry loop around the function of module `i + 1`. */
function moduleSource(i, n) {
  const next = (i + 1) % n;
  return `import { step${next} } from './m${next}.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function step${i}(input) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await step${next}(input);
    } catch (error) {
      if (attempt === 2) throw error;
      await sleep(100 * 2 ** attempt);
    }
  }
  return undefined;
}
`;
}

/** Writes the ring of `n` modules (unless already there); returns their paths relative to the repository. */
export function writeRing(n) {
  const dir = join(root, '.cache', 'bench', `import-ring-${n}`);
  mkdirSync(dir, { recursive: true });
  const files = [];
  for (let i = 0; i < n; i++) {
    const file = join(dir, `m${i}.mjs`);
    const text = moduleSource(i, n);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
    files.push(relative(root, file));
  }
  return files;
}

/** One pass in this process: lint every module once; print CPU ms, findings and the peak RSS. */
async function pass(n, mode) {
  const { Linter } = await import('eslint');
  const { corpusConfigs, resolveConfigs } = await import('../corpus/run.mjs');
  const files = writeRing(n);
  const texts = files.map((file) => readFileSync(join(root, file), 'utf8'));
  // `one-rule`: ESLint with the same configuration and one rule that does nothing. With no
  // rule at all ESLint skips its traversal and code-path analysis; with any rule it runs them,
  // which is ESLint's own cost of linting, before a rule does any work.
  const nothing = { rules: { nothing: { create: () => ({}) } } };
  const list = [...corpusConfigs({ rules: mode === 'rules' }).plain, ...(mode === 'one-rule' ? [{ files: ['**/*.mjs'], plugins: { bench: nothing }, rules: { 'bench/nothing': 'error' } }] : [])];
  const config = resolveConfigs({ pass: list }, root).pass;
  const linter = new Linter({ cwd: root });
  let findings = 0;
  let fatal = 0;
  const before = process.cpuUsage();
  const started = performance.now();
  files.forEach((file, i) => {
    const messages = linter.verify(texts[i], config, { filename: file });
    for (const m of messages) {
      if (m.fatal) fatal++;
      else if (m.ruleId) findings++;
    }
  });
  const cpu = process.cpuUsage(before);
  const wallMs = performance.now() - started;
  console.log(JSON.stringify({ files: files.length, findings, fatal, cpuMs: (cpu.user + cpu.system) / 1000, wallMs, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function measure(n, mode) {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--pass', `${n}:${mode}`], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (child.status !== 0) throw new Error(`import-ring ${mode} pass failed (${child.status ?? child.signal}): ${child.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return JSON.parse(child.stdout.trim().split('\n').pop());
}

/** Both configurations, `runs` fresh processes each (alternating); returns and logs the figures. */
export function runImportRing({ files = 3000, runs = 3, log = console.log } = {}) {
  writeRing(files);
  const results = { rules: [], 'parse-only': [], 'one-rule': [] };
  for (let round = 0; round < runs; round++) {
    const order = round % 2 ? ['parse-only', 'one-rule', 'rules'] : ['rules', 'one-rule', 'parse-only'];
    for (const mode of order) results[mode].push(measure(files, mode));
  }
  const cpu = (mode) => median(results[mode].map((r) => r.cpuMs));
  const peak = (mode) => median(results[mode].map((r) => r.maxRssMb));
  const ratio = cpu('rules') / cpu('parse-only');
  const memoryRatio = peak('rules') / peak('parse-only');
  const within = (r) => (r <= TARGET_RATIO ? 'within' : 'OVER');
  const summary = {
    files,
    findings: results.rules[0].findings,
    rulesCpuMs: cpu('rules'),
    parseCpuMs: cpu('parse-only'),
    ratio,
    rulesPeakMb: peak('rules'),
    parsePeakMb: peak('parse-only'),
    memoryRatio,
    oneRuleCpuMs: cpu('one-rule'),
    oneRulePeakMb: peak('one-rule'),
  };
  log(
    `${`import-ring-${files}`.padEnd(22)} rules ${(summary.rulesCpuMs / 1000).toFixed(2)} s, parse-only ${(summary.parseCpuMs / 1000).toFixed(2)} s CPU, ` +
      `ratio ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}: ${within(ratio)}); peak RSS rules ${summary.rulesPeakMb.toFixed(0)} MB, ` +
      `parse-only ${summary.parsePeakMb.toFixed(0)} MB, ratio ${memoryRatio.toFixed(2)} (target ≤ ${TARGET_RATIO}: ${within(memoryRatio)}); ` +
      `ESLint with one rule that does nothing: ${(summary.oneRuleCpuMs / 1000).toFixed(2)} s CPU (${(summary.oneRuleCpuMs / summary.parseCpuMs).toFixed(2)}× parse-only), ` +
      `${summary.oneRulePeakMb.toFixed(0)} MB (${(summary.oneRulePeakMb / summary.parsePeakMb).toFixed(2)}× parse-only; the four rules ${(summary.rulesPeakMb / summary.oneRulePeakMb).toFixed(2)}× it); ` +
      `${summary.findings} findings; ${files} modules importing each other in a ring, median of ${runs} fresh processes each`,
  );
  return summary;
}

function parseArgs(argv) {
  const args = { files: 3000, runs: 3, pass: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[++i];
    const n = Number(value);
    if (arg === '--files' && Number.isInteger(n) && n >= 2) args.files = n;
    else if (arg === '--runs' && Number.isInteger(n) && n > 0) args.runs = n;
    else if (arg === '--pass' && value) args.pass = value; // internal: one measured pass, `files:mode`
    else {
      console.error(`import-ring: unknown or invalid argument ${JSON.stringify(arg)}\nusage: node test/bench/import-ring.mjs [--files N] [--runs N]`);
      process.exit(2);
    }
  }
  return args;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = parseArgs(process.argv.slice(2));
  if (args.pass) {
    const [n, mode] = args.pass.split(':');
    await pass(Number(n), mode);
  } else {
    runImportRing(args);
  }
}
