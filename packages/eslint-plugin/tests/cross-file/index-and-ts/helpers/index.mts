export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await fn();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
