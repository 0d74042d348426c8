import type { RetryConfig } from '../client/http.js';

export const fixed = {
  retries: 5,
  retryDelay: () => 2000,
} satisfies RetryConfig;
