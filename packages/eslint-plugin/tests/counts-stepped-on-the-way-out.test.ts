import requireJitter from '../src/rules/require-jitter.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry through two functions whose count is stepped on the way out (`catch { return
 * retryLater(url, n + 1) }`) and handed back as it is (`retryLater(url, n) { …; return send(url,
 * n) }`): the count is a counter of both, so a wait made of it grows and a test of it in the
 * second function bounds the retry. The second function's count starts one step past where the
 * first one's does (`send(url, 0)` from outside: `n > 4` in `retryLater` stops after 5 attempts).
 * The second function's timer may sit in the executor of the promise it returns (`return new
 * Promise((resolve) => setTimeout(async () => resolve(await attempt(job, n)), ms))`): that
 * promise is the wait itself, no second one.
 */

const jsCycle = (start: string) => `async function retryLater(url, n) {
  if (n > 4) return undefined;
  await new Promise((resolve) => setTimeout(resolve, n * 1500));
  return send(url, n);
}

async function send(url, n) {
  try {
    return await fetch(url);
  } catch {
    return retryLater(url, n + 1);
  }
}

export const load = (url) => send(url, ${start});
`;

const tsCycle = `async function wait(key: string, attempt: number): Promise<string | undefined> {
  if (attempt >= 8) return undefined;
  await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  return read(key, attempt);
}

export async function read(key: string, attempt = 0): Promise<string | undefined> {
  try {
    const res = await fetch(\`/kv/\${key}\`);
    return await res.text();
  } catch {
    return wait(key, attempt + 1);
  }
}
`;

const executorJs = `async function later(job, tries) {
  if (tries >= 6) throw new Error('gave up');
  const ms = tries * 750;
  return new Promise((resolve, reject) => {
    setTimeout(async () => {
      try {
        resolve(await attempt(job, tries));
      } catch (e) {
        reject(e);
      }
    }, ms);
  });
}

async function attempt(job, tries) {
  try {
    return await job.run();
  } catch {
    return later(job, tries + 1);
  }
}

export const start = (job) => attempt(job, 0);
`;

const linear = (line: number, column: number, what: string, delay: string, attempts: string) => ({ messageId: 'missingJitter' as const, line, column, data: { what, delay, attempts } });

ruleTester.run('require-jitter with a count stepped on the way out', requireJitter, {
  valid: [],
  invalid: [
    { name: 'JavaScript: started at 0 by its caller', code: jsCycle('0'), filename: 'send.js', errors: [linear(4, 10, '`send()` retrying itself through `retryLater()`', 'a linear 1.5 s × n', 'up to 5 attempts')] },
    { name: 'TypeScript: started by a default', code: tsCycle, filename: 'read.ts', errors: [linear(4, 10, '`read()` retrying itself through `wait()`', 'a linear 200 ms × n', 'up to 8 attempts')] },
    { name: 'JavaScript: the timer in the executor of the promise the second function returns', code: executorJs, filename: 'later.js', errors: [linear(7, 23, '`attempt()` retrying itself through `later()`', 'a linear 750 ms × n', 'up to 6 attempts')] },
  ],
});

ruleTester.run('no-unbounded-retry with a count stepped on the way out', noUnboundedRetry, {
  valid: [
    { name: 'JavaScript: started at 0 by its caller', code: jsCycle('0'), filename: 'send.js' },
    { name: 'TypeScript: started by a default', code: tsCycle, filename: 'read.ts' },
    { name: 'JavaScript: the timer in the executor of the promise the second function returns', code: executorJs, filename: 'later.js' },
  ],
  invalid: [],
});
