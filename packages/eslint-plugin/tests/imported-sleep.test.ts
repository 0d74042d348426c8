import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A sleep imported from a module of the project (tests/cross-file/imported-sleep/util/sleep.mjs)
 * is read there: its own timer says how its argument becomes milliseconds (`pause(2)` waits
 * 2 s when the helper multiplies by 1000) and whether the wait is random (a helper that
 * jitters needs no jitter from its callers). Before, the sleep was taken by its name, its
 * argument as milliseconds, and never as random.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'imported-sleep');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('no-fixed-sleep-retry with a sleep imported from the project', noFixedSleepRetry, {
  valid: [
    { name: 'the imported sleep waits at random', ...file('spread.mjs') },
    { name: 'a growing wait handed to the imported sleep', ...file('growing.mjs') },
    { name: 'the sleep module itself', ...file('util/sleep.mjs') },
    { name: "a namespace import's sleep that waits at random", ...file('namespace.mjs') },
  ],
  invalid: [
    {
      name: 'its argument in milliseconds',
      ...file('fixed.mjs'),
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'its argument in seconds, through a default that names it',
      ...file('seconds.mjs'),
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a sleep among the members of a default-exported object, its argument in seconds',
      ...file('default-object.ts'),
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a TypeScript module whose sleep awaits the timers/promises timer under another name',
      ...file('promise-timer.ts'),
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: "a required module's sleep in seconds, called as a member",
      ...file('required.cjs'),
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 3 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a retry helper whose imported sleep is in seconds (the jittering one beside it stays silent)',
      ...file('retrying.mjs'),
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'the callers of that helper, two imports from the sleep',
      ...file('caller.mjs'),
      errors: [{ messageId: 'fixedDelay', line: 3, column: 28, data: { what: "This call of `steadily()` from './retrying.mjs'", delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter with a sleep imported from the project', requireJitter, {
  valid: [
    { name: 'the imported sleep spreads the growing wait', ...file('spread.mjs') },
    { name: 'a fixed wait is no backoff', ...file('fixed.mjs') },
    { name: "a namespace import's sleep spreads the growing wait", ...file('namespace.mjs') },
  ],
  invalid: [
    {
      name: 'the imported sleep waits exactly what it is handed',
      ...file('growing.mjs'),
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: '200 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
  ],
});

// A sleep helper's parameter default is read in the helper, with the earlier parameters bound
// (before, `s` was read outside the helper, unbound, and the growing wait taken as fixed).
const secondsHelper = (call: string) => `
const pause = (s, ms = s * 1000) => new Promise((resolve) => setTimeout(resolve, ms));
export async function go(op) {
  for (let i = 0; i < 4; i++) {
    try {
      return await op();
    } catch {
      await ${call};
    }
  }
}
`;

ruleTester.run('require-jitter with a same-file sleep whose default names an earlier parameter', requireJitter, {
  valid: [{ name: 'a fixed number of seconds', code: secondsHelper('pause(2)') }],
  invalid: [
    {
      name: 'seconds doubling with the attempt',
      code: secondsHelper('pause(2 ** i)'),
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: '1 s × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'milliseconds handed over, the default not used',
      code: secondsHelper('pause(0, 100 * 2 ** i)'),
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a same-file sleep whose default names an earlier parameter', noFixedSleepRetry, {
  valid: [{ name: 'seconds doubling with the attempt are no fixed wait', code: secondsHelper('pause(2 ** i)') }],
  invalid: [
    {
      name: 'a fixed number of seconds',
      code: secondsHelper('pause(2)'),
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});
