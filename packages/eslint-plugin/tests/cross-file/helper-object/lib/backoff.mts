export interface BackoffOptions {
  initialMs?: number;
  factor?: number;
  maxMs?: number;
}

/** The wait before attempt n + 1: no randomness. */
export function computeDelay(attempt: number, opts: BackoffOptions = {}): number {
  const { initialMs = 200, factor = 2, maxMs = 20_000 } = opts;
  return Math.min(maxMs, initialMs * factor ** attempt);
}
