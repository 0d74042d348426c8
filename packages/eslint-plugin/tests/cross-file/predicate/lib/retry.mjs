const DEFAULTS = { tries: 5, pauseMs: 300, until: () => true };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Goes again after a failure, and after a value `until` does not accept (true for any by default).
export async function retryUntil(fn, options) {
  const o = { ...DEFAULTS, ...options };
  let failure;
  for (let n = 0; n < o.tries; n++) {
    try {
      const value = await fn();
      if (o.until(value)) return value;
    } catch (e) {
      failure = e;
    }
    await pause(o.pauseMs);
  }
  throw failure;
}
