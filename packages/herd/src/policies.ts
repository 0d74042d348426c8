import { formatDuration } from './format.js';
import { DEFAULTS, isStrategyName, type RetryPolicy, type SimulateOptions, type StrategyName } from './model.js';
import { SCENARIO_LIMITS, checkLimit, clampToLimit } from './limits.js';
import type { Uniform } from './prng.js';

/**
 * Requests are instantaneous in this model, so a zero wait would retry forever inside one
 * instant. Bases and caps below this are raised to it: it stands for the round trip that
 * even an immediate retry pays, and makes "no delay" the same as the seeds' 1 ms retry.
 */
export const MIN_DELAY_MS = 1;
/** Attempts assumed when the analysis could not tell the limit (p-retry's and async-retry's default retry count). */
export const UNKNOWN_MAX_ATTEMPTS = 10;
/** `proportional` jitter: the wait is d·U[1 − s, 1 + s), the common "±50 %" hand-rolled spread. */
export const PROPORTIONAL_SPREAD = 0.5;
/** Growth of `exponential` when the policy has no factor, and of `decorrelated` (AWS uses 3). */
export const DEFAULT_FACTOR = { exponential: 2, decorrelated: 3 } as const;
/** The power of a polynomial wait whose power the analysis could not tell. */
export const DEFAULT_POWER = 2;

/** A policy with every number known: what both engines run. */
export interface ResolvedPolicy {
  label: string;
  /** How the wait grows with the rejection count n (0 for the first rejection). */
  shape: 'constant' | 'linear' | 'polynomial' | 'exponential' | 'decorrelated';
  /** Randomness applied on top of constant, linear and exponential shapes. */
  jitter: 'none' | 'full' | 'equal' | 'proportional';
  baseMs: number;
  capMs: number;
  /** Exponential growth per attempt, the polynomial shape's power of n, or decorrelated's multiplier of the previous wait. */
  factor: number;
  /** Counts the first call; Infinity for unbounded. */
  maxAttempts: number;
  /** A client gives up instead of sending after this long since its first call; Infinity for none. */
  deadlineMs: number;
  /** A linear shape's waits as the code lists them (the last repeats), instead of base × n. */
  steps?: readonly number[];
}

/** Same state, same next wait: such policies can run clients as cohorts. */
export function isDeterministic(policy: ResolvedPolicy): boolean {
  return policy.shape !== 'decorrelated' && policy.jitter === 'none';
}

