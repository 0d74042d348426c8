import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A wait only under `if (err.statusCode == 429)` lets the other errors go round at once — unless
 * the loop's own test stops them: `do { … } while (n <= max && status === 429)` with `status =
 * err.statusCode` written on the failure path first. A name given that value counts as it.
 */

const actionTs = (test: string) => `export async function retryAction<T>(op: (n: number) => Promise<T>, maxRetries: number, initialDelay = 500): Promise<T> {
  let delay = initialDelay;
  let n = 1;
  let status: number | undefined;
  const errors: unknown[] = [];
  do {
    try {
      return await op(n);
    } catch (err: any) {
      errors.push(err);
      status = err.statusCode;
      if (err.statusCode == 429) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay *= 2;
        n++;
      }
    }
  } while (${test});
  throw new Error('failed: ' + errors.length);
}
`;

const whileJs = (test: string) => `
async function send(req, max) {
  let tries = 0;
  let code;
  while (${test}) {
    try {
      return await post(req);
    } catch (e) {
      code = e.code;
      if (e.code === 'EBUSY') {
        tries++;
        await sleep(100 * 2 ** tries);
      }
    }
  }
  throw new Error('busy');
}
module.exports = { send };
`;

ruleTester.run('no-fixed-sleep-retry when the loop test stops the errors that skip the wait', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: do … while (n <= max && status === 429)', code: actionTs('n <= maxRetries && status === 429'), filename: 'retry-action.ts' },
    { name: "JavaScript: while (tries < max && code === 'EBUSY'), the code starting as 'EBUSY'", code: whileJs("tries < max && code === 'EBUSY'").replace('let code;', "let code = 'EBUSY';"), filename: 'send.js' },
  ],
  invalid: [
    {
      name: 'TypeScript: the loop test reads the count only',
      code: actionTs('n <= maxRetries'),
      filename: 'retry-action.ts',
      errors: [{ messageId: 'immediateOnOthers', line: 6, column: 3, data: { what: 'This retry loop', line: '12', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'TypeScript: the loop test compares another status',
      code: actionTs('n <= maxRetries && status !== 404'),
      filename: 'retry-action.ts',
      errors: [{ messageId: 'immediateOnOthers', line: 6, column: 3, data: { what: 'This retry loop', line: '12', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
