import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A wait computed by a function the retry holds in a parameter (`getDelay(n)`,
 * `delay(getDelayInMs({ exponentialBackoffDelay }))`) is read from the function the parameter
 * holds: its default when no call in the file passes one, or the one function every call in the
 * file passes; a call that hands the parameter back to itself passes nothing new.
 *
 * The same reading follows an update made through a function of the file
 * (`delay = nextDelay(delay)`, `send(msg, grow(wait))`): the function's returned expression,
 * with its parameter as the last wait, is the update the solver reads.
 */

const JS = 'retry.js';

const positionalDefaultTs = `
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function withBackoff<T>(op: () => Promise<T>, backoff: (n: number) => number = (n) => 100 * 2 ** n, n = 0): Promise<T> {
  try {
    return await op();
  } catch (error) {
    if (n >= 3) throw error;
    await delay(backoff(n));
    return withBackoff(op, backoff, n + 1);
  }
}
`;

const positionalJitteredTs = positionalDefaultTs.replace('(n) => 100 * 2 ** n', '(n) => Math.random() * 100 * 2 ** n');

const optionsDefaultTs = `
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
type DelayOf = (o: { error: unknown; base: number }) => number;

export const retrying = ({ retries = 2, initialMs = 2000, delayOf = ({ base }: { error: unknown; base: number }) => base }: { retries?: number; initialMs?: number; delayOf?: DelayOf }) =>
  <T>(f: () => Promise<T>) => attempt(f, { retries, waitMs: initialMs, delayOf });

async function attempt<T>(f: () => Promise<T>, { retries, waitMs, delayOf }: { retries: number; waitMs: number; delayOf: DelayOf }, tries = 0): Promise<T> {
  try {
    return await f();
  } catch (error) {
    if (tries >= retries) throw error;
    await delay(delayOf({ error, base: waitMs }));
    return attempt(f, { retries, waitMs: 2 * waitMs, delayOf }, tries + 1);
  }
}
`;

const callerPassesJitterJs = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function run(op, pause, left) {
  try {
    return await op();
  } catch (err) {
    if (left <= 0) throw err;
    await sleep(pause(left));
    return run(op, pause, left - 1);
  }
}

function spread(left) {
  return Math.random() * 1000 * 2 ** (4 - left);
}

module.exports = (op) => run(op, spread, 4);
`;

const callerPassesFixedJs = callerPassesJitterJs.replace('return Math.random() * 1000 * 2 ** (4 - left);', 'return 750;');

const twoCallersJs = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function run(op, pause, left) {
  try {
    return await op();
  } catch (err) {
    if (left <= 0) throw err;
    await sleep(pause());
    return run(op, pause, left - 1);
  }
}

exports.slow = (op) => run(op, () => 5000, 3);
exports.jittered = (op) => run(op, () => Math.random() * 5000, 3);
`;

const updateThroughFunctionTs = `
const strategy = { initial: 200, multiplier: 3, max: 5000 };
function nextDelay(prev: number): number {
  return Math.min(strategy.max, prev * strategy.multiplier);
}
export async function flush(send: () => Promise<void>) {
  let delay = strategy.initial;
  for (let i = 0; i < 5; i++) {
    try {
      return await send();
    } catch (e) {
      if (i === 4) throw e;
      await new Promise((r) => setTimeout(r, delay));
      delay = nextDelay(delay);
    }
  }
}
`;

const recursionThroughFunctionJs = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const grow = (ms) => Math.min(ms * 2, 8000);
async function send(msg, wait = 250, left = 5) {
  try {
    return await transport.send(msg);
  } catch (err) {
    if (left === 0) throw err;
    await sleep(wait);
    return send(msg, grow(wait), left - 1);
  }
}
module.exports = { send };
`;

/** The function adds a random part: jittered, whatever else it does. */
const jitteredUpdateJs = recursionThroughFunctionJs.replace('const grow = (ms) => Math.min(ms * 2, 8000);', 'const grow = (ms) => Math.min(ms * 2, 8000) * Math.random();');

ruleTester.run('require-jitter on waits held in parameters', requireJitter, {
  valid: [
    { name: 'an update through a function that draws at random', code: jitteredUpdateJs, filename: JS },
    { name: "the parameter's default is jittered", code: positionalJitteredTs },
    { name: 'the one caller passes a jittered function', code: callerPassesJitterJs, filename: JS },
  ],
  invalid: [
    {
      name: 'a loop whose wait is updated through a function of the file (delay = nextDelay(delay))',
      code: updateThroughFunctionTs,
      errors: [{ messageId: 'missingJitter', line: 8, column: 3, data: { what: 'This retry loop', delay: '200 ms × 3^n, capped at 5 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'JavaScript: a recursion handing itself grow(wait)',
      code: recursionThroughFunctionJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 10, column: 12, data: { what: '`send()` retrying itself', delay: '250 ms × 2^n, capped at 8 s', attempts: 'up to 6 attempts' } }],
    },
    {
      name: "a positional parameter's default, handed back on each call",
      code: positionalDefaultTs,
      errors: [{ messageId: 'missingJitter', line: 10, column: 12, data: { what: '`withBackoff()` retrying itself', delay: '100 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: "a destructured option's default in the outer function, passed to the inner one that calls itself with a growing wait",
      code: optionsDefaultTs,
      errors: [
        // The wrapper hands `attempt` its own function parameter: the call whose options it chose (3 attempts by its default).
        { messageId: 'libraryDefault', line: 6, column: 31, data: { what: 'This call of `attempt()`', delay: 'an exponentially growing delay', attempts: 'up to 3 attempts', inherited: '', fix: "Add jitter to the helper's wait (line 13)" } },
        { messageId: 'missingJitter', line: 14, column: 12, data: { what: '`attempt()` retrying itself', delay: 'an exponentially growing delay', attempts: 'an unknown number of attempts' } },
      ],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on waits held in parameters', noFixedSleepRetry, {
  valid: [
    { name: 'two callers pass different functions: the wait is not one value', code: twoCallersJs, filename: JS },
    { name: 'a growing default is not fixed', code: positionalDefaultTs },
  ],
  invalid: [
    {
      name: 'the one caller passes a function of a fixed value',
      code: callerPassesFixedJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 10, column: 12, data: { what: '`run()` retrying itself', delay: 'a fixed 750 ms', attempts: 'up to 5 attempts' } }],
    },
  ],
});
