import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop whose condition only successes move (`i++` or `items.shift()` after the call, in the
 * `try`) counts successes: a failure goes round with the condition as it was, so nothing limits
 * the failures. A condition that moves on every turn (the item taken before the call) is a walk
 * through items, and a give-up guard on failures bounds it.
 */

const loop = (head: string, body: string) => `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function send(items: string[]) {
  let i = 0;
  let failures = 0;
  while (${head}) {
${body}
  }
  return failures + i;
}
`;

ruleTester.run('no-unbounded-retry with a condition only successes move', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: the item is taken before the call, whatever happens', code: loop('items.length > 0', '    const item = items.shift() as string;\n    try {\n      await fetch(item);\n    } catch {\n      await sleep(2000);\n    }'), filename: 'send.ts' },
    { name: 'TypeScript: failures are counted and give up', code: loop('i < items.length', '    try {\n      await fetch(items[i] as string);\n      i++;\n    } catch (err) {\n      if (++failures > 5) throw err;\n      await sleep(2000);\n    }'), filename: 'send.ts' },
    { name: "TypeScript: the instance's queue shifted before the call", code: `const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));\nexport class OfflineQueue {\n  private items: string[] = [];\n  async flush() {\n    while (this.items.length > 0) {\n      const next = this.items.shift() as string;\n      try {\n        await fetch(next);\n      } catch {\n        await pause(2000);\n      }\n    }\n  }\n}\n`, filename: 'offline-queue.ts' },
    { name: 'TypeScript: the index moves in `finally` on every turn', code: loop('i < items.length', '    try {\n      await fetch(items[i] as string);\n    } catch {\n      await sleep(2000);\n    } finally {\n      i++;\n    }'), filename: 'send.ts' },
  ],
  invalid: [
    { name: 'TypeScript: `items.shift()` after the call', code: loop('items.length > 0', '    try {\n      await fetch(items[0] as string);\n      items.shift();\n    } catch {\n      await sleep(2000);\n    }'), filename: 'send.ts', errors: [{ messageId: 'unbounded', line: 5, column: 3 }] },
    { name: 'TypeScript: `i++` after the call', code: loop('i < items.length', '    try {\n      await fetch(items[i] as string);\n      i++;\n    } catch {\n      await sleep(2000);\n    }'), filename: 'send.ts', errors: [{ messageId: 'unbounded', line: 5, column: 3 }] },
    {
      name: "TypeScript: the instance's queue shifted after the call",
      code: `const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));\nexport class OfflineQueue {\n  private items: string[] = [];\n  async flush() {\n    while (this.items.length > 0) {\n      try {\n        await fetch(this.items[0] as string);\n        this.items.shift();\n      } catch {\n        await pause(2000);\n      }\n    }\n  }\n}\n`,
      filename: 'offline-queue.ts',
      errors: [{ messageId: 'unbounded', line: 5, column: 5 }],
    },
    {
      name: 'JavaScript: a queue drained with `pending.delete(id)` after the call',
      code: `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));\nexport async function flush(pending, post) {\n  while (pending.size > 0) {\n    const [id, body] = pending.entries().next().value;\n    try {\n      await post(id, body);\n      pending.delete(id);\n    } catch {\n      await sleep(1000);\n    }\n  }\n}\n`,
      filename: 'flush.js',
      errors: [{ messageId: 'unbounded', line: 3, column: 3 }],
    },
  ],
});
