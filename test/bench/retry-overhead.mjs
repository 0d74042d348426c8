#!/usr/bin/env node
// Per-call overhead of retry() when the function succeeds at once, which is nearly every
// call in production. Baselines measured in the same run: calling the function directly,
// and p-retry. Reports ratios, never absolute pass/fail times (machines differ).
//
//   npm run bench:retry            (builds first)
//   node test/bench/retry-overhead.mjs [--calls N] [--rounds R]
import { retry } from '@retry-hygiene/retry';
import pRetry from 'p-retry';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const CALLS = flag('--calls', 200_000);
const ROUNDS = flag('--rounds', 9);

const succeed = async () => 42;

// Both helpers configured the same way in the second pair: three attempts, a 10 s deadline.
// Note: p-retry copies its options with `{...options}` and then adds its defaults to the
// copy; measured on Node 20.20 here, adding properties to a spread clone costs microseconds, which
// dominates its with-options row. The no-options pair is the like-for-like comparison.
const cases = {
  direct: () => succeed(),
  'retry(fn)': () => retry(succeed),
  'p-retry(fn)': () => pRetry(succeed),
  'retry(fn, opts)': () => retry(succeed, { maxAttempts: 3, baseMs: 100, capMs: 20_000, deadlineMs: 10_000 }),
  'p-retry(fn, opts)': () => pRetry(succeed, { retries: 2, minTimeout: 100, maxTimeout: 20_000, maxRetryTime: 10_000 }),
};

async function time(run) {
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) sink += await run();
  const ns = Number(process.hrtime.bigint() - start);
  if (sink !== 42 * CALLS) throw new Error('bench: a call did not return 42');
  return ns / CALLS;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
};

// Warm-up so that every case is optimised before it is measured.
for (const run of Object.values(cases)) await time(run);

// Rounds interleave the cases, so drift in CPU speed hits them all alike.
const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, run] of Object.entries(cases)) samples[name].push(await time(run));
}
const ns = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));

const pad = (s, n) => String(s).padEnd(n);
const fmt = (x, d = 1) => x.toFixed(d);
console.log(`retry-overhead: ${CALLS} calls x ${ROUNDS} rounds, median per call, Node ${process.version}`);
console.log(`${pad('case', 20)}${pad('ns/call', 10)}${pad('overhead ns', 13)}x direct`);
for (const [name, value] of Object.entries(ns)) {
  const overhead = name === 'direct' ? '-' : fmt(value - ns.direct);
  console.log(`${pad(name, 20)}${pad(fmt(value), 10)}${pad(overhead, 13)}${fmt(value / ns.direct, 2)}`);
}

let met = true;
for (const [ours, theirs] of [
  ['retry(fn)', 'p-retry(fn)'],
  ['retry(fn, opts)', 'p-retry(fn, opts)'],
]) {
  const ratio = (ns[ours] - ns.direct) / (ns[theirs] - ns.direct);
  met &&= ratio < 1;
  console.log(`overhead ${ours} / ${theirs}: ${fmt(ratio, 2)} (target < 1: ${ratio < 1 ? 'met' : 'NOT met'})`);
}
console.log(met ? 'retry-overhead: target met' : 'retry-overhead: target NOT met');
