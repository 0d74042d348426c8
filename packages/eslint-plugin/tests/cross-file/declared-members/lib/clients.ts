const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Ledger {
  constructor(private readonly endpoint: string) {}

  async post(entry: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(this.endpoint, { method: 'POST', body: entry });
      } catch (err) {
        if (attempt >= 2) throw err;
        await pause(Math.random() * 100 * 2 ** attempt);
      }
    }
  }
}

export class Mirror {
  constructor(private readonly endpoint: string) {}

  async post(entry: string): Promise<Response> {
    return fetch(this.endpoint, { method: 'POST', body: entry });
  }
}

export interface Services {
  ledger: Ledger;
}
