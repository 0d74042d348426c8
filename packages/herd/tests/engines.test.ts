import { describe, expect, it } from 'vitest';
import {
  EXACT_MAX_CALLS,
  simulate,
  simulateCohorts,
  simulateFluid,
  simulatePerClient,
  simulateWindows,
  type RetryPolicy,
  type SimulateOptions,
  type SimulationResult,
  type StrategyName,
} from '../src/index.js';

/** Everything but the engine's name. */
function outcome(result: SimulationResult): Omit<SimulationResult, 'engine'> {
  const { engine: _engine, ...rest } = result;
  return rest;
}

const scenarios: SimulateOptions[] = [
  {},
  { clients: 300, capacity: 70, outageMs: 4_321 },
  { clients: 250, startSpreadMs: 5_000 },
  { clients: 500, startSpreadMs: 777, outageMs: 10_550, capacity: 30 },
  { clients: 400, maxAttempts: 6 },
  { clients: 1000, baseMs: 37, capMs: 2_000, capacity: 120 },
  { clients: 50, outageMs: 0, capacity: 7, baseMs: 250 },
  // Windows with more waiting clients than one chunk of the windowed engine (4 096).
  { clients: 10_000, capacity: 2_000 },
  { clients: 9_000, capacity: 150, startSpreadMs: 3_000, outageMs: 2_500 },
];

describe('cohort and per-client engines agree exactly for deterministic policies', () => {
  const strategies: StrategyName[] = ['constant', 'linear', 'exponential'];
  for (const strategy of strategies) {
    scenarios.forEach((options, i) => {
      it(`${strategy}, scenario ${i}`, () => {
        const reference = simulatePerClient(strategy, options);
        expect(reference.engine).toBe('per-client');
        expect(outcome(simulateCohorts(strategy, options))).toEqual(outcome(reference));
        expect(outcome(simulateWindows(strategy, options))).toEqual(outcome(reference));
      });
    });
  }

  it('with attempt limits and deadlines from a RetryPolicy', () => {
    const policy: RetryPolicy = {
      maxAttempts: 12,
      deadlineMs: 40_000,
      delay: { kind: 'linear', baseMs: 300, capMs: 4_000 },
      jitter: 'none',
    };
    const options = { clients: 700, startSpreadMs: 2_000, capacity: 40 };
    const reference = simulatePerClient(policy, options);
    expect(reference.failedClients).toBeGreaterThan(0);
    expect(outcome(simulateCohorts(policy, options))).toEqual(outcome(reference));
    expect(outcome(simulateWindows(policy, options))).toEqual(outcome(reference));
  });
});

describe('the windowed engine reproduces the reference for jittered policies, draw for draw', () => {
  const strategies: StrategyName[] = ['full', 'equal', 'decorrelated'];
  for (const strategy of strategies) {
    scenarios.forEach((options, i) => {
      it(`${strategy}, scenario ${i}`, () => {
        for (const seed of [1, 2, 3]) {
          const withSeed = { ...options, seed };
          expect(outcome(simulateWindows(strategy, withSeed))).toEqual(outcome(simulatePerClient(strategy, withSeed)));
        }
      });
    });
  }

  it('proportional jitter with an attempt limit', () => {
    const policy: RetryPolicy = { maxAttempts: 8, delay: { kind: 'exponential', baseMs: 200 }, jitter: 'proportional' };
    expect(outcome(simulateWindows(policy))).toEqual(outcome(simulatePerClient(policy)));
  });
});

/** |fluid − exact| within `share` of the exact value, or within one window for times (the fluid engine knows times to the window). */
function near(fluid: number | null, exact: number | null, share: number, slack = 0): void {
  expect(fluid === null).toBe(exact === null);
  if (fluid === null || exact === null) return;
  expect(Math.abs(fluid - exact)).toBeLessThanOrEqual(Math.max(share * Math.abs(exact), slack));
}

