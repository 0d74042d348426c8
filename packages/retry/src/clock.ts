/**
 * An injected `now()` that returns NaN would make every deadline comparison false and so
 * disable the deadline without a word; ±Infinity or a string would do the same or worse.
 * A clock that cannot be read is an error of the clock, surfaced like any throwing
 * callback: `retry()` rejects with this TypeError and calls `onGiveUp` with
 * `'callback-error'`. Falling back to Date.now() instead would mix two clocks in one
 * deadline.
 */
export function checkedClock(now: () => number): () => number {
  return () => {
    const value: unknown = now();
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new TypeError(`@retry-hygiene/retry: option \`now\` must return a finite number of ms (got ${describe(value)})`);
    }
    return value;
  };
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'bigint' ? `${value}n` : String(value);
}
