import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A wait its owner can cut short: `new Promise((resolve) => { const timer = setTimeout(resolve, ms);
 * this.wake = () => { clearTimeout(timer); resolve(); } })`. A function that clears the wait's
 * own timer before it settles the promise is a cancellation, whatever it is called and wherever
 * it is kept, so the promise is still a sleep. It was read as a promise that settles elsewhere
 * (an operation): a periodic sweep that waits its interval every turn then looked like a loop
 * whose only wait is the guard's pause after a failure ("a fixed 5 s between attempts"), and a
 * retry that pauses this way was not seen to wait at all.
 */

const sweeperTs = `declare function sweepStalled(): Promise<number>;

export class Sweeper {
  private closing = false;
  private readonly interval = 30_000;
  private wake?: () => void;

  /** Runs \`fn\`; on a failure waits \`pause\` and returns nothing, so its caller goes on. */
  private async guard<T>(fn: () => Promise<T>, pause = 5000): Promise<T | undefined> {
    try {
      return await fn();
    } catch {
      if (!this.closing) await new Promise((r) => setTimeout(r, pause));
      return undefined;
    }
  }

  /** A sweep every interval, success or failure; \`stop()\` cuts the pause short. */
  async run(): Promise<void> {
    while (!this.closing) {
      await this.guard(() => sweepStalled());
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.interval);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  stop(): void {
    this.closing = true;
    this.wake?.();
  }
}
`;

/** JavaScript: a retry whose pause the owner can cut short: a fixed 2 s all the same. */
const uploadJs = `// A retry whose pause its owner can cut short: still a fixed 2 s between attempts.
class Uploader {
  constructor(send) {
    this.send = send;
    this.cancelPause = undefined;
  }

  async upload(part) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send(part);
      } catch (err) {
        if (attempt >= 4) throw err;
        await new Promise((resolve) => {
          const pause = setTimeout(resolve, 2000);
          this.cancelPause = () => {
            clearTimeout(pause);
            resolve();
          };
        });
      }
    }
  }
}

module.exports = { Uploader };
`;

ruleTester.run('no-fixed-sleep-retry with a wait its owner can cut short', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: a sweep every interval, its failures paused by a guard', code: sweeperTs, filename: 'sweeper.ts' }],
  invalid: [
    {
      name: 'JavaScript: a retry pausing 2 s through a cancellable promise',
      code: uploadJs,
      filename: 'uploader.js',
      errors: [{ messageId: 'fixedDelay', line: 9, column: 5, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a wait its owner can cut short', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: a sweep every interval, its failures paused by a guard', code: sweeperTs, filename: 'sweeper.ts' },
    { name: 'JavaScript: a bounded retry pausing through a cancellable promise', code: uploadJs, filename: 'uploader.js' },
  ],
  invalid: [],
});
