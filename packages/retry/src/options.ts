import { checkedClock } from './clock.js';
import type { RetryBudget } from './budget.js';
import { isRetryableError } from './classify.js';
import {
  backoffSettings,
  DEFAULT_BASE_MS,
  DEFAULT_CAP_MS,
  DEFAULT_FACTOR,
  type BackoffSettings,
  type JitterFunction,
  type JitterKind,
  type RandomSource,
} from './jitter.js';
import { sleep as defaultSleep } from './sleep.js';
import { checkOptionKeys, finiteNumber, integerInRange, optionalFunction, optionalSignal, optionError, typeError } from './validate.js';

/** What `fn` receives on each call. */
export interface AttemptContext {
  /** 1 for the first call, 2 for the first retry, ... */
  readonly attempt: number;
  /** The caller's signal, to pass on to fetch or the database driver. */
  readonly signal: AbortSignal | undefined;
}

export interface ShouldRetryContext {
  /** The attempt that just failed (1-based). */
  readonly attempt: number;
  readonly maxAttempts: number;
}

export interface RetryEvent {
  /** The attempt that just failed (1-based); the next call is attempt + 1. */
  readonly attempt: number;
  /** The wait before the next call, after jitter, Retry-After and the deadline. */
  readonly delayMs: number;
  readonly error: unknown;
}

/**
 * Why `retry()` stopped. `'callback-error'`: a function given in the options (`shouldRetry`,
 * `onRetry`, a jitter function, `random`, `sleep`, `now`) threw or rejected, or `now` returned
 * something other than a finite number; `error` is what it threw.
 */
export type GiveUpReason =
  | 'not-retryable'
  | 'attempts-exhausted'
  | 'deadline'
  | 'retry-after'
  | 'budget'
  | 'aborted'
  | 'callback-error';

export interface GiveUpEvent {
  /** How many times `fn` was called. */
  readonly attempts: number;
  /** What `retry()` rejects with: the error, a `RetryError`, or the signal's reason. */
  readonly error: unknown;
  readonly reason: GiveUpReason;
}

export type RejectWith = 'retry-error' | 'last-error';

export type SleepFunction = (ms: number, signal?: AbortSignal) => PromiseLike<void>;

export interface RetryOptions {
  /** Calls in all, counting the first. Default 3. An integer from 1 to Number.MAX_SAFE_INTEGER; Infinity is refused. */
  maxAttempts?: number;
  /** Delay after the first failure before jitter, in ms. Default 100. */
  baseMs?: number;
  /** Growth of the delay per failure. Default 2. */
  factor?: number;
  /** Longest single wait, in ms, Retry-After included. Default 20 000. */
  capMs?: number;
  /** Default `'full'`. */
  jitter?: JitterKind | JitterFunction;
  /** Overall time budget in ms from the first call: the last wait is shortened to fit, and no attempt starts after it. */
  deadlineMs?: number;
  /** Alias of `deadlineMs`. */
  maxElapsedMs?: number;
  /** Stops retrying and interrupts a wait at once; `retry()` then rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Replaces the default classifier (`isRetryableError`). */
  shouldRetry?: (error: unknown, context: ShouldRetryContext) => boolean | PromiseLike<boolean>;
  /** Called before each wait. */
  onRetry?: (event: RetryEvent) => void;
  /** Called once when `retry()` is about to reject (not for invalid options). */
  onGiveUp?: (event: GiveUpEvent) => void;
  /**
   * What `retry()` rejects with when the attempts run out: `'retry-error'` (default) a
   * `RetryError` holding the errors, `'last-error'` the last error itself, as a hand-written
   * loop that rethrows it does (the quick fix's rewrite keeps what callers catch).
   */
  rejectWith?: RejectWith;
  /** A budget shared with other calls; a retry it cannot pay for is not made. */
  budget?: RetryBudget;
  /** For tests. Default `Math.random`. */
  random?: RandomSource;
  /** Wall-clock ms since the epoch, for the deadline and Retry-After dates. Default `Date.now`. */
  now?: () => number;
  /** For tests. Must reject with `signal.reason` when `signal` aborts. Default: an abortable setTimeout. */
  sleep?: SleepFunction;
}

export interface Settings extends BackoffSettings {
  readonly maxAttempts: number;
  readonly jitter: JitterKind | JitterFunction;
  /** `Infinity` when there is none. */
  readonly deadlineMs: number;
  readonly signal: AbortSignal | undefined;
  readonly shouldRetry: (error: unknown, context: ShouldRetryContext) => boolean | PromiseLike<boolean>;
  readonly onRetry: ((event: RetryEvent) => void) | undefined;
  readonly onGiveUp: ((event: GiveUpEvent) => void) | undefined;
  readonly rejectWith: RejectWith;
  readonly budget: RetryBudget | undefined;
  readonly random: RandomSource;
  readonly now: () => number;
  readonly sleep: SleepFunction;
}

export const DEFAULT_MAX_ATTEMPTS = 3;

/** The policy `retry(fn)` applies with no options, for tools that describe or simulate it. */
export const RETRY_DEFAULTS = Object.freeze({
  maxAttempts: DEFAULT_MAX_ATTEMPTS,
  baseMs: DEFAULT_BASE_MS,
  factor: DEFAULT_FACTOR,
  capMs: DEFAULT_CAP_MS,
  jitter: 'full' as const,
});

const DEFAULTS: Settings = Object.freeze({
  ...RETRY_DEFAULTS,
  deadlineMs: Infinity,
  signal: undefined,
  shouldRetry: isRetryableError,
  onRetry: undefined,
  onGiveUp: undefined,
  rejectWith: 'retry-error',
  budget: undefined,
  random: Math.random,
  now: Date.now,
  sleep: defaultSleep,
});

