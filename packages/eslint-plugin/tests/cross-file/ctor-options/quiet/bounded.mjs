// Its one construction (./wiring.mjs) falls back to 5 attempts, not to Infinity.
export class BoundedPolicy {
  constructor(options) {
    this.options = options;
  }

  async execute(fn) {
    for (let retries = 0; ; retries++) {
      try {
        return await fn();
      } catch (err) {
        if (retries >= this.options.maxAttempts) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100));
      }
    }
  }
}
