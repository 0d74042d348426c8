import { describe, expect, it } from 'vitest';
import { createDelay, createUniform, resolvePolicy, simulate, type SimulationResult, type StrategyName } from '../src/index.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

function runs(strategy: StrategyName): SimulationResult[] {
  return SEEDS.map((seed) => simulate(strategy, { seed }));
}
const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

// The anchors are the seeds' Go simulation of the same model (DESIGN.md): full jitter
// about 9.5 k calls, no spike, p99 about 19 s; decorrelated about 11.7 k calls, p99 about
// 21 s. Go's real sleeps and goroutine scheduling blur its numbers by a few per cent.
describe('full jitter', () => {
  const results = runs('full');

  it('makes about 9.5 k calls on average, and every seed is close', () => {
    expect(mean(results.map((r) => r.totalCalls))).toBeGreaterThan(9_500 * 0.975);
    expect(mean(results.map((r) => r.totalCalls))).toBeLessThan(9_500 * 1.025);
    for (const r of results) expect(Math.abs(r.totalCalls - 9_500) / 9_500).toBeLessThan(0.05);
  });

  it('has no spike on recovery: never much above capacity, against 5× for plain exponential', () => {
    for (const r of results) expect(r.recoveryPeakOverCapacity).toBeLessThan(1.25);
    expect(simulate('exponential').recoveryPeakOverCapacity).toBe(5);
  });

  it('serves 99 % of clients within about 19 s', () => {
    expect(mean(results.map((r) => r.p99Ms!))).toBeGreaterThan(18_000);
    expect(mean(results.map((r) => r.p99Ms!))).toBeLessThan(20_000);
    for (const r of results) expect(r.failedClients).toBe(0);
  });
});

describe('decorrelated jitter', () => {
  const results = runs('decorrelated');

  it('makes about 11.7 k calls, more than full jitter', () => {
    const calls = mean(results.map((r) => r.totalCalls));
    expect(calls).toBeGreaterThan(11_700 * 0.96);
    expect(calls).toBeLessThan(11_700 * 1.04);
    expect(calls).toBeGreaterThan(mean(runs('full').map((r) => r.totalCalls)));
  });

  it('overshoots the capacity a little on recovery, far less than exponential, and p99 is about 21 s', () => {
    for (const r of results) {
      expect(r.recoveryPeakOverCapacity).toBeGreaterThan(1);
      expect(r.recoveryPeakOverCapacity).toBeLessThan(2.5);
    }
    expect(mean(results.map((r) => r.p99Ms!))).toBeGreaterThan(20_000);
    expect(mean(results.map((r) => r.p99Ms!))).toBeLessThan(22_000);
  });
});

describe('equal jitter', () => {
  it('waits at least half the exponential wait: fewer calls and a smaller recovery peak than exponential', () => {
    const exponential = simulate('exponential');
    for (const r of runs('equal')) {
      expect(r.totalCalls).toBeLessThan(exponential.totalCalls);
      expect(r.recoveryPeakOffered).toBeLessThan(exponential.recoveryPeakOffered / 2);
    }
  });
});

describe('the jittered waits follow their formulas', () => {
  const uniform = createUniform(42);
  const draws = 20_000;

  it('full jitter is uniform on [0, min(cap, base·2^n))', () => {
    const delay = createDelay(resolvePolicy('full'), uniform);
    for (const [n, d] of [[0, 100], [3, 800], [9, 10_000]] as const) {
      const waits = Array.from({ length: draws }, (_, c) => delay(c, n, 100));
      expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...waits)).toBeLessThan(d);
      // Mean d/2, standard error d/√(12·draws) ≈ 0.2 % of d.
      expect(Math.abs(mean(waits) - d / 2)).toBeLessThan(d * 0.01);
    }
  });

  it('equal jitter is uniform on [d/2, d)', () => {
    const delay = createDelay(resolvePolicy('equal'), uniform);
    const waits = Array.from({ length: draws }, (_, c) => delay(c, 2, 100));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...waits)).toBeLessThan(400);
    expect(Math.abs(mean(waits) - 300)).toBeLessThan(4);
  });

  it('decorrelated is min(cap, U[base, 3·prev))', () => {
    const delay = createDelay(resolvePolicy('decorrelated'), uniform);
    const waits = Array.from({ length: draws }, (_, c) => delay(c, 0, 1_000));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...waits)).toBeLessThan(3_000);
    expect(Math.abs(mean(waits) - 1_550)).toBeLessThan(20);
    const capped = Array.from({ length: draws }, (_, c) => delay(c, 5, 9_000));
    // U[100, 27 000) is above the 10 s cap with probability 17/26.9.
    const atCap = capped.filter((w) => w === 10_000).length / draws;
    expect(Math.abs(atCap - 17_000 / 26_900)).toBeLessThan(0.02);
  });
});

describe('the seeded uniform source', () => {
  it('is uniform: a chi-square test over 20 bins', () => {
    const uniform = createUniform(1);
    const bins = new Array<number>(20).fill(0);
    const n = 200_000;
    for (let i = 0; i < n; i++) bins[Math.floor(uniform(i % 1000, Math.floor(i / 1000)) * 20)]!++;
    const expected = n / 20;
    const chi2 = bins.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    // 19 degrees of freedom: the 99.9th percentile is 43.8.
    expect(chi2).toBeLessThan(43.8);
  });

  it('successive draws of a client, and neighbouring clients, are uncorrelated', () => {
    const uniform = createUniform(3);
    const n = 50_000;
    const corr = (pairs: [number, number][]): number => {
      const mx = mean(pairs.map((p) => p[0]));
      const my = mean(pairs.map((p) => p[1]));
      const cov = mean(pairs.map(([a, b]) => (a - mx) * (b - my)));
      const sx = Math.sqrt(mean(pairs.map(([a]) => (a - mx) ** 2)));
      const sy = Math.sqrt(mean(pairs.map(([, b]) => (b - my) ** 2)));
      return cov / (sx * sy);
    };
    const successive = Array.from({ length: n }, (_, i): [number, number] => [uniform(7, i), uniform(7, i + 1)]);
    const neighbours = Array.from({ length: n }, (_, i): [number, number] => [uniform(i, 0), uniform(i + 1, 0)]);
    // Standard error 1/√n ≈ 0.0045.
    expect(Math.abs(corr(successive))).toBeLessThan(0.02);
    expect(Math.abs(corr(neighbours))).toBeLessThan(0.02);
  });

  it('depends on the seed, also above 32 bits', () => {
    expect(createUniform(5)(1, 1)).toBe(createUniform(5)(1, 1));
    expect(createUniform(5)(1, 1)).not.toBe(createUniform(6)(1, 1));
    expect(createUniform(5)(1, 1)).not.toBe(createUniform(5 + 2 ** 32)(1, 1));
  });
});
