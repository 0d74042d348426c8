#!/usr/bin/env node
// Pathological inputs: generated files whose analysis cost once grew faster than the file.
// Each shape is linted with the four rules and parse-only (the same config with the rules
// removed), in the same run, with one ESLint `Linter`; the figure is the ratio of the two.
// Target: every shape within 2× of parse-only (an editor lints on every keystroke). Beside it,
// the time with one rule that does nothing (what ESLint costs for running any rule), so that
// the rules' own share shows on files that lint in about a millisecond.
//
//   node test/bench/many-sites.mjs [--runs N] [--only NAME[,NAME…]] [--scale F]
//
// `--scale` multiplies every shape's size (0.1 for a quick look). A rule that throws is
// reported as such (the shape's line says `THROWS`), it does not stop the benchmark. No
// assertion: this reports, it does not gate (DESIGN.md: timing belongs to benchmarks only).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { corpusConfigs, resolveConfigs } from '../corpus/run.mjs';

const TARGET_RATIO = 2;
/** A sample of a small file lints it repeatedly for about this long (parse-only time). */
const MIN_SAMPLE_MS = 250;

/**
 * A small retry loop with a fixed sleep (one no-fixed-sleep-retry finding per loop), waiting a
 * module constant that every loop reads.
 */
const smallLoop = (i) => `export async function load${i}(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(DELAY);
    }
  }
  throw new Error('failed');
}
`;
const manyLoops = (n) => `const DELAY = 1000;\n${Array.from({ length: n }, (_, i) => smallLoop(i)).join('\n')}`;

/** The shapes, each a function of its size (`n`) to the source of one .mjs file. */
export const SHAPES = [
  {
    name: 'one-loop',
    what: () => 'control: one small retry loop (the fixed cost of the rules on a tiny file)',
    size: 1,
    code: manyLoops,
  },
  {
    name: 'loops-4000',
    what: (n) => `${n} small retry loops in one file`,
    size: 4000,
    code: manyLoops,
  },
  {
    name: 'loops-12000',
    what: (n) => `${n} small retry loops in one file`,
    size: 12000,
    code: manyLoops,
  },
  {
    name: 'reassigned-delay',
    what: (k) => `a delay reassigned ${k} times in one loop (\`d = d * 2\` × ${k})`,
    size: 16,
    code: (k) => `export async function load(url) {
  let d = 100;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(url);
    } catch {
${'      d = d * 2;\n'.repeat(k)}      await sleep(d);
    }
  }
  throw new Error('failed');
}
`,
  },
  {
    name: 'member-chain-4000',
    what: (n) => `a ${n}-link member chain as the delay (\`cfg.x.x.x…\`)`,
    size: 4000,
    code: (n) => `const cfg = { x: {} };
export async function load(url) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(cfg${'.x'.repeat(n)});
    }
  }
  throw new Error('failed');
}
`,
  },
  {
    name: 'nested-p-retry-10000',
    what: (n) => `${n} \`pRetry(() => pRetry(op))\` calls`,
    size: 10000,
    code: (n) => `import pRetry from 'p-retry';
${Array.from({ length: n }, (_, i) => `export const load${i} = () => pRetry(() => pRetry(op${i}, { retries: 2 }), { retries: 3 });`).join('\n')}
`,
  },
  {
    name: 'nested-loops-600',
    what: (n) => `${n} retry loops nested in one another (each a try/catch with a fixed sleep)`,
    size: 600,
    // Peak memory too (a child process per configuration): each loop once walked every loop inside it.
    memory: true,
    code: (n) => {
      let code = 'export async function load(url) {\n';
      for (let i = 0; i < n; i++) code += `for (let a${i} = 0; a${i} < 3; a${i}++) {\ntry {\n`;
      code += 'return await fetch(url);\n';
      for (let i = 0; i < n; i++) code += '} catch {\nawait sleep(1000);\n}\n}\n';
      return `${code}throw new Error('failed');\n}\n`;
    },
  },
  {
    name: 'awaited-calls-20000',
    what: (n) => `one retry loop around ${n} awaited calls`,
    size: 20000,
    code: (n) => `export async function load() {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
${Array.from({ length: n }, (_, i) => `      await step${i}(attempt);`).join('\n')}
      return;
    } catch {
      await sleep(1000);
    }
  }
}
`,
  },
];

