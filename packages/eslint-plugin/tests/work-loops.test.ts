import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * - A work loop that goes round at once after a success and only after a wait after a failure
 *   (a consumer that reopens its source, backing off while it fails) retries the failed step on
 *   that wait, as a recursion of the same shape does. One that waits after a success too is a
 *   periodic task (periodic-backoff.test.ts).
 */

const JS = 'retry.js';

const reopenLoopTs = `
export async function stream(open: () => Promise<AsyncIterable<Buffer>>, onData: (b: Buffer) => void) {
  let backoff = 500;
  for (;;) {
    let it: AsyncIterable<Buffer>;
    try {
      it = await open();
    } catch {
      await new Promise((r) => setTimeout(r, backoff));
      backoff = Math.min(backoff * 2, 30_000);
      continue;
    }
    backoff = 500;
    for await (const b of it) onData(b);
  }
}
`;

const consumerLoopJs = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function work(queue, handle) {
  while (true) {
    try {
      const job = await queue.receive();
      await handle(job);
    } catch (err) {
      console.error('worker failed', err);
      await sleep(1000);
    }
  }
}
module.exports = { work };
`;

/** A wait after each round as well: the schedule of a periodic task, the same both ways. */
const periodicLoopJs = consumerLoopJs.replace("      await handle(job);\n", "      await handle(job);\n      await sleep(1000);\n");


ruleTester.run('require-jitter on a work loop that backs off on failure', requireJitter, {
  valid: [{ name: "a fixed wait is no-fixed-sleep-retry's", code: consumerLoopJs, filename: JS }],
  invalid: [
    {
      name: 'reopening a stream: at once after it ends, a doubling wait after a failed open',
      code: reopenLoopTs,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: '500 ms × 2^n, capped at 30 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on a work loop that backs off on failure', noFixedSleepRetry, {
  valid: [{ name: 'the same wait after a success: a periodic task', code: periodicLoopJs, filename: JS }],
  invalid: [
    {
      name: 'JavaScript: a consumer that waits a fixed second only after a failure',
      code: consumerLoopJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on a work loop that backs off on failure', noUnboundedRetry, {
  valid: [{ name: 'the same wait after a success: a periodic task', code: periodicLoopJs, filename: JS }],
  invalid: [
    {
      name: 'reopening a stream forever',
      code: reopenLoopTs,
      errors: [{ messageId: 'unbounded', line: 4, column: 3, data: { what: 'This retry loop' } }],
    },
  ],
});
