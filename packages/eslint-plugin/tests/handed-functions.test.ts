import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A function handed to a function of the file that calls the parameter it is given
// (`return withToken(send)` in `send`'s failure path, `withToken(op)` running `op(token)`): the
// handed function runs again, as it would handed to setTimeout or `.then`. The edge is read in the
// receiving function's code (it calls that parameter), not from names. Before, only timers,
// promises and listeners were followed as takers of a function: these retries were not found.
// A function that only keeps what it is handed (`register(later)`) runs nothing.

const handedOn = `
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
declare function currentToken(): string;

function withToken<T>(op: (token: string) => Promise<T>): Promise<T> {
  return op(currentToken());
}

export async function upload(url: string, body: string) {
  let failures = 0;
  async function send(token: string): Promise<Response> {
    const res = await fetch(url, { method: 'PUT', headers: { authorization: token }, body });
    if (res.status === 503 && failures++ < 3) {
      await pause(1000);
      return withToken(send);
    }
    return res;
  }
  return withToken(send);
}

export class Uploader {
  constructor(private readonly url: string) {}

  private withToken<T>(op: (token: string) => Promise<T>): Promise<T> {
    return op(currentToken());
  }

  async send(token: string): Promise<Response> {
    const res = await fetch(this.url, { method: 'PUT', headers: { authorization: token } });
    if (res.status >= 500) {
      await pause(2 ** 3 * 100);
      return this.withToken(this.send.bind(this));
    }
    return res;
  }
}

const registered: Array<(token: string) => Promise<Response>> = [];
function register(op: (token: string) => Promise<Response>): void {
  registered.push(op);
}

export async function later(url: string, token: string): Promise<Response> {
  const res = await fetch(url, { headers: { authorization: token } });
  if (!res.ok) {
    register(later);
  }
  return res;
}
`;

/** The same helper where the retried function is not handed over but called through a fresh closure each time (`(t) => send(url, t)`): a new input, as a fallback has. */
const freshToken = `
declare function currentToken(): string;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
function withToken<T>(op: (token: string) => Promise<T>): Promise<T> {
  return op(currentToken());
}
export async function send(url: string, token: string): Promise<Response> {
  const res = await fetch(url, { headers: { authorization: token } });
  if (res.status >= 500) {
    await pause(1000);
    return withToken((t) => send(url, t));
  }
  return res;
}
`;

ruleTester.run('no-fixed-sleep-retry through a function handed to a function of the file', noFixedSleepRetry, {
  valid: [{ name: 'a closure calling the function with a fresh token: not the same inputs', code: freshToken, filename: 'fresh.ts' }],
  invalid: [
    {
      name: 'a nested function and a method handed on (`withToken(send)`, `this.withToken(this.send.bind(this))`); not one only registered',
      code: handedOn,
      filename: 'handed.ts',
      errors: [
        { messageId: 'fixedDelay', line: 15, column: 24, data: { what: '`send()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } },
        { messageId: 'fixedDelay', line: 33, column: 29, data: { what: '`send()` retrying itself', delay: 'a fixed 800 ms', attempts: 'no limit on attempts' } },
      ],
    },
  ],
});

ruleTester.run('no-unbounded-retry through a function handed to a function of the file', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: 'the method handed on with no limit; the nested function counts its failures',
      code: handedOn,
      filename: 'handed.ts',
      errors: [{ messageId: 'unbounded', line: 33, column: 29, data: { what: '`send()` retrying itself' } }],
    },
  ],
});
