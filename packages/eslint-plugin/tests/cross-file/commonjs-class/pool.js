'use strict';
// A connection pool that retries creating a connection, CommonJS style.
module.exports = class Pool {
  async acquire() {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return await this.create();
      } catch (err) {
        if (attempt === 4) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
};
