import {
  resolveScenario,
  type RetryPolicy,
  type Scenario,
  type SimulateOptions,
  type SimulationResult,
  type StrategyName,
} from './model.js';
import { isDeterministic, resolvePolicy, type ResolvedPolicy } from './policies.js';
import { runCohorts } from './simulate-cohorts.js';
import { fluidSupport, runFluid } from './simulate-fluid.js';
import { runPerClient } from './simulate-per-client.js';
import { runWindows } from './simulate-windows.js';

/**
 * Above this many clients the exact per-client engines are not used when the fluid one
 * can run: they keep about 70 bytes per client (700 MB for ten million).
 */
export const EXACT_MAX_CLIENTS = 1_000_000;
/**
 * Above this many calls (expected, as the fluid engine counts them) the exact per-client
 * engines are not used when the fluid one can run: they cost time per call, about a
 * second for this many.
 */
export const EXACT_MAX_CALLS = 20_000_000;

/**
 * Simulates `clients` retrying against a recovering server (see README for the model).
 * Deterministic policies with everyone starting at once run as cohorts, in time
 * proportional to the number of distinct client groups. Otherwise the exact windowed
 * engine runs when it is small enough (at most EXACT_MAX_CLIENTS clients and
 * EXACT_MAX_CALLS calls), and the fluid engine — expected values, in time independent
 * of clients and calls — when it is not. Same options, same result.
 *
 * Throws RangeError for options the model cannot run (e.g. a capacity of 0).
 */
export function simulate(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  const scenario = resolveScenario(options);
  const resolved = resolvePolicy(policy, options);
  const progress = options.onProgress;
  if (isDeterministic(resolved) && scenario.startSpreadMs === 0) return runCohorts(resolved, scenario);
  const exact = (): SimulationResult =>
    isDeterministic(resolved) ? runCohorts(resolved, scenario) : runWindows(resolved, scenario, progress);
  if (fluidSupport(resolved, scenario) !== true) return exact();
  if (scenario.clients > EXACT_MAX_CLIENTS) return runFluid(resolved, scenario, progress);
  // Clearly small (the default scenario, hovers): exact at once.
  if (roughCalls(resolved, scenario) <= EXACT_MAX_CALLS / 4) return exact();
  // Otherwise the fluid run, whose cost is the herd's duration rather than its calls,
  // says how big the exact run would be; when too big, it is the answer.
  const fluid = runFluid(resolved, scenario, progress);
  return fluid.totalCalls > EXACT_MAX_CALLS ? fluid : exact();
}

/**
 * An over-estimate of the calls of a run, from its numbers alone: every client waits for
 * the whole herd (the outage, then clients / capacity windows) at the mean wait of the
 * capped backoff, after one call per step of the backoff. Only used to skip the fluid
 * pre-run when a run is clearly small.
 */
function roughCalls(policy: ResolvedPolicy, scenario: Scenario): number {
  const { baseMs: base, capMs: cap } = policy;
  const longest = policy.shape === 'constant' ? base : cap;
  const meanWait =
    policy.shape === 'decorrelated'
      ? (base + cap) / 2
      : longest * (policy.jitter === 'full' ? 0.5 : policy.jitter === 'equal' ? 0.75 : 1);
  const steps = policy.shape === 'constant' || cap <= base ? 1 : Math.log2(cap / base) + 2;
  const herdMs = Math.min(
    scenario.horizonMs,
    Math.max(scenario.outageMs, scenario.startSpreadMs) + (scenario.clients / scenario.capacity) * scenario.windowMs,
  );
  const perClient = Math.min(policy.maxAttempts, steps + herdMs / Math.max(meanWait, 1e-9));
  return scenario.clients * perClient;
}

/** The cohort engine alone; RangeError for a jittered policy. */
export function simulateCohorts(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runCohorts(resolvePolicy(policy, options), resolveScenario(options));
}

/** The fast per-client engine alone (window by window), for any policy. */
export function simulateWindows(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runWindows(resolvePolicy(policy, options), resolveScenario(options), options.onProgress);
}

/** The reference engine alone: one event per call in (time, client) order, for any policy. Slow; for tests and benchmarks. */
export function simulatePerClient(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runPerClient(resolvePolicy(policy, options), resolveScenario(options));
}

/**
 * The fluid engine alone: expected values, in time that depends on how long the herd
 * lasts, not on clients or calls. RangeError when it cannot run the policy in bounded
 * memory (e.g. a deadline with spread starts, or thousands of attempts).
 */
export function simulateFluid(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runFluid(resolvePolicy(policy, options), resolveScenario(options), options.onProgress);
}
