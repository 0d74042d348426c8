import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A wait that is the server's when the response carries one (`Retry-After`) and the code's own
// otherwise. The server's value is not the code's policy: it is never read as fixed. What the
// code computes for a response without the header is, and a finding about it says so.

const backsOffUnlessHinted = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function getJson(url: string, n = 0): Promise<unknown> {
  try {
    return await (await fetch(url)).json();
  } catch (e: any) {
    if (n >= 5) throw e;
    const after = e.response?.headers?.['retry-after'];
    const wait = after ? Number(after) * 1000 : 300 * 2 ** n;
    await sleep(wait);
    return getJson(url, n + 1);
  }
}
`;

const pauseOverriddenByHeader = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function download(url: string) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await fetch(url);
    if (res.ok) return res;
    let pause = 500 * 2 ** attempt;
    const hinted = res.headers.get('Retry-After');
    if (hinted) pause = Number(hinted) * 1000;
    await sleep(pause);
  }
  throw new Error('unavailable');
}
`;

const fixedFallback = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function poll(url: string) {
  for (let i = 0; i < 6; i++) {
    const res = await fetch(url);
    if (res.ok) return res;
    await sleep(res.headers.get('retry-after') ? Number(res.headers.get('retry-after')) * 1000 : 2000);
  }
}
`;

const noWaitWithoutHeader = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function send(body: string, tries = 1): Promise<Response> {
  const res = await fetch('/upload', { method: 'POST', body });
  if (res.ok) return res;
  if (tries >= 5) throw new Error(String(res.status));
  const header = res.headers.get('retry-after');
  const ms = header ? Number(header) * 1000 : 0;
  await sleep(ms);
  return send(body, tries + 1);
}
`;

const nullishFallback = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function put(item: object) {
  for (let i = 0; i < 5; i++) {
    const res = await fetch('/items', { method: 'PUT', body: JSON.stringify(item) });
    if (res.ok) return res;
    await sleep(res.headers['x-ms-retry-after-ms'] ?? 1000);
  }
}
`;

// The server's value is the whole wait: a rate limiter honouring Retry-After.
const serverValueOnly = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function limited(url: string) {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url);
    if (res.status !== 429) return res;
    await sleep(Number(res.headers.get('retry-after')) * 1000);
  }
}
`;

// The computed branch is jittered.
const jitteredFallback = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function getJson(url: string, n = 0): Promise<unknown> {
  try {
    return await (await fetch(url)).json();
  } catch (e: any) {
    if (n >= 5) throw e;
    const after = e.response?.headers?.['retry-after'];
    await sleep(after ? Number(after) * 1000 : Math.random() * 300 * 2 ** n);
    return getJson(url, n + 1);
  }
}
`;

// The server's value bounded below: not a wait the code fixes.
const serverValueFloored = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function throttled(url: string) {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url);
    if (res.status !== 429) return res;
    await sleep(Math.max(Number(res.headers.get('retry-after')) * 1000, 1000));
  }
}
`;

// A jittered growing fallback.
const jitteredGrowingFallback = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function fetchAll(url: string) {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url);
    if (res.ok) return res;
    const after = res.headers.get('retry-after');
    await sleep(after ? Number(after) * 1000 : 1000 + Math.random() * 1000 * 2 ** i);
  }
}
`;

// Compared with null: the header left out, the code's linear wait.
const linearUnlessHinted = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function list(url: string) {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url);
    if (res.ok) return res.json();
    const hint = res.headers.get('Retry-After');
    await sleep(hint !== null ? Number(hint) * 1000 : 100 * (i + 1));
  }
}
`;

// A helper of the file that returns early when the header is missing.
const helperReturnsEarly = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function pauseFor(res: Response, n: number) {
  const seconds = res.headers.get('retry-after');
  if (!seconds) return 400 * 2 ** n;
  return Number(seconds) * 1000;
}
async function sync(url: string) {
  for (let n = 0; n < 4; n++) {
    const res = await fetch(url);
    if (res.ok) return res;
    await sleep(pauseFor(res, n));
  }
}
`;

// The same helper, its computed branch jittered.
const helperJittered = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function pauseFor(res: Response, n: number) {
  const seconds = res.headers.get('retry-after');
  if (!seconds) return Math.random() * 400 * 2 ** n;
  return Number(seconds) * 1000;
}
async function sync(url: string) {
  for (let n = 0; n < 4; n++) {
    const res = await fetch(url);
    if (res.ok) return res;
    await sleep(pauseFor(res, n));
  }
}
`;

