import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_WORK,
  SCENARIO_LIMITS,
  chooseEngine,
  clampToLimit,
  estimateCalls,
  resolvePolicy,
  resolveScenario,
  simulate,
  simulateCohorts,
  simulateFluid,
  simulatePerClient,
  simulateWindows,
  type RetryPolicy,
  type SimulateOptions,
  type StrategyName,
} from '../src/index.js';

// Issue 31: the simulator's time is bounded for every input. No timing here (the
// benchmark, test/bench/herd.mjs, times these runs): engines chosen, totals, cut flags.

const engineFor = (strategy: StrategyName | RetryPolicy, options: SimulateOptions) =>
  chooseEngine(resolvePolicy(strategy, options), resolveScenario(options)).engine;

describe('SCENARIO_LIMITS', () => {
  it('is one table of ranges', () => {
    expect(SCENARIO_LIMITS.clients).toEqual({ min: 0, max: 10_000_000, integer: true });
    expect(SCENARIO_LIMITS.maxAttempts).toEqual({ min: 1, max: 10_000, integer: true });
    expect(SCENARIO_LIMITS.startSpreadMs).toEqual({ min: 0, max: 1e9, integer: false });
  });

  it.each([
    [{ clients: 10_000_001 }, 'clients must be an integer from 0 to 10000000, got 10000001'],
    [{ maxAttempts: 40_000 }, 'maxAttempts must be an integer from 1 to 10000, got 40000'],
    [{ startSpreadMs: 2e9 }, 'startSpreadMs must be a number from 0 to 1000000000, got 2000000000'],
    [{ outageMs: 1e10 }, 'outageMs must be a number from 0 to 1000000000, got 10000000000'],
    [{ capacity: 0 }, 'capacity must be an integer from 1 to 1000000000000000, got 0'],
    [{ baseMs: Infinity }, 'baseMs must be a number from 0 to 1000000000, got Infinity'],
    [{ maxWork: -1 }, 'maxWork must be a number from 0 to 1000000000000, got -1'],
  ])('rejects %o: %s', (options, message) => {
    expect(() => simulate('full', options)).toThrow(new RangeError(message));
  });

  it('clamps for callers that must not fail (settings)', () => {
    expect(clampToLimit('clients', 1e12)).toBe(10_000_000);
    expect(clampToLimit('maxAttempts', 2.6)).toBe(3);
    expect(clampToLimit('capacity', Number.NaN)).toBe(1);
    expect(clampToLimit('outageMs', -5)).toBe(0);
  });

  it('runs an analysed policy with more attempts than the limit with the limit, and says so', () => {
    const policy: RetryPolicy = { maxAttempts: 40_000, delay: { kind: 'constant', baseMs: 100 }, jitter: 'none' };
    const resolved = resolvePolicy(policy);
    expect(resolved.maxAttempts).toBe(10_000);
    expect(resolved.label).toBe('constant 100 ms, 10000 attempts (of 40000: at most 10000 simulated)');
  });
});

describe('the cost model', () => {
  it.each([
    ['full', {}, 9_400, 'windows'],
    ['full', { clients: 100_000 }, 5_864_905, 'windows'],
    ['full', { startSpreadMs: 86_400_000 }, 1_009, 'heap'],
    ['exponential', {}, 10_000, 'cohort'],
    ['decorrelated', {}, 11_532, 'windows'],
    ['full', { clients: 1_000_000 }, 508_631_944, 'fluid'],
  ] as const)('%s %o: calls within 2× of the run (%i), engine %s', (strategy, options, calls, engine) => {
    const estimate = estimateCalls(resolvePolicy(strategy, options), resolveScenario(options)).calls;
    expect(estimate).toBeGreaterThan(calls / 2);
    expect(estimate).toBeLessThan(calls * 2);
    expect(engineFor(strategy, options)).toBe(engine);
    expect(simulate(strategy, options).totalCalls).toBe(calls);
  });

  it('takes the fluid engine when the exact one would pass maxWork and the fluid one costs less', () => {
    expect(engineFor('full', { clients: 100_000 })).toBe('windows');
    const { engine, costs } = chooseEngine(resolvePolicy('full'), resolveScenario({ clients: 100_000 }), 1e6);
    expect(engine).toBe('fluid');
    expect(costs.fluid!).toBeLessThan(costs.windows);
  });
});

