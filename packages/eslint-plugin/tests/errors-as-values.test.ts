import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * An attempt whose error comes back as its value (`await fetch(url).catch((e) => e)`), tested
 * with `instanceof Error` (or a class of the file that extends it): that branch is the failure
 * path, and a named function it calls that goes again (`const retry = async () => { …;
 * return this.request(…) }`) retries. A caught error tested the same way inside a catch is only
 * told apart from other failures (`if (err instanceof AbortedError) throw err`).
 */

const clientTs = (errorClass: string, prelude = '') => `${prelude}const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Client {
  async request(url: URL, init: RequestInit, total = 3, count = 0): Promise<unknown> {
    const res = await fetch(url, init).catch((err: Error) => err);
    const retry = async () => {
      if (count >= total) throw new Error('failed');
      await sleep(250 * Math.pow(2, count));
      return this.request(url, init, total, count + 1);
    };
    if (res instanceof ${errorClass}) {
      return retry();
    }
    return res.json();
  }
}
`;

const sendTs = `class HttpError extends Error {
  constructor(readonly status: number) {
    super(\`HTTP \${status}\`);
  }
}
class AbortedError extends Error {}

export async function send(url: string, attempt = 0): Promise<Response> {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new HttpError(res.status);
    return res;
  } catch (err) {
    if (err instanceof AbortedError) throw err;
    if (attempt >= 3) throw err;
    if (err instanceof HttpError && err.status < 500) throw err;
    await new Promise((r) => setTimeout(r, 1000));
    return send(url, attempt + 1);
  }
}
`;

const jitter = (line: number) => ({ messageId: 'missingJitter' as const, line, column: 14, data: { what: '`request()` retrying itself', delay: '250 ms × 2^n', attempts: 'up to 4 attempts' } });

ruleTester.run('require-jitter with the error returned as the value', requireJitter, {
  valid: [{ name: 'TypeScript: a class that is no error', code: clientTs('Blob'), filename: 'client.ts' }],
  invalid: [
    { name: 'TypeScript: instanceof Error', code: clientTs('Error'), filename: 'client.ts', errors: [jitter(9)] },
    { name: 'TypeScript: a class of the file extending Error', code: clientTs('RequestError', 'class TransportError extends Error {}\nclass RequestError extends TransportError {}\n'), filename: 'client.ts', errors: [jitter(11)] },
  ],
});

ruleTester.run('no-fixed-sleep-retry with error classes told apart in a catch', noFixedSleepRetry, {
  valid: [],
  invalid: [{ name: 'TypeScript: instanceof tests inside the catch', code: sendTs, filename: 'send.ts', errors: [{ messageId: 'fixedDelay', line: 18, column: 12, data: { what: '`send()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }] }],
});
