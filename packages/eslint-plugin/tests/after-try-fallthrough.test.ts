import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A try that returns on success (`if (res.status <= 204) return ok`) and a catch that keeps the
 * error: what follows the try runs only when the attempt failed, so a call back from there is a
 * retry. `error`, set only to the caught error or a new error, holds one on that way; a guard
 * `if (error && !canRetry) return` with the call back handing `canRetry` false lets one more
 * attempt through. Where the error's class cannot be read (imported), the guard still reads a
 * parameter the call back changes: the retry may stop there, by a count not known.
 */

const senderTs = (make: string, prelude = '') => `${prelude}const sleep = (ms = 1000) => new Promise((r) => setTimeout(r, ms));

export class Sender {
  async post(events: unknown[], canRetry: boolean): Promise<{ ok: boolean; error?: unknown }> {
    let error: unknown;
    try {
      const res = await fetch('/events', { method: 'POST', body: JSON.stringify(events) });
      if (res.status <= 204) {
        return { ok: true };
      }
      error = ${make};
    } catch (err) {
      error = err;
    }
    if (error && !canRetry) {
      return { ok: false, error };
    }
    await sleep();
    return this.post(events, false);
  }
}
`;

const countedTs = `const sleep = (ms = 1000) => new Promise((r) => setTimeout(r, ms));

export async function post(events: unknown[], attempt = 0): Promise<boolean> {
  try {
    const res = await fetch('/events', { method: 'POST', body: JSON.stringify(events) });
    if (res.ok) {
      return true;
    }
  } catch (err) {
    console.warn(err);
  }
  if (attempt >= 2) return false;
  await sleep();
  return post(events, attempt + 1);
}
`;

const fixed = (line: number, column: number, what: string, attempts: string) => ({ messageId: 'fixedDelay' as const, line, column, data: { what, delay: 'a fixed 1 s', attempts } });

ruleTester.run('no-fixed-sleep-retry after a try that returns on success', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: 'TypeScript: a count checked after the try', code: countedTs, filename: 'post.ts', errors: [fixed(14, 10, '`post()` retrying itself', 'up to 3 attempts')] },
    { name: 'TypeScript: a one-shot flag beside the error held', code: senderTs('new Error(`status ${res.status}`)'), filename: 'sender.ts', errors: [fixed(19, 12, '`post()` retrying itself', 'up to 2 attempts')] },
    {
      name: 'TypeScript: an error class of the file',
      code: senderTs('new ResponseError(res.status)', 'class ResponseError extends Error {\n  constructor(readonly status: number) {\n    super(String(status));\n  }\n}\n'),
      filename: 'sender.ts',
      errors: [fixed(24, 12, '`post()` retrying itself', 'up to 2 attempts')],
    },
    { name: 'TypeScript: an imported error class', code: senderTs('new ResponseError(res.status)', "import { ResponseError } from './errors';\n"), filename: 'sender.ts', errors: [fixed(20, 12, '`post()` retrying itself', 'an unknown number of attempts')] },
  ],
});

ruleTester.run('no-unbounded-retry after a try that returns on success', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: an imported error class beside the flag', code: senderTs('new ResponseError(res.status)', "import { ResponseError } from './errors';\n"), filename: 'sender.ts' }],
  invalid: [],
});
