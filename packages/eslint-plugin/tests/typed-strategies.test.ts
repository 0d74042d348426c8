import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry setting written where it is defined, with no call in sight: `export const config:
 * client.RetryConfig = { retries: 3, retryDelay: (n) => n * 1000 }` (or `{ … } satisfies
 * RetryConfig`), its type imported from a module of the project whose retry loop reads its
 * policy through a variable of that type (`const retry = this.retry` with `retry?:
 * RetryConfig`). The loop read again with the literal in that place gives the policy the
 * setting makes, reported at its name. Reading the loop also needed: a function a bound
 * object holds called through its key (`retry.retryDelay?.(n, err)`), an answer named like a
 * wait but taken as a value (no sleep), and a header tried from a list that holds Retry-After.
 * Before, such a setting was never reported (issue 26: strategies where they are defined).
 * Types exist only in TypeScript: there is no JavaScript form.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'typed-strategy');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('require-jitter on a retry setting typed for a loop of the project', requireJitter, {
  valid: [
    { name: 'a setting whose wait is drawn at random', ...file('app/sound.ts') },
    { name: 'a fixed wait is not a growing one', ...file('app/fixed.ts') },
    { name: 'the module with the loop itself (its caller sets the policy)', ...file('client/http.ts') },
  ],
  invalid: [
    {
      name: 'a linear wait, typed through a namespace import of an index that re-exports the type',
      ...file('app/linear.ts'),
      errors: [{ messageId: 'libraryDefault', line: 3, column: 14, data: { what: "This retry setting read by the retry loop of `request()` from '../client/index.js'", delay: 'a linear 1 s × n', inherited: '', attempts: 'up to 4 attempts', fix: 'Make the wait it computes random (between 0 and that wait)' } }],
    },
    {
      name: 'a growing wait when the response carries no hint from a list of headers',
      ...file('app/server-hint.ts'),
      errors: [{ messageId: 'libraryDefaultNoRetryAfter', line: 15, column: 14, data: { what: "This retry setting read by the retry loop of `request()` from '../client/index.js'", delay: '500 ms × 2^n', inherited: '', attempts: 'up to 5 attempts', fix: 'Make the wait it computes random (between 0 and that wait)' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on a retry setting typed for a loop of the project', noFixedSleepRetry, {
  valid: [
    { name: 'a setting whose wait is drawn at random; a type no loop reads; an untyped literal', ...file('app/sound.ts') },
    { name: 'a growing wait is not fixed', ...file('app/linear.ts') },
  ],
  invalid: [
    {
      name: 'the same wait each time, by `satisfies` of a type imported by name',
      ...file('app/fixed.ts'),
      errors: [{ messageId: 'fixedDelay', line: 3, column: 14, data: { what: "This retry setting read by the retry loop of `request()` from '../client/http.js'", delay: 'a fixed 2 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});
