import type { RetryPolicy } from './types.js';

/**
 * What the analysis knows of a number that a retry computes, per attempt:
 * - `num`: the same known number every attempt;
 * - `invariant`: the same every attempt, value unknown;
 * - `counter`: the attempt counter itself (grows by one per attempt);
 * - `grow`: grows with the attempt: linearly, as a power of it, or exponentially (evolution/scalar.ts);
 * - `rand`: a random number in [0, 1) (Math.random());
 * - `unknown`: anything else.
 * `random` marks values with randomness mixed in, which is what jitter is.
 */
export type Value = (
  | { t: 'num'; v: number; random: boolean; jitter?: Jitter }
  | { t: 'invariant'; random: boolean; jitter?: Jitter; /** The largest value it may be, when each is known (`remote ? 3 : 1`). */ atMost?: number }
  | { t: 'counter'; random: boolean; jitter?: Jitter }
  | { t: 'grow'; shape: 'linear' | 'polynomial' | 'exponential'; base?: number; factor?: number; power?: number; cap?: number; steps?: readonly number[]; random: boolean; jitter?: Jitter }
  | { t: 'rand'; random: true; jitter?: Jitter }
  | { t: 'unknown'; random: boolean; jitter?: Jitter }
) &
  ValueMarks;

/** What a value says besides its number, about the options it came from. */
export interface ValueMarks {
  /** A caller's option that is 0 unless set (`opts.jitter || 0`). */
  offByDefault?: true;
  /** Randomness the code has, shown to be 0 unless the caller sets an option. */
  randomOff?: true;
  /** `true` or `false`: a conditional tested on it takes that branch. */
  truth?: boolean;
  /**
   * What `typeof` (and `Array.isArray`) says of a value that is not a number: a function, an
   * array or a string. A test on it (`typeof retryOn === 'function'`) takes a known branch.
   */
  kind?: 'function' | 'array' | 'string';
  /**
   * A function a caller hands in (`withRetry(fn, { delay: ({ count }) => (1 << count) * 150 })`),
   * read where the code calls it: its node and the context of the file it is written in (opaque
   * here, so that values stay free of the analysis context).
   */
  closure?: { readonly fn: import('./ast.js').FunctionNode; readonly scope: unknown };
  /** A string's text (`'FIXED'`), compared with other strings. */
  text?: string;
  /** An array known to be empty (`retryOn: []`): it holds nothing (`indexOf(x) === -1`). */
  empty?: true;
  /** Computed with the server's wait (a `Retry-After` header) read as absent: the wait of a response without one. */
  withoutServerWait?: true;
  /**
   * Random on some paths only: a branch the code can take waits a known amount with no
   * randomness (`wait = backoff` beside `wait = backoff + jitter` for a 429). Jitter is a fact
   * only when every way to the wait has it.
   */
  partlyRandom?: true;
}

export type Jitter = RetryPolicy['jitter'];

/** A caller's option that is 0 unless set: a random term it scales is off by default. */
export function offByDefault(value: Value): boolean {
  return value.offByDefault === true;
}

/** The value of a caller's option that falls back to 0 (`opts.jitter || 0`): what the read alone says, marked off by default. */
export function markOffByDefault(value: Value): Value {
  return { ...value, offByDefault: true };
}

/**
 * Randomness the code has but that is switched off unless the caller sets an option (or
 * multiplied by a known 0): `delay + Math.random() * (opts.jitter || 0)` is `delay`, with no
 * jitter, by default. The mark keeps a helper's `Math.random()` from being read as jitter
 * after the value flow has shown it to be 0.
 */
export function markRandomOff(value: Value): Value {
  return value.randomOff ? value : { ...value, randomOff: true };
}

export function randomOff(value: Value): boolean {
  return value.randomOff === true;
}

/** A random term that is 0 by default: `Math.random() * (opts.jitter || 0)`. */
export const RANDOM_OFF_TERM: Value = markRandomOff({ t: 'num', v: 0, random: false });

export const UNKNOWN: Value = { t: 'unknown', random: false };
export const num = (v: number): Value => ({ t: 'num', v, random: false });

export function withRandom(value: Value, random: boolean, jitter?: Jitter): Value {
  if (!random) return value;
  return { ...value, random: true, jitter: value.jitter ?? jitter ?? 'unknown' } as Value;
}

/** Randomness on every path of `value`. */
function fullyRandom(value: Value): boolean {
  return value.random && !value.partlyRandom;
}

/**
 * Marks a result random on some paths only: one side is random and the other a known value
 * with none (an unknown side may be random for all the analysis knows), or a side was already
 * partly random and the other adds no randomness on every path.
 */
export function markPartlyRandom(result: Value, a: Value, b: Value, either: boolean): Value {
  if (!result.random) return result;
  const known = (v: Value) => v.t !== 'unknown';
  const split = either && a.random !== b.random && known(a) && known(b);
  const carried = (a.partlyRandom === true && !fullyRandom(b)) || (b.partlyRandom === true && !fullyRandom(a));
  if (!split && !carried) return result.partlyRandom ? withoutPartly(result) : result;
  return result.partlyRandom ? result : { ...result, partlyRandom: true };
}

function withoutPartly(value: Value): Value {
  const { partlyRandom: _partly, ...rest } = value;
  return rest as Value;
}

/**
 * Either of two values (branches of a conditional, several assignments). Random if either is:
 * which branch runs may be the caller's choice (an option), so a random branch is taken as
 * jitter the code offers; a randomness that only some failures get is marked where the paths
 * are known to be the code's own (evolution/skipped-writes.ts), and carried from there.
 */
