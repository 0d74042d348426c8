// What services share: a retrier class, a factory of retriers, and a client that retries inside.
export class Retrier {
  constructor(retries = 3) {
    this.retries = retries;
  }

  async run(fn) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        if (attempt >= this.retries) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
}

export function createRetrier(retries = 4) {
  return async (fn) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        if (attempt >= retries) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  };
}

export class ApiClient {
  async getJson(url) {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(url);
        return await res.json();
      } catch (err) {
        if (attempt === 2) throw err;
        await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 1000));
      }
    }
  }
}

export const sharedRetrier = new Retrier();
