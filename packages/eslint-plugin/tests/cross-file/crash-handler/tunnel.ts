import { describe, run } from './lib/run.js';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export class Tunnel {
  host = 'localhost';
  port = 8080;

  // Restarted by the crash callback the runner calls when the process fails.
  start(restarts = 0): void {
    if (restarts >= 5) throw new Error('tunnel keeps crashing');
    void run('cloudflared', {
      onCrash: async (error) => {
        console.debug(`tunnel crashed: ${String(error)}`);
        await sleep(1000);
        this.start(restarts + 1);
      },
    });
  }

  // Started again by the callback the runner calls once the process has finished: a schedule, not a retry.
  refresh(): void {
    void run('cloudflared --refresh', {
      onDone: (output) => {
        if (output.includes('again')) this.refresh();
      },
    });
  }

  // `this` handed to a function that only reads its fields: no way back.
  label(error: unknown): string {
    if (error instanceof Error) return `${describe(this)}: ${error.message}`;
    return describe(this);
  }
}
