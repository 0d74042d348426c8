const createRetry = require('./retry.cjs');

// A pool whose refresh retries by itself; refreshIfStale reaches that retry through a method of its own.
module.exports = class Pool {
  constructor({ retry } = {}) {
    this.retrier = createRetry(retry);
    this.stale = true;
  }

  async refresh() {
    return this.retrier(async () => {
      const res = await fetch('/pool');
      if (!res.ok) throw new Error(String(res.status));
      this.stale = false;
    });
  }

  async refreshIfStale() {
    if (this.stale) await this.refresh();
  }

  size() {
    return 3;
  }
};
