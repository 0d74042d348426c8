import type { LogConfig, RetryConfig } from '../client/index.js';

export const jittered: RetryConfig = {
  retries: 3,
  retryDelay: (attempt) => Math.random() * 1000 * 2 ** attempt,
};

/** A type no retry loop reads. */
export const logging: LogConfig = { level: 'info', flushMs: 1000 };

/** Not typed: where it goes is not said here. */
export const untyped = { retries: 3, retryDelay: () => 1000 };
