#!/usr/bin/env node
// The language server on a big file (issue 29): a 20 012-line TypeScript file edited N times
// (1 000 by default), reporting the time from each edit to its diagnostics against parse-only
// ESLint of the same text measured in the same run, and the server's memory along the way.
//
//   npm run bench:big-file  [-- --edits N] [--every N] [--blocks N] [--parse-every N] [--checkpoints 10,100,1000]
//
// The server is the built one (packages/language-server/bin), spawned over stdio with
// --expose-gc and driven by vscode-languageserver-protocol's client as a push client with
// debounceMs 0 (the measured time is the work, not the deliberate wait). Each edit changes one
// digit of a number somewhere in the file (a delay constant of a retry block, a rounding
// constant of an ordinary one), walking over the file's blocks so that every function is
// edited in turn, and waits for publishDiagnostics of that version.
//
// The baseline is ESLint's Linter in this process on the same text with the plugin's parser
// settings and no rules (parse, scope analysis and traversal only), measured after every
// `--parse-every`-th edit (by default about 100 times in the run), alternately before and after
// the server's edit so that drift on this shared machine hits both alike.
//
// Memory: the server process's resident set (VmRSS of /proc/<pid>/status: the main thread
// and its lint and herd worker threads together; its peak, VmHWM, at the end) after opening and after 10, 100, 1 000 edits
// (and the last): as it is when the edit's diagnostics arrive, and settled (after a collection
// in every thread and a second's pause); and the heaps (main thread plus lint workers, after the
// collection: the server's retryHygiene/stats request with gc), in use and held from the system. At each checkpoint
// the server's diagnostics are compared with a from-scratch lint of the same text in this
// process (a mismatch is printed). Nothing is asserted (DESIGN.md: benchmarks report, tests do
// not time).
import { readFileSync } from 'node:fs';
import { Linter } from 'eslint';
import plugin from 'eslint-plugin-retry-hygiene';
import { makeFile } from './files.mjs';
import { quantile, startServer } from './server.mjs';

const URI = 'file:///bench/big-orders-service.ts';
const FILENAME = 'big-orders-service.ts';
const TARGET_RATIO = 1.2;
const SETTLE_MS = 1000;

