import noNestedRetry from '../src/rules/no-nested-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A call written again in a `catch` only once a repair answers that it worked (`if (await
 * refresh()) return await request()`, or `if (!renewed) throw err` before the copy): in an
 * outage the repair fails or says no first, so the copy is a re-send after a change of state,
 * not a layer multiplying the retries the operation makes inside. A repair whose answer decides
 * nothing still nests. Before, every awaited repair before the copy nested the retry inside.
 */

const inner = `const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
declare function refresh(): Promise<boolean>;

async function request(url: string): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      return await fetch(url);
    } catch (err) {
      if (i >= 4) throw err;
      await sleep(Math.random() * 1000 * 2 ** i);
    }
  }
}
`;

const load = (failure: string) => `${inner}
export async function load(url: string): Promise<Response> {
  try {
    return await request(url);
  } catch (err) {
${failure}
  }
}
`;

const toJs = (code: string) => code.replace('declare function refresh(): Promise<boolean>;', 'const refresh = async () => true;').replace(/: Promise<Response>|: Promise<void>|<void>|: number|: string|: Promise<boolean>/g, '').replace(/ as \{ status\?: number \}/g, '');

const nested = { messageId: 'nested' as const, line: 20, column: 18 };

ruleTester.run('no-nested-retry after a repair whose answer decides', noNestedRetry, {
  valid: [
    { name: 'TypeScript: the copy in a branch on the repair', code: load('    if ((err as { status?: number }).status === 401 && (await refresh())) return await request(url);\n    throw err;'), filename: 'load.ts' },
    { name: 'TypeScript: an early exit on the repair’s answer', code: load('    const renewed = await refresh();\n    if (!renewed) throw err;\n    return await request(url);'), filename: 'load.ts' },
    { name: 'JavaScript: the copy in a branch on the repair', code: toJs(load('    if (await refresh()) return await request(url);\n    throw err;')), filename: 'load.js' },
  ],
  invalid: [
    { name: 'TypeScript: a repair whose answer is dropped', code: load('    await refresh();\n    return await request(url);'), filename: 'load.ts', errors: [nested] },
    { name: 'TypeScript: an answer read after the copy decides nothing', code: load('    const renewed = await refresh();\n    const res = await request(url);\n    if (!renewed) console.warn("stale token");\n    return res;'), filename: 'load.ts', errors: [{ ...nested, column: 23 }] },
    { name: 'JavaScript: a repair whose answer is dropped', code: toJs(load('    await refresh();\n    return await request(url);')), filename: 'load.js', errors: [nested] },
  ],
});
