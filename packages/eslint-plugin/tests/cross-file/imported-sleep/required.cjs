const timing = require('./util/timing.cjs');

async function ping(url) {
  let attempts = 0;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (++attempts >= 5) throw error;
      await timing.pause(3);
    }
  }
}

module.exports = { ping };
