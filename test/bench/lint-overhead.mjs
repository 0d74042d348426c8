#!/usr/bin/env node
// What the four retry-hygiene rules cost on top of what ESLint costs anyway.
//
//   npm run bench:lint  [-- --runs N] [--limit N] [--root DIR]
//
// Then the pathological files of test/bench/many-sites.mjs (thousands of retry sites in one
// file, a delay written k times, a 4 000-link member chain, 600 nested retry loops, …), each
// with its own ratio, and a 3 000-module import ring (test/bench/import-ring.mjs) with its ratio
// and its peak memory against ESLint alone.
//
// Corpus: the same files as `npm run corpus` (.js/.mjs/.cjs/.ts under the repository's own
// node_modules, no .d.ts, nothing over 1 MB, no symlinks), read into memory first so that disk
// I/O is not measured. Both passes use one ESLint `Linter` and the same configs — the plugin's
// `recommended` config (parser settings, @typescript-eslint/parser for .ts) with inline config
// ignored — once with the four rules and once with the rules removed (parse, scope analysis and
// traversal only). A .js file is tried as a module, then as CommonJS, in both passes. Each
// configuration is resolved once into ESLint's FlatConfigArray, as the `eslint` command does:
// a plain config list makes Linter#verify merge the config and validate every rule's options
// again for each file, set-up that a real lint does once and that is not the rules' cost.
//
// One warm-up pass of each, then `runs` (default 5) measured passes of each, alternating and
// swapping which goes first every round (A B, B A, A B, …) so that drift hits both alike. Each
// configuration's time is the median of its passes; the result is their ratio and the overhead
// against the target (rules ≤ 10 % over parse-only). Process CPU time is shown next to wall
// time, and a last pass interleaves the two configurations file by file: on a busy machine the
// run-to-run spread of one configuration can exceed the overhead being measured. No assertion:
// this reports, it does not gate (DESIGN.md: performance is measured by benchmarks, never by
// timed tests).
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { analyzeRetrySites } from '@retry-hygiene/analysis';
import { collectFiles, corpusConfigs, lintFile, resolveConfigs, virtualName } from '../corpus/run.mjs';
import { runImportRing } from './import-ring.mjs';
import { runShapes } from './many-sites.mjs';

const TARGET_OVERHEAD = 0.1;

