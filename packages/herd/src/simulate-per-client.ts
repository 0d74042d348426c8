import { ServerLoad } from './load.js';
import { startTime, type Scenario, type SimulationResult } from './model.js';
import { createDelay, type ResolvedPolicy } from './policies.js';
import { WORK } from './cost.js';
import { createUniform } from './prng.js';
import { buildResult, completionsOf, type Tally } from './stats.js';

/**
 * The reference engine: one event per call, clients ordered by (next send time, client
 * index), the model read literally. Slow for big runs; the cohort and windowed engines
 * are tested against it, and the benchmark uses it as the baseline.
 *
 * Memory is a few typed arrays of one entry per client; calls are never stored. The
 * queue is a binary heap over parallel arrays (time, client) so that sifting touches
 * contiguous memory; a rejected client is re-keyed in place at the top instead of a
 * pop followed by a push.
 */
export function runPerClient(policy: ResolvedPolicy, scenario: Scenario, maxWork = Infinity): SimulationResult {
  const clients = scenario.clients;
  const delay = createDelay(policy, createUniform(scenario.seed));
  const load = new ServerLoad(scenario);
  const tally: Tally = { totalCalls: 0, wastedCalls: 0, failedClients: 0 };
  const horizon = scenario.horizonMs;
  const { maxAttempts, deadlineMs } = policy;

  const heapTime = new Float64Array(clients);
  const heapClient = new Int32Array(clients);
  const calls = new Uint32Array(clients);
  const prev = new Float64Array(clients).fill(policy.baseMs);
  const start = scenario.startSpreadMs === 0 ? null : new Float64Array(clients);
  const doneAt = new Float64Array(clients);
  let done = 0;

  // Start times grow with the client index, so the arrays are already a valid heap.
  for (let c = 0; c < clients; c++) {
    const t = startTime(scenario, c);
    heapTime[c] = t;
    heapClient[c] = c;
    if (start) start[c] = t;
  }
  let size = clients;

  const siftDownFromTop = (time: number, client: number): void => {
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      let childTime = heapTime[child]!;
      let childClient = heapClient[child]!;
      const right = child + 1;
      if (right < size) {
        const rightTime = heapTime[right]!;
        if (rightTime < childTime || (rightTime === childTime && heapClient[right]! < childClient)) {
          child = right;
          childTime = rightTime;
          childClient = heapClient[right]!;
        }
      }
      if (time < childTime || (time === childTime && client < childClient)) break;
      heapTime[i] = childTime;
      heapClient[i] = childClient;
      i = child;
    }
    heapTime[i] = time;
    heapClient[i] = client;
  };
  const removeTop = (): void => {
    size--;
    if (size > 0) siftDownFromTop(heapTime[size]!, heapClient[size]!);
  };

  // Calls allowed by maxWork; past them the run stops as at the horizon.
  let callsLeft = Math.floor(maxWork / (WORK.heapCallPerLevel * Math.max(1, Math.log2(Math.max(2, clients)))));
  while (size > 0) {
    const t = heapTime[0]!;
    const c = heapClient[0]!;
    if (t >= horizon) {
      tally.failedClients += size;
      break;
    }
    if (callsLeft-- <= 0) {
      tally.cutAtMs = t;
      tally.failedClients += size;
      break;
    }
    tally.totalCalls++;
    const began = start ? start[c]! : 0;
    if (load.offer(t, 1) === 1) {
      doneAt[done++] = t - began;
      removeTop();
      continue;
    }
    tally.wastedCalls++;
    const n = calls[c]!;
    calls[c] = n + 1;
    if (n + 1 >= maxAttempts) {
      tally.failedClients++;
      removeTop();
      continue;
    }
    const wait = delay(c, n, prev[c]!);
    prev[c] = wait;
    const next = t + wait;
    if (next - began > deadlineMs) {
      tally.failedClients++;
      removeTop();
      continue;
    }
    siftDownFromTop(next, c);
  }
  return buildResult(policy.label, scenario, 'per-client', load, tally, completionsOf(doneAt, done));
}
