// A factory whose retrier hands the operation on to an internal helper that waits.
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const withBackoff =
  ({ maxRetries = 2, initialMs = 1000 }: { maxRetries?: number; initialMs?: number } = {}) =>
  <T>(f: () => Promise<T>): Promise<T> =>
    backoffInternal(f, { maxRetries, delayMs: initialMs });

async function backoffInternal<T>(f: () => Promise<T>, { maxRetries, delayMs }: { maxRetries: number; delayMs: number }, tryNumber = 0): Promise<T> {
  try {
    return await f();
  } catch (error) {
    if (tryNumber >= maxRetries) throw error;
    await delay(delayMs);
    return backoffInternal(f, { maxRetries, delayMs: delayMs * 2 }, tryNumber + 1);
  }
}
