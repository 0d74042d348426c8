import type { RetryConfig } from '../client/index.js';

const HINTS = ['ratelimit-reset', 'retry-after'] as const;

function hintMs(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  for (const name of HINTS) {
    const raw = headers[name];
    if (raw === undefined) continue;
    return Number(raw) * 1000;
  }
  return undefined;
}

export const polite: RetryConfig = {
  retries: 4,
  retryDelay: (attempt, error) => hintMs(error.headers) ?? 500 * 2 ** attempt,
};
