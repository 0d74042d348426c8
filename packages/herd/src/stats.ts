import type { WindowSeries } from './load.js';
import type { Scenario, SimulationResult } from './model.js';

/** Completion times of the clients that succeeded, as the engines collected them. */
export interface Completions {
  /** How many clients succeeded. */
  count: number;
  /** Nearest-rank percentile: the smallest time that at least p % of completions are at or below. */
  percentile(p: number): number | null;
}

/** 1-based nearest rank; integer arithmetic so that 99 % of 300 is exactly rank 297. */
function nearestRank(p: number, count: number): number {
  return Math.min(count, Math.max(1, Math.ceil((p * count) / 100)));
}

/**
 * One time per client (the per-client engines). Each percentile is found by selection,
 * in linear time, instead of sorting up to a million completion times; reorders `times`.
 */
export function completionsOf(times: Float64Array, count: number): Completions {
  return {
    count,
    percentile: (p) => (count === 0 ? null : select(times, count, nearestRank(p, count) - 1)),
  };
}

/** The k-th smallest (0-based) of a[0 … n), by quickselect; reorders a. */
export function select(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    const x = a[lo]!;
    const y = a[mid]!;
    const z = a[hi]!;
    // Median of three: sorted or reversed runs partition evenly.
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

/** (time, how many clients) pairs (the cohort engine: a cohort completes together). */
export function weightedCompletionsOf(times: number[], weights: number[]): Completions {
  const order = times.map((_, i) => i).sort((a, b) => times[a]! - times[b]!);
  const count = weights.reduce((sum, w) => sum + w, 0);
  return {
    count,
    percentile(p) {
      if (count === 0) return null;
      const rank = nearestRank(p, count);
      let seen = 0;
      for (const i of order) {
        seen += weights[i]!;
        if (seen >= rank) return times[i]!;
      }
      return null;
    },
  };
}

export interface Tally {
  totalCalls: number;
  wastedCalls: number;
  failedClients: number;
  /** Where the run stopped on reaching maxWork (SimulationResult.cutAtMs); absent when it finished. */
  cutAtMs?: number | null;
}

export function buildResult(
  label: string,
  scenario: Scenario,
  engine: SimulationResult['engine'],
  load: WindowSeries,
  tally: Tally,
  completions: Completions,
): SimulationResult {
  const offered = Array.from(load.offered.subarray(0, load.windows));
  const accepted = Array.from(load.accepted.subarray(0, load.windows));
  const recoveryWindow = Math.floor(scenario.outageMs / scenario.windowMs);
  let peakOffered = 0;
  let recoveryPeakOffered = 0;
  let lastOver = -1;
  offered.forEach((value, w) => {
    if (value > peakOffered) peakOffered = value;
    if (w >= recoveryWindow && value > recoveryPeakOffered) recoveryPeakOffered = value;
    if (value > scenario.capacity) lastOver = w;
  });
  return {
    label,
    scenario,
    engine,
    totalCalls: tally.totalCalls,
    wastedCalls: tally.wastedCalls,
    succeededClients: completions.count,
    failedClients: tally.failedClients,
    p50Ms: completions.percentile(50),
    p99Ms: completions.percentile(99),
    maxMs: completions.percentile(100),
    series: { offered, accepted },
    peakOffered,
    peakOverCapacity: peakOffered / scenario.capacity,
    recoveryPeakOffered,
    recoveryPeakOverCapacity: recoveryPeakOffered / scenario.capacity,
    settledAtMs: lastOver < 0 ? null : lastOver * scenario.windowMs,
    cutAtMs: tally.cutAtMs ?? null,
  };
}
