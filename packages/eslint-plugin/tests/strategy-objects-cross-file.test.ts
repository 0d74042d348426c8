import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A retry whose wait a strategy class of another module answers (tests/cross-file/strategy-object):
// `options.backoff || new Steady(200)` imported from './backoff/steady.mjs', whose `next()` hands
// back an object made by a function of that module, which hands itself back in turn.
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('no-fixed-sleep-retry across files: a wait an imported strategy class answers', noFixedSleepRetry, {
  valid: [
    { name: 'a strategy that makes a new, longer step each time', ...file('strategy-object/growing-policy.mjs') },
    { name: "the caller's strategy, the imported class only named in a check", ...file('strategy-object/caller-policy.mjs') },
    { name: 'the strategy module itself', ...file('strategy-object/backoff/steady.mjs') },
  ],
  invalid: [
    {
      name: 'the default strategy, its first answer then its own',
      ...file('strategy-object/policy.mjs'),
      errors: [{ messageId: 'fixedDelay', line: 13, column: 5, endLine: 13, endColumn: 35, data: { what: 'This retry loop', delay: 'a fixed 200 ms', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter across files: a wait an imported strategy class answers', requireJitter, {
  valid: [
    { name: 'a fixed wait is no backoff to jitter', ...file('strategy-object/policy.mjs') },
    { name: 'a strategy that spreads its steps', ...file('strategy-object/growing-policy.mjs') },
  ],
  invalid: [
    {
      name: 'a strategy that doubles with the attempt it is handed, its base from the constructor default',
      ...file('strategy-object/expo-policy.mjs'),
      errors: [{ messageId: 'missingJitter', line: 7, column: 3, endLine: 7, endColumn: 48, data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
  ],
});
