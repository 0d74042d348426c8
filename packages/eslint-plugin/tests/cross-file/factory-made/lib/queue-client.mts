// A client whose publish() retries by itself, and one whose publish() sends once.
export class QueueClient {
  constructor(private readonly url: string) {}
  async publish(msg: string): Promise<void> {
    for (let n = 0; n < 4; n++) {
      const res = await fetch(this.url, { method: 'POST', body: msg });
      if (res.ok) return;
      await new Promise((r) => setTimeout(r, 300 * 2 ** n * Math.random()));
    }
    throw new Error('publish failed');
  }
}

export class OneShotClient {
  constructor(private readonly url: string) {}
  async publish(msg: string): Promise<void> {
    await fetch(this.url, { method: 'POST', body: msg });
  }
}
