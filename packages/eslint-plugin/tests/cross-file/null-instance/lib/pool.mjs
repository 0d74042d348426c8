// A pool whose acquire() retries opening a connection (5 attempts, jittered).
export class Pool {
  constructor(url) {
    this.url = url;
  }

  async acquire() {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return await this.open();
      } catch (error) {
        if (attempt === 4) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));
      }
    }
  }

  async open() {
    return fetch(this.url);
  }
}
