import { RANDOM_OFF_TERM, UNKNOWN, join, markPartlyRandom, markRandomOff, num, offByDefault, randomOff, withRandom, type Value } from '../value.js';

/**
 * How a wait evolves with the attempt number n, computed as a compiler's scalar evolution: each
 * value the evaluator reads is one of a few classes of functions of n, and arithmetic on two
 * of them gives the class of the result.
 * - constant: a known number (`num`) or one the same every attempt (`invariant`);
 * - affine: the counter itself (`counter`, n plus a constant) or `base × n` (grow `linear`);
 * - polynomial: `base × n^power` (grow `polynomial`): `200 * attempt ** 2`, `n * n`;
 * - geometric: `base × factor^n` (grow `exponential`): `100 * 2 ** n`, `d *= 2`;
 * - capped: any growth under `Math.min(cap, …)`;
 * - random: any of them with randomness mixed in (`random`, with the jitter's kind).
 * Offsets are dropped (`n + 1` is still affine; `base × n² + 50` still `base × n²`): the class
 * and the leading term are what a finding states and the simulator runs.
 */

/** `base × n^power`: the counter (power 1, base 1), a linear growth, or a polynomial one. */
interface Power {
  power: number | undefined;
  base: number | undefined;
}

function powerOf(v: Value): Power | undefined {
  if (v.t === 'counter') return { power: 1, base: 1 };
  if (v.t !== 'grow') return undefined;
  if (v.shape === 'linear') return { power: 1, base: v.base };
  if (v.shape === 'polynomial') return { power: v.power, base: v.base };
  return undefined;
}

/** The growth `base × n^power`: linear at power 1, polynomial above (a power not known stays polynomial). */
export function polynomial(power: number | undefined, base: number | undefined): Value {
  const value: Value = power === 1 ? { t: 'grow', shape: 'linear', random: false } : { t: 'grow', shape: 'polynomial', random: false };
  if (power !== 1 && power !== undefined && value.t === 'grow') value.power = power;
  if (base !== undefined && Number.isFinite(base) && value.t === 'grow') value.base = base;
  return value;
}

/** A linear or geometric growth from a starting value (`d += step`, `d *= factor`). */
export function growth(shape: 'linear' | 'exponential', base: number | undefined, factor: number | undefined): Value {
  const value: Value = { t: 'grow', shape, random: false };
  if (base !== undefined) value.base = base;
  if (factor !== undefined) value.factor = factor;
  return value;
}

const isGrowing = (v: Value): boolean => v.t === 'grow' || v.t === 'counter';
const isGeometric = (v: Value): boolean => v.t === 'grow' && v.shape === 'exponential';

function isZero(value: Value): boolean {
  return value.t === 'num' && value.v === 0 && !value.random;
}

/** Arithmetic on what is known: numbers fold, counters become growth, randomness is carried. */
export function combine(op: string, a: Value, b: Value): Value {
  if (op === '*') {
    // `Math.random() * (opts.jitter || 0)`, `Math.random() * 0`: a random term that is 0 (by default).
    const off = (v: Value) => offByDefault(v) || isZero(v);
    if ((off(a) && b.random) || (off(b) && a.random)) return RANDOM_OFF_TERM;
    // That term times anything known (`… * (coin ? 1 : -1)`) is still 0.
    const offTerm = (v: Value) => randomOff(v) && isZero({ ...v, random: false } as Value);
    if ((offTerm(a) && b.t !== 'unknown') || (offTerm(b) && a.t !== 'unknown')) return RANDOM_OFF_TERM;
  }
  return keepRandomOff(a, b, markPartlyRandom(combineValues(op, a, b), a, b, false));
}

/** The result of combining `a` and `b`, still marked when randomness in either was off by default. */
export function keepRandomOff(a: Value, b: Value, result: Value): Value {
  return (randomOff(a) || randomOff(b)) && !result.random ? markRandomOff(result) : result;
}

