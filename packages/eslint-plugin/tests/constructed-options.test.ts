import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A class's options read where its package constructs it (tests/cross-file/ctor-options):
 * `this.options.k`, with the constructor's parameter stored there, is what every `new C(x)` of
 * the package hands it. lib/: a policy built by a factory whose attempts fall back to Infinity,
 * and a connector built by a client that fills its options from a static defaults object
 * (a field set by a method the constructor calls, a normaliser that returns its argument).
 * quiet/: constructions that disagree, one the analysis cannot read, a bound that falls back to 5.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'ctor-options');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('no-unbounded-retry with options from the package’s constructions', noUnboundedRetry, {
  valid: [
    { name: 'two constructions hand different strategies (one gives up): unknown', ...file('quiet/reconnector.mjs') },
    { name: 'the one construction passes options read from a file', ...file('quiet/opaque.mjs') },
    { name: 'the factory falls back to 5 attempts', ...file('quiet/bounded.mjs') },
    { name: 'the modules that construct the classes', ...file('lib/client.mjs') },
    { name: 'the factory module', ...file('lib/index.mjs') },
  ],
  invalid: [
    {
      name: "the factory's maxAttempts falls back to Infinity (a self-construction that copies its own options agrees)",
      ...file('lib/policy.mjs'),
      errors: [{ messageId: 'unbounded', line: 12, column: 5, data: { what: 'This retry loop' } }],
    },
    {
      name: "the client's defaults object gives a strategy that always answers a number",
      ...file('lib/connector.mjs'),
      errors: [{ messageId: 'unbounded', line: 15, column: 14, data: { what: '`connect()` retrying itself' } }],
    },
  ],
});

ruleTester.run('require-jitter with a strategy from the package’s constructions', requireJitter, {
  valid: [
    { name: 'strategies that disagree', ...file('quiet/reconnector.mjs') },
    { name: 'jittered waits, options unknown', ...file('quiet/opaque.mjs') },
  ],
  invalid: [
    {
      name: 'min(times * 50, 2000) from the defaults the client merges in',
      ...file('lib/connector.mjs'),
      errors: [{ messageId: 'missingJitter', line: 15, column: 14 }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a wait from the package’s constructions', noFixedSleepRetry, {
  valid: [{ name: 'a growing strategy from the defaults', ...file('lib/connector.mjs') }],
  invalid: [
    {
      name: "the factory's delay, the same every time, with no limit",
      ...file('lib/policy.mjs'),
      errors: [{ messageId: 'fixedDelay', line: 12, column: 5, data: { what: 'This retry loop', delay: 'a fixed 250 ms', attempts: 'no limit on attempts' } }],
    },
  ],
});
