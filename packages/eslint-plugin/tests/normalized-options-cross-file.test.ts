import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// Options normalised by another module (tests/cross-file/normalized-options): `const plan =
// normalize(this.options.retry)` handed to a method that computes the wait (`#pause(plan)`).
// `normalize` returns one of two object literals (an early return for a bare number), each
// spreading `baseOptions()`, a function of that module that takes nothing and spreads its
// defaults: where both give an option from the same place, that is its value. Read in the
// helper through its parameter, as the caller's variable would be; and an option whose default
// there is written `undefined` is neither `=== true` nor of type 'function'.
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'normalized-options');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('require-jitter with options normalised by another module', requireJitter, {
  valid: [
    { name: 'the defaults turn spreading on', ...file('spread-uploader.mjs') },
    { name: 'the early return gives another pause: not known which', ...file('mixed-uploader.mjs') },
    { name: 'the module of defaults itself', ...file('defaults.mjs') },
  ],
  invalid: [
    {
      name: 'both returns spread the same defaults, spreading left undefined',
      ...file('uploader.mjs'),
      errors: [{ messageId: 'missingJitter', line: 22, column: 5, endLine: 22, endColumn: 13, data: { what: 'This retry loop', delay: '400 ms × 2^n', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
