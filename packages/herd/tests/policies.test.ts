import { describe, expect, it } from 'vitest';
import {
  MIN_DELAY_MS,
  UNKNOWN_MAX_ATTEMPTS,
  resolvePolicy,
  resolveScenario,
  simulate,
  type RetryPolicy,
} from '../src/index.js';

describe('named strategies', () => {
  it('take base and cap from the options, retry until accepted', () => {
    expect(resolvePolicy('full', { baseMs: 50, capMs: 2000 })).toEqual({
      label: 'full',
      shape: 'exponential',
      jitter: 'full',
      baseMs: 50,
      capMs: 2000,
      factor: 2,
      maxAttempts: Infinity,
      deadlineMs: Infinity,
    });
    expect(resolvePolicy('decorrelated').factor).toBe(3);
  });

  it('reject unknown names and impossible options, naming them', () => {
    expect(() => resolvePolicy('fibonacci' as 'full')).toThrow("unknown strategy 'fibonacci'");
    expect(() => resolvePolicy('full', { baseMs: -1 })).toThrow('baseMs');
    expect(() => resolvePolicy('full', { maxAttempts: 0 })).toThrow('maxAttempts');
    expect(() => resolvePolicy('full', { maxAttempts: 2.5 })).toThrow('maxAttempts');
  });
});

describe('RetryPolicy from the analysis', () => {
  const policy = (overrides: Partial<RetryPolicy> & Pick<RetryPolicy, 'delay'>): RetryPolicy => ({
    maxAttempts: 'unbounded',
    jitter: 'none',
    ...overrides,
  });

  it('an exponential policy without jitter simulates exactly like the exponential strategy', () => {
    const fromPolicy = simulate(policy({ delay: { kind: 'exponential', baseMs: 100, capMs: 10_000, factor: 2 } }));
    const { label, ...rest } = fromPolicy;
    const { label: _named, ...named } = simulate('exponential');
    expect(rest).toEqual(named);
    expect(label).toBe('exponential 100 ms ×2 ≤ 10 s, no jitter, unbounded');
  });

  it('unknown numbers fall back to the options, then to the defaults', () => {
    expect(resolvePolicy(policy({ delay: { kind: 'exponential' } }))).toMatchObject({ baseMs: 100, capMs: 10_000, factor: 2 });
    expect(resolvePolicy(policy({ delay: { kind: 'exponential', baseMs: Number.NaN, capMs: -5 } }), { baseMs: 250, capMs: 4_000 }))
      .toMatchObject({ baseMs: 250, capMs: 4_000 });
  });

  it("delay 'unknown' runs as a constant wait of the base; 'none' as MIN_DELAY_MS", () => {
    expect(resolvePolicy(policy({ delay: { kind: 'unknown', baseMs: 700 } }))).toMatchObject({ shape: 'constant', baseMs: 700 });
    const immediate = resolvePolicy(policy({ delay: { kind: 'none' } }));
    expect(immediate).toMatchObject({ shape: 'constant', baseMs: MIN_DELAY_MS });
    expect(immediate.label).toBe('immediate retry, unbounded');
    const { label: _a, ...none } = simulate(policy({ delay: { kind: 'none' } }), { clients: 20, outageMs: 50 });
    const { label: _b, ...oneMs } = simulate('constant', { baseMs: 1, clients: 20, outageMs: 50 });
    expect(none).toEqual(oneMs);
  });

  it("jitter 'unknown' runs as none; 'decorrelated' jitter as the decorrelated shape with its factor", () => {
    expect(resolvePolicy(policy({ delay: { kind: 'exponential' }, jitter: 'unknown' })).jitter).toBe('none');
    expect(resolvePolicy(policy({ delay: { kind: 'exponential', factor: 2 }, jitter: 'decorrelated' }))).toMatchObject({
      shape: 'decorrelated',
      jitter: 'none',
      factor: 2,
    });
    expect(resolvePolicy(policy({ delay: { kind: 'decorrelated' } })).factor).toBe(3);
  });

  it('proportional jitter spreads the wait ±50 % around the deterministic one', () => {
    const resolved = resolvePolicy(policy({ delay: { kind: 'constant', baseMs: 1000 }, jitter: 'proportional' }));
    expect(resolved.label).toBe('constant 1 s, ±50% jitter, unbounded');
  });

  it(`maxAttempts: 'unbounded' retries until success, 'unknown' allows ${UNKNOWN_MAX_ATTEMPTS}, numbers are whole and at least 1`, () => {
    expect(resolvePolicy(policy({ delay: { kind: 'constant' }, maxAttempts: 'unbounded' })).maxAttempts).toBe(Infinity);
    expect(resolvePolicy(policy({ delay: { kind: 'constant' }, maxAttempts: 'unknown' })).maxAttempts).toBe(UNKNOWN_MAX_ATTEMPTS);
    expect(resolvePolicy(policy({ delay: { kind: 'constant' }, maxAttempts: 0 })).maxAttempts).toBe(1);
    expect(resolvePolicy(policy({ delay: { kind: 'constant' }, maxAttempts: 3.7 })).maxAttempts).toBe(3);
    // Exponential with 10 attempts: 7 while down, then 200 served at each of 12.7, 22.7, 32.7 s.
    const result = simulate(policy({ delay: { kind: 'exponential' }, maxAttempts: 'unknown' }));
    expect([result.totalCalls, result.failedClients]).toEqual([7000 + 1000 + 800 + 600, 400]);
  });

  it('a factor below 1 or a zero cap cannot stop time', () => {
    expect(resolvePolicy(policy({ delay: { kind: 'exponential', factor: 0.5, capMs: 0 } }))).toMatchObject({
      factor: 1,
      capMs: MIN_DELAY_MS,
    });
  });

  it('describes attempts and deadlines', () => {
    const resolved = resolvePolicy({
      maxAttempts: 5,
      deadlineMs: 30_000,
      delay: { kind: 'linear', baseMs: 500, capMs: 5_000 },
      jitter: 'full',
    });
    expect(resolved.label).toBe('linear +500 ms ≤ 5 s, full jitter, 5 attempts, 30 s deadline');
  });
});

