import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * Two readings of what the failure path does besides going again.
 * - A way back taken only on the answer of a call made on the failure path and handed nothing of
 *   the failure (`const outcome = await refresh(attempt); if (outcome === 'ok') return again()`):
 *   that call decides whether to go again (a repair that may give up), so the number of attempts
 *   is not known; it is not "never gives up". A test of the failure itself still is. Going again
 *   only once the repair says it worked is a re-send after a change of state, not a layer of
 *   retries: a loop around it is not nested.
 * - A wait computed by a call handed the attempt count (`calc(err, count)` after `count++`) may
 *   answer "stop" (`if (backoff < 0) throw err`): an unknown count. Handed only the error, the
 *   answer is a look at the failure, and the loop never gives up.
 * - A call written again in the catch with a name bound anew there (`const path = …` in the try
 *   and another `const path = …` in the catch) is another request, a fallback; the same binding
 *   read again is the same request, retried once.
 */

const refreshThenAgain = (gate: string) => `declare function refresh(attempt: number): Promise<'ok' | 'logout'>;
declare function send(path: string): Promise<unknown>;
export async function authed(attempt: number, path: string): Promise<unknown> {
  try {
    return await send(path);
  } catch (error) {
    if ((error as { code?: string }).code === 'UNKNOWN_TOKEN') {
      ${gate}
    }
    throw error;
  }
}
`;

const fallbackInside = (inCatch: string) => `declare function get(path: string, q: object): Promise<unknown>;
declare function encode(t: string, v: object): string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function summary(id: string): Promise<unknown> {
  try {
    const path = encode('/summary/$id', { $id: id });
    return await get(path, {});
  } catch (e) {
    if ((e as { code?: string }).code === 'UNRECOGNIZED') {
      ${inCatch}
      return await get(path, {});
    }
    throw e;
  }
}
export async function load(id: string): Promise<unknown> {
  for (let i = 0; i < 3; i++) {
    try {
      return await summary(id);
    } catch {
      await sleep(1000 * 2 ** i + Math.random() * 100);
    }
  }
  throw new Error('gave up');
}
`;

ruleTester.run('no-unbounded-retry with a way back gated by a repair', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: the refresh, handed the count, answers whether to go again', code: refreshThenAgain("const outcome = await refresh(attempt);\n      if (outcome === 'ok') return authed(attempt + 1, path);"), filename: 'authed.ts' },
    { name: 'TypeScript: the answer tested for truth', code: refreshThenAgain("const outcome = await refresh(attempt);\n      if (outcome) return authed(attempt + 1, path);"), filename: 'authed.ts' },
    {
      name: 'JavaScript: a health check made in the catch decides',
      code: `export async function load(url, attempt = 0) {\n  try {\n    return await fetch(url);\n  } catch (err) {\n    const healthy = await fetch('/health').then((r) => r.ok);\n    if (healthy) return load(url, attempt + 1);\n    throw err;\n  }\n}\n`,
      filename: 'load.js',
    },
  ],
  invalid: [
    {
      name: 'TypeScript: only the error is tested, the refresh answers nothing',
      code: refreshThenAgain('await refresh(attempt);\n      return authed(attempt + 1, path);'),
      filename: 'authed.ts',
      errors: [{ messageId: 'unbounded', line: 9, column: 14, data: { what: '`authed()` retrying itself' } }],
    },
  ],
});

ruleTester.run('no-nested-retry with a call written again on a binding made anew', noNestedRetry, {
  valid: [{ name: 'TypeScript: another `path` declared in the catch is a fallback, not a retry', code: fallbackInside("const path = encode('/rooms/$id/summary', { $id: id });"), filename: 'summary.ts' }],
  invalid: [
    {
      name: 'TypeScript: the same `path` sent again is a retry inside the loop',
      code: fallbackInside('').replace("  try {\n    const path = encode('/summary/$id', { $id: id });", "  const path = encode('/summary/$id', { $id: id });\n  try {"),
      filename: 'summary.ts',
      errors: [{ messageId: 'nested', line: 17, column: 3, data: { what: 'This retry loop', inner: '`get()`, called again after it fails', line: 11, amplification: 'up to 3 × 2 = 6 calls per request' } }],
    },
  ],
});

const sentinelWait = (step: string, args: string, ts = true) => `declare function request()${ts ? ': Promise<string>' : ''};
const sleep = (ms${ts ? ': number' : ''}) => new Promise((r) => setTimeout(r, ms));
function calculateRetryBackoff(err${ts ? ': unknown' : ''}, attempts${ts ? ': number' : ''})${ts ? ': number' : ''} {
  if (attempts > 4) return -1;
  return 1000 * Math.pow(2, attempts);
}
export async function requestWithRetry() {
  let count = 0;
  while (true) {
    try {
      return await request();
    } catch (e) {
      ${step};
      const backoff = calculateRetryBackoff(${args});
      if (backoff < 0) throw e;
      await sleep(backoff);
    }
  }
}
`;

ruleTester.run('no-unbounded-retry with a wait that a call handed the count may refuse', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: `calc(e, count)` after `count++`', code: sentinelWait('count++', 'e, count'), filename: 'request.ts' },
    { name: 'JavaScript: `calc(e, count)` after `count += 1`', code: sentinelWait('count += 1', 'e, count', false), filename: 'request.js' },
  ],
  invalid: [
    {
      name: 'TypeScript: handed only the error, the answer is a look at the failure',
      code: sentinelWait('count++', 'e, 1'),
      filename: 'request.ts',
      errors: [{ messageId: 'unbounded', line: 9, column: 3, data: { what: 'This retry loop' } }],
    },
  ],
});

// The function above, not exported, with a sleep of the file, called by a retry loop of its own.
const aroundRefresh = (gate: string) => `${refreshThenAgain(gate).replace('export async function authed', 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\nasync function authed')}export async function save(path: string): Promise<unknown> {
  for (let i = 0; i < 5; i++) {
    try {
      return await authed(0, path);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** i);
    }
  }
  throw new Error('gave up');
}
`;

ruleTester.run('no-nested-retry around a re-send gated by a repair', noNestedRetry, {
  valid: [{ name: 'TypeScript: the inner function goes again only once the refresh answered ok', code: aroundRefresh("const outcome = await refresh(attempt);\n      if (outcome === 'ok') return authed(attempt + 1, path);"), filename: 'save.ts' }],
  invalid: [
    {
      name: 'TypeScript: the inner function goes again after a wait on the error code alone',
      code: aroundRefresh('await sleep(1000);\n      if (attempt < 3) return authed(attempt + 1, path);'),
      filename: 'save.ts',
      errors: [{ messageId: 'nested', line: 16, column: 3, data: { what: 'This retry loop', inner: '`authed()`, which retries itself', line: 10, amplification: 'up to 5 × 4 = 20 calls per request' } }],
    },
  ],
});
