// A success flag and a counter: the loop runs until it worked or the attempts are spent.
const { cache } = require('./infra');

async function warmCache(keys) {
  let success = false;
  let attempts = 0;
  while (!success && attempts < 3) {
    try {
      await cache.warm(keys);
      success = true;
    } catch (err) {
      attempts++;
      console.warn(`warm failed (${attempts})`, err);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  return success;
}

module.exports = { warmCache };
