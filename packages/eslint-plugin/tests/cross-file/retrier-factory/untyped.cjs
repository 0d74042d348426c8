const createRetry = require('./lib/retry.cjs');
const Registry = require('./lib/registry.cjs');

// Fields whose class is not known, or known to retry nothing: no nesting is claimed.
class Service {
  /**
   * @param {object} options
   * @param {import("./lib/registry.cjs")} options.registry
   */
  constructor({ registry, pool, cache }) {
    this.registry = registry;
    this.pool = pool;
    this.cache = cache;
    this.retrier = createRetry();
  }

  /** @param {import("./lib/pool.cjs")} cache */
  replaceCache(cache) {
    this.cache = cache;
  }

  async find(name) {
    return this.retrier(async () => {
      await this.pool.refreshIfStale();
      return this.registry.lookup(name);
    });
  }

  async cached(name) {
    return this.retrier(async () => this.cache.refresh(name));
  }
}

let retrier = createRetry();
retrier = (fn) => fn();
const pool = new Registry();

async function plain() {
  return retrier(async () => pool.lookup('x'));
}

module.exports = { Service, plain };
