import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import rule from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';
import { jitteredOrNotARetry } from './shared-valid-cases.js';

// Each case is TypeScript unless it sets `filename`. Every invalid case asserts the exact
// report range and the message data (site, delay, attempts), so the message text is checked.

ruleTester.run('no-fixed-sleep-retry', rule, {
  valid: [
    {
      name: 'rxjs retry({ delay }) re-polling a condition: first(pred) before it turns an unwanted value into an error',
      code: `import { defer, first, from, identity, ignoreElements, retry } from 'rxjs';
export const inView = (h: { isIntersecting(): Promise<boolean> }) =>
  defer(() => from(h.isIntersecting())).pipe(first(identity), retry({ delay: 100 }), ignoreElements());`,
    },
    {
      name: 'rxjs retry({ delay }) after throwIfEmpty in rxjs/operators',
      code: `import { filter, retry, throwIfEmpty } from 'rxjs/operators';
status$.pipe(filter((s) => s.ready), throwIfEmpty(), retry({ delay: 500 }));`,
    },
    // Jittered delays
    ...jitteredOrNotARetry,
    {
      name: 'constant times Math.random()',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}
`,
    },
    {
      name: 'reconnect through setTimeout with a random delay',
      code: `
function connect() {
  const ws = new WebSocket(URL);
  ws.onclose = () => setTimeout(connect, 1000 + Math.random() * 1000);
}
`,
      filename: 'file.js',
    },

    // Retry libraries with jitter
    {
      name: 'async-retry factor: 1 keeps its default randomize',
      code: `
import retry from 'async-retry';
await retry(async () => fetch('/x'), { retries: 3, factor: 1, minTimeout: 200 });
`,
    },

    // Look-alikes that are not retries
    {
      name: 'indexed list processing that logs failures and pauses',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function processAll(items: Item[]) {
  for (let i = 0; i < items.length; i++) {
    try {
      await processItem(items[i]);
    } catch (err) {
      console.error('failed', err);
      await sleep(500);
    }
  }
}
`,
    },
    {
      name: 'loop that sleeps but never checks a failure',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function run() {
  for (let i = 0; i < 3; i++) {
    await ping();
    await sleep(1000);
  }
}
`,
    },
    {
      name: 'requestAnimationFrame loop',
      code: `
function frame() {
  world.step();
  requestAnimationFrame(frame);
}
`,
    },
    {
      name: 'single attempt with a sleep in the catch',
      code: `
async function load() {
  try {
    return await fetch('/x');
  } catch {
    await new Promise((r) => setTimeout(r, 1000));
    return null;
  }
}
`,
    },
    {
      name: 'loop whose catch rethrows',
      code: `
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch (err) {
      throw err;
    }
  }
}
`,
    },

    // Delay the analysis cannot know
    {
      name: 'a local function named retry',
      code: `
const retry = (fn: () => void) => fn();
retry(() => console.log('hi'));
`,
    },
    {
      name: 'a function named retryLater',
      code: `
async function retryLater() {
  return schedule('retry', 1000);
}
`,
    },

    // A growing delay is a require-jitter matter, never a fixed-sleep one
    {
      name: 'growing delay: base * 2 ** attempt',
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
    },
    {
      name: 'growing delay: delay *= 2',
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
    },
    {
      name: 'growing delay: 1000 * attempt',
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
    },
    {
      name: 'recursion with a growing setTimeout delay',
      code: `
function connect(retries = 5) {
  socket.connect((err) => {
    if (err && retries > 0) setTimeout(() => connect(retries - 1), 1000 * 2 ** (5 - retries));
  });
}
`,
      filename: 'file.js',
    },
    {
      name: 'growing delay: delay += 1000',
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
    },
    {
      name: 'p-retry default exponential backoff',
      code: `
import pRetry from 'p-retry';
await pRetry(() => fetch('/x'), { retries: 5 });
`,
    },

    // allowImmediate: true
    {
      name: 'allowImmediate: counted loop with empty catch',
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
      options: [{ allowImmediate: true }],
    },
    {
      name: 'allowImmediate: while (true) with empty catch',
      code: `
async function save(doc: Doc) {
  while (true) {
    try {
      return await db.update(doc);
    } catch {}
  }
}
`,
      options: [{ allowImmediate: true }],
    },
    {
      name: 'allowImmediate: .catch recursion',
      code: `
function load(n = 3) {
  return fetch('/x').catch(() => (n > 0 ? load(n - 1) : Promise.reject(new Error('x'))));
}
`,
      filename: 'file.js',
      options: [{ allowImmediate: true }],
    },
    {
      name: 'allowImmediate: rxjs retry(3)',
      code: `
import { retry } from 'rxjs';
const data$ = http.get('/x').pipe(retry(3));
`,
      options: [{ allowImmediate: true }],
    },
    {
      name: 'allowImmediate: cockatiel without backoff',
      code: `
import { retry, handleAll } from 'cockatiel';
const policy = retry(handleAll, { maxAttempts: 3 });
`,
      options: [{ allowImmediate: true }],
    },
    {
      name: 'allowImmediate: axios-retry without retryDelay',
      code: `
import axios from 'axios';
import axiosRetry from 'axios-retry';
axiosRetry(axios, { retries: 3 });
`,
      options: [{ allowImmediate: true }],
    },
    // Regressions: look-alikes and growing delays the analysis used to get wrong
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
    },
    {
      name: 'for…of over items',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load(items: { url: string }[]) {
  for (const item of items) {
    try {
      return await fetch(item.url);
    } catch {
      await sleep(1000);
    }
  }
}
`,
    },
  ],
  invalid: [
    // A wait whose value is unknown but fixed before the retry starts (issue 7: real code
    // takes it from a parameter, an option or a config field read once).
    {
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
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30, data: { what: 'This retry loop', delay: '`opts.delay` (the same every time)', attempts: 'up to 3 attempts' } }],
    },
    {
      // A result object asked `'success' in result`; going round needs both conditions, so the
      // count limits the loop as much as the signal does.
      name: "result object checked with 'success' in result; continue while not aborted and under the count",
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function execute(invoke: () => Promise<{ success: string } | { error: Error }>, signal: AbortSignal) {
  for (let retries = 0; ; retries++) {
    const result = await invoke();
    if ('success' in result) return result.success;
    if (!signal.aborted && retries < 3) {
      await sleep(250);
      continue;
    }
    throw result.error;
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 37, data: { what: 'This retry loop', delay: 'a fixed 250 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      // The self-call sits in a helper of the retrying function that only its catch calls.
      name: 'self-call scheduled by a named helper that the failure path calls: scheduleRetry()',
      code: `
export function fetchWithRetry(url: string, retries = 3): Promise<Response> {
  return new Promise((resolve, reject) => {
    const attempt = (n: number) => {
      const scheduleRetry = () => {
        setTimeout(() => attempt(n + 1), 1000);
      };
      fetch(url).then(resolve).catch((err) => {
        if (n < retries) scheduleRetry();
        else reject(err);
      });
    };
    attempt(0);
  });
}
`,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 26, endLine: 6, endColumn: 40, data: { what: '`attempt()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
    {
      // The count moves in the attempt's own code, which runs before the failure callback checks it.
      name: 'a counter moved in the attempt and checked in its failure callback: 3 attempts',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  let attemptsLeft = 3;
  async function makeAttempt(): Promise<T> {
    const onError = async (err: unknown): Promise<T> => {
      if (attemptsLeft === 0) throw err;
      await sleep(500);
      return makeAttempt();
    };
    attemptsLeft--;
    return fn().catch(onError);
  }
  return makeAttempt();
}
`,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 14, endLine: 9, endColumn: 27, data: { what: '`makeAttempt()` retrying itself', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'self-call in a named failure callback: .catch(onError)',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  let failures = 0;
  async function makeAttempt(): Promise<T> {
    const onError = async (err: unknown): Promise<T> => {
      if (++failures >= 3) throw err;
      await sleep(500);
      return makeAttempt();
    };
    return fn().catch(onError);
  }
  return makeAttempt();
}
`,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 14, endLine: 9, endColumn: 27, data: { what: '`makeAttempt()` retrying itself', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a wait recomputed from itself inside the attempt: let d = 1000; d = Math.min(d, cap)',
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
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30, data: { what: 'This retry loop', delay: '`d` (the same every time)', attempts: 'up to 3 attempts' } }],
    },
    // Constant sleeps in retry loops
    {
      name: 'while (true) with try/catch and a sleep arrow helper',
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
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 15,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'counted for loop with try/catch',
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
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 48,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 2 s',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },
    {
      name: 'for (;;) with try/catch',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (;;) {
    try {
      return await fetch('/data');
    } catch {
      await sleep(500);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 11,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 500 ms',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'do/while with a counter, reported on the do keyword',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let attempts = 0;
  do {
    try {
      return await fetch('/data');
    } catch {
      attempts++;
      await sleep(3000);
    }
  } while (attempts < 3);
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 5,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 3 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'while (tries < 3) with a counter',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let tries = 0;
  while (tries < 3) {
    try {
      return await fetch('/x');
    } catch {
      tries++;
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 20,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'while (retries-- > 0)',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let retries = 3;
  while (retries-- > 0) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 24,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'i <= MAX_RETRIES counts the first call',
      code: `
const MAX_RETRIES = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i <= MAX_RETRIES; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 41,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'catch that rethrows non-retryable errors and sleeps otherwise',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch (e) {
      if (!isRetryable(e)) throw e;
      await sleep(500);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 500 ms',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'while (!done) set only on success',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let done = false;
  while (!done) {
    try {
      await fetch('/x');
      done = true;
    } catch {
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 16,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'while (Date.now() < deadline) names the deadline',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 32,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'for up to 30 s',
          },
        },
      ],
    },

    // Failure detected from a checked result instead of an exception
    {
      name: 'checked result: if (res.ok) return',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    const res = await fetch('/data');
    if (res.ok) return res.json();
    await sleep(1000);
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'checked result: res.status >= 500 then continue',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 4; i++) {
    const res = await fetch('/data');
    if (res.status >= 500) {
      await sleep(1500);
      continue;
    }
    return res;
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1.5 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'checked result: const { error } = await ...; if (!error) return',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    const { data, error } = await supabase.from('users').select();
    if (!error) return data;
    await sleep(1000);
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'checked result: [err, data] tuple',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    const [err, data] = await to(fetch('/x'));
    if (!err) return data;
    await sleep(1000);
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'while (!(await lock.tryAcquire()))',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function withLock() {
  while (!(await lock.tryAcquire())) {
    await sleep(100);
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 37,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 100 ms',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'try block assigns then returns',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      const res = await fetch('/x');
      return res;
    } catch (e) {
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'catch logs then sleeps',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch (e) {
      logger.warn(e);
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'success breaks out of the loop',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let result;
  for (let i = 0; i < 3; i++) {
    try {
      result = await fetch('/x');
      break;
    } catch (e) {
      await sleep(1000);
    }
  }
  return result;
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },

    // Immediate retries (no delay)
    {
      name: 'immediate retry: counted loop with empty catch',
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
      errors: [
        {
          messageId: 'immediate', line: 3, column: 3, endLine: 3, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'no delay',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },
    {
      name: 'immediate retry: while (true) with empty catch',
      code: `
async function save(doc: Doc) {
  while (true) {
    try {
      return await db.update(doc);
    } catch {}
  }
}
`,
      errors: [
        {
          messageId: 'immediate', line: 3, column: 3, endLine: 3, endColumn: 15,
          data: {
            what: 'This retry loop',
            delay: 'no delay',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'allowImmediate does not allow a fixed delay',
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
      options: [{ allowImmediate: true }],
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 48,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 2 s',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },
    {
      name: 'allowImmediate false reports immediate retries',
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
      options: [{ allowImmediate: false }],
      errors: [
        {
          messageId: 'immediate', line: 3, column: 3, endLine: 3, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'no delay',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },

    // Delays resolved through constants, fields, parameters and arithmetic
    {
      name: 'delay from a const binding',
      code: `
const RETRY_DELAY_MS = 2500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(RETRY_DELAY_MS);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 2.5 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'delay from a private readonly class field',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
class Client {
  private readonly retryDelay = 2000;
  async get() {
    for (let i = 0; i < 3; i++) {
      try {
        return await fetch('/x');
      } catch {
        await sleep(this.retryDelay);
      }
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 6, column: 5, endLine: 6, endColumn: 32,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 2 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'delay from a static readonly class field',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
class Client {
  static readonly RETRY_DELAY = 750;
  async get() {
    for (let i = 0; i < 3; i++) {
      try {
        return await fetch('/x');
      } catch {
        await sleep(Client.RETRY_DELAY);
      }
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 6, column: 5, endLine: 6, endColumn: 32,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 750 ms',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'delay and attempts from default parameters',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load(url: string, retries = 3, delayMs = 1200) {
  for (let i = 0; i < retries; i++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(delayMs);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 36,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1.2 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'delay from an object constant property',
      code: `
const CONFIG = { retryDelayMs: 4000, retries: 3 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < CONFIG.retries; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(CONFIG.retryDelayMs);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 43,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 4 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'delay written as 5 * 1000',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(5 * 1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 5 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'sleep helper that takes seconds',
      code: `
function sleep(s: number) {
  return new Promise((resolve) => setTimeout(resolve, s * 1000));
}
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(2);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 2 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },

    // Every sleep form
    {
      name: 'inline new Promise(r => setTimeout(r, ms))',
      code: `
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 3, endLine: 3, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'local function delay(ms) helper',
      code: `
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await delay(300);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 300 ms',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'local wait helper with a block body',
      code: `
const wait = (ms: number) => new Promise<void>((res) => { setTimeout(res, ms); });
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await wait(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'async pause helper that awaits a promise',
      code: `
async function pause(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
}
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await pause(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'setTimeout as sleep from node:timers/promises',
      code: `
import { setTimeout as sleep } from 'node:timers/promises';
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'namespace import of node:timers/promises',
      code: `
import * as timers from 'node:timers/promises';
async function load() {
  while (true) {
    try {
      return await fetch('/x');
    } catch {
      await timers.setTimeout(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 15,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'require of timers/promises with destructuring rename',
      code: `
const { setTimeout: sleep } = require('timers/promises');
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`,
      filename: 'file.cjs',
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'promisify(setTimeout) from node:util',
      code: `
import { promisify } from 'node:util';
const sleep = promisify(setTimeout);
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'util.promisify(setTimeout)',
      code: `
import util from 'util';
const sleep = util.promisify(setTimeout);
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'delay package default import',
      code: `
import delay from 'delay';
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await delay(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'Bun.sleep',
      code: `
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await Bun.sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 3, endLine: 3, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },

    // JavaScript module flavours and TSX
    {
      name: 'plain JavaScript module',
      code: `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`,
      filename: 'file.mjs',
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'retry loop inside a React effect in TSX',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export function Widget() {
  useEffect(() => {
    (async () => {
      for (let i = 0; i < 3; i++) {
        try {
          return setData(await fetch('/x'));
        } catch {
          await sleep(1000);
        }
      }
    })();
  }, []);
  return <div />;
}
`,
      filename: 'file.tsx',
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      errors: [
        {
          messageId: 'fixedDelay', line: 6, column: 7, endLine: 6, endColumn: 34,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },

    // Recursion
    {
      name: 'direct recursion with a retries counter',
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
      errors: [
        {
          messageId: 'fixedDelay', line: 9, column: 12, endLine: 9, endColumn: 44,
          data: {
            what: '`fetchWithRetry()` retrying itself',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'recursion through setTimeout(() => connect(retries - 1))',
      code: `
function connect(retries) {
  client.connect((err) => {
    if (err && retries > 0) {
      setTimeout(() => connect(retries - 1), 2000);
    }
  });
}
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 24, endLine: 5, endColumn: 44,
          data: {
            what: '`connect()` retrying itself',
            delay: 'a fixed 2 s',
            attempts: 'an unknown number of attempts',
          },
        },
      ],
    },
    {
      name: 'recursion through setTimeout with a default counter',
      code: `
function connect(retries = 5) {
  client.connect((err) => {
    if (err && retries > 0) {
      setTimeout(() => connect(retries - 1), 2000);
    }
  });
}
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 24, endLine: 5, endColumn: 44,
          data: {
            what: '`connect()` retrying itself',
            delay: 'a fixed 2 s',
            attempts: 'up to 6 attempts',
          },
        },
      ],
    },
    {
      name: 'recursion through .catch(() => load(n - 1)) is immediate',
      code: `
function load(n = 3) {
  return fetch('/x').catch(() => (n > 0 ? load(n - 1) : Promise.reject(new Error('x'))));
}
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'immediate', line: 3, column: 43, endLine: 3, endColumn: 54,
          data: {
            what: '`load()` retrying itself',
            delay: 'no delay',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'recursion through .then after a sleep promise',
      code: `
function poll(n = 2) {
  return fetch('/x').then((res) => {
    if (!res.ok && n > 0) return new Promise((r) => setTimeout(r, 700)).then(() => poll(n - 1));
    return res;
  });
}
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 84, endLine: 4, endColumn: 95,
          data: {
            what: '`poll()` retrying itself',
            delay: 'a fixed 700 ms',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'callback-style recursion: return setTimeout(() => attempt(n - 1, cb), 500)',
      code: `
function attempt(n, cb) {
  doWork((err, result) => {
    if (err && n > 0) return setTimeout(() => attempt(n - 1, cb), 500);
    cb(err, result);
  });
}
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 47, endLine: 4, endColumn: 65,
          data: {
            what: '`attempt()` retrying itself',
            delay: 'a fixed 500 ms',
            attempts: 'an unknown number of attempts',
          },
        },
      ],
    },
    {
      name: 'websocket reconnect: ws.on(\'close\', () => setTimeout(connect, 1000))',
      code: `
function connect() {
  const ws = new WebSocket(URL);
  ws.on('close', () => setTimeout(connect, 1000));
}
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 24, endLine: 4, endColumn: 49,
          data: {
            what: '`connect()` retrying itself',
            delay: 'a fixed 1 s',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'websocket reconnect: ws.onclose = () => setTimeout(connect, 1000)',
      code: `
function connect() {
  const ws = new WebSocket(URL);
  ws.onclose = () => setTimeout(connect, 1000);
}
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 22, endLine: 4, endColumn: 47,
          data: {
            what: '`connect()` retrying itself',
            delay: 'a fixed 1 s',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'this.connect() reconnect from a class field delay',
      code: `
class Conn {
  private readonly reconnectDelay = 3000;
  connect() {
    this.socket = net.connect(PORT);
    this.socket.on('error', () => {
      setTimeout(() => this.connect(), this.reconnectDelay);
    });
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 7, column: 24, endLine: 7, endColumn: 38,
          data: {
            what: '`connect()` retrying itself',
            delay: 'a fixed 3 s',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'this.call() recursion in a class method',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
class Api {
  async call(path: string, retries = 3): Promise<Response> {
    try {
      return await fetch(path);
    } catch (e) {
      if (retries <= 0) throw e;
      await sleep(1000);
      return this.call(path, retries - 1);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 10, column: 14, endLine: 10, endColumn: 42,
          data: {
            what: '`call()` retrying itself',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },

    // Retry libraries configured with a constant delay or none
    {
      name: 'rxjs retry(3) is immediate',
      code: `
import { retry } from 'rxjs';
const data$ = http.get('/x').pipe(retry(3));
`,
      errors: [
        {
          messageId: 'immediate', line: 3, column: 35, endLine: 3, endColumn: 43,
          data: {
            what: 'This rxjs retry operator',
            delay: 'no delay',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'rxjs retry({ count, delay: 1000 })',
      code: `
import { retry } from 'rxjs/operators';
const data$ = http.get('/x').pipe(retry({ count: 3, delay: 1000 }));
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 35, endLine: 3, endColumn: 67,
          data: {
            what: 'This rxjs retry operator',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'rxjs retry with delay: () => timer(1000)',
      code: `
import { retry, timer } from 'rxjs';
const data$ = http.get('/x').pipe(retry({ count: 2, delay: () => timer(1000) }));
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 35, endLine: 3, endColumn: 80,
          data: {
            what: 'This rxjs retry operator',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'rxjs retry({ delay }) without count',
      code: `
import { retry } from 'rxjs';
const data$ = http.get('/x').pipe(retry({ delay: 2000 }));
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 35, endLine: 3, endColumn: 57,
          data: {
            what: 'This rxjs retry operator',
            delay: 'a fixed 2 s',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'rxjs retry({ delay }) raced against a timeout: fixed until that deadline',
      code: `
import { pipe, retry, timeout } from 'rxjs';
export const act = (ms: number) => pipe(retry({ delay: 100 }), timeout(ms));
`,
      errors: [{ messageId: 'fixedDelay', line: 3, column: 41, endLine: 3, endColumn: 62, data: { what: 'This rxjs retry operator', delay: 'a fixed 100 ms', attempts: 'until a deadline' } }],
    },
    {
      name: 'rxjs retry({ delay }) after single() with no predicate and a throwIfEmpty after it: still a retry',
      code: `
import { retry, single, throwIfEmpty } from 'rxjs';
const one$ = http.get('/x').pipe(single(), retry({ delay: 250, count: 2 }), throwIfEmpty());
`,
      errors: [{ messageId: 'fixedDelay', line: 3, column: 44, endLine: 3, endColumn: 75, data: { what: 'This rxjs retry operator', delay: 'a fixed 250 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'rxjs retryWhen(e => e.pipe(delay(1000), take(3)))',
      code: `
import { retryWhen, delay, take } from 'rxjs/operators';
const data$ = http.get('/x').pipe(retryWhen((errors) => errors.pipe(delay(1000), take(3))));
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 35, endLine: 3, endColumn: 91,
          data: {
            what: 'This rxjs retry operator',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'cockatiel ConstantBackoff',
      code: `
import { retry, handleAll, ConstantBackoff } from 'cockatiel';
const policy = retry(handleAll, { maxAttempts: 3, backoff: new ConstantBackoff(50) });
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 16, endLine: 3, endColumn: 86,
          data: {
            what: 'This cockatiel retry policy',
            delay: 'a fixed 50 ms',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'cockatiel ConstantBackoff via require',
      code: `
const { retry, handleAll, ConstantBackoff } = require('cockatiel');
const policy = retry(handleAll, { maxAttempts: 2, backoff: new ConstantBackoff(1000) });
`,
      filename: 'file.cjs',
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 16, endLine: 3, endColumn: 88,
          data: {
            what: 'This cockatiel retry policy',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'cockatiel without backoff is immediate',
      code: `
import { retry, handleAll } from 'cockatiel';
const policy = retry(handleAll, { maxAttempts: 3 });
`,
      errors: [
        {
          messageId: 'immediate', line: 3, column: 16, endLine: 3, endColumn: 52,
          data: {
            what: 'This cockatiel retry policy',
            delay: 'no delay',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'axios-retry without retryDelay is immediate',
      code: `
import axios from 'axios';
import axiosRetry from 'axios-retry';
axiosRetry(axios, { retries: 3 });
`,
      errors: [
        {
          messageId: 'immediate', line: 4, column: 1, endLine: 4, endColumn: 34,
          data: {
            what: 'This axios-retry configuration',
            delay: 'no delay',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'axios-retry with a constant retryDelay',
      code: `
import axios from 'axios';
import axiosRetry from 'axios-retry';
axiosRetry(axios, { retries: 3, retryDelay: () => 1000 });
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 1, endLine: 4, endColumn: 58,
          data: {
            what: 'This axios-retry configuration',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'p-retry factor: 1 (import)',
      code: `
import pRetry from 'p-retry';
await pRetry(() => fetch('/x'), { retries: 5, factor: 1, minTimeout: 1000 });
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 7, endLine: 3, endColumn: 77,
          data: {
            what: 'This p-retry call',
            delay: 'a fixed 1 s',
            attempts: 'up to 6 attempts',
          },
        },
      ],
    },
    {
      name: 'p-retry factor: 1 (require)',
      code: `
const pRetry = require('p-retry');
pRetry(() => fetch('/x'), { retries: 5, factor: 1, minTimeout: 1000 });
`,
      filename: 'file.cjs',
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 1, endLine: 3, endColumn: 71,
          data: {
            what: 'This p-retry call',
            delay: 'a fixed 1 s',
            attempts: 'up to 6 attempts',
          },
        },
      ],
    },
    {
      name: 'async-retry factor: 1 with randomize: false',
      code: `
import retry from 'async-retry';
await retry(async () => fetch('/x'), { retries: 3, factor: 1, minTimeout: 200, randomize: false });
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 7, endLine: 3, endColumn: 99,
          data: {
            what: 'This async-retry call',
            delay: 'a fixed 200 ms',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'retry.operation with factor: 1',
      code: `
const retry = require('retry');
const op = retry.operation({ retries: 3, factor: 1, minTimeout: 1000 });
`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 12, endLine: 3, endColumn: 72,
          data: {
            what: 'This `retry` package operation',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'exponential-backoff timeMultiple: 1',
      code: `
import { backOff } from 'exponential-backoff';
await backOff(() => fetch('/x'), { timeMultiple: 1, startingDelay: 500, numOfAttempts: 4 });
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 7, endLine: 3, endColumn: 92,
          data: {
            what: 'This backOff() call',
            delay: 'a fixed 500 ms',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    // Regressions: retries and attempt counts the analysis used to get wrong
    {
      name: 'attempt count: if (i === MAX - 1) throw with MAX = 5',
      code: `
const MAX = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < MAX; i++) {
    try {
      return await fetch('/api');
    } catch (e) {
      if (i === MAX - 1) throw e;
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 32,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },
    {
      name: 'attempt count: if (attempt >= 3) throw, then attempt++',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let attempt = 0;
  while (true) {
    try {
      return await fetch('/api');
    } catch (err) {
      if (attempt >= 3) throw err;
      attempt++;
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 15,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'attempt count: attempt++, then if (attempt >= 3) throw',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  let attempt = 0;
  while (true) {
    try {
      return await fetch('/api');
    } catch (err) {
      attempt++;
      if (attempt >= 3) throw err;
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 15,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'attempt count: recursion with attempt = 0 and if (attempt >= 4) throw',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function fetchData(url: string, attempt = 0): Promise<Response> {
  try {
    return await fetch(url);
  } catch (err) {
    if (attempt >= 4) throw err;
    await sleep(1000);
    return fetchData(url, attempt + 1);
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 9, column: 12, endLine: 9, endColumn: 39,
          data: {
            what: '`fetchData()` retrying itself',
            delay: 'a fixed 1 s',
            attempts: 'up to 5 attempts',
          },
        },
      ],
    },
    {
      name: 'attempt count: recursion inside if (attempt < 3)',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function fetchData(attempt = 0): Promise<Response> {
  try {
    return await fetch('/api');
  } catch (err) {
    if (attempt < 3) {
      await sleep(1000);
      return fetchData(attempt + 1);
    }
    throw err;
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 9, column: 14, endLine: 9, endColumn: 36,
          data: {
            what: '`fetchData()` retrying itself',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'attempt count: recursion with retries = 3 and if (retries === 0) throw',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function syncWithRetry(retries = 3): Promise<void> {
  try {
    return await api.sync();
  } catch (err) {
    if (retries === 0) throw err;
    await sleep(1000);
    return syncWithRetry(retries - 1);
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 9, column: 12, endLine: 9, endColumn: 38,
          data: {
            what: '`syncWithRetry()` retrying itself',
            delay: 'a fixed 1 s',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'try/catch recursion is the only retry in the file',
      filename: 'file.js',
      code: `async function connect() {
  try {
    return await db.connect();
  } catch {
    await sleep(1000);
    return connect();
  }
}`,
      errors: [
        {
          messageId: 'fixedDelay', line: 6, column: 12, endLine: 6, endColumn: 21,
          data: {
            what: '`connect()` retrying itself',
            delay: 'a fixed 1 s',
            attempts: 'no limit on attempts',
          },
        },
      ],
    },
    {
      name: 'p-retry with minTimeout equal to maxTimeout',
      code: `
import pRetry from 'p-retry';
const res = await pRetry(() => fetch('/x'), { retries: 3, minTimeout: 500, maxTimeout: 500 });
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 3, column: 19, endLine: 3, endColumn: 94,
          data: {
            what: 'This p-retry call',
            delay: 'a fixed 500 ms',
            attempts: 'up to 4 attempts',
          },
        },
      ],
    },
    {
      name: 'catch ending in continue',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch (e) {
      await sleep(1000);
      continue;
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'for…of over an attempt list',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (const attempt of [1, 2, 3]) {
    try {
      return await f();
    } catch {
      await sleep(1000);
    }
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 35,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
    {
      name: 'ok flag checked after the try',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    let ok = false;
    try {
      await op();
      ok = true;
    } catch {}
    if (ok) return;
    await sleep(1000);
  }
}
`,
      errors: [
        {
          messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: {
            what: 'This retry loop',
            delay: 'a fixed 1 s',
            attempts: 'up to 3 attempts',
          },
        },
      ],
    },
  ],
});

describe('no-fixed-sleep-retry options schema', () => {
  const lint = (options: unknown) =>
    new Linter().verify('for (;;) {}', [
      { plugins: { 'retry-hygiene': plugin }, rules: { 'retry-hygiene/no-fixed-sleep-retry': ['error', options] } },
    ]);

  it('rejects an unknown option and names it', () => {
    expect(() => lint({ allowImediate: true })).toThrow(/allowImediate/);
  });

  it('rejects a non-boolean allowImmediate', () => {
    expect(() => lint({ allowImmediate: 'yes' })).toThrow(/should be boolean/);
  });

  it('accepts allowImmediate', () => {
    expect(lint({ allowImmediate: true })).toEqual([]);
  });
});
