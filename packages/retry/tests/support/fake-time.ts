// A virtual clock for retry(): `sleep` records the wait and moves the clock instead of
// waiting, so tests assert exact delays and never depend on real time.
export const EPOCH = Date.UTC(2025, 0, 1, 0, 0, 0);

export interface FakeTime {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Every wait retry() asked for, in order. */
  readonly sleeps: number[];
  advance(ms: number): void;
  elapsed(): number;
}

export function fakeTime(start = EPOCH): FakeTime {
  let t = start;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
    advance(ms) {
      t += ms;
    },
    elapsed: () => t - start,
  };
}

/** A random source that returns the given values in turn, then repeats the last one. */
export function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] ?? 0;
}

/** An error shaped like an HTTP client's: status on the error, headers on its response. */
export function httpError(status: number, headers?: Record<string, string> | Headers): Error {
  return Object.assign(new Error(`HTTP ${status}`), { status, response: { status, headers: headers ?? {} } });
}

/** An error shaped like Node's socket errors. */
export function netError(code: string): Error {
  return Object.assign(new Error(`connect ${code}`), { code });
}

/** fn for retry(): fails with each error in turn, then resolves with `value`. */
export function failThen<T>(errors: unknown[], value: T): { fn: () => Promise<T>; calls: () => number } {
  let calls = 0;
  return {
    fn: async () => {
      const error = errors[calls++];
      if (error !== undefined) throw error;
      return value;
    },
    calls: () => calls,
  };
}
