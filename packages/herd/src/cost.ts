import type { Scenario } from './model.js';
import { growthOf, isDeterministic, type ResolvedPolicy } from './policies.js';

/**
 * What each step of each engine costs, in work units (about a nanosecond each on the
 * machine the benchmark ran on: test/bench/herd.mjs prints the measured ns per unit for
 * every hostile scenario). The engines count their steps with these, and stop at
 * `maxWork`; `chooseEngine` predicts the same units before running anything.
 */
export const WORK = {
  /** One send of a cohort, per level of the cohort heap (times log2 of the cohorts, at least 1)… */
  cohortSendPerLevel: 6,
  /** … plus this for the send itself. */
  cohortSend: 20,
  /** One call in the reference engine, per level of its heap (times log2 of the clients). */
  heapCallPerLevel: 8,
  /** One call in the windowed engine. */
  windowCall: 30,
  /** One window the windowed engine steps over or settles, and a bucket it allocates. */
  window: 200,
  /** One (cell, state, channel) of the fluid engine. */
  fluidCell: 24,
} as const;

/** The work of one cohort send when there are `groups` cohorts. */
export function cohortSendWork(groups: number): number {
  return WORK.cohortSend + WORK.cohortSendPerLevel * Math.max(1, Math.log2(Math.max(2, groups)));
}

/**
 * The per-client work of a run from its numbers alone, by a fluid queue: clients arrive
 * (all at once, or evenly over the spread), wait while the server is down or busy, and
 * each waiting client calls again after every (mean) wait of its policy. Exact for the
 * queue; the calls are an estimate (a client's waits are taken as the mean waiting
 * time), good to a small factor, which is what choosing an engine needs.
 */
export interface CallEstimate {
  /** Calls of the whole run, at most clients × maxAttempts. */
  calls: number;
  /** Clients that have to wait at all (they started while the server was down or busy). */
  waiting: number;
  /** Client-milliseconds spent waiting, within the horizon. */
  waitingMs: number;
  /** When the queue is empty again (at most the horizon). */
  drainedAtMs: number;
}

export function estimateCalls(policy: ResolvedPolicy, scenario: Scenario): CallEstimate {
  const { clients, startSpreadMs: spread, outageMs, horizonMs } = scenario;
  const mu = scenario.capacity / scenario.windowMs;
  let q = 0;
  let waitingMs = 0;
  let waiting = 0;
  let drainedAtMs = 0;
  let started = 0;
  if (spread === 0) {
    q = clients;
    started = clients;
    if (outageMs > 0) waiting = clients;
    else waiting = Math.max(0, clients - scenario.capacity);
  }
  const rate = spread > 0 ? clients / spread : 0;
  const edges = [...new Set([0, Math.min(spread, horizonMs), Math.min(outageMs, horizonMs), horizonMs])].sort((a, b) => a - b);
  for (let i = 0; i + 1 < edges.length; i++) {
    const t0 = edges[i]!;
    const t1 = edges[i + 1]!;
    const length = t1 - t0;
    const inRate = t0 < spread ? rate : 0;
    const outRate = t0 < outageMs ? 0 : mu;
    started += inRate * length;
    const net = inRate - outRate;
    if (net >= 0) {
      // Arrivals wait when the server is down or already has a queue.
      if (outRate === 0 || q > 0 || net > 0) waiting += inRate * length;
      const q1 = q + net * length;
      waitingMs += ((q + q1) / 2) * length;
      if (q1 > 0) drainedAtMs = t1;
      q = q1;
    } else {
      const empty = q / -net;
      const busy = Math.min(length, empty);
      waiting += inRate * busy;
      const q1 = q + net * busy;
      waitingMs += ((q + q1) / 2) * busy;
      if (busy > 0) drainedAtMs = t0 + busy;
      q = q1 < 1e-9 ? 0 : q1;
    }
  }
  if (q > 0) drainedAtMs = horizonMs;
  waiting = Math.min(clients, waiting);
  const perWaiting = waiting > 0 ? Math.min(policy.deadlineMs, waitingMs / waiting) : 0;
  const retries = waiting * retriesWithin(policy, perWaiting);
  const calls = Math.min(clients * policy.maxAttempts, started + retries);
  return { calls, waiting, waitingMs, drainedAtMs };
}

/** Calls after the first that a client waiting `waitMs` makes: its mean waits, in order, until they add up. */
export function retriesWithin(policy: ResolvedPolicy, waitMs: number): number {
  if (!(waitMs > 0)) return 0;
  const { baseMs: base, capMs: cap, factor } = policy;
  const jitter = policy.shape === 'decorrelated' ? 1 : policy.jitter === 'full' ? 0.5 : policy.jitter === 'equal' ? 0.75 : 1;
  const grow = growthOf(policy);
  const meanAt = (n: number): number => {
    const d =
      policy.shape !== 'decorrelated'
        ? grow(n)
        : // decorrelated: uniform over [base, factor·prev), capped: its mean grows about (1 + factor) / 2 a step.
          Math.min(cap, base * ((1 + factor) / 2) ** n);
    return Math.max(1e-3, d * jitter);
  };
  let elapsed = 0;
  let n = 0;
  for (; n < 1024 && n + 1 < policy.maxAttempts; n++) {
    const wait = meanAt(n);
    if (elapsed + wait > waitMs) return Math.min(policy.maxAttempts - 1, n + (waitMs - elapsed) / wait);
    elapsed += wait;
  }
  return Math.min(policy.maxAttempts - 1, n + (waitMs - elapsed) / meanAt(n));
}

export type EngineChoice = 'cohort' | 'windows' | 'heap' | 'fluid';

export interface EngineCosts {
  calls: CallEstimate;
  /** Predicted work of each engine that can run the policy; null when it cannot. */
  cohort: number | null;
  windows: number;
  heap: number;
  fluid: number | null;
}

/** The work each engine would do, predicted; `fluidWork` is the fluid engine's plan (or why it cannot run). */
export function predictCosts(policy: ResolvedPolicy, scenario: Scenario, fluidWork: number | string): EngineCosts {
  const calls = estimateCalls(policy, scenario);
  const { clients, windowMs, startSpreadMs } = scenario;
  const spanMs = Math.min(scenario.horizonMs, Math.max(startSpreadMs, calls.drainedAtMs) + policy.capMs);
  const windows = Math.ceil(spanMs / windowMs) + 1;
  // Cohorts: one with everyone starting at once, one per start otherwise; each sends as often as a client does.
  const groups = startSpreadMs === 0 ? 1 : clients;
  // Each cohort is also pushed once before the run.
  const cohort = isDeterministic(policy)
    ? (calls.calls / Math.max(1, clients) + 1) * groups * cohortSendWork(groups)
    : null;
  return {
    calls,
    cohort,
    // Buckets are allocated for windows that hold someone: at most one per client.
    windows: calls.calls * WORK.windowCall + (windows + Math.min(windows, clients)) * WORK.window,
    heap: calls.calls * WORK.heapCallPerLevel * Math.max(1, Math.log2(Math.max(2, clients))),
    fluid: typeof fluidWork === 'number' ? fluidWork * WORK.fluidCell : null,
  };
}
