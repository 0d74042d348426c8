import type { Bound } from './bounds.js';
import { maxAttemptsOf } from './bounds.js';
import type { RetryPolicy } from './types.js';
import { toDelay, type Value } from './value.js';

/** The policy of a hand-written retry, from its wait and its limits. */
export function policyFrom(delay: Value, bound: Bound, unbounded: boolean): RetryPolicy {
  // Named, not spread in after maxAttempts: a spread into a literal copies through the runtime.
  const { delay: wait, jitter } = delayAndJitter(delay);
  const policy: RetryPolicy = { maxAttempts: maxAttemptsOf(bound, unbounded), delay: wait, jitter };
  if (bound.deadlineMs !== undefined) policy.deadlineMs = bound.deadlineMs;
  return policy;
}

/** The wait and its jitter, from what the analysis knows of the delay value. */
export function delayAndJitter(delay: Value): Pick<RetryPolicy, 'delay' | 'jitter'> {
  const jitter = delay.random ? (delay.jitter ?? 'unknown') : delay.t === 'unknown' ? 'unknown' : 'none';
  return { delay: toDelay(delay), jitter };
}
