import { WindowSeries } from './load.js';
import { startTime, type Scenario, type SimulationResult } from './model.js';
import { createDelay, type ResolvedPolicy } from './policies.js';
import { createUniform } from './prng.js';
import { buildResult, completionsOf, type Tally } from './stats.js';

/**
 * The fast per-client engine, for jittered policies: same model and same results as the
 * reference engine (simulate-per-client.ts), without ordering every call.
 *
 * Order only matters where the server still has room: while it is down, or once a
 * window's capacity is used up, every arrival is rejected whatever its position. And
 * while a window has room nothing is rejected, so nothing new arrives in it until it is
 * full. So each window is settled in two steps:
 *  1. arrivals before the end of the outage are rejected in list order; a resend that
 *     falls in the same window is handled on the spot;
 *  2. the remaining arrivals are the window's contenders, a set fixed in advance: the
 *     `capacity` first by (time, client index) — found by selection, not sorting — are
 *     accepted, the rest rejected, and their resends inside the window rejected too.
 * Clients wait for their window in one linked list per window, threaded through a
 * per-client array. Jitter draws are addressed by (client, draw), so processing clients
 * out of time order does not change a single number.
 *
 * Memory: a handful of typed arrays with one entry per client, plus two per window.
 */
export function runWindows(policy: ResolvedPolicy, scenario: Scenario): SimulationResult {
  const { clients, capacity, outageMs, windowMs, horizonMs } = scenario;
  const { maxAttempts, deadlineMs, baseMs } = policy;
  const delay = createDelay(policy, createUniform(scenario.seed));
  const series = new WindowSeries();
  const tally: Tally = { totalCalls: 0, wastedCalls: 0, failedClients: 0 };

  const time = new Float64Array(clients);
  const calls = new Uint32Array(clients);
  const prev = policy.shape === 'decorrelated' ? new Float64Array(clients).fill(baseMs) : null;
  const start = scenario.startSpreadMs === 0 ? null : new Float64Array(clients);
  const link = new Int32Array(clients);
  const contenders = new Int32Array(clients);
  const keys = new Float64Array(clients);
  const ties = new Int32Array(clients);
  const doneAt = new Float64Array(clients);
  let done = 0;
  let head = new Int32Array(64).fill(-1);
  let tail = new Int32Array(64);
  let pending = 0;

  const schedule = (c: number, t: number): void => {
    const w = Math.floor(t / windowMs);
    if (w >= head.length) {
      let size = head.length;
      while (size <= w) size *= 2;
      const grownHead = new Int32Array(size).fill(-1);
      grownHead.set(head);
      const grownTail = new Int32Array(size);
      grownTail.set(tail);
      head = grownHead;
      tail = grownTail;
    }
    time[c] = t;
    link[c] = -1;
    if (head[w]! < 0) head[w] = c;
    else link[tail[w]!] = c;
    tail[w] = c;
    pending++;
  };

  /** After a rejection at t: the next send time, or -1 when the client gives up. */
  const retry = (c: number, t: number): number => {
    const n = calls[c]!;
    calls[c] = n + 1;
    if (n + 1 >= maxAttempts) return -1;
    const wait = delay(c, n, prev ? prev[c]! : baseMs);
    if (prev) prev[c] = wait;
    const next = t + wait;
    if (next - (start ? start[c]! : 0) > deadlineMs || next >= horizonMs) return -1;
    return next;
  };

  /**
   * Rejects c at t, and again at each resend before windowEnd (the server has no room
   * there), then queues it for a later window. Returns the rejected calls.
   */
  const rejectUntil = (c: number, t: number, windowEnd: number): number => {
    let rejected = 1;
    let next = retry(c, t);
    while (next >= 0 && next < windowEnd) {
      rejected++;
      next = retry(c, next);
    }
    if (next < 0) tally.failedClients++;
    else schedule(c, next);
    return rejected;
  };

  for (let c = 0; c < clients; c++) {
    const t = startTime(scenario, c);
    if (start) start[c] = t;
    if (t >= horizonMs) tally.failedClients++;
    else schedule(c, t);
  }

  for (let w = 0; pending > 0; w++) {
    let c = head[w]!;
    if (c < 0) continue;
    head[w] = -1;
    const windowEnd = (w + 1) * windowMs;
    let rejected = 0;
    let contending = 0;

    // Step 1: arrivals while the server is down.
    while (c >= 0) {
      const following = link[c]!;
      pending--;
      let t = time[c]!;
      while (t < outageMs) {
        rejected++;
        const next = retry(c, t);
        if (next < 0) {
          tally.failedClients++;
          break;
        }
        if (next >= windowEnd) {
          schedule(c, next);
          break;
        }
        t = next;
      }
      if (t >= outageMs) {
        time[c] = t;
        contenders[contending++] = c;
      }
      c = following;
    }

    // Step 2: the contenders for this window's capacity.
    const accepted = Math.min(contending, capacity);
    if (contending <= capacity) {
      for (let i = 0; i < contending; i++) {
        const k = contenders[i]!;
        doneAt[done++] = time[k]! - (start ? start[k]! : 0);
      }
    } else {
      for (let i = 0; i < contending; i++) keys[i] = time[contenders[i]!]!;
      const threshold = select(keys, contending, capacity - 1);
      let below = 0;
      let tied = 0;
      for (let i = 0; i < contending; i++) {
        const k = contenders[i]!;
        const t = time[k]!;
        if (t < threshold) {
          below++;
          doneAt[done++] = t - (start ? start[k]! : 0);
        } else if (t === threshold) {
          ties[tied++] = k;
        } else {
          rejected += rejectUntil(k, t, windowEnd);
        }
      }
      // Equal times are served in client order, as in the reference engine.
      const tiedClients = ties.subarray(0, tied).sort();
      for (let i = 0; i < tied; i++) {
        const k = tiedClients[i]!;
        if (below + i < capacity) doneAt[done++] = threshold - (start ? start[k]! : 0);
        else rejected += rejectUntil(k, threshold, windowEnd);
      }
    }
    tally.totalCalls += rejected + accepted;
    tally.wastedCalls += rejected;
    series.add(w, rejected + accepted, accepted);
  }
  return buildResult(policy.label, scenario, 'per-client', series, tally, completionsOf(doneAt, done));
}

/** The k-th smallest (0-based) of a[0 … n), by quickselect; reorders a. */
function select(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    const x = a[lo]!;
    const y = a[mid]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const swap = a[i]!;
        a[i] = a[j]!;
        a[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}
