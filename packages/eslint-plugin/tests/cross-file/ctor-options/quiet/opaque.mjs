// Constructed in ./wiring.mjs with options read from a file: the bound is not known here.
export class OpaquePolicy {
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
