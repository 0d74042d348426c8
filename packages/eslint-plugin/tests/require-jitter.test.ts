import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import rule from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';
import { jitteredOrNotARetry } from './shared-valid-cases.js';

// Each case is TypeScript unless it sets `filename`. Every invalid case asserts the exact
// report range and the message data (site, delay, attempts; for libraries also whether the
// jitter-less backoff is inherited and the library-specific fix), so the message text is checked.

ruleTester.run('require-jitter', rule, {
  valid: [
    // Jittered delays
    ...jitteredOrNotARetry,

    // Retry libraries with jitter

    {
      // Options the code reads from somewhere else (not its caller's, handed on): not known.
      name: 'p-retry with options from a config object',
      code: `
import pRetry from 'p-retry';
export function load(config: { retry: object }) {
  return pRetry(() => fetch('/x'), config.retry);
}
`,
    },
    {
      // The wrapper changes the options before handing them on: not just the caller's any more.
      name: 'p-retry with the caller\'s options, changed before they are handed on',
      code: `
import pRetry from 'p-retry';
export function withRetry(fn: () => Promise<unknown>, options: { randomize?: boolean }) {
  options.randomize = true;
  return pRetry(fn, options);
}
`,
    },
    {
      // async-retry randomizes by default: the caller's options handed on keep jitter.
      name: 'async-retry with the caller\'s options handed on',
      code: `
import retry from 'async-retry';
export function withRetry(fn: () => Promise<unknown>, options?: object) {
  return retry(fn, options);
}
`,
    },
    {
      // `d` is declared in the attempt: `d = Math.min(d, cap)` reads this attempt's 1000, not the last wait.
      name: 'a wait recomputed from itself inside the attempt does not grow',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(cap: number) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      let d = 1000;
      d = Math.min(d, cap);
      await sleep(d);
    }
  }
}
`,
    },
    // Look-alikes that are not retries
    {
      name: 'polling a state with a growing sleep',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitReady() {
  let delay = 100;
  let state = await getState();
  while (state !== 'ready') {
    await sleep(delay);
    delay *= 2;
    state = await getState();
  }
}
`,
    },

    // Delay the analysis cannot know
    {
      // A wait fixed before the loop (a parameter) is constant: no-fixed-sleep-retry's matter.
      name: 'unknown delay from a parameter',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load(opts: { delay: number }) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(opts.delay);
    }
  }
}
`,
    },

    // A constant or zero delay is a no-fixed-sleep-retry matter, never a require-jitter one
    {
      name: 'constant delay: while (true)',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function getUser(id: string) {
  while (true) {
    try {
      return await fetch(\`/users/\${id}\`);
    } catch {
      await sleep(1000);
    }
  }
}
`,
    },
    {
      name: 'constant delay: counted for loop',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/data');
    } catch (err) {
      await sleep(2000);
    }
  }
  throw new Error('failed');
}
`,
    },
    {
      name: 'no delay: immediate retry',
      code: `