function combineValues(op: string, a: Value, b: Value): Value {
  const random = a.random || b.random;
  if (a.t === 'rand' || b.t === 'rand') {
    const other = a.t === 'rand' ? b : a;
    if (other.t === 'rand') return { t: 'rand', random: true };
    if (op === '*') return withRandom(other, true, other.jitter ?? 'full');
    if (op === '+' || op === '-') return withRandom(other, true, other.jitter ?? 'proportional');
    return withRandom(other, true, 'unknown');
  }
  let jitter = a.jitter ?? b.jitter ?? (random ? (op === '*' ? 'full' : 'proportional') : undefined);
  // `d / 2 + Math.random() * (d / 2)`: half fixed, half random is equal jitter.
  if (op === '+' && a.random !== b.random && sameMagnitude(a, b)) jitter = 'equal';
  return withRandom(structural(op, a, b), random, jitter);
}

function sameMagnitude(a: Value, b: Value): boolean {
  if (a.t === 'num' && b.t === 'num') return a.v === b.v;
  if (a.t === 'grow' && b.t === 'grow') return a.shape === b.shape && a.base === b.base && a.factor === b.factor && a.power === b.power;
  return false;
}

function structural(op: string, a: Value, b: Value): Value {
  if (a.t === 'num' && b.t === 'num') {
    const value = arithmetic(op, a.v, b.v);
    return value === undefined ? UNKNOWN : num(value);
  }
  if (a.t === 'unknown' || b.t === 'unknown') return UNKNOWN;
  switch (op) {
    case '*':
      return product(a, b);
    case '**':
      return power(a, b);
    case '<<': {
      if (isGrowing(b)) return a.t === 'num' ? { t: 'grow', shape: 'exponential', base: a.v, factor: 2, random: false } : { t: 'grow', shape: 'exponential', factor: 2, random: false };
      // `n << 3` is `n * 8`: the same class, scaled.
      return isGrowing(a) ? product(a, b.t === 'num' ? num(2 ** b.v) : { t: 'invariant', random: false }) : { t: 'invariant', random: false };
    }
    case '+':
    case '-':
      return sum(op, a, b);
    case '/': {
      // `d / 1000`: the whole wait scales, its cap and listed steps too.
      if (a.t === 'grow') {
        const { base, cap, steps, ...unscaled } = a;
        const scaled: Value = { ...unscaled, random: false };
        if (b.t !== 'num' || b.v === 0) return scaled;
        if (base !== undefined) scaled.base = base / b.v;
        if (cap !== undefined) scaled.cap = cap / b.v;
        if (steps !== undefined) scaled.steps = steps.map((s) => s / b.v);
        return scaled;
      }
      if (a.t === 'counter') return { t: 'grow', shape: 'linear', random: false };
      return isGrowing(b) ? UNKNOWN : { t: 'invariant', random: false };
    }
    default:
      return UNKNOWN;
  }
}

/** `a × b`: powers of n add (`n * n` is n², `200 * n ** 2` is 200 n²); a geometric factor dominates. */
function product(a: Value, b: Value): Value {
  // `backoff * attempt` with `backoff = 0`: nothing grows.
  if ((a.t === 'num' && a.v === 0) || (b.t === 'num' && b.v === 0)) return num(0);
  if (isGrowing(a) && isGrowing(b)) {
    if (isGeometric(a) || isGeometric(b)) return { t: 'grow', shape: 'exponential', random: false };
    const [pa, pb] = [powerOf(a) as Power, powerOf(b) as Power];
    const sum = pa.power !== undefined && pb.power !== undefined ? pa.power + pb.power : undefined;
    return polynomial(sum, pa.base !== undefined && pb.base !== undefined ? pa.base * pb.base : undefined);
  }
  const g = isGrowing(a) ? a : isGrowing(b) ? b : undefined;
  const k = g === a ? b : a;
  if (!g) return { t: 'invariant', random: false };
  if (g.t === 'counter') return k.t === 'num' ? { t: 'grow', shape: 'linear', base: k.v, random: false } : { t: 'grow', shape: 'linear', random: false };
  if (g.t !== 'grow') return UNKNOWN;
  // Without `base` as made, not deleted after: a deleted property leaves the object slow
  // to copy, and every later spread of this value (withRandom, minMax) paid for it.
  const { base: _base, ...unscaled } = g;
  const scaled: Value = { ...unscaled, random: false };
  if (k.t === 'num' && g.base !== undefined) scaled.base = g.base * k.v;
  else if (k.t === 'num' && g.shape === 'linear') scaled.base = k.v;
  if (scaled.cap !== undefined) {
    if (k.t === 'num') scaled.cap = scaled.cap * k.v;
    else delete scaled.cap;
  }
  // Listed waits scale with the formula (`DELAYS_S[n] * 1000`); by an unknown factor they are not known.
  if (scaled.t === 'grow' && scaled.steps !== undefined) {
    if (k.t === 'num') scaled.steps = scaled.steps.map((s) => s * k.v);
    else delete scaled.steps;
  }
  return scaled;
}