function known(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * Turns a strategy name or an analysed RetryPolicy into a runnable policy.
 *
 * Fallbacks for what the analysis could not resolve (also in packages/herd/README.md):
 * - unknown numbers (base, cap) take `options.baseMs`/`options.capMs` (defaults 100 ms, 10 s);
 * - delay kind `none` is an immediate retry, run as MIN_DELAY_MS;
 * - delay kind `unknown` is run as a constant wait of the base: the simulator does not
 *   invent a backoff the code may not have;
 * - jitter `unknown` is run as no jitter, `decorrelated` jitter as the decorrelated shape;
 * - maxAttempts `unbounded` retries until success, `unknown` allows UNKNOWN_MAX_ATTEMPTS.
 */
export function resolvePolicy(policy: StrategyName | RetryPolicy, options: SimulateOptions = {}): ResolvedPolicy {
  const baseMs = checkLimit('baseMs', options.baseMs ?? DEFAULTS.baseMs);
  const capMs = checkLimit('capMs', options.capMs ?? DEFAULTS.capMs);
  if (typeof policy === 'string') {
    if (!isStrategyName(policy)) throw new RangeError(`unknown strategy '${String(policy)}'`);
    // Infinity (the default) is unbounded; a number is within SCENARIO_LIMITS.
    const maxAttempts = options.maxAttempts === undefined || options.maxAttempts === Infinity ? Infinity : checkLimit('maxAttempts', options.maxAttempts);
    // As retry() does: a cap below the base silently replaces every wait by the cap.
    // constant has no cap, so any base goes.
    if (policy !== 'constant' && capMs < baseMs) {
      throw new RangeError(`capMs must be >= baseMs (${baseMs}), got ${capMs}`);
    }
    return finish({
      label: policy,
      ...STRATEGIES[policy],
      baseMs,
      capMs,
      factor: policy === 'decorrelated' ? DEFAULT_FACTOR.decorrelated : DEFAULT_FACTOR.exponential,
      maxAttempts,
      deadlineMs: Infinity,
    });
  }
  const { delay } = policy;
  const shape: ResolvedPolicy['shape'] =
    policy.jitter === 'decorrelated' || delay.kind === 'decorrelated'
      ? 'decorrelated'
      : delay.kind === 'linear' || delay.kind === 'polynomial' || delay.kind === 'exponential'
        ? delay.kind
        : 'constant';
  const jitter: ResolvedPolicy['jitter'] =
    shape === 'decorrelated' || policy.jitter === 'unknown' || policy.jitter === 'decorrelated' ? 'none' : policy.jitter;
  const attempts =
    policy.maxAttempts === 'unbounded'
      ? Infinity
      : policy.maxAttempts === 'unknown' || Number.isNaN(policy.maxAttempts)
        ? UNKNOWN_MAX_ATTEMPTS
        : Math.max(1, Math.floor(policy.maxAttempts));
  // More attempts than the limit would not fit the fluid engine's per-attempt arrays: the
  // run makes at most the limit, and the label says so, rather than take gigabytes.
  const analysedAttempts = attempts === Infinity ? Infinity : Math.min(attempts, SCENARIO_LIMITS.maxAttempts.max);
  const defaultFactor = shape === 'decorrelated' ? DEFAULT_FACTOR.decorrelated : shape === 'polynomial' ? DEFAULT_POWER : DEFAULT_FACTOR.exponential;
  const resolved = finish({
    label: '',
    shape,
    jitter,
    // Past the limit a wait outlasts the horizon all the same: the same run, in bounded arrays.
    baseMs: delay.kind === 'none' ? 0 : known(delay.baseMs) ? clampToLimit('baseMs', delay.baseMs) : baseMs,
    // Listed waits end at their largest: the default cap is no cap of theirs.
    capMs: known(delay.capMs) ? clampToLimit('capMs', delay.capMs) : shape === 'linear' && listedSteps(delay.stepsMs) ? clampToLimit('capMs', Math.max(...delay.stepsMs!)) : capMs,
    factor: shape === 'polynomial' ? (known(delay.power) && delay.power > 0 ? delay.power : defaultFactor) : known(delay.factor) ? delay.factor : defaultFactor,
    maxAttempts: analysedAttempts,
    deadlineMs: known(policy.deadlineMs) ? policy.deadlineMs : Infinity,
    ...(shape === 'linear' && listedSteps(delay.stepsMs) ? { steps: delay.stepsMs!.map((s) => Math.max(MIN_DELAY_MS, clampToLimit('capMs', s))) } : {}),
  });
  let label = describePolicy(resolved, delay.kind === 'none');
  if (attempts > analysedAttempts) label += ` (of ${attempts}: at most ${SCENARIO_LIMITS.maxAttempts.max} simulated)`;
  return { ...resolved, label };
}

const STRATEGIES: Record<StrategyName, Pick<ResolvedPolicy, 'shape' | 'jitter'>> = {
  constant: { shape: 'constant', jitter: 'none' },
  linear: { shape: 'linear', jitter: 'none' },
  exponential: { shape: 'exponential', jitter: 'none' },
  full: { shape: 'exponential', jitter: 'full' },
  equal: { shape: 'exponential', jitter: 'equal' },
  decorrelated: { shape: 'decorrelated', jitter: 'none' },
};

function finish(policy: ResolvedPolicy): ResolvedPolicy {
  return {
    ...policy,
    baseMs: Math.max(MIN_DELAY_MS, policy.baseMs),
    capMs: Math.max(MIN_DELAY_MS, policy.capMs),
    // A factor below 1 would shrink waits towards zero and never let time pass (a power below
    // 1 still grows: n^0.5).
    factor: policy.shape === 'polynomial' ? policy.factor : Math.max(1, policy.factor),
  };
}

/** `1 s, 2 s, 5 s, 10 s`; a long schedule keeps its first three steps and its last. */
function scheduleText(steps: readonly number[]): string {
  const shown = steps.length > 5 ? [...steps.slice(0, 3).map(formatDuration), '…', formatDuration(steps[steps.length - 1] as number)] : steps.map(formatDuration);
  return shown.join(', ');
}

/** Waits as the code lists them: at least two, each a known duration. */
function listedSteps(steps: readonly number[] | undefined): boolean {
  return Array.isArray(steps) && steps.length >= 2 && steps.length <= 1024 && steps.every(known);
}

/** "exponential 100 ms ×2 ≤ 10 s, no jitter, 5 attempts" — for legends and hovers. */
export function describePolicy(policy: ResolvedPolicy, immediate = false): string {
  const base = formatDuration(policy.baseMs);
  const cap = formatDuration(policy.capMs);
  let text: string;
  switch (policy.shape) {
    case 'constant':
      text = immediate ? 'immediate retry' : `constant ${base}`;
      break;
    case 'linear':
      text = policy.steps ? `schedule ${scheduleText(policy.steps)}` : `linear +${base} ≤ ${cap}`;
      break;
    case 'polynomial':
      text = `polynomial ${base} × n^${policy.factor} ≤ ${cap}`;
      break;
    case 'exponential':
      text = `exponential ${base} ×${policy.factor} ≤ ${cap}`;
      break;
    case 'decorrelated':
      text = `decorrelated jitter ${base}–${cap}`;
      break;
  }
  if (policy.jitter !== 'none') {
    text += policy.jitter === 'proportional' ? `, ±${PROPORTIONAL_SPREAD * 100}% jitter` : `, ${policy.jitter} jitter`;
  } else if (policy.shape === 'linear' || policy.shape === 'polynomial' || policy.shape === 'exponential') {
    text += ', no jitter';
  }
  text += policy.maxAttempts === Infinity ? ', unbounded' : `, ${policy.maxAttempts} attempts`;
  if (policy.deadlineMs !== Infinity) text += `, ${formatDuration(policy.deadlineMs)} deadline`;
  return text;
}

/**
 * The wait of `client` after its n-th rejection (n = 0 for the first), given its previous
 * wait (the base before the first). Every engine calls this same function, so they do
 * identical floating-point arithmetic and agree exactly. Jitter draws the client's n-th
 * uniform number, one per rejection.
 */
export type DelayFunction = (client: number, n: number, prev: number) => number;

export function createDelay(policy: ResolvedPolicy, uniform: Uniform): DelayFunction {
  const { baseMs: base, capMs: cap, factor } = policy;
  if (policy.shape === 'decorrelated') {
    return (client, n, prev) => Math.min(cap, base + uniform(client, n) * (factor * prev - base));
  }
  const grow: (n: number) => number = policy.shape === 'exponential' ? exponentialTable(base, cap, factor) : growthOf(policy);
  switch (policy.jitter) {
    case 'none':
      return (_client, n) => grow(n);
    case 'full':
      return (client, n) => uniform(client, n) * grow(n);
    case 'equal':
      return (client, n) => {
        const half = grow(n) / 2;
        return half + uniform(client, n) * half;
      };
    case 'proportional':
      return (client, n) => grow(n) * (1 - PROPORTIONAL_SPREAD + 2 * PROPORTIONAL_SPREAD * uniform(client, n));
  }
}

/**
 * The wait after the n-th rejection (n = 0 for the first) before jitter, for every shape but
 * decorrelated (which draws each wait from the last): the one formula the engines and the cost
 * estimate share.
 */
export function growthOf(policy: ResolvedPolicy): (n: number) => number {
  const { baseMs: base, capMs: cap, factor } = policy;
  switch (policy.shape) {
    case 'constant':
      return () => base;
    case 'linear': {
      const steps = policy.steps;
      if (steps) return (n) => Math.min(cap, steps[Math.min(n, steps.length - 1)] as number);
      return (n) => Math.min(cap, base * (n + 1));
    }
    case 'polynomial':
      return (n) => Math.min(cap, base * (n + 1) ** factor);
    default:
      return (n) => Math.min(cap, base * factor ** n);
  }
}

/**
 * min(cap, base·factor^n) by table lookup: `**` is the most expensive step of a jittered
 * run. The waits never shrink (factor ≥ 1), so once one reaches the cap all later ones
 * are the cap; the table stops there, or at a length no run reaches, beyond which the
 * formula is evaluated. Same numbers either way: the table holds the formula's values.
 */
function exponentialTable(base: number, cap: number, factor: number): (n: number) => number {
  const table: number[] = [];
  for (let n = 0; n < 1024; n++) {
    const wait = Math.min(cap, base * factor ** n);
    table.push(wait);
    if (wait === cap) return (i) => (i < table.length ? table[i]! : cap);
  }
  return (i) => (i < table.length ? table[i]! : Math.min(cap, base * factor ** i));
}
