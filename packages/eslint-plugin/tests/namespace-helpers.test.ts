import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry helper exported from a TypeScript namespace of another module (`export namespace
 * Retry { export const run = … }`), called as `Retry.run(op)` where `Retry` is imported by
 * name, through a barrel that re-exports it (`export { Retry } from`): read as the helper it is, as a function exported by its
 * own name is. Before, `Retry.run()` named nothing the analysis could follow: no finding at
 * the call, and a retry inside another (`Retry.run(() => Retry.jittered(op))`) not nested.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'namespace-helper');
const file = (name: string) => ({ filename: join(root, name), code: readFileSync(join(root, name), 'utf8') });

const what = "This call of `Retry.run()` from './lib/index.js'";

ruleTester.run('no-fixed-sleep-retry with a helper of an imported namespace', noFixedSleepRetry, {
  valid: [{ name: 'the barrel that re-exports the namespace', ...file('lib/index.ts') }],
  invalid: [
    {
      name: 'TypeScript: `Retry.run()` with and without options',
      ...file('orders.ts'),
      errors: [
        { messageId: 'fixedDelay', line: 3, column: 43, data: { what, delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } },
        { messageId: 'fixedDelay', line: 7, column: 46, data: { what, delay: 'a fixed 250 ms', attempts: 'up to 2 attempts' } },
      ],
    },
  ],
});

ruleTester.run('require-jitter with a helper of an imported namespace', requireJitter, {
  valid: [{ name: 'TypeScript: `Retry.jittered()` waits a random time', ...file('orders.ts') }],
  invalid: [],
});

ruleTester.run('no-nested-retry through helpers of an imported namespace', noNestedRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: `Retry.run(() => Retry.jittered(op))`',
      ...file('orders.ts'),
      errors: [{ messageId: 'nested', line: 7, column: 46, data: { what, inner: "`Retry.jittered()` from './lib/index.js'", line: 7, amplification: 'up to 2 × 5 = 10 calls per request' } }],
    },
  ],
});