/** `a ** b`: a constant raised to n is geometric; n (or c·n^q) raised to a constant p is c^p·n^(q·p). */
function power(a: Value, b: Value): Value {
  // `1 ** n` (a factor option left at 1): the same every attempt.
  if (a.t === 'num' && a.v === 1) return num(1);
  if (isGrowing(b)) {
    if (a.t !== 'num') return { t: 'grow', shape: 'exponential', random: false };
    const raised: Value = { t: 'grow', shape: 'exponential', base: 1, factor: a.v, random: false };
    // `2 ** Math.min(n, 4)`: a cap on the exponent caps the wait at 2⁴.
    if (b.t === 'grow' && b.cap !== undefined && a.v > 1) raised.cap = a.v ** b.cap;
    return raised;
  }
  if (!isGrowing(a)) return { t: 'invariant', random: false };
  if (isGeometric(a)) {
    const g = a as Value & { t: 'grow' };
    if (b.t !== 'num' || b.v <= 0) return b.t === 'num' ? UNKNOWN : { t: 'grow', shape: 'exponential', random: false };
    const raised: Value = { t: 'grow', shape: 'exponential', random: false };
    if (g.factor !== undefined) raised.factor = g.factor ** b.v;
    if (g.base !== undefined) raised.base = g.base ** b.v;
    return raised;
  }
  const p = powerOf(a) as Power;
  if (b.t !== 'num') return polynomial(undefined, undefined);
  // n ** 0 is 1; a negative power shrinks with the attempt: no growth class of ours.
  if (b.v === 0) return num(1);
  if (b.v < 0) return UNKNOWN;
  return polynomial(p.power === undefined ? undefined : p.power * b.v, p.base === undefined ? undefined : p.base ** b.v);
}

/** `a ± b`: the faster-growing term leads (geometric over polynomial over affine over constant). */
function sum(op: string, a: Value, b: Value): Value {
  if (a.t === 'counter' && b.t !== 'grow') return { t: 'counter', random: false };
  if (b.t === 'counter' && a.t !== 'grow') return { t: 'counter', random: false };
  if (!isGrowing(a) && !isGrowing(b)) return { t: 'invariant', random: false };
  if (isGeometric(a) || isGeometric(b)) {
    const g = (isGeometric(a) ? a : b) as Value & { t: 'grow' };
    return { ...g, random: false };
  }
  const [pa, pb] = [powerOf(a), powerOf(b)];
  const lead = !pa ? b : !pb ? a : (pb.power ?? Infinity) > (pa.power ?? Infinity) ? b : a;
  // Two terms of one power: their bases add (`100 * n + 50 * n` is 150 n); `-` of the second subtracts.
  if (pa && pb && pa.power !== undefined && pa.power === pb.power && pa.base !== undefined && pb.base !== undefined) {
    const base = op === '+' ? pa.base + pb.base : pa.base - pb.base;
    return base > 0 ? polynomial(pa.power, base) : UNKNOWN;
  }
  if (lead.t === 'counter') return { t: 'grow', shape: 'linear', random: false };
  // Listed waits plus a constant (`DELAYS[n] + 250`) are listed waits still; plus another growth, not.
  const { steps, ...rest } = lead as Value & { t: 'grow' };
  const other = lead === a ? b : a;
  const shifted = steps && other.t === 'num' ? steps.map((s) => (op === '-' && lead === a ? s - other.v : op === '-' ? other.v - s : s + other.v)) : undefined;
  if (shifted && shifted.every((s) => s >= 0)) return { ...rest, steps: shifted, random: false };
  // `5000 + 2000 * n` is no "2 s × n": a line that does not start at its step keeps its class, not
  // its numbers (`1000 * n + 1000` is 1 s × n counted from 1, and keeps them).
  if (!steps && rest.shape === 'linear' && rest.base !== undefined && other.t === 'num' && other.v !== 0 && other.v !== rest.base) {
    const { base: _base, ...unscaled } = rest;
    return { ...unscaled, random: false };
  }
  return { ...rest, random: false };
}

