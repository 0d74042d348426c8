import { resolveScenario, type RetryPolicy, type SimulateOptions, type SimulationResult, type StrategyName } from './model.js';
import { isDeterministic, resolvePolicy } from './policies.js';
import { runCohorts } from './simulate-cohorts.js';
import { runPerClient } from './simulate-per-client.js';
import { runWindows } from './simulate-windows.js';

/**
 * Simulates `clients` retrying against a recovering server (see README for the model).
 * Deterministic policies run as cohorts, in time proportional to the number of distinct
 * client groups; jittered ones run per client (window by window), in memory
 * proportional to clients. Same seed, same result, whichever engine runs.
 *
 * Throws RangeError for options the model cannot run (e.g. a capacity of 0).
 */
export function simulate(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  const scenario = resolveScenario(options);
  const resolved = resolvePolicy(policy, options);
  return isDeterministic(resolved) ? runCohorts(resolved, scenario) : runWindows(resolved, scenario);
}

/** The cohort engine alone; RangeError for a jittered policy. */
export function simulateCohorts(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runCohorts(resolvePolicy(policy, options), resolveScenario(options));
}

/** The fast per-client engine alone (window by window), for any policy. */
export function simulateWindows(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runWindows(resolvePolicy(policy, options), resolveScenario(options));
}

/** The reference engine alone: one event per call in (time, client) order, for any policy. Slow; for tests and benchmarks. */
export function simulatePerClient(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
  return runPerClient(resolvePolicy(policy, options), resolveScenario(options));
}
