import { maxAttemptsOf, type Bound } from './exits/bound.js';
import type { TSESTree } from '@typescript-eslint/utils';
import type { RetryPolicy, RetrySite } from './types.js';
import { toDelay, type Value } from './value.js';

/**
 * A retry that goes back in through a timer, read outside the loop and recursion models (an
 * event, a listener factory, an emitter): its policy from the timer's wait and the limits on the
 * way, where a stop that cannot be counted makes the attempts unknown.
 */
export function timedReentrySite(parts: { node: RetrySite['node']; loc: RetrySite['loc']; operationScope: TSESTree.Node; delay: Value; bound: Bound | undefined; mayStop: boolean }): RetrySite {
  const limits: Bound = { ...(parts.bound ?? { deadline: false, abortAware: false }) };
  if (limits.attempts === undefined && parts.mayStop) limits.attempts = 'unknown';
  return {
    kind: 'recursion',
    node: parts.node,
    loc: parts.loc,
    operationScope: parts.operationScope,
    policy: policyFrom(parts.delay, limits, limits.attempts === undefined),
    fromLibraryDefault: { delay: false, jitter: false, attempts: false },
    classifiesErrors: false,
    abortAware: limits.abortAware,
    deadlineBound: limits.deadline,
    nested: [],
  };
}

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
  // Random on some paths only: a way to the wait has none, and that wait is the finding's.
  const jitter = delay.partlyRandom ? 'none' : delay.random ? (delay.jitter ?? 'unknown') : delay.t === 'unknown' ? 'unknown' : 'none';
  return { delay: toDelay(delay), jitter };
}

/**
 * A wait computed with the server's `Retry-After` read as absent (evaluate.ts) is the wait of a
 * response without one: the site says so, and so do its findings.
 */
export function serverWaitMark(delay: Value): Pick<RetrySite, 'withoutServerWait'> {
  return delay.withoutServerWait ? { withoutServerWait: true } : {};
}
