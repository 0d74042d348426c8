import { checkFinite, finiteNumber, MAX_TIMER_MS, optionError } from './validate.js';

/** A source of uniform numbers in [0, 1), like `Math.random`. */
export type RandomSource = () => number;

export type JitterKind = 'full' | 'equal' | 'decorrelated' | 'none';

export interface JitterContext {
  /** 0 for the wait after the first failure, 1 after the second, ... */
  readonly retryIndex: number;
  /** The previous jittered delay (`baseMs` before the first retry); decorrelated jitter grows from it. */
  readonly previousDelayMs: number;
  readonly baseMs: number;
  readonly factor: number;
  readonly capMs: number;
}

/**
 * A custom jitter: given the capped exponential delay, return the wait in ms. The result is
 * clamped to [0, capMs], so a custom jitter can never make the helper unbounded.
 * `fullJitter` and `equalJitter` have this shape and can be passed as they are.
 */
export type JitterFunction = (delayMs: number, random: RandomSource, context: JitterContext) => number;

export interface BackoffOptions {
  /** Delay after the first failure before jitter, in ms. Default 100. */
  baseMs?: number;
  /** Growth per failure. Default 2. */
  factor?: number;
  /** Upper bound on any single delay, in ms. Default 20 000. */
  capMs?: number;
}

export const DEFAULT_BASE_MS = 100;
export const DEFAULT_FACTOR = 2;
export const DEFAULT_CAP_MS = 20_000;

export interface BackoffSettings {
  readonly baseMs: number;
  readonly factor: number;
  readonly capMs: number;
}

/** Validates the three backoff numbers together, since `capMs` is checked against `baseMs`. */
export function backoffSettings(options: BackoffOptions | undefined): BackoffSettings {
  const baseMs = finiteNumber('baseMs', options?.baseMs, 0, DEFAULT_BASE_MS);
  // A factor below 1 makes each wait shorter than the last: that is not a backoff.
  const factor = finiteNumber('factor', options?.factor, 1, DEFAULT_FACTOR);
  const capMs = finiteNumber('capMs', options?.capMs, 0, DEFAULT_CAP_MS);
  if (capMs < baseMs) throw optionError('capMs', `must be ≥ baseMs (${baseMs})`, capMs);
  if (capMs > MAX_TIMER_MS) {
    throw optionError('capMs', `must be ≤ ${MAX_TIMER_MS}, the longest delay setTimeout can hold`, capMs);
  }
  return { baseMs, factor, capMs };
}

/**
 * The un-jittered, capped exponential delay after failure `retryIndex` (0-based, the
 * herd simulator's convention): `min(capMs, baseMs * factor ** retryIndex)`. It is the
 * ceiling that full and equal jitter draw under.
 */
export function backoffDelay(retryIndex: number, options?: BackoffOptions): number {
  if (!Number.isInteger(retryIndex) || retryIndex < 0) {
    throw optionError('retryIndex', 'must be an integer ≥ 0', retryIndex);
  }
  return exponential(retryIndex, backoffSettings(options));
}

function exponential(retryIndex: number, { baseMs, factor, capMs }: BackoffSettings): number {
  // 0 * Infinity is NaN once factor ** n overflows, so a zero base stays zero explicitly.
  if (baseMs === 0) return 0;
  const raw = baseMs * factor ** retryIndex;
  return raw < capMs ? raw : capMs;
}

/** Full jitter: uniform in [0, delayMs). Spreads retries the most; the AWS default. */
export function fullJitter(delayMs: number, random: RandomSource = Math.random): number {
  checkFinite('delayMs', delayMs, 0);
  return delayMs * random();
}

/** Equal jitter: delayMs / 2 plus uniform in [0, delayMs / 2). Never retries sooner than half the backoff. */
export function equalJitter(delayMs: number, random: RandomSource = Math.random): number {
  checkFinite('delayMs', delayMs, 0);
  const half = delayMs / 2;
  return half + half * random();
}

/**
 * Decorrelated jitter: `min(capMs, uniform in [baseMs, 3 * previousDelayMs))`, where
 * `previousDelayMs` is the last delay this returned (start with `baseMs`). It grows from
 * the previous wait instead of the attempt number, so it needs no factor.
 */
export function decorrelatedJitter(
  previousDelayMs: number,
  options?: Pick<BackoffOptions, 'baseMs' | 'capMs'>,
  random: RandomSource = Math.random,
): number {
  checkFinite('previousDelayMs', previousDelayMs, 0);
  const { baseMs, capMs } = backoffSettings(options);
  return decorrelated(previousDelayMs, baseMs, capMs, random);
}

function decorrelated(previousDelayMs: number, baseMs: number, capMs: number, random: RandomSource): number {
  // A previous delay below base (only possible when called by hand) still yields ≥ base.
  const upper = Math.max(baseMs, 3 * previousDelayMs);
  const delay = baseMs + (upper - baseMs) * random();
  return delay < capMs ? delay : capMs;
}

/**
 * The wait before retry `retryIndex` as `retry()` uses it: jittered, then clamped to
 * [0, capMs] whatever the jitter function or random source returned.
 */
export function retryDelay(
  jitter: JitterKind | JitterFunction,
  context: JitterContext,
  random: RandomSource,
): number {
  let delay: number;
  switch (jitter) {
    case 'full':
      delay = fullJitter(exponential(context.retryIndex, context), random);
      break;
    case 'equal':
      delay = equalJitter(exponential(context.retryIndex, context), random);
      break;
    case 'decorrelated':
      delay = decorrelated(context.previousDelayMs, context.baseMs, context.capMs, random);
      break;
    case 'none':
      delay = exponential(context.retryIndex, context);
      break;
    default:
      delay = jitter(exponential(context.retryIndex, context), random, context);
  }
  // setTimeout fires a NaN delay at once, an immediate retry: fail loudly instead.
  if (typeof delay !== 'number' || Number.isNaN(delay)) {
    throw optionError(typeof jitter === 'function' ? 'jitter' : 'random', 'produced a delay that is not a number', delay);
  }
  return delay <= 0 ? 0 : delay < context.capMs ? delay : context.capMs;
}
