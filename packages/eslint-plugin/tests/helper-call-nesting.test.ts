import noNestedRetry from '../src/rules/no-nested-retry.js';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

// A helper of the file that retries what it is handed reports its policy at its loop; a call of
// it is still a retry of what that call hands over. When what one call hands over runs another
// call of a retry helper (the same one or another), the retries multiply: reported at the outer
// call, naming the inner one. A call whose operation reaches no retry, and calls side by side,
// are not nested.

const helper = `
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function withRetries<T>(fn: () => Promise<T>, n = 3): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i + 1 >= n) throw e;
      await delay(500);
    }
  }
}
`;

const throughFunction = `${helper}
export async function getItem(id: string): Promise<unknown> {
  return withRetries(() => fetch('/i/' + id).then((r) => r.json()));
}
export async function getAll(ids: string[]): Promise<unknown[]> {
  return withRetries(() => Promise.all(ids.map((id) => getItem(id))));
}
`;

const inPlace = `${helper}
export async function getAll(ids: string[]): Promise<unknown[]> {
  return withRetries(() => Promise.all(ids.map((id) => withRetries(() => fetch('/i/' + id)))));
}
`;

const methods = `
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
export class Client {
  async withRetries<T>(fn: () => Promise<T>, n = 4): Promise<T> {
    for (let i = 0; ; i++) {
      try {
        return await fn();
      } catch (e) {
        if (i + 1 >= n) throw e;
        await delay(250);
      }
    }
  }
  async getItem(id: string): Promise<unknown> {
    return this.withRetries(() => fetch('/i/' + id));
  }
  async getAll(ids: string[]): Promise<unknown[]> {
    return this.withRetries(() => Promise.all(ids.map((id) => this.getItem(id))));
  }
}
`;

const sideBySide = `${helper}
export async function both(): Promise<[unknown, unknown]> {
  const a = await withRetries(() => fetch('/a'));
  const b = await withRetries(() => fetch('/b'));
  return [a, b];
}
`;

const plainInside = `${helper}
const read = (id: string) => fetch('/i/' + id);
export async function getAll(ids: string[]): Promise<unknown[]> {
  return withRetries(() => Promise.all(ids.map((id) => read(id))));
}
`;

// A failure the called function's `catch` keeps (logged) never reaches the outer retry: nothing
// under it makes an outer attempt again. Thrown on, handed to the caller's callback or recorded
// in a flag, it may.
const keptInCatch = (handling: string) => `${helper}
export async function schedule(done: (err?: unknown) => void): Promise<void> {
  try {
    await withRetries(() => fetch('/schedule'));
  } catch (err) {
    ${handling}
  }
}
export async function run(): Promise<void> {
  await withRetries(() => schedule(() => undefined));
}
`;

const nested = (line: number, column: number, innerLine: number) => ({
  messageId: 'nested' as const,
  line,
  column,
  data: { what: 'This call of `withRetries()`', inner: '`withRetries()`', line: innerLine, amplification: 'up to 3 × 3 = 9 calls per request' },
});

ruleTester.run('no-nested-retry and calls of a helper of the file', noNestedRetry, {
  valid: [
    { name: 'two calls one after the other', code: sideBySide },
    { name: 'the handed function reaches no retry', code: plainInside },
    { name: 'the inner failure is logged where it is caught', code: keptInCatch('console.error(err);') },
  ],
  invalid: [
    { name: 'through a function of the file that calls the helper', code: throughFunction, errors: [nested(18, 10, 15)] },
    { name: 'the helper called inside what it is handed', code: inPlace, errors: [nested(15, 10, 15)] },
    { name: 'the inner failure thrown on from its catch', code: keptInCatch('console.error(err);\n    throw err;'), errors: [nested(23, 9, 16)] },
    { name: "the inner failure handed to the caller's callback", code: keptInCatch('done(err);'), errors: [nested(22, 9, 16)] },
    { name: 'the inner failure recorded in a flag the caller may read', code: keptInCatch('failed = true;').replace('export async function schedule', 'let failed = false;\nexport async function schedule'), errors: [nested(23, 9, 17)] },
    {
      name: 'a method helper, through another method',
      code: methods,
      errors: [{ messageId: 'nested', line: 18, column: 12, data: { what: 'This call of `withRetries()`', inner: '`withRetries()`', line: 15, amplification: 'up to 4 × 4 = 16 calls per request' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry and calls of a helper of the file', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'the policy is reported once, at the helper loop, however many calls nest',
      code: throughFunction,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});
