import type { RetryPolicy, SimulateOptions, SimulationResult, StrategyName } from './model.js';
import { simulate } from './simulate.js';

/**
 * Simulates each distinct (policy, scenario) once, however many findings, hovers or
 * reports ask for it; the least recently used results go past `maxEntries`. Results are
 * shared, not copied: do not mutate them.
 */
export class SimulationCache {
  private readonly results = new Map<string, SimulationResult>();

  constructor(private readonly maxEntries = 256) {
    if (!(Number.isInteger(maxEntries) && maxEntries >= 1)) throw new RangeError(`maxEntries must be an integer >= 1, got ${maxEntries}`);
  }

  get size(): number {
    return this.results.size;
  }

  simulate(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): SimulationResult {
    const key = keyOf(policy, options);
    let result = this.results.get(key);
    if (result) {
      // Most recently used last.
      this.results.delete(key);
      this.results.set(key, result);
      return result;
    }
    result = simulate(policy, options);
    this.results.set(key, result);
    if (this.results.size > this.maxEntries) this.results.delete(this.results.keys().next().value!);
    return result;
  }

  clear(): void {
    this.results.clear();
  }
}

/** The same policy and options give the same key whatever order their properties were written in. */
function keyOf(policy: StrategyName | RetryPolicy, options: SimulateOptions): string {
  return JSON.stringify([policy, options], (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
