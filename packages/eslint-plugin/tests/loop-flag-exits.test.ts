import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop whose condition tests a flag (`while (!failure)`, `while (running)`) ends where a
 * branch sets that flag so the test fails, as a `break` would: the count that guards the branch
 * (`tries < limit`, held in a `const` or written in the `if`) is the loop's limit. Whatever the
 * flag is called; a write the test does not fail on (`failure = undefined`) ends nothing.
 */

const sleep = 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));';

const failureTs = (giveUp: string) => `${sleep}
export async function withRetries<T>(work: () => Promise<T>, opts: { limit?: number } = {}): Promise<T> {
  const { limit = 4 } = opts;
  let tries = 0;
  let failure: unknown;
  while (!failure) {
    try {
      return await work();
    } catch (err) {
      const again = tries < limit;
      if (again) {
        tries += 1;
        await sleep(250);
      } else {
        ${giveUp}
      }
    }
  }
  throw failure;
}
`;

const runningJs = `const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export async function deliver(send) {
  let running = true;
  let attempt = 0;
  while (running) {
    try {
      return await send();
    } catch (e) {
      attempt++;
      if (attempt >= 3) {
        running = false;
      } else {
        await pause(500);
      }
    }
  }
  return undefined;
}
`;

const memberTs = `${sleep}
export async function push(state: { failed: boolean }, url: string): Promise<void> {
  let n = 0;
  while (!state.failed) {
    const res = await fetch(url, { method: 'POST' });
    if (res.ok) return;
    if (++n < 6) await sleep(1000);
    else state.failed = true;
  }
}
`;

const fixed = (line: number, column: number, delay: string, attempts: string) => ({ messageId: 'fixedDelay' as const, line, column, data: { what: 'This retry loop', delay, attempts } });
const unbounded = (line: number, column: number) => ({ messageId: 'unbounded' as const, line, column, data: { what: 'This retry loop' } });

ruleTester.run('no-fixed-sleep-retry with a loop ended by its flag', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: 'TypeScript: the error kept in the flag the loop tests', code: failureTs('failure = err;'), filename: 'retry.ts', errors: [fixed(6, 3, 'a fixed 250 ms', 'up to 5 attempts')] },
    { name: 'TypeScript: a new error kept in the flag', code: failureTs("failure = new Error('gave up');"), filename: 'retry.ts', errors: [fixed(6, 3, 'a fixed 250 ms', 'up to 5 attempts')] },
    { name: 'JavaScript: a running flag cleared when the count is reached', code: runningJs, filename: 'deliver.js', errors: [fixed(5, 3, 'a fixed 500 ms', 'up to 3 attempts')] },
    { name: 'TypeScript: a flag of an object the loop tests', code: memberTs, filename: 'push.ts', errors: [fixed(4, 3, 'a fixed 1 s', 'up to 6 attempts')] },
    { name: 'TypeScript: a write the test does not fail on ends nothing', code: failureTs('failure = undefined;'), filename: 'retry.ts', errors: [fixed(6, 3, 'a fixed 250 ms', 'no limit on attempts')] },
  ],
});

ruleTester.run('no-unbounded-retry with a loop ended by its flag', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: the error kept in the flag the loop tests', code: failureTs('failure = err;'), filename: 'retry.ts' },
    { name: 'JavaScript: a running flag cleared when the count is reached', code: runningJs, filename: 'deliver.js' },
    { name: 'TypeScript: a flag of an object the loop tests', code: memberTs, filename: 'push.ts' },
  ],
  invalid: [
    { name: 'TypeScript: a write the test does not fail on ends nothing', code: failureTs('failure = undefined;'), filename: 'retry.ts', errors: [unbounded(6, 3)] },
  ],
});