describe('hostile scenarios complete with sane numbers', () => {
  it('starts spread over a day: the reference heap, one call each (was a fluid pre-run of seconds)', () => {
    const result = simulate('full', { startSpreadMs: 86_400_000 });
    expect(engineFor('full', { startSpreadMs: 86_400_000 })).toBe('heap');
    expect(result).toMatchObject({ engine: 'per-client', totalCalls: 1_009, succeededClients: 1_000, failedClients: 0, cutAtMs: null });
    expect(simulate('exponential', { startSpreadMs: 86_400_000 })).toMatchObject({
      totalCalls: 1_007,
      succeededClients: 1_000,
      cutAtMs: null,
    });
  });

  it('100 000 clients over a day in the windowed engine: chunks sized to the clients per window (held 8 GB)', () => {
    const options = { startSpreadMs: 86_400_000, clients: 100_000 };
    const windows = simulateWindows('full', options);
    expect(windows).toMatchObject({ totalCalls: 100_085, succeededClients: 100_000, failedClients: 0, cutAtMs: null });
    expect(simulate('full', options).totalCalls).toBe(100_085);
  });

  it('10 000 attempts of a constant 100 ms, 10 M clients: the server serves 200/s while they last (was: none served)', () => {
    const result = simulate('constant', { clients: 10_000_000, maxAttempts: 10_000, startSpreadMs: 1_000 });
    expect(result.engine).toBe('fluid');
    expect(result.cutAtMs).toBeNull();
    // Back at 10 s; the last client gives up 1 000 s after its start, at 1 001 s at most.
    expect(result.succeededClients).toBe(198_200);
    expect(result.succeededClients + result.failedClients).toBe(10_000_000);
    expect(result.series.offered).toHaveLength(1_001);
  });

  it('the same with 100 000 clients: everyone is served, as the exact engine says', () => {
    const options = { clients: 100_000, maxAttempts: 10_000, startSpreadMs: 1_000 };
    expect(simulateFluid('constant', options).succeededClients).toBe(100_000);
  });

  it('10 M clients with 10 000 attempts of full jitter stop at maxWork, and say where', () => {
    const result = simulate('full', { clients: 10_000_000, maxAttempts: 10_000, maxWork: 1e8 });
    expect(result.engine).toBe('fluid');
    expect(result.cutAtMs).toBe(41_600);
    // Nobody is served before the outage ends at 10 s, then 200 a second.
    expect(result.succeededClients).toBeLessThanOrEqual(200 * Math.ceil((41_600 - 10_000) / 1000));
    expect(result.succeededClients + result.failedClients).toBe(10_000_000);
    expect(result.series.offered.length).toBeLessThanOrEqual(42);
  });

  it('decorrelated jitter with 10 000 attempts fits the fluid engine (fewer bins per attempt; refused before)', () => {
    const result = simulateFluid('decorrelated', { clients: 1_000, maxAttempts: 10_000 });
    expect(result).toMatchObject({ engine: 'fluid', succeededClients: 1_000, failedClients: 0, cutAtMs: null });
    // One bin per attempt level instead of 21: coarser, 23 % under the unbounded run's 11 526; 14 bins at 2 000 attempts, 0.3 % under.
    expect(result.totalCalls).toBe(8_839);
    expect(simulateFluid('decorrelated', { clients: 1_000, maxAttempts: 2_000 }).totalCalls).toBe(11_490);
  });

  it('the default budget is DEFAULT_MAX_WORK', () => {
    expect(DEFAULT_MAX_WORK).toBe(1e10);
    expect(simulate('full').cutAtMs).toBeNull();
  });
});

describe('maxWork', () => {
  // A cohort send costs less than the other engines' steps take per client: a smaller budget.
  const engines = [
    ['cohort', simulateCohorts, 'constant', 2_000],
    ['windows', simulateWindows, 'full', 20_000],
    ['reference', simulatePerClient, 'full', 20_000],
    ['fluid', simulateFluid, 'full', 20_000],
  ] as const;

  it.each(engines)('0 stops the %s engine before its first call', (_name, run, strategy) => {
    expect(run(strategy, { maxWork: 0 })).toMatchObject({
      totalCalls: 0,
      succeededClients: 0,
      failedClients: 1_000,
      cutAtMs: 0,
      p50Ms: null,
    });
  });

  it.each(engines)('a small budget cuts the %s engine part way, with every client counted', (_name, run, strategy, maxWork) => {
    const whole = run(strategy, {});
    const cut = run(strategy, { maxWork });
    expect(whole.cutAtMs).toBeNull();
    expect(cut.cutAtMs).not.toBeNull();
    expect(cut.cutAtMs!).toBeLessThan(whole.series.offered.length * 1000);
    expect(cut.totalCalls).toBeLessThan(whole.totalCalls);
    expect(cut.succeededClients + cut.failedClients).toBe(1_000);
    expect(cut.series.offered.length).toBeLessThanOrEqual(Math.floor(cut.cutAtMs! / 1000) + 1);
  });
});
