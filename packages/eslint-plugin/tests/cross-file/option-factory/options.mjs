// Defaults written out in their own module, merged under what the caller passes.
const defaultOptions = {
  attempts: 6,
  pauseMs: 300,
  backoff(n) {
    return Math.min(200 * 2 ** n, 10_000);
  },
  spread(n) {
    return 100 * n + Math.random() * 100;
  },
};

export function sanitize(options) {
  return { ...defaultOptions, ...options };
}

// Not a function that only returns the merged object: what it returns is not known here.
export function maybeSanitize(options) {
  if (options.raw) return options;
  return { ...defaultOptions, ...options };
}

export const TUNING = {
  attempts: 3,
  pauseMs: 1500,
  backoff: (n) => 50 * 2 ** n,
};
