import { describe, expect, it } from 'vitest';
import { accumulated, combine, composedShape, minMax, polynomial } from '../src/evolution/scalar.js';
import { describeDelay } from '../src/describe.js';
import { num, toDelay, type Value } from '../src/value.js';

/** The attempt counter n, a value the same every attempt, and a random number in [0, 1). */
const n: Value = { t: 'counter', random: false };
const fixed: Value = { t: 'invariant', random: false };
const rand: Value = { t: 'rand', random: true };

/** The policy's delay of a value, as a finding states it. */
const described = (value: Value) => describeDelay({ maxAttempts: 3, delay: toDelay(value), jitter: 'none' });

describe('the wait as a function of the attempt counter', () => {
  it('constant: numbers fold, a value fixed before the retry stays fixed', () => {
    expect(combine('*', num(200), num(3))).toEqual(num(600));
    expect(combine('**', num(200), num(2))).toEqual(num(40_000));
    expect(combine('*', fixed, num(2))).toEqual({ t: 'invariant', random: false });
    expect(described(combine('*', num(200), num(3)))).toBe('a fixed 600 ms');
  });

  it('affine: base × n, an offset dropped', () => {
    const wait = combine('*', num(300), combine('+', n, num(1)));
    expect(wait).toEqual({ t: 'grow', shape: 'linear', base: 300, random: false });
    expect(described(wait)).toBe('a linear 300 ms × n');
  });

  it('polynomial: base × n ** p, Math.pow, n * n and a power of an affine term', () => {
    expect(combine('*', num(200), combine('**', n, num(2)))).toEqual({ t: 'grow', shape: 'polynomial', power: 2, base: 200, random: false });
    expect(combine('*', combine('*', num(20), n), n)).toEqual({ t: 'grow', shape: 'polynomial', power: 2, base: 20, random: false });
    expect(combine('**', combine('*', num(3), n), num(3))).toEqual({ t: 'grow', shape: 'polynomial', power: 3, base: 27, random: false });
    expect(described(combine('*', num(200), combine('**', n, num(2))))).toBe('a polynomial 200 ms × n²');
    expect(described(combine('*', num(40), combine('**', n, num(10))))).toBe('a polynomial 40 ms × n¹⁰');
    expect(described(combine('*', num(40), combine('**', n, num(1.5))))).toBe('a polynomial 40 ms × n^1.5');
  });

  it('polynomial with a base fixed but not known: the power is still stated', () => {
    const wait = combine('*', fixed, combine('**', n, num(2)));
    expect(wait).toEqual({ t: 'grow', shape: 'polynomial', power: 2, random: false });
    expect(described(wait)).toBe('a delay growing as n²');
  });

  it('n ** 1 is affine, n ** 0 is 1, a negative power is not a growth', () => {
    expect(combine('**', n, num(1))).toEqual({ t: 'grow', shape: 'linear', base: 1, random: false });
    expect(combine('**', n, num(0))).toEqual(num(1));
    expect(combine('**', n, num(-1))).toEqual({ t: 'unknown', random: false });
  });

  it('geometric: a constant raised to n, and it dominates a polynomial factor', () => {
    const doubling = combine('*', num(100), combine('**', num(2), n));
    expect(doubling).toEqual({ t: 'grow', shape: 'exponential', base: 100, factor: 2, random: false });
    expect(described(doubling)).toBe('100 ms × 2^n');
    expect(combine('*', doubling, combine('**', n, num(2)))).toMatchObject({ t: 'grow', shape: 'exponential' });
  });

  it('sums: the faster-growing term leads; two terms of one power add their bases', () => {
    expect(combine('+', combine('*', num(100), combine('**', n, num(2))), combine('*', num(50), n))).toEqual(polynomial(2, 100));
    expect(combine('+', combine('*', num(100), n), combine('*', num(50), n))).toEqual(polynomial(1, 150));
    expect(combine('+', combine('*', num(100), combine('**', num(2), n)), combine('*', num(5), combine('**', n, num(2))))).toMatchObject({ shape: 'exponential', base: 100, factor: 2 });
  });

  it('capped: Math.min keeps the class and records the cap', () => {
    const capped = minMax(true, num(30_000), combine('*', num(500), combine('**', n, num(2))));
    expect(capped).toEqual({ t: 'grow', shape: 'polynomial', power: 2, base: 500, cap: 30_000, random: false });
    expect(described(capped)).toBe('a polynomial 500 ms × n², capped at 30 s');
  });

  it('random: randomness anywhere marks the wait as jittered, the class kept', () => {
    const jittered = combine('*', rand, combine('*', num(200), combine('**', n, num(2))));
    expect(jittered).toMatchObject({ t: 'grow', shape: 'polynomial', power: 2, base: 200, random: true, jitter: 'full' });
  });

  it('two growths one after the other in an attempt: geometric wins, else the higher power', () => {
    const linear = polynomial(1, 100) as Value & { t: 'grow' };
    const square = polynomial(2, 10) as Value & { t: 'grow' };
    expect(composedShape(linear, linear)).toEqual({ shape: 'linear' });
    expect(composedShape(linear, square)).toEqual({ shape: 'polynomial', power: 2 });
    expect(composedShape(square, { t: 'grow', shape: 'exponential', factor: 2, random: false })).toEqual({ shape: 'exponential' });
  });

  it('accumulated: a step of n^p summed grows as n^(p+1), a geometric step geometrically, a constant one not at all', () => {
    expect(accumulated(combine('*', num(100), n))).toEqual(polynomial(2, 50));
    expect(accumulated(combine('*', num(30), combine('**', n, num(2))))).toEqual(polynomial(3, 10));
    expect(accumulated(combine('*', num(100), combine('**', num(2), n)))).toEqual({ t: 'grow', shape: 'exponential', factor: 2, random: false });
    expect(accumulated(num(300))).toBeUndefined();
  });
});
