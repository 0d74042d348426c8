const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Assistant {
  constructor(private readonly endpoint: string) {}

  async complete(prompt: string): Promise<string> {
    const res = await this.patiently(() => fetch(this.endpoint, { method: 'POST', body: prompt }));
    return res.text();
  }

  private async patiently<T>(op: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await op();
      } catch (err) {
        if (attempt >= 3) throw err;
        await pause(Math.random() * 200 * 2 ** attempt);
      }
    }
  }
}

export class Echo {
  constructor(private readonly endpoint: string) {}

  async complete(prompt: string): Promise<string> {
    const res = await fetch(this.endpoint, { method: 'POST', body: prompt });
    return res.text();
  }
}

export class Pool<T> {
  constructor(private readonly make: () => Promise<T>) {}

  async acquire(): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.make();
      } catch (err) {
        if (attempt >= 3) throw err;
        await pause(Math.random() * 100 * 2 ** attempt);
      }
    }
  }
}