function arithmetic(op: string, a: number, b: number): number | undefined {
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return a / b;
    case '%': return a % b;
    case '**': return a ** b;
    case '<<': return a << b;
    case '>>': return a >> b;
    default: return undefined;
  }
}

/** `Math.min(a, b)` / `Math.max(a, b)`: a cap (or floor) on a growth keeps its class; numbers fold. */
export function minMax(isMin: boolean, a: Value, b: Value): Value {
  return markPartlyRandom(minMaxValues(isMin, a, b), a, b, false);
}

function minMaxValues(isMin: boolean, a: Value, b: Value): Value {
  const random = a.random || b.random;
  const jitter = a.jitter ?? b.jitter;
  if (a.t === 'num' && b.t === 'num') return withRandom(num(isMin ? Math.min(a.v, b.v) : Math.max(a.v, b.v)), random, jitter);
  const growing = a.t === 'grow' || a.t === 'counter' ? a : b.t === 'grow' || b.t === 'counter' ? b : undefined;
  const other = growing === a ? b : a;
  if (growing) {
    const grow: Value = growing.t === 'counter' ? { t: 'grow', shape: 'linear', random: false } : { ...growing };
    if (isMin && other.t === 'num' && Number.isFinite(other.v) && grow.t === 'grow') {
      grow.cap = grow.cap === undefined ? other.v : Math.min(grow.cap, other.v);
      if (grow.steps) grow.steps = grow.steps.map((s) => Math.min(s, other.v));
    } else if (grow.t === 'grow' && grow.steps) {
      // A floor, or a cap not known: the listed waits are not what is waited.
      delete grow.steps;
    }
    return withRandom(grow, random, jitter);
  }
  return join(a, b);
}

/**
 * Two growths one after the other in one attempt (`d *= 2; d += 100`): geometric if either is,
 * else the higher power (path-updates.ts composes factors and caps; this is the class).
 */
export function composedShape(a: Value & { t: 'grow' }, b: Value & { t: 'grow' }): Pick<Value & { t: 'grow' }, 'shape' | 'power'> {
  if (a.shape === 'exponential' || b.shape === 'exponential') return { shape: 'exponential' };
  const [pa, pb] = [powerOf(a) as Power, powerOf(b) as Power];
  if (pa.power === 1 && pb.power === 1) return { shape: 'linear' };
  const power = pa.power === undefined || pb.power === undefined ? undefined : Math.max(pa.power, pb.power);
  return power === undefined ? { shape: 'polynomial' } : { shape: 'polynomial', power };
}

/**
 * A wait that adds `step` to itself each attempt (`d += 100 * attempt`): the sum of a step of
 * class n^p grows as n^(p+1) (leading base b/(p+1)), of a geometric step geometrically.
 * Undefined for a step that does not grow (the caller's affine reading stands).
 */
export function accumulated(step: Value): Value | undefined {
  if (isGeometric(step)) {
    const g = step as Value & { t: 'grow' };
    const value: Value = { t: 'grow', shape: 'exponential', random: false };
    if (g.factor !== undefined) value.factor = g.factor;
    return value;
  }
  const p = powerOf(step);
  if (!p) return undefined;
  return polynomial(p.power === undefined ? undefined : p.power + 1, p.base !== undefined && p.power !== undefined ? p.base / (p.power + 1) : undefined);
}