function parseArgs(argv) {
  const args = { runs: 3, only: undefined, scale: 1, peak: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${arg} needs a value`);
      return v;
    };
    if (arg === '--runs') args.runs = Math.max(1, Number.parseInt(next(), 10) || 1);
    else if (arg === '--only') args.only = next().split(',');
    else if (arg === '--scale') args.scale = Number(next());
    else if (arg === '--peak') args.peak = next(); // internal: one shape's peak memory, `NAME:rules|parse-only`
    else fail(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (!(args.scale > 0)) fail('--scale must be a positive number');
  return args;
}

function fail(message) {
  console.error(`many-sites: ${message}\nusage: node test/bench/many-sites.mjs [--runs N] [--only NAME[,NAME…]] [--scale F]`);
  process.exit(2);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Lints `code` `reps` times; returns the time per lint, the rule findings and the first rule
 * error, if any. A small file is linted several times per sample so that a sample is long
 * enough to time.
 */
function lintOnce(linter, config, code, filename, reps = 1) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let messages;
  let error;
  try {
    for (let i = 0; i < reps; i++) messages = linter.verify(code, config, { filename });
  } catch (e) {
    error = e;
  }
  const ms = (performance.now() - t0) / reps;
  const cpu = process.cpuUsage(c0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / reps;
  const fatal = messages?.find((m) => m.fatal);
  if (fatal) error ??= new Error(`${fatal.line}:${fatal.column} ${fatal.message}`);
  return { ms, cpuMs, findings: messages ? messages.filter((m) => m.ruleId).length : 0, error };
}

/** Lints one shape three times in this process with one configuration; prints the peak RSS. */
function peakPass(spec, scale) {
  const [name, configName] = spec.split(':');
  const shape = SHAPES.find((s) => s.name === name);
  if (!shape || (configName !== 'rules' && configName !== 'parse-only')) fail(`--peak needs NAME:rules|parse-only, got ${JSON.stringify(spec)}`);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const linter = new Linter({ cwd: root });
  const config = resolveConfigs({ pass: corpusConfigs({ rules: configName === 'rules' }).plain }, root).pass;
  const code = shape.code(Math.max(1, Math.round(shape.size * scale)));
  for (let i = 0; i < 3; i++) linter.verify(code, config, { filename: `bench/${shape.name}.mjs` });
  console.log(JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

/** A shape's peak resident memory with the rules and parse-only, each in a fresh process. */
function peakMemory(shape, scale) {
  const peak = (configName) => {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--peak', `${shape.name}:${configName}`, '--scale', String(scale)], { encoding: 'utf8' });
    if (child.status !== 0) return undefined;
    return JSON.parse(child.stdout.trim().split('\n').pop()).maxRssMb;
  };
  return { rules: peak('rules'), parse: peak('parse-only') };
}

export function runShapes({ runs = 3, only, scale = 1, log = console.log } = {}) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const linter = new Linter({ cwd: root });
  // A rule that does nothing: what ESLint costs for running any rule at all (printed beside
  // the ratio; on a file that lints in a millisecond it is not negligible).
  const emptyRule = { create: () => ({ 'Program:exit'() {} }) };
  const withEmptyRule = [...corpusConfigs({ rules: false }).plain, { files: ['**/*'], plugins: { bench: { rules: { empty: emptyRule } } }, rules: { 'bench/empty': 'error' } }];
  const configs = resolveConfigs({ rules: corpusConfigs({ rules: true }).plain, 'parse-only': corpusConfigs({ rules: false }).plain, 'empty rule': withEmptyRule }, root);
  const orders = [
    ['rules', 'parse-only', 'empty rule'],
    ['parse-only', 'empty rule', 'rules'],
    ['empty rule', 'rules', 'parse-only'],
  ];
  const results = [];
  for (const shape of SHAPES) {
    if (only && !only.includes(shape.name)) continue;
    const size = Math.max(1, Math.round(shape.size * scale));
    const code = shape.code(size);
    const filename = `bench/${shape.name}.mjs`;
    // One warm-up of each, then `runs` rounds of the three (order rotated every round).
    lintOnce(linter, configs['parse-only'], code, filename);
    lintOnce(linter, configs['empty rule'], code, filename);
    let warm = lintOnce(linter, configs.rules, code, filename);
    // A second warm-up of each for the time per lint (the first includes compiling the code
    // paths), a few lints long for a small file: one lint of it is mostly noise.
    const probeReps = warm.ms < MIN_SAMPLE_MS / 10 ? 20 : 1;
    if (!warm.error && warm.ms < MIN_SAMPLE_MS) warm = lintOnce(linter, configs.rules, code, filename, probeReps);
    const warmParse = lintOnce(linter, configs['parse-only'], code, filename, probeReps);
    const reps = Math.min(2000, Math.max(1, Math.ceil(MIN_SAMPLE_MS / Math.max(warmParse.ms, warm.ms, 0.01))));
    const times = { rules: [], 'parse-only': [], 'empty rule': [] };
    let findings = warm.findings;
    let error = warm.error;
    for (let round = 0; round < runs && !error; round++) {
      for (const name of orders[round % orders.length]) {
        const r = lintOnce(linter, configs[name], code, filename, reps);
        times[name].push(r);
        if (name === 'rules') {
          findings = r.findings;
          error ??= r.error;
        }
      }
    }
    const result = { name: shape.name, what: shape.what(size), size, bytes: code.length, findings, reps };
    if (error) {
      result.error = String(error.message ?? error).split('\n')[0];
      log(`${shape.name.padEnd(22)} THROWS (${warm.ms.toFixed(0)} ms): ${result.error}`);
    } else {
      result.rulesMs = median(times.rules.map((t) => t.ms));
      result.parseMs = median(times['parse-only'].map((t) => t.ms));
      result.ratio = result.rulesMs / result.parseMs;
      result.emptyRuleMs = median(times['empty rule'].map((t) => t.ms));
      // Process CPU time (all threads, GC included) is far less sensitive to other load on a shared machine.
      result.ratioCpu = median(times.rules.map((t) => t.cpuMs)) / median(times['parse-only'].map((t) => t.cpuMs));
      const within = (r) => (r <= TARGET_RATIO ? 'within' : 'OVER');
      const verdict = `target ≤ ${TARGET_RATIO}: ${within(result.ratio)} wall, ${within(result.ratioCpu)} CPU`;
      const time = (ms) => (ms >= 100 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toPrecision(3)} ms`).padStart(9);
      if (shape.memory) {
        const peak = peakMemory(shape, scale);
        result.rulesPeakMb = peak.rules;
        result.parsePeakMb = peak.parse;
      }
      const memory = result.rulesPeakMb !== undefined && result.parsePeakMb !== undefined ? `peak RSS rules ${result.rulesPeakMb.toFixed(0)} MB, parse-only ${result.parsePeakMb.toFixed(0)} MB; ` : '';
      log(
        `${shape.name.padEnd(22)} rules ${time(result.rulesMs)}, parse-only ${time(result.parseMs)}, ` +
          `ratio ${result.ratio.toFixed(2).padStart(5)} wall, ${result.ratioCpu.toFixed(2).padStart(5)} CPU (${verdict}); ` +
          `empty rule ${time(result.emptyRuleMs).trim()} (rules / empty rule ${(result.rulesMs / result.emptyRuleMs).toFixed(2)}); ` +
          `${memory}${findings} findings${reps > 1 ? `, ${reps} lints per sample` : ''}; ${result.what}`,
      );
    }
    results.push(result);
  }
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = parseArgs(process.argv.slice(2));
  if (args.peak) {
    peakPass(args.peak, args.scale);
    process.exit(0);
  }
  console.log(`many-sites: rules / parse-only per pathological file, median of ${args.runs} runs each after 1 warm-up (scale ${args.scale})`);
  runShapes(args);
}
