import { describe, expect, it } from 'vitest';
import {
  simulate,
  simulateCohorts,
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

describe('simulate picks the engine', () => {
  it('cohorts for deterministic policies, per client for jittered ones', () => {
    expect(simulate('exponential').engine).toBe('cohort');
    expect(simulate('full').engine).toBe('per-client');
    expect(simulate({ maxAttempts: 3, delay: { kind: 'constant', baseMs: 50 }, jitter: 'full' }).engine).toBe('per-client');
  });

  it('the cohort engine refuses a jittered policy', () => {
    expect(() => simulateCohorts('full')).toThrow(RangeError);
  });

  it('same seed, same result; another seed, another result', () => {
    expect(simulate('full', { seed: 7 })).toEqual(simulate('full', { seed: 7 }));
    expect(simulate('full', { seed: 7 }).totalCalls).not.toBe(simulate('full', { seed: 8 }).totalCalls);
  });
});
