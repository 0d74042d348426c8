#!/usr/bin/env node
// What the language server costs on top of parsing: on a 3 000-line TypeScript file, the
// time from a change to its diagnostics, against parse-only linting of the same text, and
// the hover latency.
//
//   npm run bench:language-server  [-- --runs N] [--hovers N]
//
// The server is the built one (packages/language-server/bin), spawned over stdio and driven
// by vscode-languageserver-protocol's client, with debounceMs 0 so that the measured time is
// the work, not the deliberate wait. The baseline is measured in this process in the same
// run, interleaved round by round with the server runs so that drift on this shared machine
// hits both alike: ESLint's Linter on the same text with the plugin's recommended config
// (parser settings, @typescript-eslint/parser) and no rules — parse, scope analysis and
// traversal only. A second in-process figure lints with the rules and reads the retry sites
// (what the server does before its diagnostics, minus the protocol: the rules' suggestions are
// built after the diagnostics are out, and timed apart).
//
// Per round: one edit (a digit of a delay changes), then
//   push: didChange → publishDiagnostics of that version;
//   pull: didChange → textDocument/diagnostic answered (a second server, pull client).
// Hover: requests on every retry site of the file, round-robin, on an unchanged document;
// the first hover of each distinct policy simulates it (cold), the rest hit the cache.
// Medians (p50) and p95 are reported; nothing is asserted (DESIGN.md: benchmarks report,
// tests do not time).
import { Linter } from 'eslint';
import plugin, { buildDeferredSuggestions } from 'eslint-plugin-retry-hygiene';
import { analyzeRetrySites } from '@retry-hygiene/analysis';
import { makeFile } from './files.mjs';
import { quantile, startServer } from './server.mjs';

const URI = 'file:///bench/orders-service.ts';
const TARGET_RATIO = 1.2;
const TARGET_HOVER_P95_MS = 30;

function parseArgs(argv) {
  const args = { runs: 20, hovers: 200 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = Number(argv[++i]);
    if (!Number.isInteger(value) || value < 1) fail(`${arg} needs a positive integer`);
    if (arg === '--runs') args.runs = value;
    else if (arg === '--hovers') args.hovers = value;
    else fail(`unknown argument ${JSON.stringify(arg)}`);
  }
  return args;
}

function fail(message) {
  console.error(`bench:language-server: ${message}\nusage: node test/bench/language-server/run.mjs [--runs N] [--hovers N]`);
  process.exit(2);
}

const median = (values) => quantile(values, 0.5);
const ms = (v) => `${v.toFixed(1)} ms`;

function startBenchServer(pull) {
  return startServer({ uri: URI, capabilities: { textDocument: { hover: { contentFormat: ['markdown'] }, ...(pull ? { diagnostic: {} } : {}) }, workspace: {} } });
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  // The target's file: 20 retry sites in 3 000 lines, as dense as the densest real code measured
  // (density.mjs: over the 22 000 files of node_modules and the real-code benchmark the analysis
  // finds at most 4 sites in a file, and 18.6 per 3 000 lines in the densest file of 300 lines or
  // more; by hand, the benchmark's labels have at most 4 in a file). Then a stress file ten times as dense.
  for (const [label, every] of [['realistic: 10 of 100 blocks hold retries (20 sites, as dense as the densest real code measured)', 10], ['stress: every block holds retries (200 sites, ten times that)', 1]]) {
    console.log(`\n=== ${label}`);
    await benchFile(args, makeFile(every));
  }
}

