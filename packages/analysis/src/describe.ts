import type { RetryPolicy } from './types.js';

/** Milliseconds as people write them: 250 ms, 1 s, 1.5 s, 2 min. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'forever';
  if (ms < 1000) return `${trim(ms)} ms`;
  if (ms < 60_000) return `${trim(ms / 1000)} s`;
  // Two hours and more read better in hours (a job queue's cap of e¹⁰ s is "6.1 h", not "367.1 min").
  if (ms >= 7_200_000) return `${trim(ms / 3_600_000)} h`;
  return `${trim(ms / 60_000)} min`;
}

function trim(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, '');
}

/** The wait of a policy in a few words: "a fixed 1 s", "no delay", "a polynomial 200 ms × n²", "100 ms × 2^n". */
export function describeDelay(policy: RetryPolicy): string {
  const { kind, baseMs, factor, capMs } = policy.delay;
  const cap = capMs !== undefined && Number.isFinite(capMs) ? `, capped at ${formatMs(capMs)}` : '';
  switch (kind) {
    case 'none':
      return 'no delay';
    case 'constant':
      return baseMs !== undefined ? `a fixed ${formatMs(baseMs)}` : 'a fixed delay';
    case 'linear':
      if (policy.delay.stepsMs && policy.delay.stepsMs.length > 1) return `a schedule of ${formatSteps(reachedSteps(policy.delay.stepsMs, policy.maxAttempts))}`;
      return baseMs !== undefined ? `a linear ${formatMs(baseMs)} × n${cap}` : `a linearly growing delay${cap}`;
    case 'polynomial': {
      const n = policy.delay.power !== undefined ? `n${formatPower(policy.delay.power)}` : undefined;
      if (baseMs !== undefined && n) return `a polynomial ${formatMs(baseMs)} × ${n}${cap}`;
      return n ? `a delay growing as ${n}${cap}` : `a polynomially growing delay${cap}`;
    }
    case 'exponential':
      if (baseMs !== undefined) return `${formatMs(baseMs)} × ${formatFactor(factor ?? 2)}^n${cap}`;
      return `an exponentially growing delay${cap}`;
    case 'decorrelated':
      return 'a decorrelated delay';
    case 'unknown':
      return 'an unknown delay';
  }
}

/**
 * The waits taken between attempts: with `n` attempts, the first `n − 1` of the list (a table
 * longer than the attempts it serves lists waits no retry reaches). Two at least, or the list.
 */
function reachedSteps(steps: readonly number[], attempts: RetryPolicy['maxAttempts']): readonly number[] {
  return typeof attempts === 'number' && attempts - 1 >= 2 && attempts - 1 < steps.length ? steps.slice(0, attempts - 1) : steps;
}

/**
 * `1 s, 2 s, 5 s then 10 s`; a wait repeated three times or more is said once with its count
 * (`1 s (9 times), 2 s (10 times) then 1 min`); a long list keeps its first three and its last.
 */
function formatSteps(steps: readonly number[]): string {
  const parts: string[] = [];
  const before = steps.slice(0, -1);
  for (let i = 0; i < before.length; ) {
    let j = i;
    while (j < before.length && before[j] === before[i]) j++;
    const ms = formatMs(before[i] as number);
    if (j - i >= 3) parts.push(`${ms} (${j - i} times)`);
    else for (let k = i; k < j; k++) parts.push(ms);
    i = j;
  }
  const shown = parts.length > 4 ? [...parts.slice(0, 3), '…'] : parts;
  return `${shown.join(', ')} then ${formatMs(steps[steps.length - 1] as number)}`;
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** `²`, `¹⁰`, `^1.5`: the power of n as people write it. */
function formatPower(power: number): string {
  if (Number.isInteger(power) && power >= 0) return [...String(power)].map((d) => SUPERSCRIPT[Number(d)]).join('');
  return `^${Number(power.toFixed(2))}`;
}

/** `2`, `1.5`, `e` for Math.E (`Math.exp(n)`). */
function formatFactor(factor: number): string {
  if (Math.abs(factor - Math.E) < 1e-12) return 'e';
  return Number.isInteger(factor) ? String(factor) : String(Number(factor.toFixed(2)));
}

export function describeAttempts(policy: RetryPolicy): string {
  const max = policy.maxAttempts;
  const deadline = policy.deadlineMs !== undefined ? `for up to ${formatMs(policy.deadlineMs)}` : undefined;
  if (typeof max !== 'number' && deadline) return deadline;
  if (max === 'unbounded') return 'no limit on attempts';
  if (max === 'unknown') return policy.ownerStop ? 'until its owner stops it' : 'an unknown number of attempts';
  return max === 1 ? '1 attempt' : `up to ${max} attempts`;
}

export interface Amplification {
  /** Calls the innermost operation can receive per outer request, when both are known. */
  total?: number;
  /**
   * "up to 4 × 3 = 12 calls per request", "unbounded × 3 calls per request: no limit",
   * "4 × the inner layer's attempts per request" (a limit the analysis cannot read is named, not shown as "?").
   */
  text: string;
}

/**
 * Amplification's total alone, without its text: what a rule compares across every retry nested
 * in a site (the outermost of 600 nested loops has 599) before it words the worst one.
 */
export function amplifiedCalls(outer: RetryPolicy, inner: RetryPolicy): number | undefined {
  const a = outer.maxAttempts;
  const b = inner.maxAttempts;
  return typeof a === 'number' && typeof b === 'number' ? a * b : undefined;
}

/** How many calls a retry nested in a retry can make per request. */
export function amplification(outer: RetryPolicy, inner: RetryPolicy): Amplification {
  const a = outer.maxAttempts;
  const b = inner.maxAttempts;
  const total = amplifiedCalls(outer, inner);
  if (total !== undefined) return { total, text: `up to ${a} × ${b} = ${total} calls per request` };
  const noLimit = a === 'unbounded' || b === 'unbounded' ? ': no limit' : '';
  if (a === 'unknown' && b === 'unknown') return { text: "the two layers' attempts multiply per request" };
  const left = typeof a === 'number' ? String(a) : a === 'unbounded' ? 'unbounded' : "the outer layer's attempts";
  const right = typeof b === 'number' || b === 'unbounded' ? `${b} calls` : "the inner layer's attempts";
  return { text: `${left} × ${right} per request${noLimit}` };
}
