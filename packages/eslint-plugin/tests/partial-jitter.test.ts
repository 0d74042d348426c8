import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A wait declared with one value and given others in branches the failure decides (`let wait =
// backoff; if (err.status === 429) wait = backoff + jitter;`): the failures that take no branch
// wait the declared value (analysis evolution/skipped-writes.ts). Randomness only some failures
// get is not jitter for the others: that path's wait is the finding's. A branch on a caller's
// option is the caller's to choose and keeps its reading (options-through-helpers.test.ts).

const sleep = `const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
`;

/** A loop whose catch declares `wait` as `declared` and gives a 429 `on429` instead. */
const push = (declared: string, on429: string) => `${sleep}export async function push(send: () => Promise<void>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await send();
    } catch (error) {
      let wait = ${declared};
      if ((error as { status?: number }).status === 429) wait = ${on429};
      await sleep(wait);
    }
  }
}`;

ruleTester.run('require-jitter where only some failures get randomness', requireJitter, {
  valid: [
    {
      name: 'the declared wait is random too: every failure waits a random time',
      code: push('Math.random() * 200 * 2 ** attempt', '1000 + Math.random() * 200 * 2 ** attempt'),
    },
  ],
  invalid: [
    {
      name: 'a loop: randomness added for a 429 only, the other failures back off exactly',
      code: push('200 * 2 ** attempt', '200 * 2 ** attempt + Math.random() * 1000'),
      errors: [{ messageId: 'missingJitter', line: 3, column: 3, endLine: 3, endColumn: 48, data: { what: 'This retry loop', delay: '200 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'recursion: the wait grows through an argument, randomness only for a timeout kept in a const',
      code: `${sleep}export async function call<T>(action: () => Promise<T>, backoff = 500, attempts = 4): Promise<T> {
  try {
    return await action();
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    if (attempts <= 1) throw err;
    let wait = backoff;
    if (timedOut) wait = backoff + Math.random() * 1000;
    await sleep(wait);
    return call(action, backoff + 500, attempts - 1);
  }
}`,
      errors: [{ messageId: 'missingJitter', line: 11, column: 12, endLine: 11, endColumn: 53, data: { what: '`call()` retrying itself', delay: 'a linear 500 ms × n', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry where only some failures get randomness', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'a rejection handler: busy errors wait a random time, the others a fixed one (JS)',
      filename: 'queue.js',
      code: `const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
export function flush(queue, left = 3) {
  return queue.drain().catch((err) => {
    if (left <= 0) throw err;
    let delay = 750;
    if (err.code === 'EBUSY') delay = 750 + Math.random() * 750;
    return sleep(delay).then(() => flush(queue, left - 1));
  });
}`,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 36, endLine: 7, endColumn: 58, data: { what: '`flush()` retrying itself', delay: 'a fixed 750 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});
