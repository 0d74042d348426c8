import noNestedRetry from '../src/rules/no-nested-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry around a method of a class of the same file, called on an instance: the nesting
 * follows the call into the method when the receiver is known to hold that class — made by a
 * `new` (a constant, a field set once) or declared of the class (a parameter, a field, a
 * constructor's parameter property), the method the class's own or one it inherits from a
 * class of the file. Across modules: cross-file/typed-parameter.
 */

const TS = 'retry.ts';
const JS = 'retry.js';

const clientTs = `
class Store {
  async put(key: string, value: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch('/kv/' + key, { method: 'PUT', body: value });
      if (res.ok) return;
      if (attempt === 5) throw new Error('put failed: ' + res.status);
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt * Math.random()));
    }
  }
  async peek(key: string): Promise<Response> {
    return fetch('/kv/' + key);
  }
}
`;

/** A retry loop around `<receiver>.<method>(…)`, with a jittered wait of its own. */
const outerLoop = (call: string, indent = '  ') =>
  [
    `for (let i = 0; i < 3; i++) {`,
    `  try {`,
    `    await ${call};`,
    `    return;`,
    `  } catch {`,
    `    await new Promise((r) => setTimeout(r, 1000 * Math.random()));`,
    `  }`,
    `}`,
  ]
    .map((l) => indent + l)
    .join('\n');

const nested = (line: number, column: number, inner: string) => ({
  messageId: 'nested' as const,
  line,
  column,
  data: { what: 'This retry loop', inner, line: 4, amplification: 'up to 3 × 5 = 15 calls per request' },
});

ruleTester.run('no-nested-retry through a method of an instance of a class of the file', noNestedRetry, {
  valid: [
    { name: 'TypeScript: a method that tries once', code: `${clientTs}\nexport async function look(s: Store) {\n${outerLoop("s.peek('a')")}\n}\n`, filename: TS },
    {
      name: 'TypeScript: a parameter declared an interface the class does not name',
      code: `${clientTs}\ninterface Putter { put(k: string, v: string): Promise<void> }\nexport async function save(p: Putter) {\n${outerLoop("p.put('a', 'b')")}\n}\n`,
      filename: TS,
    },
    {
      name: 'TypeScript: a parameter written again before the loop',
      code: `${clientTs}\nexport async function save(s: Store, other: any) {\n  s = other;\n${outerLoop("s.put('a', 'b')")}\n}\n`,
      filename: TS,
    },
    {
      name: 'JavaScript: a variable that may hold another object',
      code: `${clientTs.replace(/: (string|Promise<void>|Promise<Response>)/g, '')}\nlet store = new Store();\nexport function swap(s) { store = s; }\nexport async function save() {\n${outerLoop("store.put('a', 'b')")}\n}\n`,
      filename: JS,
    },
    { name: 'TypeScript: the retrying method called outside any retry', code: `${clientTs}\nexport const save = (s: Store) => s.put('a', 'b');\n`, filename: TS },
  ],
  invalid: [
    {
      name: 'TypeScript: a parameter declared the class',
      code: `${clientTs}\nexport async function save(s: Store) {\n${outerLoop("s.put('a', 'b')")}\n}\n`,
      filename: TS,
      errors: [nested(17, 3, 'a retry loop')],
    },
    {
      name: 'TypeScript: a constructor parameter property declared the class',
      code: `${clientTs}\nexport class Saver {\n  constructor(private readonly store: Store) {}\n  async save() {\n${outerLoop("this.store.put('a', 'b')", '    ')}\n  }\n}\n`,
      filename: TS,
      errors: [nested(19, 5, 'a retry loop')],
    },
    {
      name: 'TypeScript: a field declared the class, written elsewhere',
      code: `${clientTs}\nexport class Saver {\n  private store!: Store;\n  use(s: Store) { this.store = s; }\n  async save() {\n${outerLoop("this.store.put('a', 'b')", '    ')}\n  }\n}\n`,
      filename: TS,
      errors: [nested(20, 5, 'a retry loop')],
    },
    {
      name: 'JavaScript: a module constant made by new',
      code: `${clientTs.replace(/: (string|Promise<void>|Promise<Response>)/g, '')}\nconst store = new Store();\nexport async function save() {\n${outerLoop("store.put('a', 'b')")}\n}\n`,
      filename: JS,
      errors: [nested(18, 3, 'a retry loop')],
    },
    {
      name: 'JavaScript: a field the constructor sets once, the method inherited from a class of the file',
      code: `${clientTs.replace(/: (string|Promise<void>|Promise<Response>)/g, '')}\nclass CachedStore extends Store {}\nclass Saver {\n  constructor() { this.store = new CachedStore(); }\n  async save() {\n${outerLoop("this.store.put('a', 'b')", '    ')}\n  }\n}\nmodule.exports = { Saver };\n`,
      filename: JS,
      errors: [nested(20, 5, 'a retry loop')],
    },
  ],
});
