import { ServerLoad } from './load.js';
import { startTime, type Scenario, type SimulationResult } from './model.js';
import { createDelay, isDeterministic, type ResolvedPolicy } from './policies.js';
import { cohortSendWork } from './cost.js';
import { createUniform } from './prng.js';
import { buildResult, weightedCompletionsOf, type Tally } from './stats.js';

/**
 * Clients in the same state — same next send time, same number of calls, same previous
 * wait, same start — behave identically under a deterministic policy, so they are one
 * cohort. The tie order is by client index, as in the per-client engine: a cohort holds
 * the contiguous clients [lo, lo + size), and when the server takes only some of them it
 * takes the lowest indices, so the rest is still contiguous and stays one cohort.
 * Cohorts never multiply: the cost is (groups of clients) × (sends per group), whatever
 * the number of calls.
 */
interface Cohort {
  time: number;
  lo: number;
  size: number;
  /** Calls made so far by each member. */
  calls: number;
  prev: number;
  start: number;
}

export function runCohorts(policy: ResolvedPolicy, scenario: Scenario, maxWork = Infinity): SimulationResult {
  if (!isDeterministic(policy)) {
    throw new RangeError(`the cohort engine needs a deterministic policy; '${policy.label}' is jittered`);
  }
  const delay = createDelay(policy, createUniform(scenario.seed));
  const load = new ServerLoad(scenario);
  const tally: Tally = { totalCalls: 0, wastedCalls: 0, failedClients: 0 };
  const doneAt: number[] = [];
  const doneCount: number[] = [];
  const heap = new CohortHeap();

  for (let lo = 0; lo < scenario.clients; ) {
    const start = startTime(scenario, lo);
    let hi = lo + 1;
    while (hi < scenario.clients && startTime(scenario, hi) === start) hi++;
    heap.push({ time: start, lo, size: hi - lo, calls: 0, prev: policy.baseMs, start });
    lo = hi;
  }

  // Sends allowed by maxWork; past them the run stops as at the horizon.
  let sends = Math.floor(maxWork / cohortSendWork(heap.size()));
  for (let cohort = heap.peek(); cohort !== undefined; cohort = heap.peek()) {
    const t = cohort.time;
    if (sends-- <= 0 && t < scenario.horizonMs) {
      tally.cutAtMs = t;
      tally.failedClients += heap.clients();
      break;
    }
    if (t >= scenario.horizonMs) {
      tally.failedClients += cohort.size;
      heap.pop();
      continue;
    }
    const taken = load.offer(t, cohort.size);
    tally.totalCalls += cohort.size;
    if (taken > 0) {
      doneAt.push(t - cohort.start);
      doneCount.push(taken);
    }
    const rest = cohort.size - taken;
    if (rest === 0) {
      heap.pop();
      continue;
    }
    tally.wastedCalls += rest;
    cohort.lo += taken;
    cohort.size = rest;
    const n = cohort.calls++;
    if (cohort.calls >= policy.maxAttempts) {
      tally.failedClients += rest;
      heap.pop();
      continue;
    }
    const wait = delay(cohort.lo, n, cohort.prev);
    cohort.prev = wait;
    const next = t + wait;
    if (next - cohort.start > policy.deadlineMs) {
      tally.failedClients += rest;
      heap.pop();
      continue;
    }
    cohort.time = next;
    heap.updateTop();
  }
  return buildResult(policy.label, scenario, 'cohort', load, tally, weightedCompletionsOf(doneAt, doneCount));
}

/** Min-heap of cohorts by (time, first client index). */
class CohortHeap {
  private readonly items: Cohort[] = [];

  peek(): Cohort | undefined {
    return this.items[0];
  }

  size(): number {
    return this.items.length;
  }

  /** Clients in all cohorts still queued. */
  clients(): number {
    let sum = 0;
    for (const cohort of this.items) sum += cohort.size;
    return sum;
  }

  push(cohort: Cohort): void {
    const items = this.items;
    let i = items.length;
    items.push(cohort);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(cohort, items[parent]!)) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = cohort;
  }

  pop(): void {
    const last = this.items.pop();
    if (last !== undefined && this.items.length > 0) {
      this.items[0] = last;
      this.updateTop();
    }
  }

  /** Restores the order after the top cohort's time moved later. */
  updateTop(): void {
    const items = this.items;
    const size = items.length;
    const top = items[0]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && before(items[child + 1]!, items[child]!)) child++;
      if (!before(items[child]!, top)) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = top;
  }
}

function before(a: Cohort, b: Cohort): boolean {
  return a.time < b.time || (a.time === b.time && a.lo < b.lo);
}