const JITTER_KINDS: ReadonlySet<unknown> = new Set<JitterKind>(['full', 'equal', 'decorrelated', 'none']);

// Options of other retry libraries: silently ignoring `retries: 10` would leave the caller
// with 3 attempts and no idea why, so they get pointed at the equivalent instead.
// A Map, so that `constructor` or `toString` find no hint on Object.prototype.
const FOREIGN_OPTIONS: ReadonlyMap<string, string> = new Map(Object.entries({
  retries: 'maxAttempts (which counts the first call: retries + 1)',
  numOfAttempts: 'maxAttempts',
  limit: 'maxAttempts (which counts the first call: limit + 1)',
  minTimeout: 'baseMs',
  startingDelay: 'baseMs',
  initialDelay: 'baseMs',
  maxTimeout: 'capMs',
  maxDelay: 'capMs',
  timeMultiple: 'factor',
  randomize: 'jitter',
  maxRetryTime: 'deadlineMs',
  onFailedAttempt: 'onRetry',
  retry: 'shouldRetry',
  forever: 'a finite maxAttempts and a deadlineMs: this helper does not retry forever',
}));

const KNOWN_OPTIONS: ReadonlySet<string> = new Set<keyof RetryOptions>([
  'maxAttempts',
  'baseMs',
  'factor',
  'capMs',
  'jitter',
  'deadlineMs',
  'maxElapsedMs',
  'signal',
  'shouldRetry',
  'onRetry',
  'onGiveUp',
  'rejectWith',
  'budget',
  'random',
  'now',
  'sleep',
]);

/** Checks every option before the first call; a bad one throws an error that names it. */
export function resolveOptions(options: RetryOptions | undefined): Settings {
  if (options === undefined) return DEFAULTS;
  checkOptionKeys(options, KNOWN_OPTIONS, (key) => {
    const instead = FOREIGN_OPTIONS.get(key);
    return `unknown option \`${key}\`${instead === undefined ? '' : `; use ${instead}`}`;
  });
  // Built field by field: object spread is a slow runtime call on this hot path.
  const { baseMs, factor, capMs } = backoffSettings(options);
  return {
    baseMs,
    factor,
    capMs,
    maxAttempts: maxAttempts(options.maxAttempts),
    jitter: jitter(options.jitter),
    deadlineMs: deadline(options.deadlineMs, options.maxElapsedMs),
    signal: optionalSignal('signal', options.signal),
    shouldRetry: optionalFunction<Settings['shouldRetry']>('shouldRetry', options.shouldRetry) ?? isRetryableError,
    onRetry: optionalFunction('onRetry', options.onRetry),
    onGiveUp: optionalFunction('onGiveUp', options.onGiveUp),
    rejectWith: rejectWith(options.rejectWith),
    budget: budget(options.budget),
    random: optionalFunction<RandomSource>('random', options.random) ?? Math.random,
    now: checkedNow(optionalFunction<() => number>('now', options.now)),
    sleep: optionalFunction<SleepFunction>('sleep', options.sleep) ?? defaultSleep,
  };
}

/**
 * At most Number.MAX_SAFE_INTEGER, so that the attempt count stays exact. No lower bound:
 * the errors kept for the RetryError are bounded (see RetryError), so a large count costs
 * no memory, and `maxAttempts: 1e6, deadlineMs: 30_000` is the honest way to say "retry
 * until the deadline". What bounds the time is the deadline, which is the caller's to choose.
 */
function maxAttempts(value: unknown): number {
  if (value === Infinity) {
    throw optionError(
      'maxAttempts',
      'must be finite: retrying forever is what turns an outage into a retry storm; bound the time with deadlineMs instead',
      value,
    );
  }
  return integerInRange('maxAttempts', value, 1, Number.MAX_SAFE_INTEGER, DEFAULT_MAX_ATTEMPTS);
}

function jitter(value: unknown): JitterKind | JitterFunction {
  if (value === undefined) return 'full';
  if (typeof value === 'function' || JITTER_KINDS.has(value)) return value as JitterKind | JitterFunction;
  throw optionError('jitter', "must be 'full', 'equal', 'decorrelated', 'none' or a function", value);
}

function rejectWith(value: unknown): RejectWith {
  if (value === undefined) return 'retry-error';
  if (value === 'retry-error' || value === 'last-error') return value;
  throw optionError('rejectWith', "must be 'retry-error' or 'last-error'", value);
}

function deadline(deadlineMs: unknown, maxElapsedMs: unknown): number {
  if (deadlineMs !== undefined && maxElapsedMs !== undefined && deadlineMs !== maxElapsedMs) {
    throw optionError('maxElapsedMs', `is an alias of deadlineMs; give one of them (deadlineMs is ${String(deadlineMs)})`, maxElapsedMs);
  }
  const name = deadlineMs !== undefined ? 'deadlineMs' : 'maxElapsedMs';
  const value = deadlineMs ?? maxElapsedMs;
  // Infinity is accepted as "no deadline": maxAttempts still bounds the call.
  return value === Infinity ? Infinity : finiteNumber(name, value, 0, Infinity);
}

function budget(value: unknown): RetryBudget | undefined {
  if (value === undefined) return undefined;
  const b = value as Partial<RetryBudget> | null;
  if (typeof b !== 'object' || b === null || typeof b.tryAcquire !== 'function' || typeof b.release !== 'function' || typeof b.costOf !== 'function') {
    throw typeError('budget', 'a RetryBudget', value);
  }
  return value as RetryBudget;
}

/** Date.now as it is; an injected clock checked on every read (clock.ts). */
function checkedNow(now: (() => number) | undefined): () => number {
  return now === undefined ? Date.now : checkedClock(now);
}
