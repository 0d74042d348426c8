'use strict';
const Pool = require('./pool');

class Worker {
  constructor() {
    this.pool = new Pool();
  }

  async run(job) {
    for (let i = 0; i < 3; i++) {
      try {
        const connection = await this.pool.acquire();
        return await connection.execute(job);
      } catch (err) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** i + Math.random() * 1000));
      }
    }
    throw new Error('job failed');
  }
}

module.exports = Worker;
