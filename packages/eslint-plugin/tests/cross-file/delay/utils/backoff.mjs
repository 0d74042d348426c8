// Delay functions: one grows without randomness, one is full jitter.
export function backoff(attempt) {
  return Math.min(100 * 2 ** attempt, 10_000);
}

export const fullJitter = (attempt) => Math.random() * Math.min(100 * 2 ** attempt, 10_000);
