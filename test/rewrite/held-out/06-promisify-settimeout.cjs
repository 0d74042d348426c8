// util.promisify(setTimeout) as the sleep, in a for loop with doubling waits.
const util = require('util');
const { db } = require('./infra');

const delay = util.promisify(setTimeout);

async function runMigration(name) {
  for (let i = 0; i < 4; i++) {
    try {
      return await db.migrate(name);
    } catch (err) {
      if (i === 3) throw err;
      await delay(200 * 2 ** i);
    }
  }
}

module.exports = { runMigration };
