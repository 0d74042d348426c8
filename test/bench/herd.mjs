#!/usr/bin/env node
// Speed and memory of the herd simulator (issue 4's targets):
//  1. the four strategies of the seeds' Go simulation at the default scenario — constant
//     1 ms, exponential, full jitter, decorrelated — together under 100 ms; baseline: the
//     reference engine (one event per call) on the same runs, in the same process;
//  2. 1 000 000 clients with full jitter under 3 s. The capacity is scaled with the
//     clients (200 000/s, the default 1 : 5), otherwise the server would need 5 000 s
//     to serve them all and the run would measure that instead;
//  3. memory proportional to clients, not calls: peak RSS of fresh processes at 1 M and
//     2 M clients, at 1 M clients with a six times longer outage (more calls per client),
//     and of a 2 M-client constant 1 ms run (24 billion calls, as cohorts);
//  4. the CLI path (issue 12): `retry-hygiene simulate` in fresh processes at the default
//     capacity of 200/s, where 1 M jittered clients make half a billion calls: 1 M under
//     3 s and 10 M under 30 s, in memory that does not grow with clients. Baseline: the
//     same command at the default 1 000 clients, in the same run. Then the fluid engine
//     that makes this possible against the exact one, at a size both can run.
//
//  5. hostile inputs (issue 31): starts spread over a day and more, ten million clients
//     with 10 000 attempts, a 1 ms loop over 11.6 days, an analysed policy with 40 000
//     attempts; each in a fresh process: the engine chosen, its predicted work, the time
//     (and ns per predicted unit, or per unit of maxWork for a run it cut), peak memory,
//     and whether maxWork cut it. No target
//     but "bounded": the default maxWork is about ten seconds of work.
//
//   npm run bench:herd            (builds first)
//   node test/bench/herd.mjs [--rounds R] [--hostile-only]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatCount, simulate, simulateFluid, simulatePerClient, simulateWindows } from '@retry-hygiene/herd';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const ROUNDS = flag('--rounds', 7);
const HOSTILE_ONLY = args.includes('--hostile-only');

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const time = (run) => {
  const start = process.hrtime.bigint();
  const result = run();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
};
const pad = (s, n) => String(s).padEnd(n);
const padStart = (s, n) => String(s).padStart(n);
const perSecond = (calls, ms) => `${formatCount((calls / ms) * 1000)}/s`;

const seedRuns = [
  ['constant 1 ms', 'constant', { baseMs: 1 }],
  ['exponential', 'exponential', {}],
  ['full jitter', 'full', {}],
  ['decorrelated', 'decorrelated', {}],
];

console.log(`herd bench: Node ${process.version}, median of ${ROUNDS} rounds`);
console.log('');
const herdUrl = import.meta.resolve('@retry-hygiene/herd');
const mb = (kb) => (kb / 1024).toFixed(0);
const cli = fileURLToPath(new URL('../../packages/cli/bin/retry-hygiene.js', import.meta.url));
let allMet = true;
if (!HOSTILE_ONLY) allMet = await sections1to4();
await hostile();
console.log('');
console.log(allMet ? 'herd: targets met' : 'herd: target NOT met');

