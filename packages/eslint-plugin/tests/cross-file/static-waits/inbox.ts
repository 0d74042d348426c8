import { Scheduler } from './scheduler.js';

declare function fetchBatch(): Promise<string[]>;

export class Inbox {
  private attempts = 0;

  async poll(): Promise<string[]> {
    try {
      const batch = await fetchBatch();
      this.attempts = 0;
      return batch;
    } catch (err) {
      this.attempts++;
      const wait = Scheduler.backoff(this.attempts, err as { status?: number });
      if (wait < 0) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
      return this.poll();
    }
  }
}