async function benchFile(args, initialText) {
  let text = initialText;
  const lines = text.split('\n').length;
  const parseOnly = [...plugin.configs.recommended, ...plugin.configs.typescript].map(({ rules: _rules, plugins: _plugins, ...rest }) => rest);
  const linter = new Linter({ configType: 'flat' });
  // As the server lints: suggestions deferred until after the diagnostics (built apart below).
  const withRules = [...plugin.configs.recommended, ...plugin.configs.typescript, { linterOptions: { reportUnusedDisableDirectives: 'off' } }, { settings: { retryHygiene: { deferSuggestions: true } } }];
  const messages = linter.verify(text, withRules, { filename: 'orders-service.ts' });
  const sites = analyzeRetrySites(linter.getSourceCode());
  console.log(`bench:language-server: ${lines} lines, ${text.length} characters, ${sites.length} retry sites, ${messages.length} findings; ${args.runs} rounds, ${args.hovers} hovers`);

  const push = await startBenchServer(false);
  const pull = await startBenchServer(true);
  const opened = push.published(1);
  for (const s of [push, pull]) await s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'typescript', version: 1, text } });
  const first = await opened;
  if (first.diagnostics.length !== messages.length) console.warn(`warning: the server published ${first.diagnostics.length} diagnostics, ESLint found ${messages.length}`);
  await pull.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } });

  // The edited digit: DELAY_0's value (line 3), flipping between 1000 and 1001.
  const editLine = text.split('\n').findIndex((l) => l.startsWith('const DELAY_0 = '));
  const editCharacter = 'const DELAY_0 = 100'.length;
  const times = { parse: [], rules: [], suggest: [], push: [], pull: [], pushLint: [] };
  let version = 1;
  for (let round = -3; round < args.runs; round++) {
    version++;
    const digit = version % 2 ? '1' : '0';
    const change = { range: { start: { line: editLine, character: editCharacter }, end: { line: editLine, character: editCharacter + 1 } }, text: digit };
    const lineText = text.split('\n')[editLine];
    text = text.replace(lineText, lineText.slice(0, editCharacter) + digit + lineText.slice(editCharacter + 1));
    const measure = {
      parse: async () => {
        const t = performance.now();
        linter.verify(text, parseOnly, { filename: 'orders-service.ts' });
        return performance.now() - t;
      },
      rules: async () => {
        const t = performance.now();
        const found = linter.verify(text, withRules, { filename: 'orders-service.ts' });
        analyzeRetrySites(linter.getSourceCode());
        const elapsed = performance.now() - t;
        const s = performance.now();
        buildDeferredSuggestions(linter.getSourceCode(), found);
        if (round >= 0) times.suggest.push(performance.now() - s);
        return elapsed;
      },
      push: async () => {
        const done = push.published(version);
        const t = performance.now();
        await push.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [change] });
        await done;
        const elapsed = performance.now() - t;
        times.pushLint.push((await push.connection.sendRequest('retryHygiene/stats', {})).lastLintMs);
        return elapsed;
      },
      pull: async () => {
        const t = performance.now();
        await pull.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [change] });
        await pull.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } });
        return performance.now() - t;
      },
    };
    // Alternate the order every round so that drift hits each alike.
    const order = round % 2 ? ['parse', 'push', 'rules', 'pull'] : ['pull', 'rules', 'push', 'parse'];
    for (const name of order) {
      const elapsed = await measure[name]();
      if (round >= 0) times[name].push(elapsed);
    }
  }

  // Hover: every site head in turn, on the document as it is now.
  const heads = sites.map((s) => ({ line: s.loc.start.line - 1, character: s.loc.start.column + 1 }));
  const hoverTimes = [];
  const cold = [];
  const seen = new Set();
  let empty = 0;
  for (let i = 0; i < args.hovers; i++) {
    const head = heads[i % heads.length];
    const t = performance.now();
    const hover = await push.connection.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: head });
    const elapsed = performance.now() - t;
    hoverTimes.push(elapsed);
    if (!hover) empty++;
    const policy = JSON.stringify(sites[i % heads.length].policy);
    if (!seen.has(policy)) {
      seen.add(policy);
      cold.push(elapsed);
    }
  }
  await push.stop();
  await pull.stop();

  const p = (name) => median(times[name]);
  const row = (label, name) => `  ${label.padEnd(44)} p50 ${ms(p(name)).padStart(9)}  p95 ${ms(quantile(times[name], 0.95)).padStart(9)}  ${(p(name) / p('parse')).toFixed(2)}× parse-only`;
  console.log('');
  console.log('change → diagnostics (median of rounds; ratios against parse-only linting of the same text, same run)');
  console.log(row('parse-only ESLint (in process, baseline)', 'parse'));
  console.log(row('rules + retry sites (in process)', 'rules'));
  console.log(row('  then their suggestions (after diagnostics)', 'suggest'));
  console.log(row('server, push: didChange → publishDiagnostics', 'push'));
  times.pushLint.splice(0, 3); // warm-up rounds
  console.log(row('  of which lint + analysis inside the server', 'pushLint'));
  console.log(row('server, pull: didChange → diagnostic report', 'pull'));
  const ratio = p('push') / p('parse');
  console.log(`  → push ${ratio.toFixed(2)}×, pull ${(p('pull') / p('parse')).toFixed(2)}× parse-only (target ≤ ${TARGET_RATIO}×): ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`);
  console.log('');
  console.log(`hover on retry sites (${hoverTimes.length} requests over ${heads.length} sites, ${seen.size} distinct policies${empty ? `, ${empty} empty` : ''})`);
  const p95 = quantile(hoverTimes, 0.95);
  console.log(`  all       p50 ${ms(median(hoverTimes))}  p95 ${ms(p95)}  max ${ms(Math.max(...hoverTimes))}`);
  console.log(`  cold      p50 ${ms(median(cold))}  max ${ms(Math.max(...cold))}  (first hover of each policy: simulates it)`);
  console.log(`  → hover p95 ${ms(p95)} (target < ${TARGET_HOVER_P95_MS} ms): ${p95 < TARGET_HOVER_P95_MS ? 'met' : 'NOT met'}`);
}

await main();