export function join(a: Value, b: Value): Value {
  return markPartlyRandom(joinValues(a, b), a, b, false);
}

function joinValues(a: Value, b: Value): Value {
  const random = a.random || b.random;
  const jitter = a.jitter ?? b.jitter;
  if (a.t === 'num' && b.t === 'num' && a.v === b.v) return withRandom(a, random, jitter);
  // The counter or its start (`this.failures++` and `this.failures = 0` on success): still the counter.
  const steady = (v: Value) => v.t === 'num' || v.t === 'invariant';
  // `attempt++` on each of two ways back (a thrown error, a retryable status): one step per attempt either way.
  if ((a.t === 'counter' && (steady(b) || b.t === 'counter')) || (b.t === 'counter' && steady(a))) return withRandom({ t: 'counter', random: false }, random, jitter);
  if (a.t === 'grow' || b.t === 'grow' || a.t === 'counter' || b.t === 'counter') {
    const grow = a.t === 'grow' ? a : b.t === 'grow' ? b : undefined;
    return withRandom(grow ?? { t: 'grow', shape: 'linear', random: false }, random, jitter);
  }
  if (a.t === 'unknown' || b.t === 'unknown') return withRandom(UNKNOWN, random, jitter);
  const most = (v: Value) => (v.t === 'num' ? v.v : v.t === 'invariant' ? v.atMost : undefined);
  const [ma, mb] = [most(a), most(b)];
  return withRandom(ma !== undefined && mb !== undefined ? { t: 'invariant', random: false, atMost: Math.max(ma, mb) } : { t: 'invariant', random: false }, random, jitter);
}

/** How the wait of a retry behaves, in the policy's terms. */
export function toDelay(value: Value): RetryPolicy['delay'] {
  switch (value.t) {
    case 'num':
      return value.v === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: value.v };
    case 'invariant':
      return { kind: 'constant' };
    case 'counter':
      return { kind: 'linear' };
    case 'grow': {
      const delay: RetryPolicy['delay'] = { kind: value.shape };
      if (value.base !== undefined) delay.baseMs = value.base;
      if (value.factor !== undefined && value.shape === 'exponential') delay.factor = value.factor;
      if (value.power !== undefined && value.shape === 'polynomial') delay.power = value.power;
      if (value.cap !== undefined) delay.capMs = value.cap;
      if (value.steps !== undefined) delay.stepsMs = [...value.steps];
      return delay;
    }
    case 'rand':
    case 'unknown':
      return { kind: 'unknown' };
  }
}

/**
 * A fixed schedule of waits (`[250, 500, 1000, 2000]`), one per attempt: constant when all
 * are equal, exponential when each is the same multiple of the one before, linear when each is
 * the first times the attempt, else the steps themselves (`[1000, 2000, 5000]`, and any list
 * that is not strictly increasing: `[100, 500, 1000, 1000]`), which the description and the
 * simulation read instead of a formula.
 * A leading 0 (the first attempt goes at once) is not a wait between attempts.
 */
export function scheduleValue(waits: readonly number[]): Value {
  const positive = waits[0] === 0 ? waits.slice(1) : [...waits];
  const first = positive[0];
  if (first === undefined) return num(0);
  if (positive.every((w) => w === first)) return num(first);
  const increasing = positive.every((w, i) => i === 0 || w > (positive[i - 1] as number));
  // Not one wait, and not a formula: the waits as listed (`[100, 500, 1000, 1000]`, a cap
  // repeated; `[1000, 500, 2000]`), which the description and the simulation read in order.
  if (!increasing) return { t: 'grow', shape: 'linear', base: first, steps: positive, random: false };
  const ratio = (positive[1] as number) / first;
  const geometric = first > 0 && positive.every((w, i) => i === 0 || Math.abs(w / (positive[i - 1] as number) - ratio) < 1e-9);
  if (geometric) return { t: 'grow', shape: 'exponential', base: first, factor: ratio, random: false };
  const affine = positive.every((w, i) => Math.abs(w - first * (i + 1)) < 1e-9);
  return affine ? { t: 'grow', shape: 'linear', base: first, random: false } : { t: 'grow', shape: 'linear', base: first, steps: positive, random: false };
}

/**
 * A table of waits read at an index that is not one known number: the attempt counter, or a
 * clamp of it (`DELAYS[Math.min(n, DELAYS.length - 1)]`), or any index that changes between
 * attempts. Whatever the index, the wait is one of the table's: all equal is a fixed wait; an
 * index drawn at random is a random wait; one that does not change reads the same entry each
 * time; one that steps with the attempts walks the schedule the table holds, in order, capped
 * at its largest entry; any other index says nothing.
 */
export function tableRead(waits: readonly number[], index: Value): Value {
  const first = waits[0];
  if (first === undefined) return UNKNOWN;
  if (waits.every((w) => w === first)) return num(first);
  if (index.random) return { t: 'unknown', random: true };
  // An index that does not change between attempts (`LEVELS[level]`) reads one entry every time.
  if (index.t === 'invariant') return { t: 'invariant', random: false };
  // Only an index that steps with the attempts walks the table; any other is not known to.
  if (index.t !== 'counter' && index.t !== 'grow') return UNKNOWN;
  const schedule = scheduleValue(waits);
  if (index.t === 'counter' || schedule.t !== 'grow') return schedule;
  return { ...schedule, cap: Math.max(...waits) };
}