async function save(doc: Doc) {
  for (let i = 0; i < 5; i++) {
    try {
      return await db.update(doc);
    } catch {
      // try again
    }
  }
}
`,
    },
    {
      name: 'constant delay: recursion',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function fetchWithRetry(url: string, retries = 3): Promise<Response> {
  try {
    return await fetch(url);
  } catch (err) {
    if (retries <= 0) throw err;
    await sleep(1000);
    return fetchWithRetry(url, retries - 1);
  }
}
`,
    },
    {
      name: 'constant delay: websocket reconnect',
      code: `
function connect() {
  const ws = new WebSocket(URL);
  ws.on('close', () => setTimeout(connect, 1000));
}
`,
      filename: 'file.js',
    },
    {
      name: 'no delay: rxjs retry(3)',
      code: `
import { retry } from 'rxjs';
const data$ = http.get('/x').pipe(retry(3));
`,
    },
    {
      name: 'constant delay: rxjs retry({ delay: 1000 })',
      code: `
import { retry } from 'rxjs/operators';
const data$ = http.get('/x').pipe(retry({ count: 3, delay: 1000 }));
`,
    },
    {
      name: 'constant delay: cockatiel ConstantBackoff',
      code: `
import { retry, handleAll, ConstantBackoff } from 'cockatiel';
const policy = retry(handleAll, { maxAttempts: 3, backoff: new ConstantBackoff(50) });
`,
    },
    {
      name: 'constant delay: p-retry factor: 1',
      code: `
import pRetry from 'p-retry';
await pRetry(() => fetch('/x'), { retries: 5, factor: 1, minTimeout: 1000 });
`,
    },
    {
      name: 'constant delay: exponential-backoff timeMultiple: 1',
      code: `
import { backOff } from 'exponential-backoff';
await backOff(() => fetch('/x'), { timeMultiple: 1, startingDelay: 500, numOfAttempts: 4 });
`,
    },

    // ignoreLibraryDefaults: true
    {
      name: 'ignoreLibraryDefaults: p-retry default',
      code: `
import pRetry from 'p-retry';
await pRetry(() => fetch('/x'), { retries: 5 });
`,
      options: [{ ignoreLibraryDefaults: true }],
    },
    {
      name: 'ignoreLibraryDefaults: retry.operation()',
      code: `
import retry from 'retry';
const operation = retry.operation({ retries: 5 });
`,
      filename: 'file.js',
      options: [{ ignoreLibraryDefaults: true }],
    },
    {
      name: 'ignoreLibraryDefaults: exponential-backoff default',
      code: `
import { backOff } from 'exponential-backoff';
const res = await backOff(() => fetch('/x'));
`,
      options: [{ ignoreLibraryDefaults: true }],
    },
    {
      name: 'ignoreLibraryDefaults: ky default',
      code: `
import ky from 'ky';
const api = ky.create({ prefixUrl: '/api', retry: { limit: 4 } });
`,
      options: [{ ignoreLibraryDefaults: true }],
    },
    // Regressions: a constant p-retry delay and a failover loop
    {
      name: 'p-retry with minTimeout equal to maxTimeout',
      code: `
import pRetry from 'p-retry';
const res = await pRetry(() => fetch('/x'), { retries: 3, minTimeout: 500, maxTimeout: 500 });
`,
    },
  ],
  invalid: [
    {
      // The base is not known, but `× 2 ** i` grows it every attempt.
      name: 'growth over an unknown base from a parameter',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load(opts: { base: number }) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(opts.base * 2 ** i);
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 30, data: { what: 'This retry loop', delay: 'an exponentially growing delay', attempts: 'up to 3 attempts' } }],
    },
    // Exponential growth without jitter
    {
      name: 'exponential: 100 * 2 ** attempt',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(100 * 2 ** attempt);
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 48,
          data: {
            what: 'This retry loop',
            delay: '100 ms × 2^n',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },
    {
      name: 'exponential: Math.pow(2, i) * 250',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 4; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(Math.pow(2, i) * 250);
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: '250 ms × 2^n',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'exponential: (1 << i) * 100',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 6; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep((1 << i) * 100);
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: '100 ms × 2^n',
            attempts: 'up to 6 attempts',
          },
        },
      ],
    },
    {
      name: 'exponential: delay *= 2',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let delay = 500;
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(delay);
      delay *= 2;
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 5, column: 3, endLine: 5, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: '500 ms × 2^n',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },
    {
      name: 'exponential capped: delay = Math.min(delay * 2, MAX)',
      code: `
const MAX_DELAY = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let delay = 200;
  while (true) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(delay);
      delay = Math.min(delay * 2, MAX_DELAY);
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 6, column: 3, endLine: 6, endColumn: 15,
          data: {
            what: 'This retry loop',
            delay: '200 ms × 2^n, capped at 10 s',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'exponential after a checked result',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 5; i++) {
    const res = await fetch('/x');
    if (res.ok) return res;
    await sleep(1000 * 2 ** i);
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: '1 s × 2^n',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },
    {
      name: 'exponential in do/while',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let attempt = 0;
  do {
    try {
      return await fetch('/x');
    } catch {
      await sleep(2 ** attempt * 100);
      attempt++;
    }
  } while (attempt < 4);
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 5, column: 3, endLine: 5, endColumn: 5,
          data: {
            what: 'This retry loop',
            delay: '100 ms × 2^n',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },

    // Linear growth
    {
      name: 'linear: 1000 * attempt',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000 * attempt);
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 49,
          data: {
            what: 'This retry loop',
            delay: 'a linear 1 s × n',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'linear: (attempt + 1) * 500',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep((attempt + 1) * 500);
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 48,
          data: {
            what: 'This retry loop',
            delay: 'a linear 500 ms × n',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'linear: delay += 1000',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let delay = 1000;
  for (let i = 0; i < 4; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(delay);
      delay += 1000;
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 5, column: 3, endLine: 5, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a linear 1 s × n',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },

    // Delay computed by a helper or a method
    {
      name: 'local backoff(n) helper returning Math.min(cap, base * 2 ** n)',
      code: `
const BASE = 100;
const CAP = 20_000;
function backoff(n: number) {
  return Math.min(CAP, BASE * 2 ** n);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let n = 0; n < 8; n++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(backoff(n));
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 9, column: 3, endLine: 9, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: '100 ms × 2^n, capped at 20 s',
            attempts: 'up to 8 attempts',
          },
        },
      ],
    },
    {
      name: 'this.computeBackoff(attempt) method',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
class Client {
  private computeBackoff(attempt: number) {
    return 300 * 2 ** attempt;
  }
  async get() {
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        return await fetch('/x');
      } catch {
        await sleep(this.computeBackoff(attempt));
      }
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 8, column: 5, endLine: 8, endColumn: 50,
          data: {
            what: 'This retry loop',
            delay: '300 ms × 2^n',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },

    // Recursion
    {
      name: 'recursion through setTimeout with a growing delay',
      code: `
function connect(retries = 5) {
  socket.connect((err) => {
    if (err && retries > 0) setTimeout(() => connect(retries - 1), 1000 * 2 ** (5 - retries));
  });
}
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 46, endLine: 4, endColumn: 66,
          data: {
            what: '`connect()` retrying itself',
            delay: '1 s × 2^n',
            attempts: 'up to 6 attempts',
          },
        },
      ],
    },

    // Retry libraries without jitter (default or explicit)
    {
      name: 'p-retry default',
      code: `
import pRetry from 'p-retry';
await pRetry(() => fetch('/x'), { retries: 5 });
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 7, endLine: 3, endColumn: 48,
          data: {
            what: 'This p-retry call',
            delay: '1 s × 2^n',
            attempts: 'up to 6 attempts',
            inherited: ', the library default',
            fix: 'Set `randomize: true`',
          },
        },
      ],
    },
    {
      name: 'p-retry default via require',
      code: `
const pRetry = require('p-retry');
pRetry(() => fetch('/x'));
`,
      filename: 'file.cjs',
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 1, endLine: 3, endColumn: 26,
          data: {
            what: 'This p-retry call',
            delay: '1 s × 2^n',
            attempts: 'up to 11 attempts',
            inherited: ', the library default',
            fix: 'Set `randomize: true`',
          },
        },
      ],
    },
    {
      name: 'p-retry randomize: false is not inherited',
      code: `
import pRetry from 'p-retry';
await pRetry(() => fetch('/x'), { retries: 3, randomize: false });
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 7, endLine: 3, endColumn: 66,
          data: {
            what: 'This p-retry call',
            delay: '1 s × 2^n',
            attempts: 'up to 4 attempts',
            inherited: '',
            fix: 'Set `randomize: true`',
          },
        },
      ],
    },
    {
      name: 'ignoreLibraryDefaults still reports explicit randomize: false',
      code: `
import pRetry from 'p-retry';
await pRetry(() => fetch('/x'), { retries: 3, randomize: false });
`,
      options: [{ ignoreLibraryDefaults: true }],
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 7, endLine: 3, endColumn: 66,
          data: {
            what: 'This p-retry call',
            delay: '1 s × 2^n',
            attempts: 'up to 4 attempts',
            inherited: '',
            fix: 'Set `randomize: true`',
          },
        },
      ],
    },
    {
      name: 'ignoreLibraryDefaults still reports hand-rolled backoff',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(100 * 2 ** attempt);
    }
  }
}
`,
      options: [{ ignoreLibraryDefaults: true }],
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 48,
          data: {
            what: 'This retry loop',
            delay: '100 ms × 2^n',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },
    {
      name: 'retry package retry.operation()',
      code: `
import retry from 'retry';
const operation = retry.operation({ retries: 5 });
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 19, endLine: 3, endColumn: 50,
          data: {
            what: 'This `retry` package operation',
            delay: '1 s × 2^n',
            attempts: 'up to 6 attempts',
            inherited: ', the library default',
            fix: 'Set `randomize: true`',
          },
        },
      ],
    },
    {
      // The wait is the caller's function, or by default one that doubles: no jitter by default.
      name: 'default delay function behind an option: config.retryDelay ?? defaultRetryDelay',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function defaultRetryDelay(failureCount: number) {
  return Math.min(1000 * 2 ** failureCount, 30000);
}
export function createRetryer(config: { fn: () => Promise<unknown>; retryDelay?: number | ((n: number) => number) }) {
  let failureCount = 0;
  const run = (): Promise<unknown> =>
    config.fn().catch((error) => {
      if (failureCount >= 3) throw error;
      const retryDelay = config.retryDelay ?? defaultRetryDelay;
      const delay = typeof retryDelay === 'function' ? retryDelay(failureCount) : retryDelay;
      failureCount++;
      return sleep(delay).then(() => run());
    });
  return run();
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 14, column: 38, endLine: 14, endColumn: 43,
          data: { what: '`run()` retrying itself', delay: '1 s × 2^n, capped at 30 s', attempts: 'up to 4 attempts' },
        },
      ],
    },
    {
      // Each branch of the retry settings holds a backoff function; the caller's falls back to e^n × 50.
      name: 'backoff function held in a conditional settings object: this.retry.backoff(i)',
      code: `
export class HttpClient {
  retry: { attempts: number; backoff: (n: number) => number };
  constructor(config: { retry?: false | { retries?: number; backoff?: (n: number) => number } }) {
    this.retry = typeof config.retry === 'boolean' && !config.retry
      ? { attempts: 1, backoff: () => 0 }
      : { attempts: config.retry?.retries ?? 5, backoff: config.retry?.backoff ?? ((retryCount) => Math.exp(retryCount) * 50) };
  }
  async request(url: string) {
    let error: unknown = null;
    for (let i = 0; i <= this.retry.attempts; i++) {
      try {
        return await fetch(url);
      } catch (error_) {
        error = error_;
        if (i < this.retry.attempts) await new Promise((r) => setTimeout(r, this.retry.backoff(i)));
      }
    }
    throw error;
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 11, column: 5, endLine: 11, endColumn: 51,
          data: { what: 'This retry loop', delay: '50 ms × e^n', attempts: 'an unknown number of attempts' },
        },
      ],
    },
    {
      // The wrapper hands its caller's options on: randomize is off unless the caller sets it.
      name: 'retry package: retry.operation(options) with the caller\'s options handed on',
      code: `
const retry = require('retry');
function promiseRetry(fn, options) {
  if (typeof fn === 'object') { const temp = options; options = fn; fn = temp; }
  const operation = retry.operation(options);
  return new Promise((resolve, reject) => operation.attempt(() => fn().then(resolve, (err) => operation.retry(err) || reject(err))));
}
module.exports = promiseRetry;
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'libraryDefault', line: 5, column: 21, endLine: 5, endColumn: 45,
          data: {
            what: 'This `retry` package operation',
            delay: '1 s × 2^n',
            attempts: 'an unknown number of attempts',
            inherited: ', the library default',
            fix: 'Set `randomize: true`',
          },
        },
      ],
    },
    {
      name: 'retry package retry.timeouts() via require',
      code: `
const retry = require('retry');
const timeouts = retry.timeouts({ retries: 3, minTimeout: 500 });
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 18, endLine: 3, endColumn: 65,
          data: {
            what: 'This `retry` package operation',
            delay: '500 ms × 2^n',
            attempts: 'up to 4 attempts',
            inherited: ', the library default',
            fix: 'Set `randomize: true`',
          },
        },
      ],
    },
    {
      name: 'exponential-backoff default',
      code: `
import { backOff } from 'exponential-backoff';
const res = await backOff(() => fetch('/x'));
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 19, endLine: 3, endColumn: 45,
          data: {
            what: 'This backOff() call',
            delay: '100 ms × 2^n',
            attempts: 'up to 10 attempts',
            inherited: ', the library default',
            fix: 'Set `jitter: \'full\'`',
          },
        },
      ],
    },
    {
      name: 'exponential-backoff jitter: none',
      code: `
import { backOff } from 'exponential-backoff';
const res = await backOff(() => fetch('/x'), { numOfAttempts: 5, startingDelay: 200, jitter: 'none' });
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 19, endLine: 3, endColumn: 103,
          data: {
            what: 'This backOff() call',
            delay: '200 ms × 2^n',
            attempts: 'up to 5 attempts',
            inherited: '',
            fix: 'Set `jitter: \'full\'`',
          },
        },
      ],
    },
    {
      name: 'async-retry randomize: false',
      code: `
import retry from 'async-retry';
await retry(async () => fetch('/x'), { retries: 4, randomize: false });
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 7, endLine: 3, endColumn: 71,
          data: {
            what: 'This async-retry call',
            delay: '1 s × 2^n',
            attempts: 'up to 5 attempts',
            inherited: '',
            fix: 'Remove `randomize: false`',
          },
        },
      ],
    },
    {
      name: 'cockatiel ExponentialBackoff with noJitterGenerator',
      code: `
import { retry, handleAll, ExponentialBackoff, noJitterGenerator } from 'cockatiel';
const policy = retry(handleAll, { maxAttempts: 5, backoff: new ExponentialBackoff({ generator: noJitterGenerator }) });
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 16, endLine: 3, endColumn: 119,
          data: {
            what: 'This cockatiel retry policy',
            delay: '128 ms × 2^n, capped at 30 s',
            attempts: 'up to 6 attempts',
            inherited: '',
            fix: 'Use ExponentialBackoff with its default decorrelated-jitter generator',
          },
        },
      ],
    },
    {
      name: 'rxjs retry with a deterministic growing timer',
      code: `
import { retry, timer } from 'rxjs';
const data$ = http.get('/x').pipe(retry({ count: 3, delay: (err, n) => timer(2 ** n * 100) }));
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 35, endLine: 3, endColumn: 94,
          data: {
            what: 'This rxjs retry operator',
            delay: '100 ms × 2^n',
            attempts: 'up to 4 attempts',
            inherited: '',
            fix: 'Add randomness to the delay, e.g. `timer(Math.random() * 2 ** count * 100)`',
          },
        },
      ],
    },
    {
      name: 'axios-retry custom retryDelay: n => n * 1000',
      code: `
import axios from 'axios';
import axiosRetry from 'axios-retry';
axiosRetry(axios, { retries: 3, retryDelay: (n) => n * 1000 });
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 4, column: 1, endLine: 4, endColumn: 63,
          data: {
            what: 'This axios-retry configuration',
            delay: 'a linear 1 s × n',
            attempts: 'up to 4 attempts',
            inherited: '',
            fix: 'Use `retryDelay: axiosRetry.exponentialDelay`, which adds jitter',
          },
        },
      ],
    },
    {
      name: 'ky retry option without jitter',
      code: `
import ky from 'ky';
const api = ky.create({ prefixUrl: '/api', retry: { limit: 4 } });
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 44, endLine: 3, endColumn: 63,
          data: {
            what: 'This ky `retry` option',
            delay: '300 ms × 2^n',
            attempts: 'up to 5 attempts',
            inherited: ', the library default',
            fix: 'Set `jitter: true` in the retry options',
          },
        },
      ],
    },
    {
      name: 'ky retry: 3',
      code: `
import ky from 'ky';
const json = await ky.get('/x', { retry: 3 }).json();
`,
      errors: [
        {
          messageId: 'libraryDefault', line: 3, column: 35, endLine: 3, endColumn: 43,
          data: {
            what: 'This ky `retry` option',
            delay: '300 ms × 2^n',
            attempts: 'up to 4 attempts',
            inherited: ', the library default',
            fix: 'Set `jitter: true` in the retry options',
          },
        },
      ],
    },
    // Regressions: growing delays the analysis used to miss
    {
      name: 'callback reconnect: if (err && attempt < 5) setTimeout(() => connect(attempt + 1), …)',
      code: `
function connect(attempt = 0) {
  client.connect((err) => {
    if (err && attempt < 5) setTimeout(() => connect(attempt + 1), 1000 * 2 ** attempt);
  });
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 46, endLine: 4, endColumn: 66,
          data: {
            what: '`connect()` retrying itself',
            delay: '1 s × 2^n',
            attempts: 'up to 6 attempts',
          },
        },
      ],
    },
    {
      name: 'recursion doubling its delay argument',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function fetchRetry(url: string, retries = 3, delay = 500): Promise<Response> {
  try {
    return await fetch(url);
  } catch (err) {
    if (retries <= 0) throw err;
    await sleep(delay);
    return fetchRetry(url, retries - 1, delay * 2);
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 9, column: 12, endLine: 9, endColumn: 51,
          data: {
            what: '`fetchRetry()` retrying itself',
            delay: '500 ms × 2^n',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'for…of over a delay schedule',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (const wait of [0, 250, 500, 1000]) {
    if (wait) await sleep(wait);
    try {
      return await op();
    } catch {}
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 42,
          data: {
            what: 'This retry loop',
            delay: '250 ms × 2^n',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'delay table indexed by the attempt',
      code: `
const DELAYS = [1000, 2000, 4000];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(DELAYS[i]);
    }
  }
}
`,
      errors: [
        {
          messageId: 'missingJitter', line: 5, column: 3, endLine: 5, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: '1 s × 2^n',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
  ],
});

describe('require-jitter options schema', () => {
  const lint = (options: unknown) =>
    new Linter().verify('for (;;) {}', [
      { plugins: { 'retry-hygiene': plugin }, rules: { 'retry-hygiene/require-jitter': ['error', options] } },
    ]);

  it('rejects an unknown option and names it', () => {
    expect(() => lint({ ignoreLibraryDefault: true })).toThrow(/ignoreLibraryDefault/);
  });

  it('accepts ignoreLibraryDefaults', () => {
    expect(lint({ ignoreLibraryDefaults: true })).toEqual([]);
  });
});
