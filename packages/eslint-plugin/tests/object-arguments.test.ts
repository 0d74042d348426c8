import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A recursion that carries its state in an options object (analysis/src/evolution/parameter-slots.ts):
 * `again(f, { tries: tries + 1, pauseMs: pauseMs * 2 })` into `{ tries, pauseMs }` steps the count
 * and grows the wait exactly as the same values passed one by one would. A property the call
 * writes as the name itself (`{ pauseMs }`) passes it on unchanged; one a spread written after
 * it may replace is not known, so no wait is claimed for it.
 */
const JS = 'poll.js';

const grows = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function load(url, { tries = 0, pauseMs = 100 } = {}) {
  try {
    return await fetch(url);
  } catch (err) {
    if (tries >= 4) throw err;
    await sleep(pauseMs);
    return load(url, { tries: tries + 1, pauseMs: pauseMs * 2 });
  }
}
module.exports = { load };
`;

const passedOn = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function push<T>(job: () => Promise<T>, { pauseMs = 800, left = 3 }: { pauseMs?: number; left?: number } = {}): Promise<T> {
  try {
    return await job();
  } catch (err) {
    if (left <= 0) throw err;
    await sleep(pauseMs);
    return push(job, { pauseMs, left: left - 1 });
  }
}
`;

// No default for the wait: it doubles from what the first caller passes, never the same twice.
const noDefault = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function again<T>(f: () => Promise<T>, { retries, pauseMs }: { retries: number; pauseMs: number }, errors: unknown[] = []): Promise<T> {
  try {
    return await f();
  } catch (error) {
    if (errors.length >= retries) throw error;
    await sleep(pauseMs);
    return again(f, { retries, pauseMs: 2 * pauseMs }, [...errors, error]);
  }
}
`;

// A spread written after the wait's key may replace it: the wait is not known.
const spreadAfter = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function send(f, overrides, { pauseMs = 500, left = 3 } = {}) {
  try {
    return await f();
  } catch (err) {
    if (left <= 0) throw err;
    await sleep(pauseMs);
    return send(f, overrides, { pauseMs: pauseMs * 2, ...overrides, left: left - 1 });
  }
}
module.exports = { send };
`;

ruleTester.run('no-fixed-sleep-retry and a recursion passing an options object', noFixedSleepRetry, {
  valid: [
    { name: 'a wait doubled inside the object it passes (JS)', code: grows, filename: JS },
    { name: 'a wait with no default doubled in the object: not the same every attempt (TS)', code: noDefault },
    { name: 'a spread after the wait may replace it: nothing claimed', code: spreadAfter, filename: JS },
  ],
  invalid: [
    {
      name: 'the wait passed on by its own name, the count stepped down in the object (TS)',
      code: passedOn,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 12, data: { what: '`push()` retrying itself', delay: 'a fixed 800 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter and a recursion passing an options object', requireJitter, {
  valid: [{ name: 'a spread after the wait may replace it: nothing claimed', code: spreadAfter, filename: JS }],
  invalid: [
    {
      name: 'a wait doubled and a count stepped inside the object (JS)',
      code: grows,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 9, column: 12, data: { what: '`load()` retrying itself', delay: '100 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a wait with no default doubled in the object (TS)',
      code: noDefault,
      errors: [{ messageId: 'missingJitter', line: 9, column: 12, data: { what: '`again()` retrying itself', delay: 'an exponentially growing delay', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
