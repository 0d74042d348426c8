import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Shapes common in code as written, each read by a general analysis rather than a case:
 * - the negation of a status comparison is its opposite (`status !== 503` is true exactly
 *   when `=== 503`, a failure, is false: leaving on it goes round on the failure), whatever
 *   the code and whatever the exit (`break`, `return`);
 * - a loop bounded by the length of a list of numbers that it uses as its waits counts
 *   those waits (a schedule), it does not walk the list as items.
 */

const JS = 'retry.js';

const negatedBreakTs = `
export async function post(url: string, body: unknown) {
  let response: Response | undefined;
  for (let i = 0; i <= 3; i++) {
    response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return response;
}
`;

const negatedReturnJs = `
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
async function submit(form) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch('/submit', { method: 'POST', body: form });
    if (res.statusCode != 429) return res;
    await pause(250 * attempt);
  }
  throw new Error('rate limited');
}
module.exports = { submit };
`;

const negatedWhileTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function put(key: string, value: string): Promise<Response> {
  let tries = 0;
  while (true) {
    const res = await fetch(\`/kv/\${key}\`, { method: 'PUT', body: value });
    if (502 !== res.status || ++tries > 4) return res;
    await sleep(1000);
  }
}
`;

const tableLengthTs = `
const DELAYS = [1000, 2000, 5000, 10000];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function notify(hook: string, payload: unknown) {
  for (let i = 0; i <= DELAYS.length; i++) {
    const res = await fetch(hook, { method: 'POST', body: JSON.stringify(payload) });
    if (res.ok) return;
    if (i < DELAYS.length) await sleep(DELAYS[i]);
  }
  throw new Error('webhook failed');
}
`;

const tableLengthJs = `
const BACKOFF = [200, 200, 200];
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
async function store(db, row) {
  for (let n = 0; n < BACKOFF.length; n++) {
    try {
      return await db.insert(row);
    } catch (e) {
      await wait(BACKOFF[n]);
    }
  }
  throw new Error('insert failed');
}
module.exports = store;
`;

const itemsLengthTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function pushAll(items: string[]) {
  for (let i = 0; i < items.length; i++) {
    try {
      await fetch('/push', { method: 'POST', body: items[i] });
    } catch {
      await sleep(1000);
    }
  }
}
`;

ruleTester.run('require-jitter on negated status tests and wait tables', requireJitter, {
  valid: [
    {
      name: 'a negated status test with a jittered wait',
      code: negatedReturnJs.replace('250 * attempt', 'Math.random() * 250 * attempt'),
      filename: JS,
    },
    { name: 'a loop over the items of a list, each sent once, is not a retry', code: itemsLengthTs },
  ],
  invalid: [
    {
      name: 'return unless 429 (!=), a linear wait',
      code: negatedReturnJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a linear 250 ms × n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a loop bounded by the length of its table of waits',
      code: tableLengthTs,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a schedule of 1 s, 2 s, 5 s then 10 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on negated status tests and wait tables', noFixedSleepRetry, {
  valid: [
    { name: 'a growing linear wait is not fixed', code: negatedReturnJs, filename: JS },
    { name: 'a loop over the items of a list is not a retry', code: itemsLengthTs },
  ],
  invalid: [
    {
      name: 'break unless 503 (!==), then return the last response',
      code: negatedBreakTs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'the code on the left (502 !== status), with the bound in the same test',
      code: negatedWhileTs,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a table of equal waits, bounded by its length',
      code: tableLengthJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 200 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});