function parseArgs(argv) {
  const args = { runs: 5, limit: 0, root: join(dirname(fileURLToPath(import.meta.url)), '..', '..') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${arg} needs a value`);
      return v;
    };
    const positive = (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) fail(`${arg} must be a non-negative integer, got ${JSON.stringify(v)}`);
      return n;
    };
    if (arg === '--runs') args.runs = Math.max(1, positive(next()));
    else if (arg === '--limit') args.limit = positive(next());
    else if (arg === '--root') args.root = resolve(next());
    else fail(`unknown argument ${JSON.stringify(arg)}`);
  }
  return args;
}

function fail(message) {
  console.error(`bench:lint: ${message}\nusage: node test/bench/lint-overhead.mjs [--runs N] [--limit N] [--root DIR]`);
  process.exit(2);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Deterministic subset of `limit` files: every k-th file of the sorted list, so that the subset
 * keeps the mix of packages and sizes.
 */
function subset(files, limit) {
  if (!limit || limit >= files.length) return files;
  const step = files.length / limit;
  return Array.from({ length: limit }, (_, i) => files[Math.floor(i * step)]);
}

/** The corpus configs (one per source type) with one more config object appended to each. */
function withRule(configs, extra) {
  return Object.fromEntries(Object.entries(configs).map(([kind, list]) => [kind, [...list, extra]]));
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const all = collectFiles(join(args.root, 'node_modules'));
  const files = subset(all, args.limit);
  const inputs = files.map((file) => ({ code: readFileSync(file, 'utf8'), filename: virtualName(args.root, file) }));
  const bytes = inputs.reduce((sum, input) => sum + input.code.length, 0);

  const linter = new Linter({ cwd: args.root });
  // A rule that does nothing: with any rule enabled ESLint traverses the AST and runs its
  // code-path analysis, which a parse-only lint skips. This pass separates that fixed cost of
  // "having a rule at all" from what the four rules themselves add.
  const emptyRule = { create: () => ({ 'Program:exit'() {} }) };
  // Each configuration resolved once, as the `eslint` command does (corpus/run.mjs resolveConfigs).
  const passes = {
    rules: resolveConfigs(corpusConfigs({ rules: true }), args.root),
    'parse-only': resolveConfigs(corpusConfigs({ rules: false }), args.root),
    'empty rule': resolveConfigs(withRule(corpusConfigs({ rules: false }), { files: ['**/*'], plugins: { bench: { rules: { empty: emptyRule } } }, rules: { 'bench/empty': 'error' } }), args.root),
  };

  let findings = 0;
  let parseFailures = 0;
  const pass = (name) => {
    const configs = passes[name];
    let messages = 0;
    let failures = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const input of inputs) {
      const result = lintFile(linter, configs, input.code, input.filename);
      if (result.parseError) failures++;
      else for (const m of result.messages) if (m.ruleId) messages++;
    }
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (name === 'rules') findings = messages;
    else if (messages !== 0) throw new Error(`parse-only pass reported ${messages} rule messages: the rules were not removed`);
    parseFailures = failures;
    return { ms, cpuMs };
  };

  console.log(
    `lint overhead: ${files.length} files${files.length < all.length ? ` (deterministic subset of ${all.length})` : ' (whole corpus)'}, ` +
      `${(bytes / 1e6).toFixed(1)} MB, under ${relative(process.cwd(), join(args.root, 'node_modules')) || 'node_modules'}`,
  );
  console.log(`node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}), ${args.runs} runs each after 1 warm-up`);

  // Warm-up: JIT, parser and plugin module state, for both configurations.
  const warm = { rules: pass('rules'), 'parse-only': pass('parse-only') };
  console.error(`warm-up: rules ${(warm.rules.ms / 1000).toFixed(2)} s, parse-only ${(warm['parse-only'].ms / 1000).toFixed(2)} s`);

  const times = { rules: [], 'parse-only': [] };
  for (let round = 0; round < args.runs; round++) {
    const order = round % 2 === 0 ? ['rules', 'parse-only'] : ['parse-only', 'rules'];
    for (const name of order) times[name].push(pass(name));
    const show = (t) => `${(t.ms / 1000).toFixed(2)} s (cpu ${(t.cpuMs / 1000).toFixed(2)} s)`;
    console.error(`run ${round + 1}/${args.runs}: rules ${show(times.rules[round])}, parse-only ${show(times['parse-only'][round])}`);
  }

  // Wall-clock time is the headline; process CPU time (user + system, all threads) is printed
  // next to it because it is far less sensitive to other work on a shared machine.
  const withRules = median(times.rules.map((t) => t.ms));
  const parseOnly = median(times['parse-only'].map((t) => t.ms));
  const withRulesCpu = median(times.rules.map((t) => t.cpuMs));
  const parseOnlyCpu = median(times['parse-only'].map((t) => t.cpuMs));
  const ratio = withRules / parseOnly;
  const overhead = ratio - 1;
  const ratioCpu = withRulesCpu / parseOnlyCpu;
  const s = (ms) => (ms / 1000).toFixed(2);
  const rows = [
    ['configuration', 'median (s)', 'runs (s)', 'ms/file', 'median CPU (s)', 'CPU runs (s)'],
    ['parse-only (no rules)', s(parseOnly), times['parse-only'].map((t) => s(t.ms)).join(' '), (parseOnly / files.length).toFixed(2), s(parseOnlyCpu), times['parse-only'].map((t) => s(t.cpuMs)).join(' ')],
    ['4 retry-hygiene rules', s(withRules), times.rules.map((t) => s(t.ms)).join(' '), (withRules / files.length).toFixed(2), s(withRulesCpu), times.rules.map((t) => s(t.cpuMs)).join(' ')],
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const left = (c) => c === 0 || c === 2 || c === 5;
  const line = (r) => `| ${r.map((cell, c) => (left(c) ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ')} |`;
  console.log('');
  console.log(line(rows[0]));
  console.log(`|${widths.map((w, c) => (left(c) ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows.slice(1)) console.log(line(r));
  console.log('');
  const verdict = (o) => (o <= TARGET_OVERHEAD ? 'within target' : 'OVER target');
  console.log(`ratio rules / parse-only: ${ratio.toFixed(3)} wall, ${ratioCpu.toFixed(3)} CPU`);
  console.log(`overhead: ${(overhead * 100).toFixed(1)} % wall, ${((ratioCpu - 1) * 100).toFixed(1)} % CPU (target ≤ ${TARGET_OVERHEAD * 100} %: ${verdict(overhead)} wall, ${verdict(ratioCpu - 1)} CPU)`);
  console.log(`findings in the rules pass: ${findings}; parse failures: ${parseFailures}`);

  // Cross-check that other load on the machine cannot skew: one more pass that lints each file
  // with both configurations back to back (order swapped every file) and sums per configuration.
  const sums = { rules: 0, 'parse-only': 0, 'empty rule': 0 };
  const orders = [
    ['rules', 'parse-only', 'empty rule'],
    ['parse-only', 'empty rule', 'rules'],
    ['empty rule', 'rules', 'parse-only'],
  ];
  inputs.forEach((input, i) => {
    const order = orders[i % orders.length];
    for (const name of order) {
      const t0 = performance.now();
      lintFile(linter, passes[name], input.code, input.filename);
      sums[name] += performance.now() - t0;
    }
  });
  // The noise-free figure: time spent inside the analysis itself, timed around each file's
  // first (uncached) call, as a share of the same pass. Both terms come from one pass, so a
  // busy machine slows them alike.
  let analysisMs = 0;
  const timedRule = {
    create: (context) => ({
      'Program:exit'() {
        const t0 = performance.now();
        analyzeRetrySites(context.sourceCode);
        analysisMs += performance.now() - t0;
      },
    }),
  };
  const timedPass = resolveConfigs(withRule(corpusConfigs({ rules: false }), { files: ['**/*'], plugins: { bench: { rules: { timed: timedRule } } }, rules: { 'bench/timed': 'error' } }), args.root);
  const tTimed = performance.now();
  for (const input of inputs) lintFile(linter, timedPass, input.code, input.filename);
  const timedTotal = performance.now() - tTimed;

  const interleaved = sums.rules / sums['parse-only'];
  const pct = (x) => `${((x - 1) * 100).toFixed(1)} %`;
  console.log(
    `interleaved per file (1 pass): rules ${s(sums.rules)} s, parse-only ${s(sums['parse-only'])} s, ` +
      `empty rule ${s(sums['empty rule'])} s; rules / parse-only ${interleaved.toFixed(3)} (${pct(interleaved)})`,
  );
  console.log(
    `  of which ESLint running any rule (empty rule / parse-only): ${pct(sums['empty rule'] / sums['parse-only'])}; ` +
      `the four rules over an empty rule: ${pct(sums.rules / sums['empty rule'])}`,
  );
  const share = analysisMs / (timedTotal - analysisMs);
  console.log(
    `analysis timed directly (1 pass): ${s(analysisMs)} s inside analyzeRetrySites over ${s(timedTotal - analysisMs)} s of the rest of linting: ` +
      `+${(share * 100).toFixed(1)} % (target ≤ ${TARGET_OVERHEAD * 100} %: ${verdict(share)})`,
  );

  // Pathological files (test/bench/many-sites.mjs): each one's rules / parse-only ratio.
  console.log('');
  console.log('pathological files, rules / parse-only per file (target ≤ 2×), median of 3 runs each:');
  runShapes({ runs: 3 });

  // A project of modules importing each other in a ring (test/bench/import-ring.mjs): time and
  // peak memory of following the imports, each pass in a fresh process.
  console.log('');
  console.log('a 3 000-module import ring, every module linted once per pass (target ≤ 2× parse-only, time and peak memory):');
  runImportRing({ files: 3000, runs: 3 });
}

main();
