import type { Bound } from './bounds.js';
import { maxAttemptsOf } from './bounds.js';
import type { RetryPolicy, RetrySite } from './types.js';
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

/**
 * A wait computed with the server's `Retry-After` read as absent (evaluate.ts) is the wait of a
 * response without one: the site says so, and so do its findings.
 */
export function serverWaitMark(delay: Value): Pick<RetrySite, 'withoutServerWait'> {
  return delay.withoutServerWait ? { withoutServerWait: true } : {};
}
