import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A library called through a constant that holds one of its methods (`const request = post ?
// got.post : got.get; request(url, options)`) is that library, whichever way the test goes:
// its retry options are read as at `got.post(url, options)`. Before, only a callee written as
// the import's member was recognised.

const options = `
  const options = {
    json: body,
    retry: {
      calculateDelay: ({ attemptCount }: { attemptCount: number }): number => (attemptCount === 3 ? 0 : 2 ** attemptCount * 1000),
    },
  };`;

const chosen = `import got from 'got';
export async function send(url: string, post: boolean, body: unknown) {${options}
  const request = post ? got.post : got.get;
  return request(url, { ...options, headers: {} }).json();
}
`;

const aliased = `import got from 'got';
export async function send(url: string, body: unknown) {${options}
  const put = got.put;
  return put(url, options).json();
}
`;

/** Two different objects: which library the call is depends on the test, and neither is claimed. */
const twoObjects = `import got from 'got';
declare const mock: { post(url: string, options: unknown): { json(): Promise<unknown> } };
export async function send(url: string, live: boolean, body: unknown) {${options}
  const request = live ? got.post : mock.post;
  return request(url, options).json();
}
`;

/** A variable written again: what it calls at the call is not the declaration's. */
const reassigned = `import got from 'got';
export async function send(url: string, body: unknown, other: (url: string, options: unknown) => { json(): Promise<unknown> }) {${options}
  let request = got.post;
  request = other;
  return request(url, options).json();
}
`;

const message = (line: number) => ({
  messageId: 'libraryDefault' as const,
  line,
  column: 5,
  data: {
    what: 'This got `retry` option',
    delay: '1 s × 2^n',
    attempts: 'up to 3 attempts',
    inherited: '',
    fix: "Keep got's `noise` (up to 100 ms at random, on by default) or add randomness to `calculateDelay`",
  },
});

ruleTester.run('require-jitter through a constant that holds a library method', requireJitter, {
  valid: [
    { name: 'one of two objects', code: twoObjects, filename: 'two-objects.ts' },
    { name: 'a variable written again', code: reassigned, filename: 'reassigned.ts' },
  ],
  invalid: [
    { name: 'one of two methods of got', code: chosen, filename: 'chosen.ts', errors: [message(5)] },
    { name: 'one method of got held in a constant', code: aliased, filename: 'aliased.ts', errors: [message(5)] },
  ],
});
