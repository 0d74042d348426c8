const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function defaultRetryDelay(failureCount) {
  return Math.min(1000 * 2 ** failureCount, 30000);
}

// Retries config.fn by calling itself; the wait is the caller's function or, by default, one that doubles.
export function createRetryer(config) {
  let failureCount = 0;
  const run = () =>
    config.fn().catch((error) => {
      if (failureCount >= 3) throw error;
      const retryDelay = config.retryDelay ?? defaultRetryDelay;
      const delay = typeof retryDelay === 'function' ? retryDelay(failureCount) : retryDelay;
      failureCount++;
      return sleep(delay).then(() => run());
    });
  return run();
}
