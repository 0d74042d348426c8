import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop that goes round while the result of its operation is absent (`do { try { updates =
 * await getUpdates(offset) } catch (error) { await this.handleError(error) } } while (updates
 * === undefined && this.running)`): any answer ends it, so a call that answered at all left the
 * loop, and a failure (the catch, which waits in a method of the class) goes round. It was read
 * as a loop polling a state (the result named by no word of success), and dropped. A loop that
 * tests the answer itself (`while (!shown)`, `shown = await el.isDisplayed()`) polls, as before.
 */

const updatesTs = `class ApiError extends Error {
  constructor(readonly code: number) {
    super(\`api error \${code}\`);
  }
}
declare function getUpdates(offset: number): Promise<string[]>;
const sleep = (s: number) => new Promise<void>((r) => setTimeout(r, 1000 * s));

export class Poller {
  running = true;
  lastId = 0;

  async fetchUpdates(): Promise<string[] | undefined> {
    const offset = this.lastId + 1;
    let updates: string[] | undefined = undefined;
    do {
      try {
        updates = await getUpdates(offset);
      } catch (error) {
        await this.handleError(error);
      }
    } while (updates === undefined && this.running);
    return updates;
  }

  private async handleError(error: unknown): Promise<void> {
    if (!this.running) return;
    if (error instanceof ApiError && (error.code === 401 || error.code === 409)) throw error;
    await sleep(3);
  }

  stop(): void {
    this.running = false;
  }
}
`;

/** JavaScript: a displayed state polled until it holds. */
const visibleJs = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A state polled until it holds: the answer, not a failure, keeps the loop going.
async function waitUntilShown(el) {
  let shown = false;
  while (!shown) {
    try {
      shown = await el.isDisplayed();
    } catch (err) {
      if (err.name !== 'StaleElementError') throw err;
    }
    await sleep(100);
  }
}

module.exports = { waitUntilShown };
`;

ruleTester.run('no-fixed-sleep-retry with a loop going round while its result is absent', noFixedSleepRetry, {
  valid: [{ name: 'JavaScript: a state polled until it holds', code: visibleJs, filename: 'visible.js' }],
  invalid: [
    {
      name: 'TypeScript: long polling retried after a pause in the error handler',
      code: updatesTs,
      filename: 'updates.ts',
      errors: [{ messageId: 'fixedDelay', line: 16, column: 5, data: { what: 'This retry loop', delay: 'a fixed 3 s', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