describe('the fluid engine gives the exact engines’ numbers as expected values', () => {
  // Big enough for one exact run to be close to its expectation, small enough to run here.
  const cases: [string, StrategyName | RetryPolicy, SimulateOptions][] = [
    ['full', 'full', { clients: 20_000, capacity: 40 }],
    ['equal', 'equal', { clients: 20_000, capacity: 40 }],
    ['decorrelated', 'decorrelated', { clients: 20_000, capacity: 40 }],
    ['full, spread starts', 'full', { clients: 5_000, startSpreadMs: 5_000 }],
    ['decorrelated, spread starts', 'decorrelated', { clients: 5_000, startSpreadMs: 20_000, capacity: 100 }],
    ['decorrelated, 6 attempts', 'decorrelated', { clients: 5_000, maxAttempts: 6 }],
    ['full, waits shorter than a cell', 'full', { clients: 10_000, baseMs: 1, capMs: 50, capacity: 500 }],
    ['equal, every wait under 1 ms', 'equal', { clients: 200, capacity: 100, baseMs: 1, capMs: 1 }],
    ['decorrelated from a 1 ms base', 'decorrelated', { clients: 5_000, capacity: 100, baseMs: 1 }],
    ['exponential, spread starts', 'exponential', { clients: 5_000, startSpreadMs: 3_000 }],
    ['constant, spread starts', 'constant', { clients: 2_000, startSpreadMs: 3_000 }],
    ['linear, spread starts', 'linear', { clients: 2_000, startSpreadMs: 3_000 }],
    [
      'proportional, 8 attempts',
      { maxAttempts: 8, delay: { kind: 'exponential', baseMs: 200 }, jitter: 'proportional' },
      { clients: 5_000 },
    ],
    [
      'full, 30 s deadline',
      { maxAttempts: 'unbounded', deadlineMs: 30_000, delay: { kind: 'exponential' }, jitter: 'full' },
      { clients: 20_000, capacity: 100 },
    ],
  ];
  it.each(cases)('%s', (_name, policy, options) => {
    const exact = simulateWindows(policy, options);
    const fluid = simulateFluid(policy, options);
    expect(fluid.engine).toBe('fluid');
    near(fluid.totalCalls, exact.totalCalls, 0.02);
    near(fluid.failedClients, exact.failedClients, 0, 0.01 * exact.scenario.clients);
    expect(fluid.succeededClients + fluid.failedClients).toBe(exact.scenario.clients);
    for (const key of ['p50Ms', 'p99Ms', 'maxMs'] as const) near(fluid[key], exact[key], 0.02, 1000);
    near(fluid.settledAtMs, exact.settledAtMs, 0.02, 1000);
  });

  it('matches the recovery peak of a big herd', () => {
    const options = { clients: 20_000, capacity: 40 };
    for (const strategy of ['full', 'equal', 'decorrelated'] as const) {
      near(simulateFluid(strategy, options).recoveryPeakOffered, simulateWindows(strategy, options).recoveryPeakOffered, 0.03);
    }
  });

  it('reproduces the deterministic anchors to the cell', () => {
    const exponential = simulateFluid('exponential');
    expect([exponential.totalCalls, exponential.series.offered[12], exponential.settledAtMs]).toEqual([10_000, 1000, 42_000]);
    near(exponential.p99Ms, 52_700, 0, 10);
    expect(simulateFluid('constant', { baseMs: 1 }).totalCalls).toBe(12_001_000);
  });

  it('runs ten million clients: the server serves 200 a second for 13.9 h, each waiting client calls every 5 s', () => {
    const result = simulate('full', { clients: 10_000_000 });
    expect(result.engine).toBe('fluid');
    expect([result.succeededClients, result.failedClients]).toEqual([10_000_000, 0]);
    // Served in arrival order of windows: the k-th client in window 10 + ceil(k / 200) - 1.
    near(result.p50Ms, 25_009_000, 0, 1000);
    near(result.p99Ms, 49_509_000, 0, 1000);
    // Full windows until the last few hundred clients, who no longer fill one.
    expect(result.series.accepted.slice(10, 50_000).every((n) => n === 200)).toBe(true);
    // Each window's expected count is rounded on its own.
    near(result.series.accepted.reduce((sum, n) => sum + n, 0), 10_000_000, 0, 10);
    // At the cap, full jitter waits 5 s on average: calls ≈ 0.2/s × client-seconds waited
    // (all 10 M for the 10 s outage, then a linear drain over 50 000 s).
    near(result.totalCalls, 0.2 * (10_000_000 * 10 + (10_000_000 * 50_000) / 2), 0.01);
  });

  it('refuses what it cannot run, and simulate runs that exactly', () => {
    const policy: RetryPolicy = { maxAttempts: 'unbounded', deadlineMs: 20_000, delay: { kind: 'exponential' }, jitter: 'full' };
    expect(() => simulateFluid(policy, { startSpreadMs: 1000 })).toThrow(
      new RangeError(
        "the fluid engine cannot run 'exponential 100 ms ×2 ≤ 10 s, full jitter, unbounded, 20 s deadline': a deadline with spread starts needs each client’s own start",
      ),
    );
    expect(simulate(policy, { startSpreadMs: 1000 }).engine).toBe('per-client');
  });

  it('reports progress from 0 to 1, never going back', () => {
    const seen: number[] = [];
    simulateFluid('full', { clients: 1_000_000, onProgress: (settled) => seen.push(settled) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
  });
});

describe('simulate picks the engine', () => {
  it('cohorts for deterministic policies, per client for jittered ones', () => {
    expect(simulate('exponential').engine).toBe('cohort');
    expect(simulate('full').engine).toBe('per-client');
    expect(simulate({ maxAttempts: 3, delay: { kind: 'constant', baseMs: 50 }, jitter: 'full' }).engine).toBe('per-client');
  });

  it('fluid when the exact run would make too many calls or hold too many clients', () => {
    // 1 M clients at 200/s: half a billion calls.
    const big = simulate('full', { clients: 1_000_000 });
    expect(big.engine).toBe('fluid');
    expect(big.totalCalls).toBeGreaterThan(EXACT_MAX_CALLS);
    expect(simulate('decorrelated', { clients: 1_000_000 }).engine).toBe('fluid');
    // 2 M clients make few calls against a big server, but would hold 140 MB per client engine.
    expect(simulate('full', { clients: 2_000_000, capacity: 10_000_000 }).engine).toBe('fluid');
    // Deterministic with spread starts: each client its own cohort.
    expect(simulate('exponential', { clients: 2_000_000, startSpreadMs: 1000 }).engine).toBe('fluid');
    // Deterministic, everyone at once: cohorts whatever the size.
    expect(simulate('exponential', { clients: 10_000_000 }).engine).toBe('cohort');
  });

  it('exact when the run is small enough, even with many clients', () => {
    // 100 000 clients at 200/s: 5.9 M calls.
    expect(simulate('full', { clients: 100_000 }).engine).toBe('per-client');
  });

  it('the cohort engine refuses a jittered policy', () => {
    expect(() => simulateCohorts('full')).toThrow(RangeError);
  });

  it('same seed, same result; another seed, another result', () => {
    expect(simulate('full', { seed: 7 })).toEqual(simulate('full', { seed: 7 }));
    expect(simulate('full', { seed: 7 }).totalCalls).not.toBe(simulate('full', { seed: 8 }).totalCalls);
  });
});
