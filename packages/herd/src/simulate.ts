import { predictCosts, type EngineChoice, type EngineCosts } from './cost.js';
import {
  DEFAULT_MAX_WORK,
  resolveMaxWork,
  resolveScenario,
  type RetryPolicy,
  type Scenario,
  type SimulateOptions,
  type SimulationResult,
  type StrategyName,
} from './model.js';
import { resolvePolicy, type ResolvedPolicy } from './policies.js';
import { runCohorts } from './simulate-cohorts.js';
import { fluidWork, runFluid } from './simulate-fluid.js';
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
 * The engine is chosen by its predicted work (cost.ts), before anything runs:
 * deterministic policies with everyone starting at once run as cohorts, in time
 * proportional to the sends of one client. Otherwise an exact engine runs — cohorts for
 * deterministic policies, the windowed engine, or the reference heap when starts are
 * spread over more windows than there are clients per window — when it is small enough
 * (at most EXACT_MAX_CLIENTS clients and EXACT_MAX_CALLS predicted calls) and within
 * `maxWork` or cheaper than the fluid one; the fluid engine — expected values, in time
 * independent of clients and calls — when it is not. Same options, same result.
 *
 * Every engine stops at `options.maxWork` (DEFAULT_MAX_WORK by default): the result
 * then has `cutAtMs` set. Throws RangeError for options outside SCENARIO_LIMITS.
 */
export function simulate(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  const scenario = resolveScenario(options);
  const resolved = resolvePolicy(policy, options);
  const maxWork = resolveMaxWork(options);
  const progress = options.onProgress;
  switch (chooseEngine(resolved, scenario, maxWork).engine) {
    case 'cohort':
      return runCohorts(resolved, scenario, maxWork);
    case 'heap':
      return runPerClient(resolved, scenario, maxWork);
    case 'windows':
      return runWindows(resolved, scenario, progress, maxWork);
    case 'fluid':
      return runFluid(resolved, scenario, progress, maxWork);
  }
}

/** The engine `simulate` runs for this policy and scenario, and the predicted work of each (in WORK units). */
export function chooseEngine(
  policy: ResolvedPolicy,
  scenario: Scenario,
  maxWork: number = DEFAULT_MAX_WORK,
): { engine: EngineChoice; costs: EngineCosts } {
  const costs = predictCosts(policy, scenario, fluidWork(policy, scenario));
  // Cohorts never multiply when everyone starts at once: the cheapest run there is.
  if (costs.cohort !== null && scenario.startSpreadMs === 0) return { engine: 'cohort', costs };
  // All three are exact and agree draw for draw: the cheapest.
  const candidates: [EngineChoice, number][] = [
    ['windows', costs.windows],
    ['heap', costs.heap],
  ];
  if (costs.cohort !== null) candidates.unshift(['cohort', costs.cohort]);
  const [exact, exactCost] = candidates.reduce((best, next) => (next[1] < best[1] ? next : best));
  if (costs.fluid === null) return { engine: exact, costs };
  const tooBig = scenario.clients > EXACT_MAX_CLIENTS || costs.calls.calls > EXACT_MAX_CALLS;
  if (tooBig || (exactCost > maxWork && costs.fluid < exactCost)) return { engine: 'fluid', costs };
  return { engine: exact, costs };
}

/** The cohort engine alone; RangeError for a jittered policy. */
export function simulateCohorts(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runCohorts(resolvePolicy(policy, options), resolveScenario(options), resolveMaxWork(options));
}

/** The fast per-client engine alone (window by window), for any policy. */
export function simulateWindows(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runWindows(resolvePolicy(policy, options), resolveScenario(options), options.onProgress, resolveMaxWork(options));
}

/** The reference engine alone: one event per call in (time, client) order, for any policy. Slow; for tests and benchmarks. */
export function simulatePerClient(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runPerClient(resolvePolicy(policy, options), resolveScenario(options), resolveMaxWork(options));
}

/**
 * The fluid engine alone: expected values, in time that depends on how long the herd
 * lasts, not on clients or calls. RangeError when it cannot run the policy in bounded
 * memory (e.g. a deadline with spread starts, or thousands of attempts).
 */
export function simulateFluid(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runFluid(resolvePolicy(policy, options), resolveScenario(options), options.onProgress, resolveMaxWork(options));
}
