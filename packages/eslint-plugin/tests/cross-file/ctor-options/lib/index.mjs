import { RetryPolicy } from './policy.mjs';

export function retry(opts = {}) {
  return new RetryPolicy({ delay: opts.delay ?? 250, maxAttempts: opts.maxAttempts ?? Infinity });
}
