#!/usr/bin/env node
// What following imports into the project's other modules costs (issue 13: at most +10 %).
//
//   npm run bench:cross-file  [-- --runs N] [--set realworld|repo]
//
// Two file sets, each linted whole with the plugin's recommended config and the four rules:
//   realworld: the real-code benchmark's packages (test/realworld; `npm run realworld` installs
//              them into .cache/realworld), linked outside node_modules as that run links them;
//   repo:      this repository's own sources, tests, fixtures and scripts.
// Two configurations: "follow" lints each file under its real path, so the analysis reads the
// modules it imports (parsed once per file and version, as in one ESLint run); "within" lints the
// same text under a name that is not a path (`<within>/…`), so the analysis has no neighbours to
// read (packages/eslint-plugin/src/module-host.ts) and stays in the file.
// Each pass runs in a fresh process (the module caches start empty, as in a CI lint), passes
// alternate and swap order every round, and the figure per configuration is the median process
// CPU time of its lint loop (file reading excluded). Nothing is asserted: this reports.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const TARGET = 0.1;

function parseArgs(argv) {
  const args = { runs: 5, sets: ['realworld', 'repo'], pass: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[++i];
    if (arg === '--runs' && Number.isInteger(Number(value)) && Number(value) > 0) args.runs = Number(value);
    else if (arg === '--set' && (value === 'realworld' || value === 'repo')) args.sets = [value];
    else if (arg === '--pass') args.pass = value; // internal: one measured pass, `set:mode`
    else {
      console.error(`bench:cross-file: unknown or invalid argument ${JSON.stringify(arg)}\nusage: node test/bench/cross-file.mjs [--runs N] [--set realworld|repo]`);
      process.exit(2);
    }
  }
  return args;
}

/** The files of a set, as { code, filename } with filename relative to the repository root. */
async function filesOf(set) {
  const { collectFiles } = await import('../corpus/run.mjs');
  if (set === 'repo') {
    const dirs = ['packages', 'extension', 'fixtures', 'test', 'scripts'].map((d) => join(root, d));
    const files = dirs.flatMap((d) => collectFiles(d)).filter((f) => !/\/(node_modules|dist|out)\//.test(f) && !f.endsWith('.d.ts'));
    return files.map((full) => ({ code: readFileSync(full, 'utf8'), filename: relative(root, full) }));
  }
  const realworld = await import('../realworld/run.mjs');
  const list = JSON.parse(readFileSync(join(root, 'test', 'realworld', 'packages.json'), 'utf8')).packages;
  if (!existsSync(join(root, '.cache', 'realworld', 'node_modules'))) {
    console.error('bench:cross-file: the real-code packages are not installed; run `npm run realworld` once');
    process.exit(2);
  }
  realworld.linkPackages(list);
  const result = [];
  for (const entry of list) {
    for (const { path, full } of realworld.filesOf(entry)) {
      const code = readFileSync(full, 'utf8');
      if (code.length <= 2 * 1024 * 1024) result.push({ code, filename: `${relative(root, realworld.linkDir)}/${entry.name}/${path}` });
    }
  }
  return result;
}

/** One measured pass in this process: lint every file of the set once; print CPU ms and findings. */
async function pass(set, mode) {
  const { Linter } = await import('eslint');
  const { corpusConfigs, lintFile } = await import('../corpus/run.mjs');
  const files = await filesOf(set);
  const linter = new Linter({ cwd: root });
  const configs = corpusConfigs();
  let findings = 0;
  const before = process.cpuUsage();
  const started = performance.now();
  for (const { code, filename } of files) {
    const name = mode === 'follow' ? filename : `<within>/${filename}`;
    const result = lintFile(linter, configs, code, name);
    findings += result.messages?.filter((m) => m.ruleId?.startsWith('retry-hygiene/')).length ?? 0;
  }
  const cpu = process.cpuUsage(before);
  console.log(JSON.stringify({ files: files.length, findings, cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - started }));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function measure(set, mode) {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--pass', `${set}:${mode}`], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (child.status !== 0) {
    console.error(child.stderr);
    process.exit(1);
  }
  return JSON.parse(child.stdout.trim().split('\n').pop());
}

const args = parseArgs(process.argv.slice(2));
if (args.pass) {
  const [set, mode] = args.pass.split(':');
  await pass(set, mode);
} else {
  for (const set of args.sets) {
    const results = { follow: [], within: [] };
    for (let round = 0; round < args.runs; round++) {
      const order = round % 2 ? ['within', 'follow'] : ['follow', 'within'];
      for (const mode of order) results[mode].push(measure(set, mode));
    }
    const cpu = (mode) => median(results[mode].map((r) => r.cpuMs));
    const wall = (mode) => median(results[mode].map((r) => r.wallMs));
    const overhead = cpu('follow') / cpu('within') - 1;
    const first = results.follow[0];
    console.log(`${set}: ${first.files} files; findings following imports ${first.findings}, within each file ${results.within[0].findings}`);
    console.log(`  within each file   CPU ${cpu('within').toFixed(0)} ms  wall ${wall('within').toFixed(0)} ms  (median of ${args.runs})`);
    console.log(`  following imports  CPU ${cpu('follow').toFixed(0)} ms  wall ${wall('follow').toFixed(0)} ms`);
    console.log(`  per pass (CPU ms): follow ${results.follow.map((r) => r.cpuMs.toFixed(0)).join(' ')}; within ${results.within.map((r) => r.cpuMs.toFixed(0)).join(' ')}`);
    console.log(`  → following imports costs ${(overhead * 100).toFixed(1)} % CPU (target ≤ ${TARGET * 100} %): ${overhead <= TARGET ? 'met' : 'NOT met'}`);
  }
}
