import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A function of the file that retries with a policy its caller chooses (analysis/src/helpers/):
 * it retries the function it is handed, or its attempts and waits come from its parameters.
 * Each call of it is a site with what the call passes bound, as a call of such a helper from
 * another module is; a function whose policy is fixed inside is one retry, where it is written,
 * and a recursion that counts in a parameter is started by its callers, not a helper of theirs.
 */
const JS = 'jobs.js';
const loop = 'This retry loop';
const fixed = (what: string, delay: string, attempts: string) => ({ messageId: 'fixedDelay' as const, data: { what, delay, attempts } });

// Retries what it is handed, a second apart; the count is the caller's (5 unless given). The
// loop is the retry of the calls that leave the count; the calls that set one make another.
const handedOperation = `
export async function attemptAll<T>(work: () => Promise<T>, retries = 5): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await work();
    } catch (err) {
      if (n >= retries) throw err;
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}
declare const api: { get(path: string): Promise<string> };
export const profile = () => attemptAll(() => api.get('/me'));
export const settings = () => attemptAll(() => api.get('/settings'), 2);
export const forever = () => attemptAll(() => api.get('/feed'), Infinity);
export const once = () => attemptAll(() => api.get('/once'), 0);
// A count the analysis does not know: the call may make the loop's retry or another; nothing claimed at it.
export const configured = (n: number) => attemptAll(() => api.get('/c'), n);
`;

// Its own work, retried with a backoff its options set: each caller picks the policy.
const policyOptions = `
async function postWithBackoff(url, body, { tries = 4, firstMs = 100 } = {}) {
  for (let i = 0; i < tries; i++) {
    try {
      return await fetch(url, { method: 'POST', body });
    } catch (e) {
      if (i === tries - 1) throw e;
      await new Promise((r) => setTimeout(r, firstMs * 2 ** i));
    }
  }
}
module.exports.track = (event) => postWithBackoff('/t', JSON.stringify(event));
module.exports.flush = (batch) => postWithBackoff('/b', JSON.stringify(batch), { tries: 8 });
`;

// The policy is written inside: the loop is the one retry; calling the function is not another.
const fixedInside = `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function readConfig(path: string): Promise<string> {
  for (let k = 0; k < 3; k++) {
    try {
      return await (await fetch(path)).text();
    } catch {
      await pause(2000);
    }
  }
  throw new Error('no config');
}
export const main = () => readConfig('/etc/app.json');
export const backup = () => readConfig('/etc/app.backup.json');
`;

// A method of the class that retries what it is handed, called on \`this\`.
const methodHelper = `
class Mailer {
  constructor(transport) {
    this.transport = transport;
  }
  async withRetries(op, max = 3) {
    let attempt = 0;
    while (true) {
      try {
        return await op();
      } catch (err) {
        if (++attempt >= max) throw err;
        await new Promise((r) => setTimeout(r, 750));
      }
    }
  }
  send(msg) {
    return this.withRetries(() => this.transport.deliver(msg));
  }
  sendUrgent(msg) {
    return this.withRetries(() => this.transport.deliver(msg), 6);
  }
}
module.exports = Mailer;
`;

// A callback-style recursion counting down in a parameter, told the outcome through \`done\`:
// the call from outside starts that retry, it does not run a second one.
const countdown = `
function put(file, done) { storage.write(file, done); }
function attempt(left, file, done) {
  put(file, (err) => {
    if (err && left > 0) return setTimeout(() => attempt(left - 1, file, done), 300);
    done(err);
  });
}
module.exports = (file, done) => attempt(2, file, done);
`;

ruleTester.run('no-fixed-sleep-retry and helpers of the same file', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'a helper handed the operation: the calls that pass another count (TS)',
      code: handedOperation,
      errors: [
        { ...fixed(loop, 'a fixed 1 s', 'up to 6 attempts'), line: 3, column: 3 },
        { ...fixed('This call of `attemptAll()`', 'a fixed 1 s', 'up to 3 attempts'), line: 14, column: 31 },
        { ...fixed('This call of `attemptAll()`', 'a fixed 1 s', 'no limit on attempts'), line: 15, column: 30 },
      ],
    },
    {
      name: 'a policy written inside the function: the loop only, not its callers',
      code: fixedInside,
      errors: [{ ...fixed(loop, 'a fixed 2 s', 'up to 3 attempts'), line: 4, column: 3 }],
    },
    {
      name: 'a method handed the operation, called on this with a count of its own (JS)',
      code: methodHelper,
      filename: JS,
      errors: [
        { ...fixed(loop, 'a fixed 750 ms', 'up to 3 attempts'), line: 8, column: 5 },
        { ...fixed('This call of `withRetries()`', 'a fixed 750 ms', 'up to 6 attempts'), line: 21, column: 12 },
      ],
    },
    {
      name: 'a recursion counting in a parameter: its first call is not a helper call',
      code: countdown,
      filename: JS,
      errors: [{ ...fixed('`attempt()` retrying itself', 'a fixed 300 ms', 'up to 3 attempts'), line: 5, column: 50 }],
    },
  ],
});

ruleTester.run('no-unbounded-retry and helpers of the same file', noUnboundedRetry, {
  valid: [{ name: 'a policy written inside, with a limit', code: fixedInside }],
  invalid: [
    {
      name: 'the call that passes Infinity never gives up; the others pass a limit',
      code: handedOperation,
      errors: [{ messageId: 'unbounded', line: 15, column: 30, data: { what: 'This call of `attemptAll()`' } }],
    },
  ],
});

ruleTester.run('require-jitter and helpers of the same file', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'a backoff its options set: the loop, and each call with its own count',
      code: policyOptions,
      filename: JS,
      errors: [
        { messageId: 'missingJitter', line: 3, column: 3, data: { what: loop, delay: '100 ms × 2^n', attempts: 'up to 4 attempts' } },
        { messageId: 'libraryDefault', line: 12, column: 35, data: { what: 'This call of `postWithBackoff()`', delay: '100 ms × 2^n', inherited: '', attempts: 'up to 4 attempts', fix: "Add jitter to the helper's wait (line 8)" } },
        { messageId: 'libraryDefault', line: 13, column: 35, data: { what: 'This call of `postWithBackoff()`', delay: '100 ms × 2^n', inherited: '', attempts: 'up to 8 attempts', fix: "Add jitter to the helper's wait (line 8)" } },
      ],
    },
  ],
});
