import noNestedRetry from '../src/rules/no-nested-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry helper of the file runs what its callers hand it (`run(() => get(key))`): when a handed
 * function reaches another retry of the file, that call of the helper retries code that retries
 * again. It is reported at the call, as it is when the helper is imported: the helper's other
 * callers nest nothing (a function handed by name or bound with `.bind` too). A method of a class
 * of the file called on a field (`this.retrier.run(…)`) is reported at the helper's loop.
 */

const sleep = 'const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));\n';

const runner = (kind: 'function' | 'method') => `${sleep}
${kind === 'function' ? 'async function run<T>(fn: () => Promise<T>): Promise<T> {' : 'class Retrier {\n  async run<T>(fn: () => Promise<T>): Promise<T> {'}
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= 3) throw e;
      await sleep(Math.random() * 200 * 2 ** i);
    }
  }
}${kind === 'method' ? '\n}' : ''}
`;

const get = (retries: boolean) => `
async function get(key: string): Promise<string> {
${retries ? "  for (let tries = 0; tries < 3; tries++) {\n    const res = await fetch(`https://kv.local/${key}`);\n    if (res.ok) return res.text();\n    await sleep(Math.random() * 100);\n  }\n  throw new Error('kv');" : "  const res = await fetch(`https://kv.local/${key}`);\n  return res.text();"}
}
`;

const nested = (line: number, column: number, innerLine: number, what = 'This retry loop') => ({ messageId: 'nested' as const, line, column, data: { what, inner: 'a retry loop', line: innerLine, amplification: 'up to 4 × 3 = 12 calls per request' } });
const atCall = 'This call of `run()`';

ruleTester.run('no-nested-retry through a function handed to a retry helper of the file', noNestedRetry, {
  valid: [
    { name: 'TypeScript: the handed function makes one request', code: runner('function') + get(false) + 'export const load = (key: string) => run(() => get(key));\n', filename: 'load.ts' },
    { name: 'TypeScript: the helper and the retrying function called one after the other', code: runner('function') + get(true) + 'export async function load(key: string) {\n  await get(key);\n  return run(() => fetch(`/audit/${key}`));\n}\n', filename: 'load.ts' },
  ],
  invalid: [
    { name: 'TypeScript: an arrow hands the retrying function to the helper', code: runner('function') + get(true) + 'export const load = (key: string) => run(() => get(key));\n', filename: 'load.ts', errors: [nested(22, 38, 15, atCall)] },
    { name: 'TypeScript: a method of an instance the class keeps', code: runner('method') + get(true) + 'export class Cache {\n  private readonly retrier = new Retrier();\n  load(key: string) {\n    return this.retrier.run(() => get(key));\n  }\n}\n', filename: 'cache.ts', errors: [nested(5, 3, 17)] },
    { name: 'JavaScript: the retrying function handed by name', code: (runner('function') + get(true) + 'export const load = (key) => run(get.bind(null, key));\nexport const warm = () => run(refresh);\nasync function refresh() {\n  return get(\'warm\');\n}\n').replace(/: Promise<[a-zA-Z]+>/g, '').replace(/<T>|: \(\) => Promise<T>|: string|: number|<void>/g, ''), filename: 'load.js', errors: [nested(22, 30, 15, atCall), nested(23, 27, 15, atCall)] },
  ],
});
