// Retry helpers that take their policy as an options object, the way most projects' do.
export async function withRetry(fn, { retries = 5, delayMs = 1000 } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= retries) throw err;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

export async function retrying(fn, options = {}) {
  const attempts = options.attempts ?? 3;
  const { wait = 500 } = options;
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i + 1 >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
