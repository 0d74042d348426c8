import { describe, expect, it } from 'vitest';
import { createDelay, resolvePolicy, simulate, type RetryPolicy } from '../src/index.js';

/** Waits the analysed code lists (`const BACKOFF = [1000, 2000, 5000, 30000]` read at the attempt). */
const listed = (overrides: Partial<RetryPolicy['delay']> = {}, maxAttempts: RetryPolicy['maxAttempts'] = 5): RetryPolicy => ({
  maxAttempts,
  delay: { kind: 'linear', baseMs: 1000, stepsMs: [1000, 2000, 5000, 30_000], ...overrides },
  jitter: 'none',
});

describe('a schedule of listed waits from the analysis', () => {
  it('waits each listed step in turn, the last one after that, up to the largest (not the default cap)', () => {
    const resolved = resolvePolicy(listed());
    expect(resolved).toMatchObject({ shape: 'linear', capMs: 30_000, steps: [1000, 2000, 5000, 30_000] });
    expect(resolved.label).toBe('schedule 1 s, 2 s, 5 s, 30 s, no jitter, 5 attempts');
    const delay = createDelay(resolved, () => 0.5);
    expect([0, 1, 2, 3, 4, 9].map((n) => delay(0, n, 0))).toEqual([1000, 2000, 5000, 30_000, 30_000, 30_000]);
  });

  it('a long schedule is labelled by its first steps and its last', () => {
    const steps = [100, 200, 400, 800, 1600, 3200, 6400];
    expect(resolvePolicy(listed({ stepsMs: steps })).label).toBe('schedule 100 ms, 200 ms, 400 ms, …, 6.4 s, no jitter, 5 attempts');
  });

  it('a cap the code sets still applies', () => {
    const delay = createDelay(resolvePolicy(listed({ capMs: 4000 })), () => 0.5);
    expect([0, 1, 2, 3].map((n) => delay(0, n, 0))).toEqual([1000, 2000, 4000, 4000]);
  });

  it('one step, or a step that is not a duration, runs as the linear formula', () => {
    expect(resolvePolicy(listed({ stepsMs: [1000] })).steps).toBeUndefined();
    expect(resolvePolicy(listed({ stepsMs: [1000, Number.NaN] })).label).toBe('linear +1 s ≤ 10 s, no jitter, 5 attempts');
  });

  it('every client sends at 0, 1, 3 and 8 s: an outage of 5 s is over by the fourth call', () => {
    const result = simulate(listed({}, 4), { clients: 100, outageMs: 5_000 });
    expect(result).toEqual(simulate(listed({}, 4), { clients: 100, outageMs: 5_000 }));
    expect(result.totalCalls).toBe(400);
    expect(result.failedClients).toBe(0);
    expect(result.succeededClients).toBe(100);
  });
});
