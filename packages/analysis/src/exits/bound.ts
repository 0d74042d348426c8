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
