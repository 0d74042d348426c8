const createRetry = require('./lib/retry.cjs');
const Pool = require('./lib/pool.cjs');

class Runner {
  /**
   * @param {object} options
   * @param {import("./lib/pool.cjs")} options.pool
   * @param {object} [options.retry]
   */
  constructor({ pool, retry }) {
    this.pool = pool;
    this.retrier = createRetry(retry);
  }

  async sync() {
    return this.retrier(async () => {
      await this.pool.refreshIfStale();
      return fetch('/sync');
    });
  }

  async count() {
    return this.retrier(async () => this.pool.size());
  }
}

const shared = new Pool();
const retrier = createRetry({ retries: 2 });

async function warm() {
  return retrier(async () => {
    await shared.refresh();
  });
}

async function once() {
  return createRetry()(async () => shared.refresh());
}

module.exports = { Runner, warm, once };
