import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

// A result the attempt checks and turns into a failure itself (`if (theme) return theme; throw
// new Error()` inside the `try`): the branch that throws into the catch is the failure, the one
// that returns the success, whatever the test reads (analysis loops.ts, throwsOtherwise).

ruleTester.run('no-fixed-sleep-retry when the attempt throws on a result it rejects', noFixedSleepRetry, {
  valid: [
    {
      name: 'the falsy result leaves the loop instead of failing into the catch: no way back on it',
      code: `declare function take(): Promise<string | undefined>;
export async function next() {
  for (let attempt = 0; attempt < 3; attempt++) {
    const job = await take();
    if (job) return job;
    throw new Error('queue empty');
  }
  return undefined;
}`,
    },
  ],
  invalid: [
    {
      name: 'TS: the result returned when there is one, a throw otherwise, a fixed wait in the catch',
      code: `declare function create(o: object): Promise<{ id: number } | undefined>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function createTheme(options: object) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const theme = await create(options);
      if (theme) return theme;
      throw new Error('no theme');
    } catch (error) {
      console.debug('theme not created, retrying', error);
      await sleep(500);
    }
  }
  return undefined;
}`,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 48, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'JS: an if with an else that throws, retried at once',
      filename: 'theme.js',
      code: `export async function createTheme(create, options) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const theme = await create(options);
      if (theme) {
        await announce(theme);
        return theme;
      } else {
        throw new Error('no theme');
      }
    } catch (error) {
      console.debug('retrying', error);
    }
  }
  return undefined;
}`,
      errors: [{ messageId: 'immediate', line: 2, column: 3, endLine: 2, endColumn: 48, data: { what: 'This retry loop', attempts: 'up to 4 attempts' } }],
    },
  ],
});
