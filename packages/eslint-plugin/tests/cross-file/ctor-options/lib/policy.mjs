// A retry policy whose options come from the package's factory (./index.mjs).
export class RetryPolicy {
  constructor(options) {
    this.options = options;
  }

  withUnref() {
    return new RetryPolicy({ ...this.options, unref: true });
  }

  async execute(fn) {
    for (let retries = 0; ; retries++) {
      try {
        return await fn();
      } catch (err) {
        if (retries >= this.options.maxAttempts) throw err;
        await new Promise((resolve) => setTimeout(resolve, this.options.delay));
      }
    }
  }
}
