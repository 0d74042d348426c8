import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * An instance reached through a member of a declared object type: `deps.ledger.post()` with
 * `deps: { ledger: Ledger }`, `ctx.deps.ledger` through a type alias and an interface of the
 * file, a property taken apart from a typed parameter (`({ ledger }: Deps)`), and
 * `this.deps.ledger` with `deps` a parameter property. The class's method retries, so a retry
 * around the call is nested, as it is when the parameter itself is declared `Ledger`. Before,
 * only a name declared with the class itself was followed: the outer retries were found, the
 * nesting was not. A member declared a class whose method does not retry (`Mirror`) is one
 * layer; an interface imported from another module (`Services`) is not read, so nothing is
 * claimed through it. The modules are tests/cross-file/declared-members/.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'declared-members');
const file = (name: string) => ({ filename: join(root, name), code: readFileSync(join(root, name), 'utf8') });
const what = 'This retry loop';
const ledger = "`Ledger.post()` from './lib/clients.js'";
const amplification = 'up to 4 × 3 = 12 calls per request';

ruleTester.run('no-nested-retry through members of declared object types', noNestedRetry, {
  valid: [{ name: 'the class retrying its own request is one layer', ...file('lib/clients.ts') }],
  invalid: [
    {
      name: 'a class of another module: a type literal, an alias holding an interface, a destructured parameter, a parameter property; not a class that does not retry, nor an interface of another module',
      ...file('members.ts'),
      errors: [
        { messageId: 'nested', line: 13, column: 3, data: { what, inner: ledger, line: 15, amplification } },
        { messageId: 'nested', line: 23, column: 3, data: { what, inner: ledger, line: 25, amplification } },
        { messageId: 'nested', line: 33, column: 3, data: { what, inner: ledger, line: 35, amplification } },
        { messageId: 'nested', line: 46, column: 5, data: { what, inner: ledger, line: 48, amplification } },
      ],
    },
    {
      name: 'a class of the same file, through an interface of the file',
      ...file('same-file.ts'),
      errors: [{ messageId: 'nested', line: 21, column: 3, data: { what, inner: 'a retry loop', line: 5, amplification } }],
    },
  ],
});
