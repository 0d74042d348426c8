const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

// Retries what it is handed, 4 attempts, a fixed half second apart.
export async function withRetries<T>(task: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= 4) throw error;
      await pause(500);
    }
  }
}
