// Constructed twice in ./wiring.mjs with strategies that differ: which one runs is unknown here.
export class Reconnector {
  constructor(options) {
    this.options = options;
    this.attempts = 0;
  }

  async connect() {
    try {
      return await this.open();
    } catch (err) {
      const wait = this.options.retryStrategy(++this.attempts);
      if (typeof wait !== 'number') throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
      return this.connect();
    }
  }

  async open() {
    return fetch(this.options.url);
  }
}