async function sections1to4() {
console.log('1. seed strategies, default scenario (1 000 clients, 200/s, down 10 s)');
for (const [, strategy, options] of seedRuns) simulate(strategy, options); // warm-up
const samples = seedRuns.map(() => []);
for (let r = 0; r < ROUNDS; r++) {
  seedRuns.forEach(([, strategy, options], i) => samples[i].push(time(() => simulate(strategy, options)).ms));
}
console.log(
  `${pad('strategy', 16)}${pad('engine', 12)}${padStart('calls', 12)}${padStart('ms', 9)}${padStart('calls/s', 16)}` +
    `${padStart('reference ms', 15)}${padStart('speed-up', 10)}`,
);
let seedTotal = 0;
seedRuns.forEach(([name, strategy, options], i) => {
  const result = simulate(strategy, options);
  const ms = median(samples[i]);
  seedTotal += ms;
  // The reference engine orders every call through a heap: the baseline.
  const reference = time(() => simulatePerClient(strategy, options));
  if (reference.result.totalCalls !== result.totalCalls) throw new Error(`bench: engines disagree on ${name}`);
  console.log(
    `${pad(name, 16)}${pad(result.engine, 12)}${padStart(formatCount(result.totalCalls), 12)}${padStart(ms.toFixed(2), 9)}` +
      `${padStart(perSecond(result.totalCalls, ms), 16)}${padStart(reference.ms.toFixed(1), 15)}${padStart(`${(reference.ms / ms).toFixed(0)}×`, 10)}`,
  );
});
const seedMet = seedTotal < 100;
console.log(`all four: ${seedTotal.toFixed(1)} ms (target < 100 ms: ${seedMet ? 'met' : 'NOT met'})`);

console.log('');
console.log('2. 1 000 000 clients, full jitter, capacity 200 000/s, down 10 s');
const million = { clients: 1_000_000, capacity: 200_000 };
const bigSamples = [];
let big;
for (let r = 0; r < 3; r++) {
  const run = time(() => simulate('full', million));
  bigSamples.push(run.ms);
  big = run.result;
}
const bigMs = median(bigSamples);
const bigMet = bigMs < 3000;
console.log(
  `${formatCount(big.totalCalls)} calls in ${bigMs.toFixed(0)} ms (median of 3), ${perSecond(big.totalCalls, bigMs)}; ` +
    `p99 ${(big.p99Ms / 1000).toFixed(1)} s (target < 3 s: ${bigMet ? 'met' : 'NOT met'})`,
);
const bigReference = time(() => simulatePerClient('full', million));
if (bigReference.result.totalCalls !== big.totalCalls) throw new Error('bench: engines disagree at 1 M clients');
console.log(
  `reference engine (one heap event per call): ${bigReference.ms.toFixed(0)} ms, ` +
    `${perSecond(big.totalCalls, bigReference.ms)}; windowed engine ${(bigReference.ms / bigMs).toFixed(1)}× faster`,
);

console.log('');
console.log('3. peak memory of a fresh process per run (VmHWM)');
// Peak resident set of the process in KB. Linux's getrusage maxrss survives exec, so a
// child would report this bench's own peak; /proc/self/status's VmHWM does not.
const peakKb =
  `(() => { try { return Number(/VmHWM:\\s+(\\d+)/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1]); }` +
  ` catch { return process.resourceUsage().maxRSS; } })()`;
function peak(strategy, options, engine = 'simulate') {
  const code =
    `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);` +
    `const { ${engine}: run } = await import(${JSON.stringify(herdUrl)});` +
    `const baseline = ${peakKb};` +
    `const r = run(${JSON.stringify(strategy)}, ${JSON.stringify(options)});` +
    `console.log(JSON.stringify({ baseline, peak: ${peakKb}, calls: r.totalCalls }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`bench: child failed: ${child.stderr}`);
  return JSON.parse(child.stdout);
}
// The windowed engine by name: above 1 M clients, simulate() hands jittered runs to the
// fluid engine, whose memory does not grow with clients (last row).
const memoryRuns = [
  ['full jitter, 1 M clients', 'full', million, 'simulateWindows'],
  ['full jitter, 2 M clients', 'full', { clients: 2_000_000, capacity: 400_000 }, 'simulateWindows'],
  ['full jitter, 1 M clients, down 60 s', 'full', { ...million, outageMs: 60_000 }, 'simulateWindows'],
  ['constant 1 ms, 2 M clients', 'constant', { clients: 2_000_000, capacity: 400_000, baseMs: 1 }],
  ['full jitter, 10 M clients (fluid)', 'full', { clients: 10_000_000, capacity: 2_000_000 }],
];
const memory = memoryRuns.map(([name, strategy, options, engine]) => ({ name, ...peak(strategy, options, engine) }));
console.log(`${pad('run', 38)}${padStart('calls', 10)}${padStart('peak MB', 10)}${padStart('above start MB', 16)}`);
for (const m of memory) {
  console.log(`${pad(m.name, 38)}${padStart(formatCount(m.calls), 10)}${padStart(mb(m.peak), 10)}${padStart(mb(m.peak - m.baseline), 16)}`);
}
const [one, two, longer, cohort, fluidRun] = memory;
const perClient = ((two.peak - one.peak) * 1024) / 1_000_000;
console.log(
  `per extra client: ${perClient.toFixed(0)} bytes. ${(longer.calls / one.calls).toFixed(1)}× the calls (longer outage): ` +
    `${mb(longer.peak - one.peak)} MB more. Cohorts: ${formatCount(cohort.calls)} calls in ${mb(cohort.peak - cohort.baseline)} MB above start. ` +
    `Fluid: 10 M clients in ${mb(fluidRun.peak - fluidRun.baseline)} MB above start.`,
);

console.log('');
console.log('4. the CLI path: retry-hygiene simulate, default scenario but the clients (capacity 200/s)');
// The command's own peak RSS, printed by a preloaded module as the process exits.
const reportPeak =
  'data:text/javascript,' +
  encodeURIComponent(
    `import { readFileSync } from 'node:fs';` +
      `process.on('exit', () => { let kb; try { kb = Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]); }` +
      ` catch { kb = process.resourceUsage().maxRSS; } process.stderr.write('\\n@@peak-kb ' + kb + '\\n'); });`,
  );
function runCli(args) {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--import', reportPeak, cli, 'simulate', ...args, '--format', 'json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`bench: retry-hygiene simulate ${args.join(' ')} failed: ${child.stderr}`);
  const peakKb = Number(/@@peak-kb (\d+)/.exec(child.stderr)?.[1]);
  const results = JSON.parse(child.stdout);
  return { ms, peakKb, results };
}
const cliRuns = [
  ['--strategy full --clients 1e6', 3000],
  ['--strategy full --clients 1e7', 30_000],
  ['--strategy all --clients 1e6', 3000],
  ['--strategy all --clients 1e7', 30_000],
];
const baselineRuns = [0, 1, 2].map(() => runCli(['--strategy', 'full']));
const cliBaseline = baselineRuns.sort((a, b) => a.ms - b.ms)[1];
console.log(
  `${pad('run', 34)}${pad('engines', 22)}${padStart('calls', 10)}${padStart('wall s', 8)}${padStart('× baseline', 12)}${padStart('peak MB', 9)}  target`,
);
const engines = (results) => [...new Set(results.map((r) => r.engine))].join(', ');
const callsOf = (results) => formatCount(results.reduce((sum, r) => sum + r.totalCalls, 0));
console.log(
  `${pad('baseline: --strategy full (1 000)', 34)}${pad(engines(cliBaseline.results), 22)}${padStart(callsOf(cliBaseline.results), 10)}` +
    `${padStart((cliBaseline.ms / 1000).toFixed(2), 8)}${padStart('1.0×', 12)}${padStart(mb(cliBaseline.peakKb), 9)}`,
);
let cliMet = true;
for (const [args, targetMs] of cliRuns) {
  const run = runCli(args.split(' '));
  const met = run.ms < targetMs;
  cliMet &&= met;
  console.log(
    `${pad(args, 34)}${pad(engines(run.results), 22)}${padStart(callsOf(run.results), 10)}${padStart((run.ms / 1000).toFixed(2), 8)}` +
      `${padStart(`${(run.ms / cliBaseline.ms).toFixed(1)}×`, 12)}${padStart(mb(run.peakKb), 9)}  < ${targetMs / 1000} s: ${met ? 'met' : 'NOT met'}`,
  );
}
// The fluid engine against the exact one where both run: 100 000 clients at 200/s.
const both = { clients: 100_000 };
for (const strategy of ['full', 'decorrelated']) {
  simulateFluid(strategy, both); // warm-up
  const exact = time(() => simulateWindows(strategy, both));
  const fluid = median([0, 1, 2].map(() => time(() => simulateFluid(strategy, both)).ms));
  const result = simulateFluid(strategy, both);
  const diff = (a, b) => `${(((a - b) / b) * 100).toFixed(2)} %`;
  console.log(
    `fluid vs exact, ${strategy}, 100 000 clients (${formatCount(exact.result.totalCalls)} calls): ` +
      `${fluid.toFixed(0)} ms vs ${exact.ms.toFixed(0)} ms (${(exact.ms / fluid).toFixed(0)}× faster); ` +
      `calls ${diff(result.totalCalls, exact.result.totalCalls)}, p50 ${diff(result.p50Ms, exact.result.p50Ms)}, p99 ${diff(result.p99Ms, exact.result.p99Ms)}`,
  );
}

  return seedMet && bigMet && cliMet;
}

/** Section 5: each hostile run in a fresh process, for its own peak memory. */
async function hostile() {
  console.log('');
  console.log('5. hostile inputs (issue 31), fresh process each, default maxWork');
  const runs = [
    ['full, starts over 24 h', 'full', { startSpreadMs: 86_400_000 }],
    ['exponential, starts over 24 h', 'exponential', { startSpreadMs: 86_400_000 }],
    ['full, 100 000 clients over 24 h', 'full', { startSpreadMs: 86_400_000, clients: 100_000 }],
    ['full, starts over 11.6 d', 'full', { startSpreadMs: 1e9 }],
    ['full, 10 M clients over 11.6 d', 'full', { startSpreadMs: 1e9, clients: 10_000_000 }],
    ['full, 10 M clients, 10 000 attempts', 'full', { clients: 10_000_000, maxAttempts: 10_000 }],
    ['decorrelated, 10 M, 10 000 attempts', 'decorrelated', { clients: 10_000_000, maxAttempts: 10_000 }],
    ['constant, 10 M, 10 000 attempts, 1 s', 'constant', { clients: 10_000_000, maxAttempts: 10_000, startSpreadMs: 1000 }],
    ['constant 1 ms, horizon 11.6 d', 'constant', { baseMs: 1, horizonMs: 1e9 }],
    [
      'analysed: 40 000 attempts, 10 M',
      { maxAttempts: 40_000, delay: { kind: 'exponential', baseMs: 100, capMs: 10_000 }, jitter: 'full' },
      { clients: 10_000_000 },
    ],
  ];
  console.log(
    `${pad('run', 38)}${pad('engine', 8)}${padStart('predicted', 11)}${padStart('calls', 9)}${padStart('served', 8)}` +
      `${padStart('cut at', 9)}${padStart('s', 7)}${padStart('ns/unit', 9)}${padStart('peak MB', 9)}`,
  );
  for (const [name, policy, options] of runs) {
    const code =
      `const { simulate, chooseEngine, resolvePolicy, resolveScenario } = await import(${JSON.stringify(herdUrl)});` +
      `const policy = ${JSON.stringify(policy)}, options = ${JSON.stringify(options)};` +
      `const { engine, costs } = chooseEngine(resolvePolicy(policy, options), resolveScenario(options));` +
      `const start = process.hrtime.bigint();` +
      `const r = simulate(policy, options);` +
      `const ms = Number(process.hrtime.bigint() - start) / 1e6;` +
      `const peak = Number(/VmHWM:\\s+(\\d+)/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1]);` +
      `console.log(JSON.stringify({ engine, predicted: costs[engine], ms, peak, calls: r.totalCalls, served: r.succeededClients, cut: r.cutAtMs }));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`bench: hostile run '${name}' failed: ${child.stderr}`);
    const m = JSON.parse(child.stdout);
    console.log(
      `${pad(name, 38)}${pad(m.engine, 8)}${padStart(formatCount(m.predicted), 11)}${padStart(formatCount(m.calls), 9)}` +
        `${padStart(formatCount(m.served), 8)}${padStart(m.cut === null ? '-' : `${(m.cut / 1000).toFixed(0)} s`, 9)}` +
        `${padStart((m.ms / 1000).toFixed(2), 7)}${padStart(((m.ms * 1e6) / Math.min(m.predicted, 1e10)).toFixed(2), 9)}${padStart(mb(m.peak), 9)}`,
    );
  }
  // The CLI path of the two hostile commands of the issue (were 4–55 s and 48 s).
  for (const args of ['--strategy full --start-spread 86400000', '--strategy full --clients 1e7 --max-attempts 10000']) {
    const start = process.hrtime.bigint();
    const child = spawnSync(process.execPath, [cli, 'simulate', ...args.split(' '), '--format', 'json'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (child.status !== 0) throw new Error(`bench: retry-hygiene simulate ${args} failed: ${child.stderr}`);
    const [r] = JSON.parse(child.stdout);
    console.log(
      `retry-hygiene simulate ${args}: ${(ms / 1000).toFixed(2)} s, ${r.engine}, ${formatCount(r.totalCalls)} calls, ` +
        `cut ${r.cutAtMs === null ? 'no' : `at ${(r.cutAtMs / 1000).toFixed(0)} s`}${child.stderr ? `; stderr: ${child.stderr.trim()}` : ''}`,
    );
  }
}
