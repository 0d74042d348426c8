import { describe, expect, it } from 'vitest';
import { backoffDelay, decorrelatedJitter, equalJitter, fullJitter } from '../src/index.js';
import { sequence } from './support/fake-time.js';

describe('backoffDelay (0-based: n = 0 is the wait after the first failure)', () => {
  it('grows by factor from base and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, { baseMs: 100, factor: 2, capMs: 1000 }))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it('uses the helper defaults: base 100, factor 2, cap 20 000', () => {
    expect([0, 1, 7, 8, 50].map((n) => backoffDelay(n))).toEqual([100, 200, 12_800, 20_000, 20_000]);
  });

  it('stays at the cap when factor ** n overflows to Infinity', () => {
    expect(backoffDelay(5000, { baseMs: 1, factor: 10, capMs: 30_000 })).toBe(30_000);
  });

  it('stays 0 with a zero base even when factor ** n overflows', () => {
    expect(backoffDelay(5000, { baseMs: 0, factor: 10, capMs: 30_000 })).toBe(0);
  });

  it('is constant with factor 1', () => {
    expect([0, 3, 9].map((n) => backoffDelay(n, { baseMs: 250, factor: 1 }))).toEqual([250, 250, 250]);
  });

  it.each([
    [-1, 'retryIndex'],
    [1.5, 'retryIndex'],
    [Number.NaN, 'retryIndex'],
  ])('refuses retryIndex %s', (n, name) => {
    expect(() => backoffDelay(n)).toThrow(RangeError);
    expect(() => backoffDelay(n)).toThrow(`\`${name}\``);
  });

  it.each([
    [{ baseMs: -1 }, 'baseMs'],
    [{ baseMs: Number.NaN }, 'baseMs'],
    [{ factor: 0.5 }, 'factor'],
    [{ factor: Infinity }, 'factor'],
    [{ capMs: 50 }, 'capMs'],
    [{ capMs: 2 ** 31 }, 'capMs'],
  ])('refuses %o naming %s', (options, name) => {
    expect(() => backoffDelay(0, options)).toThrow(RangeError);
    expect(() => backoffDelay(0, options)).toThrow(`option \`${name}\``);
  });
});

describe('fullJitter: uniform in [0, d)', () => {
  it('scales the delay by the random draw', () => {
    expect(fullJitter(1000, () => 0)).toBe(0);
    expect(fullJitter(1000, () => 0.25)).toBe(250);
    expect(fullJitter(1000, () => 0.999)).toBe(999);
  });

  it('refuses a negative or non-finite delay', () => {
    expect(() => fullJitter(-1)).toThrow(RangeError);
    expect(() => fullJitter(Infinity)).toThrow('`delayMs`');
  });
});

describe('equalJitter: d/2 + uniform in [0, d/2)', () => {
  it('keeps at least half the delay', () => {
    expect(equalJitter(1000, () => 0)).toBe(500);
    expect(equalJitter(1000, () => 0.5)).toBe(750);
    expect(equalJitter(1000, () => 0.998)).toBe(999);
  });
});

describe('decorrelatedJitter: min(cap, uniform in [base, 3 * prev))', () => {
  it('draws between base and three times the previous delay', () => {
    const options = { baseMs: 100, capMs: 10_000 };
    expect(decorrelatedJitter(100, options, () => 0)).toBe(100);
    expect(decorrelatedJitter(100, options, () => 0.5)).toBe(200);
    expect(decorrelatedJitter(1000, options, () => 0.5)).toBe(1550);
  });

  it('is capped', () => {
    expect(decorrelatedJitter(5000, { baseMs: 100, capMs: 6000 }, () => 0.9)).toBe(6000);
  });

  it('chains: each delay feeds the next', () => {
    const random = sequence(0.5);
    const delays: number[] = [];
    let previous = 100;
    for (let i = 0; i < 5; i++) {
      previous = decorrelatedJitter(previous, { baseMs: 100, capMs: 1000 }, random);
      delays.push(previous);
    }
    // 100 + 0.5 * (300 - 100) = 200; 100 + 0.5 * (600 - 100) = 350; 100 + 0.5 * (1050 - 100) = 575;
    // 100 + 0.5 * (1725 - 100) = 912.5; then 1418.75, capped to 1000.
    expect(delays).toEqual([200, 350, 575, 912.5, 1000]);
  });
});
