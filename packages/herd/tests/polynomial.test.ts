import { describe, expect, it } from 'vitest';
import { createDelay, resolvePolicy, simulate, type RetryPolicy } from '../src/index.js';

/** A wait that grows as a power of the attempt (`200 * attempt ** 2` in the analysed code). */
const squared = (overrides: Partial<RetryPolicy['delay']> = {}): RetryPolicy => ({
  maxAttempts: 4,
  delay: { kind: 'polynomial', baseMs: 200, power: 2, ...overrides },
  jitter: 'none',
});

describe('a polynomial policy from the analysis', () => {
  it('resolves to base × (n + 1)^power, capped, labelled with its power', () => {
    const resolved = resolvePolicy(squared());
    expect(resolved).toMatchObject({ shape: 'polynomial', baseMs: 200, factor: 2, capMs: 10_000, maxAttempts: 4 });
    expect(resolved.label).toBe('polynomial 200 ms × n^2 ≤ 10 s, no jitter, 4 attempts');
    const delay = createDelay(resolved, () => 0.5);
    expect([0, 1, 2, 3, 10].map((n) => delay(0, n, 0))).toEqual([200, 800, 1800, 3200, 10_000]);
  });

  it('a power the analysis could not tell runs as a square', () => {
    expect(resolvePolicy(squared({ power: undefined })).factor).toBe(2);
  });

  it('is simulated deterministically: each client sends at 0, 0.2, 1 and 2.8 s, the last after the outage', () => {
    const first = simulate(squared(), { clients: 200, outageMs: 2_000 });
    const again = simulate(squared(), { clients: 200, outageMs: 2_000 });
    expect(first).toEqual(again);
    expect(first.totalCalls).toBe(800);
  });
});
