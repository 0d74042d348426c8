// Reconnects with the strategy the client's merged options hand it (./client.mjs).
export class Connector {
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
    const res = await fetch(this.options.url);
    if (!res.ok) throw new Error(`status ${res.status}`);
    return res;
  }
}