// An interceptor's wait from a helper that answers 0 when the header is missing (the test on it
// changes between calls, but answers the same for every response without the header).
const interceptorNoWaitWithoutHeader = `import axios from 'axios';
function serverPause(error) {
  const seconds = error.response?.headers['retry-after'];
  if (!seconds) {
    return 0;
  }
  return Number(seconds) * 1000;
}
const api = axios.create();
api.interceptors.response.use(undefined, async (error) => {
  const config = error.config;
  config.tries = config.tries || 0;
  if (config.tries >= 3) throw error;
  config.tries += 1;
  const pause = serverPause(error);
  await new Promise((resolve) => setTimeout(resolve, pause));
  return api(config);
});
`;

// The same helper answering a jittered wait of its own.
const interceptorJitteredWithoutHeader = `import axios from 'axios';
function serverPause(error) {
  const seconds = error.response?.headers['retry-after'];
  if (!seconds) {
    return 500 + Math.random() * 1000;
  }
  return Number(seconds) * 1000;
}
const api = axios.create();
api.interceptors.response.use(undefined, async (error) => {
  const config = error.config;
  config.tries = config.tries || 0;
  if (config.tries >= 3) throw error;
  config.tries += 1;
  const pause = serverPause(error);
  await new Promise((resolve) => setTimeout(resolve, pause));
  return api(config);
});
`;

ruleTester.run('require-jitter with a wait the server gives when it can', requireJitter, {
  valid: [
    { name: 'the server value is the whole wait', code: serverValueOnly },
    { name: 'jittered computed branch', code: jitteredFallback },
    { name: 'server value floored', code: serverValueFloored },
    { name: 'jittered growing fallback', code: jitteredGrowingFallback },
    { name: 'a fixed fallback is no backoff', code: fixedFallback },
    { name: 'a helper whose computed branch is jittered', code: helperJittered },
  ],
  invalid: [
    {
      name: 'ternary on the header, exponential otherwise (recursion)',
      code: backsOffUnlessHinted,
      errors: [{ messageId: 'missingJitterNoRetryAfter', line: 10, column: 12, endLine: 10, endColumn: 31, data: { what: '`getJson()` retrying itself', delay: '300 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'a computed pause the header overrides (loop)',
      code: pauseOverriddenByHeader,
      errors: [{ messageId: 'missingJitterNoRetryAfter', line: 3, column: 3, endLine: 3, endColumn: 48, data: { what: 'This retry loop', delay: '500 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'the header compared with null, a linear wait otherwise',
      code: linearUnlessHinted,
      errors: [{ messageId: 'missingJitterNoRetryAfter', line: 3, column: 3, endLine: 3, endColumn: 30, data: { what: 'This retry loop', delay: 'a linear 100 ms × n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a helper returning its own wait when the header is missing',
      code: helperReturnsEarly,
      errors: [{ messageId: 'missingJitterNoRetryAfter', line: 8, column: 3, endLine: 8, endColumn: 30, data: { what: 'This retry loop', delay: '400 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a wait the server gives when it can', noFixedSleepRetry, {
  valid: [
    { name: 'the server value is the whole wait', code: serverValueOnly },
    { name: 'server value floored', code: serverValueFloored },
    { name: 'jittered fallback', code: jitteredFallback },
    { name: 'jittered growing fallback', code: jitteredGrowingFallback },
    { name: 'exponential fallback is not fixed', code: backsOffUnlessHinted },
    { name: 'a helper returning a growing wait is not fixed', code: helperReturnsEarly },
    { name: 'an interceptor helper answering a jittered wait without the header', code: interceptorJitteredWithoutHeader },
  ],
  invalid: [
    {
      name: 'a fixed 2 s unless the header says otherwise',
      code: fixedFallback,
      errors: [{ messageId: 'fixedDelayNoRetryAfter', line: 3, column: 3, endLine: 3, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'no wait at all without the header (recursion)',
      code: noWaitWithoutHeader,
      errors: [{ messageId: 'immediateNoRetryAfter', line: 9, column: 10, endLine: 9, endColumn: 31, data: { what: '`send()` retrying itself', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'the millisecond header with a nullish fallback',
      code: nullishFallback,
      errors: [{ messageId: 'fixedDelayNoRetryAfter', line: 3, column: 3, endLine: 3, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'an interceptor whose helper answers 0 without the header',
      code: interceptorNoWaitWithoutHeader,
      errors: [{ messageId: 'immediateNoRetryAfter', line: 17, column: 10, endLine: 17, endColumn: 21, data: { what: 'This error interceptor re-sending the failed request', attempts: 'up to 4 attempts' } }],
    },
  ],
});
