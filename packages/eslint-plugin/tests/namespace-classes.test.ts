import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A class of another module of the project reached through a namespace import
 * (`import * as assist from './lib'`) or a whole required module: made here
 * (`new assist.Assistant(…)`), or declared (`client: assist.Assistant` as a parameter, a
 * parameter property, a field, or a variable given a value from elsewhere:
 * `const client: assist.Assistant = registry.get('assistant')`). Its method retries, so a
 * retry around the call is nested, as it is with the class imported by name. Before, `assist.Assistant` named nothing the analysis
 * followed: the outer retry was found, the nesting was not. A parameter property keeps its
 * declared type when another class of the file writes a member of the same name, and when its
 * class takes type arguments (`private readonly pool: assist.Pool<string>`). An instance
 * may also come from a getter or a function of the file: its declared return type, or the
 * `new` it returns (kept once made: `return (this.cached ??= new Assistant(url))`), or a cast
 * (`(registry.get('assistant') as assist.Assistant).complete()`).
 * The modules are tests/cross-file/namespace-class/.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'namespace-class');
const file = (name: string) => ({ filename: join(root, name), code: readFileSync(join(root, name), 'utf8') });
const what = 'This retry loop';
const inner = (module: string) => `\`Assistant.complete()\` from '${module}'`;

const echoOnly = readFileSync(join(root, 'made-here.ts'), 'utf8').replace(/export async function answer[\s\S]*?\n}\n/, '');

ruleTester.run('no-nested-retry through a class of a namespace import', noNestedRetry, {
  valid: [
    { name: 'the class retrying its own request is one layer', ...file('lib/assistant.ts') },
    { name: 'TypeScript: `new assist.Echo()`, whose method does not retry', filename: join(root, 'echo.ts'), code: echoOnly },
  ],
  invalid: [
    {
      name: 'TypeScript: `new assist.Assistant()` made in the function, a retry on a result that did not parse',
      ...file('made-here.ts'),
      // The call before the loop (past `let tries = 0`) is the first of 4 attempts.
      errors: [{ messageId: 'nested', line: 15, column: 3, data: { what, inner: inner('./lib/index.js'), line: 16, amplification: 'up to 4 × 4 = 16 calls per request' } }],
    },
    {
      name: 'TypeScript: declared `assist.Assistant` as a parameter, a parameter property, a field, a variable whose value comes from elsewhere, and a parameter property of a generic class (`assist.Pool<string>`)',
      ...file('declared.ts'),
      errors: [
        { messageId: 'nested', line: 6, column: 3, data: { what, inner: inner('./lib/index.js'), line: 8, amplification: 'up to 4 × 4 = 16 calls per request' } },
        { messageId: 'nested', line: 20, column: 5, data: { what, inner: inner('./lib/index.js'), line: 22, amplification: 'up to 4 × 4 = 16 calls per request' } },
        { messageId: 'nested', line: 39, column: 5, data: { what, inner: inner('./lib/index.js'), line: 41, amplification: 'up to 4 × 4 = 16 calls per request' } },
        { messageId: 'nested', line: 52, column: 3, data: { what, inner: inner('./lib/index.js'), line: 54, amplification: 'up to 4 × 4 = 16 calls per request' } },
        { messageId: 'nested', line: 66, column: 5, data: { what, inner: "`Pool.acquire()` from './lib/index.js'", line: 68, amplification: 'up to 4 × 4 = 16 calls per request' } },
      ],
    },
    {
      name: 'TypeScript: an instance a getter keeps once made (`this.cached ??= new Assistant()`), and one a function of the file makes',
      ...file('made-later.ts'),
      errors: [
        { messageId: 'nested', line: 13, column: 5, data: { what, inner: inner('./lib/index.js'), line: 15, amplification: 'up to 4 × 4 = 16 calls per request' } },
        { messageId: 'nested', line: 29, column: 3, data: { what, inner: inner('./lib/index.js'), line: 31, amplification: 'up to 4 × 4 = 16 calls per request' } },
      ],
    },
    {
      name: 'TypeScript: a function of the file declared to return `assist.Assistant` (`assistant().complete()`), a value cast to it (`(x as assist.Assistant).complete()`); one returning `assist.Echo` is one layer',
      ...file('looked-up.ts'),
      errors: [
        { messageId: 'nested', line: 15, column: 3, data: { what, inner: inner('./lib/index.js'), line: 17, amplification: 'up to 4 × 4 = 16 calls per request' } },
        { messageId: 'nested', line: 37, column: 3, data: { what, inner: inner('./lib/index.js'), line: 39, amplification: 'up to 4 × 4 = 16 calls per request' } },
      ],
    },
    {
      name: 'JavaScript: `new assist.Assistant()` of a required CommonJS module',
      ...file('required.cjs'),
      errors: [{ messageId: 'nested', line: 7, column: 3, data: { what, inner: inner('./lib/assistant.cjs'), line: 9, amplification: 'up to 4 × 4 = 16 calls per request' } }],
    },
  ],
});
