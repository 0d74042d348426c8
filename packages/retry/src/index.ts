export { retry } from './retry.js';
export { RetryError } from './errors.js';
export { RetryBudget, type RetryBudgetOptions } from './budget.js';
export { isRetryableError, isRetryableStatus, isTimeoutError } from './classify.js';
export { parseRetryAfter, retryAfterMs } from './retry-after.js';
export {
  backoffDelay,
  decorrelatedJitter,
  equalJitter,
  fullJitter,
  type BackoffOptions,
  type JitterContext,
  type JitterFunction,
  type JitterKind,
  type RandomSource,
} from './jitter.js';
export { sleep } from './sleep.js';
export { RETRY_DEFAULTS } from './options.js';
export type {
  AttemptContext,
  GiveUpEvent,
  GiveUpReason,
  RejectWith,
  RetryEvent,
  RetryOptions,
  ShouldRetryContext,
  SleepFunction,
} from './options.js';