describe('scenario', () => {
  it('has the documented defaults', () => {
    expect(resolveScenario()).toEqual({
      clients: 1000,
      capacity: 200,
      outageMs: 10_000,
      startSpreadMs: 0,
      seed: 1,
      horizonMs: 86_400_000,
      windowMs: 1000,
    });
  });

  it.each([
    [{ capacity: 0 }, 'capacity'],
    [{ clients: -1 }, 'clients'],
    [{ clients: 1.5 }, 'clients'],
    [{ outageMs: Number.NaN }, 'outageMs'],
    [{ startSpreadMs: Infinity }, 'startSpreadMs'],
    [{ seed: 0.5 }, 'seed'],
    [{ horizonMs: 1e12 }, 'horizonMs'],
  ])('rejects %o naming %s', (options, name) => {
    expect(() => simulate('full', options)).toThrow(RangeError);
    expect(() => simulate('full', options)).toThrow(name);
  });

  it.each(['linear', 'exponential', 'full', 'equal', 'decorrelated'] as const)(
    'rejects capMs below baseMs for %s, as retry() does',
    (strategy) => {
      expect(() => simulate(strategy, { baseMs: 20_000, capMs: 100 })).toThrow(
        new RangeError('capMs must be >= baseMs (20000), got 100'),
      );
      expect(() => simulate(strategy, { baseMs: 20_000 })).toThrow(new RangeError('capMs must be >= baseMs (20000), got 10000'));
    },
  );

  it('lets constant, which has no cap, take a base above the cap', () => {
    expect(simulate('constant', { baseMs: 20_000, clients: 10 }).p99Ms).toBe(20_000);
  });

  it('zero clients make no calls', () => {
    const result = simulate('full', { clients: 0 });
    expect([result.totalCalls, result.p99Ms, result.series.offered.length]).toEqual([0, null, 0]);
  });
});
