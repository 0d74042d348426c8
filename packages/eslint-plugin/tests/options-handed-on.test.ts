import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A helper that calls itself back with its own options spread (`{ ...options, retries: left - 1,
 * attempt: attempt + 1 }`) hands on every other option as it was given: a call's `interval` and
 * `backoff` are read on every attempt (they were unknown behind the spread), and its `retries`
 * is where the count starts. `backoff * attempt` with `backoff = 0` grows by nothing. A wrapper
 * that hands the helper its own parameter (`retry(signer, { retries: 2, interval: 500 })`, the
 * parameter declared a function, or called in it) is a call whose caller chose the operation:
 * a site of its own, as the same call of a library is.
 */

const helper = `const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RetryOptions {
  retries: number;
  interval: number;
  backoff?: number;
  attempt?: number;
}

export async function retry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { retries: left, interval, backoff = 0, attempt = 0 } = options;
  try {
    return await task();
  } catch (error) {
    if (left > 0) {
      await sleep(interval + backoff * attempt);
      return retry(task, { ...options, retries: left - 1, attempt: attempt + 1 });
    }
    throw error;
  }
}
`;

const uploadTs = `${helper}
export function upload(file: string): Promise<void> {
  return retry(() => put(file), { retries: 3, interval: 1000, backoff: 1000 });
}

declare function put(file: string): Promise<void>;
`;

const signTs = `${helper}
export function signWith(signer: () => Promise<boolean>): Promise<boolean> {
  return retry(signer, { retries: 2, interval: 500 });
}
`;

const signJs = `const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function retry(task, options) {
  const { retries: left, interval, backoff = 0, attempt = 0 } = options;
  try {
    return await task();
  } catch (error) {
    if (left > 0) {
      await sleep(interval + backoff * attempt);
      return retry(task, { ...options, retries: left - 1, attempt: attempt + 1 });
    }
    throw error;
  }
}

export function signWith(signer) {
  if (signer.length > 1) return signer(undefined, 0);
  return retry(signer, { retries: 4, interval: 250, backoff: 250 });
}

export function pass(value) {
  return retry(value, { retries: 1, interval: 100 });
}
`;

const helperOwn = (line: number) => ({ messageId: 'fixedDelay' as const, line, column: 14, data: { what: '`retry()` retrying itself', delay: '`interval + backoff * attempt` (the same every time)', attempts: 'an unknown number of attempts' } });

ruleTester.run('require-jitter with options handed on through a spread', requireJitter, {
  valid: [{ name: 'TypeScript: the wrapper hands on a fixed wait', code: signTs, filename: 'sign.ts' }],
  invalid: [
    {
      name: 'TypeScript: a call setting a linear wait',
      code: uploadTs,
      filename: 'upload.ts',
      errors: [{ messageId: 'libraryDefault', line: 24, column: 10, data: { what: 'This call of `retry()`', delay: 'a linear 1 s × n', attempts: 'up to 4 attempts', inherited: '', fix: "Add jitter to the helper's wait (line 16)" } }],
    },
    {
      name: 'JavaScript: a wrapper calling its parameter hands it on',
      code: signJs,
      filename: 'sign.js',
      errors: [{ messageId: 'libraryDefault', line: 18, column: 10, data: { what: 'This call of `retry()`', delay: 'a linear 250 ms × n', attempts: 'up to 5 attempts', inherited: '', fix: "Add jitter to the helper's wait (line 9)" } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with options handed on through a spread', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: 'TypeScript: the helper by its defaults', code: uploadTs, filename: 'upload.ts', errors: [helperOwn(17)] },
    {
      name: 'TypeScript: a wrapper handing on a parameter declared a function',
      code: signTs,
      filename: 'sign.ts',
      errors: [helperOwn(17), { messageId: 'fixedDelay', line: 24, column: 10, data: { what: 'This call of `retry()`', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
    // (`pass(value)` hands on a parameter it neither declares a function nor calls: no site of its own.)
    { name: 'JavaScript: the helper by its defaults', code: signJs, filename: 'sign.js', errors: [helperOwn(10)] },
  ],
});
