import type { RetryPolicy } from '../types.js';

/** What limits a retry; `attempts` is absent when nothing counts attempts. */
export interface Bound {
  attempts?: number | 'unknown';
  deadline: boolean;
  deadlineMs?: number;
  abortAware: boolean;
}

/** The policy's attempt limit: a count, 'unknown' when limited somehow, else 'unbounded'. */
export function maxAttemptsOf(bound: Bound | undefined, unboundedWithoutLimit: boolean): RetryPolicy['maxAttempts'] {
  if (bound?.attempts === Infinity) return 'unbounded';
  if (bound?.attempts !== undefined) return bound.attempts;
  return unboundedWithoutLimit ? 'unbounded' : 'unknown';
}

/** Both limits hold: the smaller attempt count, any deadline, any abort. */
export function merge(a: Bound | undefined, b: Bound): Bound {
  if (!a) return b;
  const result: Bound = { deadline: a.deadline || b.deadline, abortAware: a.abortAware || b.abortAware };
  const counts = [a.attempts, b.attempts].filter((x): x is number => typeof x === 'number');
  if (counts.length > 0) result.attempts = Math.min(...counts);
  else if (a.attempts !== undefined || b.attempts !== undefined) result.attempts = 'unknown';
  const deadlineMs = a.deadlineMs ?? b.deadlineMs;
  if (deadlineMs !== undefined) result.deadlineMs = deadlineMs;
  return result;
}