function parseArgs(argv) {
  const args = { edits: 1000, every: 10, blocks: 667, parseEvery: 0, checkpoints: [10, 100, 1000] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--checkpoints') {
      args.checkpoints = String(argv[++i]).split(',').map(Number);
      if (!args.checkpoints.every((n) => Number.isInteger(n) && n > 0)) fail('--checkpoints needs edit counts, e.g. 10,100,1000');
      continue;
    }
    const value = Number(argv[++i]);
    if (!Number.isInteger(value) || value < 1) fail(`${arg} needs a positive integer`);
    if (arg === '--edits') args.edits = value;
    else if (arg === '--every') args.every = value;
    else if (arg === '--blocks') args.blocks = value;
    else if (arg === '--parse-every') args.parseEvery = value;
    else fail(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (!args.parseEvery) args.parseEvery = Math.max(1, Math.floor(args.edits / 100));
  return args;
}

function fail(message) {
  console.error(`bench:big-file: ${message}\nusage: node test/bench/language-server/big-file.mjs [--edits N] [--every N] [--blocks N] [--parse-every N] [--checkpoints 10,100,1000]`);
  process.exit(2);
}

const median = (values) => quantile(values, 0.5);
const ms = (v) => `${v.toFixed(0)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A figure of /proc/<pid>/status in bytes: VmRSS (resident now), VmHWM (the peak so far). */
function statusOf(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kb * 1024;
}
const rssOf = (pid) => statusOf(pid, 'VmRSS');

function startBigFileServer() {
  // BIG_FILE_NODE_ARGS: more node/V8 flags for the server process (experiments with its GC).
  const extra = (process.env.BIG_FILE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  return startServer({ uri: URI, nodeArgs: ['--expose-gc', ...extra], initializationOptions: { debounceMs: 0, slowFileWarningMs: 0 } });
}

/** The edit sites: one numeric literal per block (its last digit flips between two values). */
function editSites(lines) {
  const sites = [];
  lines.forEach((line, index) => {
    const m = /^const DELAY_\d+ = (\d+);/.exec(line) ?? /^ {2}return Math\.round\(total \* (\d+)\)/.exec(line);
    if (m) sites.push({ line: index, character: m.index + m[0].length - 2 });
  });
  return sites;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const initial = makeFile(args.every, args.blocks);
  const lines = initial.split('\n');
  const parseOnly = [...plugin.configs.recommended, ...plugin.configs.typescript].map(({ rules: _rules, plugins: _plugins, ...rest }) => rest);
  const withRules = [...plugin.configs.recommended, ...plugin.configs.typescript, { linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' } }, { settings: { retryHygiene: { deferSuggestions: true } } }];
  const linter = new Linter({ configType: 'flat' });
  const fresh = (text) => linter.verify(text, withRules, { filename: FILENAME }).filter((m) => m.ruleId);
  const expected = fresh(initial);
  const sites = editSites(lines);
  console.log(`bench:big-file: ${lines.length} lines, ${initial.length} characters, ${expected.length} findings; ${args.edits} edits over ${sites.length} places, parse-only after every ${args.parseEvery}${args.parseEvery === 1 ? 'st' : 'th'} edit`);

  const server = await startBigFileServer();
  const { connection, child } = server;
  const memory = [];
  const checkpoint = async (label, text, diagnostics) => {
    const rss = rssOf(child.pid);
    const stats = await connection.sendRequest('retryHygiene/stats', { gc: true });
    // V8 hands the pages a collection freed back to the system from a thread of its own: a moment later.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const rssAfterGc = rssOf(child.pid);
    let agrees = '';
    if (text !== undefined) {
      const want = fresh(text);
      const key = (d) => `${d.line}:${d.column}:${d.ruleId}:${d.message}`;
      const got = diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}:retry-hygiene/${d.code}:${d.message}`).sort();
      const exp = want.map(key).sort();
      agrees = JSON.stringify(got) === JSON.stringify(exp) ? `same ${got.length} findings as a fresh lint` : `MISMATCH: server ${got.length}, fresh lint ${exp.length}`;
    }
    const heap = stats.heapUsed + stats.workerHeapUsed;
    const heapTotal = stats.heapTotal + stats.workerHeapTotal;
    memory.push({ label, rss, rssAfterGc, heap, heapTotal, agrees });
    console.log(`  ${label.padEnd(16)} RSS ${mb(rss).padStart(7)}, settled ${mb(rssAfterGc).padStart(7)};  heaps ${mb(heap).padStart(7)} used of ${mb(heapTotal).padStart(7)}${agrees ? `  ${agrees}` : ''}`);
  };

  const opened = server.published(1);
  let t = performance.now();
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'typescript', version: 1, text: initial } });
  const first = await opened;
  const openMs = performance.now() - t;
  console.log(`open → first diagnostics: ${ms(openMs)} (${first.diagnostics.length} diagnostics)`);
  await checkpoint('after open', initial, first.diagnostics);

  const times = { server: [], parse: [], lint: [] };
  let version = 1;
  for (let edit = 1; edit <= args.edits; edit++) {
    version++;
    // Spread over the file: consecutive edits land far apart, every place in turn.
    const site = sites[(edit * 37) % sites.length];
    const line = lines[site.line];
    const old = line[site.character];
    const digit = old === '0' ? '1' : old === '1' ? '0' : String((Number(old) + 1) % 10);
    lines[site.line] = line.slice(0, site.character) + digit + line.slice(site.character + 1);
    const change = { range: { start: { line: site.line, character: site.character }, end: { line: site.line, character: site.character + 1 } }, text: digit };
    const parseNow = edit % args.parseEvery === 0;
    const text = parseNow || args.checkpoints.includes(edit) || edit === args.edits ? lines.join('\n') : undefined;
    const parse = () => {
      const s = performance.now();
      linter.verify(text, parseOnly, { filename: FILENAME });
      times.parse.push(performance.now() - s);
    };
    if (parseNow && (edit / args.parseEvery) % 2 === 0) parse();
    const done = server.published(version);
    t = performance.now();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [change] });
    const published = await done;
    times.server.push(performance.now() - t);
    times.lint.push((await connection.sendRequest('retryHygiene/stats', {})).lastLintMs);
    if (parseNow && (edit / args.parseEvery) % 2 === 1) parse();
    if (args.checkpoints.includes(edit) || edit === args.edits) await checkpoint(`after ${edit} edits`, text, published.diagnostics);
    else if (edit % 100 === 0) process.stderr.write(`  … ${edit} edits\n`);
  }
  const peak = statusOf(child.pid, 'VmHWM');
  await server.stop();

  const row = (label, values) => `  ${label.padEnd(46)} p50 ${ms(median(values)).padStart(8)}  p95 ${ms(quantile(values, 0.95)).padStart(8)}  ${(median(values) / median(times.parse)).toFixed(2)}× parse-only`;
  console.log('');
  console.log(`edit → diagnostics over ${args.edits} edits (parse-only: ${times.parse.length} samples of the same texts, same run)`);
  console.log(row('parse-only ESLint (in process, baseline)', times.parse));
  console.log(row('server, push: didChange → publishDiagnostics', times.server));
  console.log(row('  of which lint + analysis inside the server', times.lint));
  const ratio = median(times.server) / median(times.parse);
  console.log(`  → ${ratio.toFixed(2)}× parse-only (target ≤ ${TARGET_RATIO}×): ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`);
  const start = memory[0];
  const last = memory[memory.length - 1];
  console.log(`memory over ${args.edits} edits: RSS ${mb(start.rss)} → ${mb(last.rss)} (${signed(last.rss / start.rss - 1)}), settled ${mb(start.rssAfterGc)} → ${mb(last.rssAfterGc)} (${signed(last.rssAfterGc / start.rssAfterGc - 1)}); heaps in use ${mb(start.heap)} → ${mb(last.heap)} (${signed(last.heap / start.heap - 1)}), held ${mb(start.heapTotal)} → ${mb(last.heapTotal)}; peak RSS ${mb(peak)}`);
}

const signed = (fraction) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)} %`;

await main();
