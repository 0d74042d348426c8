const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class HttpClient {
  constructor(private base: string, private retries = 3) {}

  async get(path: string): Promise<unknown> {
    for (let i = 0; ; i++) {
      try {
        const res = await fetch(this.base + path);
        if (res.ok) return res.json();
        if (res.status < 500 || i >= this.retries) throw new Error(String(res.status));
      } catch (e) {
        if (i >= this.retries) throw e;
      }
      await pause(100 * 2 ** i * Math.random());
    }
  }
}

export const defaultClient = new HttpClient('https://api.example.com');
