import { Scheduler } from './scheduler.js';

declare function post(body: string): Promise<void>;

export class Outbox {
  private items: { attempts: number; body: string }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  flush = (): void => {
    const head = this.items[0];
    if (!head) return;
    post(head.body).then(
      () => {
        this.items.shift();
        this.flush();
      },
      (err) => {
        head.attempts += 1;
        const wait = Scheduler.backoff(head.attempts, err);
        if (wait === -1) this.items.shift();
        else this.timer = setTimeout(this.flush, wait);
      },
    );
  };

  stop(): void {
    clearTimeout(this.timer);
  }
}
