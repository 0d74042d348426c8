// The project's retry helper: a fixed half second between attempts.
export async function retryable(fn, retries = 4) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= retries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
