import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

// An operation that waits inside makes the retry around it wait too (`await connect()` where
// `connect` sleeps before it dials). An operation that waits only after one of its own attempts
// failed (its own retry's back-off) does not: when it gives up, the caller's next attempt makes
// its first try at once. Before, any wait inside the operation made the outer wait unknown, and
// a retry at once around a retrying helper was not reported (only the nesting was).

const helper = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function withBackoff<R>(run: () => Promise<R>, tries: number): Promise<R> {
  let attempt = 1;
  while (true) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries) throw error;
      await sleep(Math.random() * 100 * 2 ** attempt);
      attempt += 1;
    }
  }
}
`;

/** The outer layer a recursion, the helper's wait in its `catch`. */
const recursion = `${helper}
export async function save(body: string, attempt = 0): Promise<Response> {
  try {
    return await withBackoff(() => fetch('/save', { method: 'POST', body }), 3);
  } catch (error) {
    if (attempt < 4) return save(body, attempt + 1);
    throw error;
  }
}
`;

/** The outer layer a loop; the helper waits after its loop's \`try\`, not in the \`catch\`. */
const loop = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function polled(url: string): Promise<Response> {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch(url);
    } catch {}
    await sleep(Math.random() * 500);
  }
  throw new Error('gave up');
}
export async function load(url: string): Promise<Response> {
  for (let round = 0; round < 3; round++) {
    try {
      return await polled(url);
    } catch {}
  }
  throw new Error('gave up');
}
`;

/** The helper's wait in a rejection handler. */
const rejection = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function again(url: string, left: number): Promise<Response> {
  return fetch(url).catch((error) => (left > 0 ? sleep(Math.random() * 300).then(() => again(url, left - 1)) : Promise.reject(error)));
}
export async function load(url: string): Promise<Response> {
  for (let round = 0; ; round++) {
    try {
      return await again(url, 2);
    } catch (error) {
      if (round >= 2) throw error;
    }
  }
}
`;

/** The operation waits before it dials, on every attempt: the retry around it is not at once. */
const waitsFirst = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function connect(url: string): Promise<WebSocket> {
  await sleep(1000 + Math.random() * 1000);
  return new WebSocket(url);
}
export async function open(url: string): Promise<WebSocket> {
  for (let i = 0; i < 5; i++) {
    try {
      return await connect(url);
    } catch {}
  }
  throw new Error('no socket');
}
`;

/** A wait in a loop before that loop's \`try\`: it comes before the first attempt too. */
const waitsBeforeTry = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function settled(url: string): Promise<Response> {
  for (let i = 0; i < 3; i++) {
    await sleep(Math.random() * 2000);
    try {
      return await fetch(url);
    } catch {}
  }
  throw new Error('gave up');
}
export async function load(url: string): Promise<Response> {
  for (let round = 0; round < 3; round++) {
    try {
      return await settled(url);
    } catch {}
  }
  throw new Error('gave up');
}
`;

ruleTester.run('no-fixed-sleep-retry around an operation that retries itself', noFixedSleepRetry, {
  valid: [
    { name: 'the operation waits before it dials', code: waitsFirst, filename: 'waits-first.ts' },
    { name: "the operation's wait comes before its loop's try", code: waitsBeforeTry, filename: 'waits-before-try.ts' },
  ],
  invalid: [
    {
      name: "a recursion around a helper that backs off in its catch",
      code: recursion,
      filename: 'recursion.ts',
      errors: [{ messageId: 'immediate', line: 20, column: 29, data: { what: '`save()` retrying itself', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a loop around a function whose loop waits after its try',
      code: loop,
      filename: 'loop.ts',
      errors: [{ messageId: 'immediate', line: 13, column: 3, data: { what: 'This retry loop', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a loop around a function that waits in its rejection handler',
      code: rejection,
      filename: 'rejection.ts',
      errors: [{ messageId: 'immediate', line: 7, column: 3, data: { what: 'This retry loop', attempts: 'up to 3 attempts' } }],
    },
  ],
});
