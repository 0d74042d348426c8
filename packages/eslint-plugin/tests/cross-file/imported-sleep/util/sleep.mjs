// Waits `ms` milliseconds.
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Waits a random time up to `ms`: the helper jitters, so its callers need not.
export function nap(ms) {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ms));
}

// Takes seconds; a default names the earlier parameter.
export const pause = (seconds, ms = seconds * 1000) => new Promise((resolve) => setTimeout(resolve, ms));
