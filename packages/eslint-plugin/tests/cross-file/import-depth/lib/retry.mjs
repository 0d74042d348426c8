// A retry helper: it retries the function it is handed (4 attempts, jittered).
export async function withRetries(task) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 200 * 2 ** attempt));
    }
  }
}
