import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * Leaving the retry on the error an aborted signal rejects with (`err.name === 'AbortError'`,
 * Node's `err.code === 'ABORT_ERR'`) stops it when the caller aborts: a bound, as a test of
 * `signal.aborted` is. Before, such a loop was reported as never giving up, "no abort signal".
 */
const LOAD = (exit: string) => `
export async function load(url: string, signal: AbortSignal) {
  while (true) {
    try {
      return await fetch(url, { signal });
    } catch (err) {
      ${exit}
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
`;

ruleTester.run('no-unbounded-retry when the failure path leaves on an abort error', noUnboundedRetry, {
  valid: [
    { name: "rethrows the DOMException's name", code: LOAD("if ((err as Error).name === 'AbortError') throw err;") },
    { name: 'returns on the DOMException checked by class and name', code: LOAD("if (err instanceof DOMException && err.name === 'AbortError') return undefined;") },
    { name: "Node's code for an abort", code: LOAD("if ((err as { code?: string }).code === 'ABORT_ERR') throw err;") },
    { name: 'the name on the right', code: LOAD("if ('AbortError' == (err as Error).name) throw err;") },
  ],
  invalid: [
    {
      name: 'another error name is no abort',
      code: LOAD("if ((err as Error).name === 'TypeError') throw err;"),
      errors: [{ messageId: 'unbounded', line: 3, column: 3, data: { what: 'This retry loop' } }],
    },
    {
      name: 'the abort name tested but the loop goes on',
      code: LOAD("if ((err as Error).name === 'AbortError') console.warn('aborted, retrying');"),
      errors: [{ messageId: 'unbounded', line: 3, column: 3, data: { what: 'This retry loop' } }],
    },
    {
      name: "the name's text compared with another property",
      code: LOAD("if ((err as Error).message === 'AbortError') throw err;"),
      errors: [{ messageId: 'unbounded', line: 3, column: 3, data: { what: 'This retry loop' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry when the failure path leaves on an abort error', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'a fixed wait until aborted',
      code: LOAD("if ((err as Error).name === 'AbortError') throw err;"),
      errors: [{ messageId: 'fixedDelay', line: 3, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'until aborted' } }],
    },
  ],
});
