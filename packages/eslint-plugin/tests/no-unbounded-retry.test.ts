import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import rule from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

const LOOP = { what: 'This retry loop' };
const self = (name: string) => ({ what: `\`${name}()\` retrying itself` });
const P_RETRY = { what: 'This p-retry call' };
const ASYNC_RETRY = { what: 'This async-retry call' };
const RETRY_PKG = { what: 'This `retry` package operation' };
const BACKOFF = { what: 'This backOff() call' };
const COCKATIEL = { what: 'This cockatiel retry policy' };
const RXJS = { what: 'This rxjs retry operator' };
const AXIOS_RETRY = { what: 'This axios-retry configuration' };
const GOT = { what: 'This got `retry` option' };
const KY = { what: 'This ky `retry` option' };

const jsx = { parserOptions: { ecmaFeatures: { jsx: true } } };

ruleTester.run('no-unbounded-retry', rule, {
  valid: [
    // ---- bounded hand-written retries
    {
      name: 'counted for loop',
      filename: 'file.js',
      code: `async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('gave up');
}`,
    },
    {
      name: 'while (true) with an `if (++attempt >= 5) throw err` guard',
      filename: 'file.js',
      code: `async function load() {
  let attempt = 0;
  while (true) {
    try {
      return await fetch('/api');
    } catch (err) {
      if (++attempt >= 5) throw err;
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
}`,
    },
    {
      name: 'for (;;) with an `if (attempt === MAX) throw` guard on a const',
      code: `const MAX = 4;
async function load(): Promise<Response> {
  let attempt = 0;
  for (;;) {
    try {
      return await fetch('/api');
    } catch (err) {
      attempt++;
      if (attempt === MAX) throw err;
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    {
      name: 'decrementing while (retries-- > 0)',
      filename: 'file.js',
      code: `async function load() {
  let retries = 3;
  while (retries-- > 0) {
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    {
      name: 'counter in the while condition, incremented in the body',
      code: `async function load() {
  let attempts = 0;
  while (attempts < 8) {
    attempts++;
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    // ---- deadlines and abort signals
    {
      name: 'deadline in the loop condition',
      filename: 'file.js',
      code: `async function load() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    {
      name: 'elapsed time in the loop condition',
      code: `async function load() {
  const start = Date.now();
  while (Date.now() - start < 30_000) {
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    {
      name: 'while (true) with a deadline give-up guard',
      filename: 'file.mjs',
      code: `export async function load(deadline) {
  while (true) {
    try {
      return await fetch('/api');
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    {
      name: 'while (!signal.aborted)',
      code: `async function load(signal: AbortSignal) {
  while (!signal.aborted) {
    try {
      return await fetch('/api', { signal });
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    {
      name: 'signal.throwIfAborted() in the body',
      code: `async function load(signal: AbortSignal) {
  while (true) {
    signal.throwIfAborted();
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    {
      name: 'self-retrying reconnect that stops when the signal is aborted',
      filename: 'file.js',
      code: `function connect(signal) {
  socket.connect().catch(() => {
    if (signal.aborted) return;
    setTimeout(() => connect(signal), Math.random() * 5000);
  });
}`,
    },
    // ---- bounded recursion
    {
      name: 'recursion with attempt + 1 and a give-up guard',
      filename: 'file.js',
      code: `async function fetchWithRetry(url, attempt = 0) {
  try {
    return await fetch(url);
  } catch (err) {
    if (attempt >= 4) throw err;
    await sleep(Math.random() * 100 * 2 ** attempt);
    return fetchWithRetry(url, attempt + 1);
  }
}`,
    },
    {
      name: 'recursion through .catch with a decrementing counter',
      filename: 'file.cjs',
      code: `function connect(retries = 3) {
  return db.connect().catch((err) => {
    if (retries <= 0) throw err;
    return new Promise((r) => setTimeout(r, Math.random() * 1000)).then(() => connect(retries - 1));
  });
}`,
    },
    // ---- bounded library calls (defaults included)
    {
      name: 'p-retry with its default retries',
      filename: 'file.mjs',
      code: `import pRetry from 'p-retry';
await pRetry(() => fetch('/api'), { randomize: true });`,
    },
    {
      name: 'async-retry with its defaults',
      filename: 'file.js',
      code: `import retry from 'async-retry';
await retry(async () => fetch('/api'));`,
    },
    {
      name: 'retry.operation with retries',
      filename: 'file.cjs',
      code: `const retry = require('retry');
const op = retry.operation({ retries: 5, randomize: true });`,
    },
    {
      name: 'exponential-backoff with its default numOfAttempts',
      code: `import { backOff } from 'exponential-backoff';
await backOff(() => fetch('/api'), { jitter: 'full' });`,
    },
    {
      name: 'cockatiel with maxAttempts',
      code: `import { retry, handleAll, ExponentialBackoff } from 'cockatiel';
const policy = retry(handleAll, { maxAttempts: 3, backoff: new ExponentialBackoff() });`,
    },
    {
      name: 'rxjs retry({ delay }) with a timeout after it in the pipe',
      code: `import { retry, timeout } from 'rxjs';
source$.pipe(retry({ delay: 500 }), timeout(30_000));`,
    },
    {
      name: 'rxjs retry in a pipe() raced against a timer',
      code: `import { pipe, raceWith, retry, timer } from 'rxjs';
export const withinLimit = (ms: number) => pipe(retry({ delay: 100 }), raceWith(timer(ms)));`,
    },
    {
      name: 'rxjs retry() that takeUntil a stop notifier ends',
      code: `import { retry, takeUntil } from 'rxjs/operators';
source$.pipe(retry(), takeUntil(destroy$));`,
    },
    {
      name: 'rxjs retry({ delay }) re-polling a condition that first(pred) turns into an error',
      code: `import { defer, first, from, retry } from 'rxjs';
defer(() => from(el.isVisible())).pipe(first((v) => v), retry({ delay: 100 }));`,
    },
    {
      name: 'rxjs retry with a count',
      code: `import { retry, timer } from 'rxjs';
source$.pipe(retry({ count: 3, delay: (e, n) => timer(Math.random() * 1000 * 2 ** n) }));`,
    },
    {
      name: 'axios-retry with a finite retries',
      filename: 'file.js',
      code: `import axios from 'axios';
import axiosRetry from 'axios-retry';
axiosRetry(axios, { retries: 3, retryDelay: axiosRetry.exponentialDelay });`,
    },
    {
      name: 'got with a finite retry limit',
      filename: 'file.js',
      code: `import got from 'got';
await got('https://example.com', { retry: { limit: 2 } });`,
    },
    {
      name: 'ky with a finite retry limit',
      filename: 'file.js',
      code: `import ky from 'ky';
await ky.get('/api', { retry: { limit: 3, jitter: true } });`,
    },
    // ---- maxAttempts option: at or under the limit
    {
      name: 'maxAttempts: 5 and a loop of exactly 5 attempts',
      options: [{ maxAttempts: 5 }],
      code: `async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
}`,
    },
    {
      name: 'maxAttempts: 5 and p-retry with retries: 4 (5 attempts)',
      options: [{ maxAttempts: 5 }],
      filename: 'file.mjs',
      code: `import pRetry from 'p-retry';
await pRetry(() => fetch('/api'), { retries: 4, randomize: true });`,
    },
    // ---- not retries at all
    {
      name: 'polling for a state change',
      filename: 'file.js',
      code: `async function waitForJob(job) {
  while (job.status !== 'done') {
    await sleep(1000);
    job = await api.getJob(job.id);
  }
  return job;
}`,
    },
    {
      name: 'event loop over a queue without a retry structure',
      filename: 'file.js',
      code: `async function consume(queue) {
  while (true) {
    const msg = await queue.receive();
    await handle(msg);
  }
}`,
    },
    {
      name: 'setInterval heartbeat',
      filename: 'file.js',
      code: `setInterval(() => {
  fetch('/heartbeat').catch(() => {});
}, 30_000);`,
    },
    {
      name: 'requestAnimationFrame game loop',
      filename: 'file.js',
      code: `function gameLoop() {
  update();
  render();
  requestAnimationFrame(gameLoop);
}`,
    },
    {
      name: 'tick loop on a running flag',
      code: `async function run() {
  while (running) {
    tick();
    await sleep(16);
  }
}`,
    },
    {
      name: 'pagination with while (url)',
      filename: 'file.js',
      code: `async function all(url) {
  const items = [];
  while (url) {
    const res = await fetch(url);
    const page = await res.json();
    items.push(...page.items);
    url = page.next;
  }
  return items;
}`,
    },
    {
      name: 'batch loop that logs failures and moves on',
      filename: 'file.js',
      code: `async function sendAll(items) {
  for (const item of items) {
    try {
      await send(item);
    } catch (err) {
      console.error(err);
    }
    await sleep(100);
  }
}`,
    },
    {
      name: 'stream drain loop',
      filename: 'file.js',
      code: `async function drain(stream) {
  let chunk;
  while ((chunk = stream.read()) !== null) {
    process(chunk);
  }
}`,
    },
    {
      name: 'debounce',
      filename: 'file.js',
      code: `function debounce(fn, ms) {
  let t;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => fn(...args), ms);
  };
}`,
    },
    {
      name: 'timeout with Promise.race',
      filename: 'file.js',
      code: `function withTimeout(p, ms) {
  return Promise.race([p, new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);
}`,
    },
    {
      name: 'React component fetching once',
      filename: 'component.tsx',
      languageOptions: jsx,
      code: `export function Loader() {
  const [data, setData] = useState(null);
  useEffect(() => {
    fetch('/api').then((r) => r.json()).then(setData);
  }, []);
  return <div>{data ? 'loaded' : 'loading'}</div>;
}`,
    },
    // ---- regressions: not a retry
    {
      name: "playing the next track on a stream's 'end' event",
      filename: 'file.js',
      code: `function playNext() {
  const s = player.play(queue.shift());
  s.on('end', () => playNext());
}`,
    },
    {
      name: 'maxAttempts: 3 allows attempt++ before if (attempt >= 3) throw',
      options: [{ maxAttempts: 3 }],
      code: `async function load() {
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
}`,
    },
  ],
  invalid: [
    // ---- loops
    {
      name: 'while (true) around try/catch',
      filename: 'file.js',
      code: `async function load() {
  while (true) {
    try {
      return await fetch('/api');
    } catch (err) {
      await sleep(1000 * Math.random());
    }
  }
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 2, column: 3, endLine: 2, endColumn: 15 }],
    },
    {
      name: 'for (;;) around try/catch',
      filename: 'file.js',
      code: `async function load() {
  for (;;) {
    try {
      return await fetch('/api');
    } catch {
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
    }
  }
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 2, column: 3, endLine: 2, endColumn: 11 }],
    },
    {
      name: 'do { } while (true): reported on the do keyword',
      filename: 'file.js',
      code: `async function load() {
  do {
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 500);
    }
  } while (true);
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 2, column: 3, endLine: 2, endColumn: 5 }],
    },
    {
      name: 'while (!done) where done is set only on success',
      filename: 'file.js',
      code: `async function load() {
  let done = false;
  while (!done) {
    try {
      await fetch('/api');
      done = true;
    } catch {
      await sleep(Math.random() * 500);
    }
  }
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 3, column: 3, endLine: 3, endColumn: 16 }],
    },
    {
      name: 'while (!(await lock.tryAcquire()))',
      code: `async function acquire(lock: Lock): Promise<void> {
  while (!(await lock.tryAcquire())) {
    await sleep(50 + Math.random() * 50);
  }
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 2, column: 3, endLine: 2, endColumn: 37 }],
    },
    {
      name: 'while (true) with a checked status',
      code: `async function load(url: string): Promise<Response> {
  while (true) {
    const res = await fetch(url);
    if (res.ok) return res;
    await sleep(Math.random() * 1000);
  }
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 2, column: 3, endLine: 2, endColumn: 15 }],
    },
    {
      name: 'do { } while (!res.ok)',
      filename: 'file.js',
      code: `async function load(url) {
  let res;
  do {
    res = await fetch(url);
  } while (!res.ok);
  return res;
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 3, column: 3, endLine: 3, endColumn: 5 }],
    },
    {
      name: 'for (;;) in a TypeScript class method',
      code: `class Worker {
  private async connectWithRetry(): Promise<void> {
    for (;;) {
      try {
        await this.broker.connect();
        return;
      } catch (err) {
        this.logger.warn(err);
        await sleep(Math.random() * 5000);
      }
    }
  }
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 3, column: 5, endLine: 3, endColumn: 13 }],
    },
    {
      name: 'while (true) in a React effect (.tsx)',
      filename: 'component.tsx',
      languageOptions: jsx,
      code: `export function Status() {
  useEffect(() => {
    async function poll() {
      while (true) {
        try {
          setData(await fetch('/status').then((r) => r.json()));
          return;
        } catch {
          await sleep(Math.random() * 2000);
        }
      }
    }
    poll();
  }, []);
  return <span>{data}</span>;
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 4, column: 7, endLine: 4, endColumn: 19 }],
    },
    {
      name: 'while (true) with break on success (.mjs)',
      filename: 'file.mjs',
      code: `export async function send(msg) {
  while (true) {
    try {
      await queue.publish(msg);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
    }
  }
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 2, column: 3, endLine: 2, endColumn: 15 }],
    },
    // ---- recursion
    {
      name: 'direct recursion from a catch block without a counter',
      filename: 'file.js',
      code: `async function connectWithRetry() {
  try {
    return await db.connect();
  } catch (err) {
    await sleep(Math.random() * 1000);
    return connectWithRetry();
  }
}`,
      errors: [{ messageId: 'unbounded', data: self('connectWithRetry'), line: 6, column: 12, endLine: 6, endColumn: 30 }],
    },
    {
      name: 'recursion through .catch(() => f())',
      filename: 'file.js',
      code: `function load() {
  return fetch('/api').catch(() => load());
}`,
      errors: [{ messageId: 'unbounded', data: self('load'), line: 2, column: 36, endLine: 2, endColumn: 42 }],
    },
    {
      name: 'recursion through the rejection handler of .then',
      filename: 'file.js',
      code: `function load() {
  return fetch('/api').then((r) => r.json(), () => load());
}`,
      errors: [{ messageId: 'unbounded', data: self('load'), line: 2, column: 52, endLine: 2, endColumn: 58 }],
    },
    {
      name: 'setTimeout reconnect passing the function by reference: reported on the setTimeout call',
      filename: 'file.js',
      code: `function reconnect() {
  socket.connect().catch(() => {
    setTimeout(reconnect, Math.random() * 5000);
  });
}`,
      errors: [{ messageId: 'unbounded', data: self('reconnect'), line: 3, column: 5, endLine: 3, endColumn: 48 }],
    },
    {
      name: "websocket on('close') reconnect",
      filename: 'file.js',
      code: `function open() {
  const ws = new WebSocket(url);
  ws.on('close', () => {
    setTimeout(open, 1000 + Math.random() * 1000);
  });
}`,
      errors: [{ messageId: 'unbounded', data: self('open'), line: 4, column: 5, endLine: 4, endColumn: 50 }],
    },
    {
      name: 'ws.onclose reconnect',
      filename: 'file.js',
      code: `function connect() {
  const ws = new WebSocket(url);
  ws.onclose = () => setTimeout(connect, 1000 + Math.random() * 1000);
}`,
      errors: [{ messageId: 'unbounded', data: self('connect'), line: 3, column: 22, endLine: 3, endColumn: 70 }],
    },
    {
      name: "socket.on('error') reconnect calling the function in an arrow",
      filename: 'file.cjs',
      code: `function connect() {
  const socket = net.connect(port);
  socket.on('error', () => {
    setTimeout(() => connect(), Math.random() * 3000);
  });
}`,
      errors: [{ messageId: 'unbounded', data: self('connect'), line: 4, column: 22, endLine: 4, endColumn: 31 }],
    },
    {
      name: 'recursion passing a counter that is never compared',
      filename: 'file.js',
      code: `async function fetchWithRetry(url, attempt = 0) {
  try {
    return await fetch(url);
  } catch (err) {
    console.warn(\`attempt \${attempt} failed\`);
    await sleep(Math.random() * 100 * 2 ** attempt);
    return fetchWithRetry(url, attempt + 1);
  }
}`,
      errors: [{ messageId: 'unbounded', data: self('fetchWithRetry'), line: 7, column: 12, endLine: 7, endColumn: 44 }],
    },
    // ---- libraries
    {
      name: 'p-retry retries: Infinity',
      filename: 'file.mjs',
      code: `import pRetry from 'p-retry';
await pRetry(() => fetch('/api'), { retries: Infinity, randomize: true });`,
      errors: [{ messageId: 'unbounded', data: P_RETRY, line: 2, column: 7, endLine: 2, endColumn: 74 }],
    },
    {
      name: 'p-retry forever: true',
      filename: 'file.mjs',
      code: `import pRetry from 'p-retry';
await pRetry(() => fetch('/api'), { forever: true, randomize: true });`,
      errors: [{ messageId: 'unbounded', data: P_RETRY, line: 2, column: 7, endLine: 2, endColumn: 70 }],
    },
    {
      name: 'p-retry retries from a const Infinity',
      filename: 'file.mjs',
      code: `import pRetry from 'p-retry';
const RETRIES = Infinity;
await pRetry(() => fetch('/api'), { retries: RETRIES, randomize: true });`,
      errors: [{ messageId: 'unbounded', data: P_RETRY, line: 3, column: 7, endLine: 3, endColumn: 73 }],
    },
    {
      name: 'p-retry through require',
      filename: 'file.cjs',
      code: `const pRetry = require('p-retry');
pRetry(() => fetch('/api'), { retries: Infinity, randomize: true });`,
      errors: [{ messageId: 'unbounded', data: P_RETRY, line: 2, column: 1, endLine: 2, endColumn: 68 }],
    },
    {
      name: 'async-retry forever: true',
      filename: 'file.mjs',
      code: `import retry from 'async-retry';
await retry(async () => fetch('/api'), { forever: true });`,
      errors: [{ messageId: 'unbounded', data: ASYNC_RETRY, line: 2, column: 7, endLine: 2, endColumn: 58 }],
    },
    {
      name: 'async-retry retries: Infinity through require',
      filename: 'file.cjs',
      code: `const retry = require('async-retry');
retry(async (bail) => { await fetch('/api'); }, { retries: Infinity });`,
      errors: [{ messageId: 'unbounded', data: ASYNC_RETRY, line: 2, column: 1, endLine: 2, endColumn: 71 }],
    },
    {
      name: 'retry.operation({ forever: true })',
      filename: 'file.cjs',
      code: `const retry = require('retry');
const operation = retry.operation({ forever: true, randomize: true });
operation.attempt(() => {});`,
      errors: [{ messageId: 'unbounded', data: RETRY_PKG, line: 2, column: 19, endLine: 2, endColumn: 70 }],
    },
    {
      name: 'retry.timeouts({ retries: Infinity })',
      filename: 'file.js',
      code: `import retry from 'retry';
const timeouts = retry.timeouts({ retries: Infinity, randomize: true });`,
      errors: [{ messageId: 'unbounded', data: RETRY_PKG, line: 2, column: 18, endLine: 2, endColumn: 72 }],
    },
    {
      name: 'exponential-backoff numOfAttempts: Infinity',
      code: `import { backOff } from 'exponential-backoff';
await backOff(() => fetch('/api'), { numOfAttempts: Infinity, jitter: 'full' });`,
      errors: [{ messageId: 'unbounded', data: BACKOFF, line: 2, column: 7, endLine: 2, endColumn: 80 }],
    },
    {
      name: 'exponential-backoff through a destructuring require',
      filename: 'file.cjs',
      code: `const { backOff } = require('exponential-backoff');
backOff(() => fetch('/api'), { numOfAttempts: Infinity });`,
      errors: [{ messageId: 'unbounded', data: BACKOFF, line: 2, column: 1, endLine: 2, endColumn: 58 }],
    },
    {
      name: 'cockatiel retry without maxAttempts',
      code: `import { retry, handleAll, ExponentialBackoff } from 'cockatiel';
const policy = retry(handleAll, { backoff: new ExponentialBackoff() });`,
      errors: [{ messageId: 'unbounded', data: COCKATIEL, line: 2, column: 16, endLine: 2, endColumn: 71 }],
    },
    {
      name: 'rxjs retry()',
      code: `import { retry } from 'rxjs/operators';
source$.pipe(retry());`,
      errors: [{ messageId: 'unbounded', data: RXJS, line: 2, column: 14, endLine: 2, endColumn: 21 }],
    },
    {
      name: 'rxjs retry({ delay }) without a count',
      code: `import { retry } from 'rxjs';
source$.pipe(retry({ delay: 1000 }));`,
      errors: [{ messageId: 'unbounded', data: RXJS, line: 2, column: 14, endLine: 2, endColumn: 36 }],
    },
    {
      name: 'rxjs retry({ delay }) with the timeout before it (each attempt, not the whole retry) and a first() with no predicate',
      code: `import { first, retry, timeout } from 'rxjs';
source$.pipe(timeout(5000), first(), retry({ delay: 1000 }));`,
      errors: [{ messageId: 'unbounded', data: RXJS, line: 2, column: 38, endLine: 2, endColumn: 60 }],
    },
    {
      name: 'rxjs retry() followed by operators from elsewhere of the same names',
      code: `import { retry } from 'rxjs';
import { timeout, raceWith } from './my-operators';
source$.pipe(retry(), timeout(100), raceWith(other$));`,
      errors: [{ messageId: 'unbounded', data: RXJS, line: 3, column: 14, endLine: 3, endColumn: 21 }],
    },
    {
      name: 'rxjs retryWhen(e => e.pipe(delay(1000)))',
      code: `import { retryWhen, delay } from 'rxjs/operators';
source$.pipe(retryWhen((e) => e.pipe(delay(1000))));`,
      errors: [{ messageId: 'unbounded', data: RXJS, line: 2, column: 14, endLine: 2, endColumn: 51 }],
    },
    {
      name: 'axios-retry retries: Infinity',
      filename: 'file.js',
      code: `import axios from 'axios';
import axiosRetry from 'axios-retry';
axiosRetry(axios, { retries: Infinity, retryDelay: axiosRetry.exponentialDelay });`,
      errors: [{ messageId: 'unbounded', data: AXIOS_RETRY, line: 3, column: 1, endLine: 3, endColumn: 82 }],
    },
    {
      name: 'got retry: { limit: Infinity }: reported on the retry property',
      filename: 'file.js',
      code: `import got from 'got';
const res = await got('https://example.com', { retry: { limit: Infinity } });`,
      errors: [{ messageId: 'unbounded', data: GOT, line: 2, column: 48, endLine: 2, endColumn: 74 }],
    },
    {
      name: 'got.extend with retry limit Infinity',
      filename: 'file.js',
      code: `import got from 'got';
const client = got.extend({ retry: { limit: Infinity } });`,
      errors: [{ messageId: 'unbounded', data: GOT, line: 2, column: 29, endLine: 2, endColumn: 55 }],
    },
    {
      name: 'ky retry: { limit: Infinity, jitter: true }',
      filename: 'file.js',
      code: `import ky from 'ky';
const res = await ky.get('https://example.com', { retry: { limit: Infinity, jitter: true } });`,
      errors: [{ messageId: 'unbounded', data: KY, line: 2, column: 51, endLine: 2, endColumn: 91 }],
    },
    {
      name: 'ky.create with retry limit Infinity',
      filename: 'file.js',
      code: `import ky from 'ky';
const api = ky.create({ prefixUrl: '/api', retry: { limit: Infinity, jitter: true } });`,
      errors: [{ messageId: 'unbounded', data: KY, line: 2, column: 44, endLine: 2, endColumn: 84 }],
    },
    // ---- maxAttempts option
    {
      name: 'maxAttempts: 5 and a loop of 10 attempts',
      options: [{ maxAttempts: 5 }],
      filename: 'file.js',
      code: `async function load() {
  for (let i = 0; i < 10; i++) {
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 100 * 2 ** i);
    }
  }
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...LOOP, attempts: 10, max: 5 }, line: 2, column: 3, endLine: 2, endColumn: 31 },
      ],
    },
    {
      name: 'maxAttempts: 5 and a loop of i <= 6 (7 attempts)',
      options: [{ maxAttempts: 5 }],
      code: `async function load() {
  for (let i = 0; i <= 6; i++) {
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 100 * 2 ** i);
    }
  }
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...LOOP, attempts: 7, max: 5 }, line: 2, column: 3, endLine: 2, endColumn: 31 },
      ],
    },
    {
      name: 'maxAttempts: 5 and while (attempts < 8)',
      options: [{ maxAttempts: 5 }],
      code: `async function load() {
  let attempts = 0;
  while (attempts < 8) {
    attempts++;
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...LOOP, attempts: 8, max: 5 }, line: 3, column: 3, endLine: 3, endColumn: 23 },
      ],
    },
    {
      name: 'maxAttempts: 5 and p-retry retries: 20 (21 attempts)',
      options: [{ maxAttempts: 5 }],
      filename: 'file.mjs',
      code: `import pRetry from 'p-retry';
await pRetry(() => fetch('/api'), { retries: 20, randomize: true });`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...P_RETRY, attempts: 21, max: 5 }, line: 2, column: 7, endLine: 2, endColumn: 68 },
      ],
    },
    {
      name: 'maxAttempts: 5 and async-retry retries: 20',
      options: [{ maxAttempts: 5 }],
      filename: 'file.cjs',
      code: `const retry = require('async-retry');
retry(async () => { await fetch('/api'); }, { retries: 20 });`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...ASYNC_RETRY, attempts: 21, max: 5 }, line: 2, column: 1, endLine: 2, endColumn: 61 },
      ],
    },
    {
      name: 'maxAttempts: 5 and got retry limit 20',
      options: [{ maxAttempts: 5 }],
      filename: 'file.js',
      code: `import got from 'got';
await got('https://x', { retry: { limit: 20 } });`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...GOT, attempts: 21, max: 5 }, line: 2, column: 26, endLine: 2, endColumn: 46 },
      ],
    },
    {
      name: 'maxAttempts: 5 still reports an unbounded loop as unbounded',
      options: [{ maxAttempts: 5 }],
      filename: 'file.js',
      code: `async function load() {
  while (true) {
    try {
      return await fetch('/api');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [{ messageId: 'unbounded', data: LOOP, line: 2, column: 3, endLine: 2, endColumn: 15 }],
    },
    {
      name: 'two sites in one file, each reported',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
async function poll() {
  for (;;) {
    try {
      return await fetch('/a');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}
export const b = () => pRetry(() => fetch('/b'), { forever: true, randomize: true });`,
      errors: [
        { messageId: 'unbounded', data: LOOP, line: 3, column: 3, endLine: 3, endColumn: 11 },
        { messageId: 'unbounded', data: P_RETRY, line: 11, column: 24, endLine: 11, endColumn: 85 },
      ],
    },
    // ---- regressions: retries and attempt counts the analysis used to get wrong
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
        { messageId: 'unbounded', data: self('connect'), line: 6, column: 12, endLine: 6, endColumn: 21 },
      ],
    },
    {
      name: 'while (!this.connected) in a class',
      filename: 'file.js',
      code: `class Client {
  connected = false;
  async start() {
    while (!this.connected) {
      try {
        await this.socket.connect();
        this.connected = true;
      } catch {
        await sleep(1000);
      }
    }
  }
}`,
      errors: [
        { messageId: 'unbounded', data: LOOP, line: 4, column: 5, endLine: 4, endColumn: 28 },
      ],
    },
    {
      name: 'cockatiel through a namespace import',
      code: `import * as c from 'cockatiel';
const policy = c.retry(c.handleAll, { backoff: new c.ExponentialBackoff() });`,
      errors: [
        { messageId: 'unbounded', data: COCKATIEL, line: 2, column: 16, endLine: 2, endColumn: 77 },
      ],
    },
    {
      name: 'maxAttempts: 4 reports if (i === MAX - 1) throw with MAX = 5',
      options: [{ maxAttempts: 4 }],
      code: `const MAX = 5;
async function load() {
  for (let i = 0; i < MAX; i++) {
    try {
      return await fetch('/api');
    } catch (e) {
      if (i === MAX - 1) throw e;
      await sleep(1000);
    }
  }
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...LOOP, attempts: 5, max: 4 }, line: 3, column: 3, endLine: 3, endColumn: 32 },
      ],
    },
    {
      name: 'maxAttempts: 3 reports if (attempt >= 3) throw before attempt++',
      options: [{ maxAttempts: 3 }],
      code: `async function load() {
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
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...LOOP, attempts: 4, max: 3 }, line: 3, column: 3, endLine: 3, endColumn: 15 },
      ],
    },
    {
      name: 'maxAttempts: 2 reports attempt++ before if (attempt >= 3) throw',
      options: [{ maxAttempts: 2 }],
      code: `async function load() {
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
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...LOOP, attempts: 3, max: 2 }, line: 3, column: 3, endLine: 3, endColumn: 15 },
      ],
    },
    {
      name: 'maxAttempts: 4 reports recursion with if (attempt >= 4) throw',
      options: [{ maxAttempts: 4 }],
      code: `async function fetchData(url: string, attempt = 0): Promise<Response> {
  try {
    return await fetch(url);
  } catch (err) {
    if (attempt >= 4) throw err;
    await sleep(1000);
    return fetchData(url, attempt + 1);
  }
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...self('fetchData'), attempts: 5, max: 4 }, line: 7, column: 12, endLine: 7, endColumn: 39 },
      ],
    },
    {
      name: 'maxAttempts: 3 reports recursion inside if (attempt < 3)',
      options: [{ maxAttempts: 3 }],
      code: `async function fetchData(attempt = 0): Promise<Response> {
  try {
    return await fetch('/api');
  } catch (err) {
    if (attempt < 3) {
      await sleep(1000);
      return fetchData(attempt + 1);
    }
    throw err;
  }
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...self('fetchData'), attempts: 4, max: 3 }, line: 7, column: 14, endLine: 7, endColumn: 36 },
      ],
    },
    {
      name: 'maxAttempts: 5 reports a callback reconnect with attempt < 5',
      options: [{ maxAttempts: 5 }],
      code: `function connect(attempt = 0) {
  client.connect((err) => {
    if (err && attempt < 5) setTimeout(() => connect(attempt + 1), 1000 * 2 ** attempt);
  });
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...self('connect'), attempts: 6, max: 5 }, line: 3, column: 46, endLine: 3, endColumn: 66 },
      ],
    },
    {
      name: 'maxAttempts: 3 reports recursion with retries = 3 and if (retries === 0) throw',
      options: [{ maxAttempts: 3 }],
      code: `async function syncWithRetry(retries = 3): Promise<void> {
  try {
    return await api.sync();
  } catch (err) {
    if (retries === 0) throw err;
    await sleep(1000);
    return syncWithRetry(retries - 1);
  }
}`,
      errors: [
        { messageId: 'tooManyAttempts', data: { ...self('syncWithRetry'), attempts: 4, max: 3 }, line: 7, column: 12, endLine: 7, endColumn: 38 },
      ],
    },
  ],
});

describe('no-unbounded-retry options schema', () => {
  const lint = (options: unknown) =>
    new Linter().verify('while (true) {}', [
      {
        plugins: { 'retry-hygiene': plugin as unknown as NonNullable<Linter.Config['plugins']>[string] },
        rules: { 'retry-hygiene/no-unbounded-retry': ['error', options] },
      },
    ]);

  it('rejects an unknown option and names it', () => {
    expect(() => lint({ maxAtempts: 3 })).toThrow(/maxAtempts/);
    expect(() => lint({ maxAtempts: 3 })).toThrow(/no-unbounded-retry/);
  });

  it('rejects maxAttempts: 0', () => {
    expect(() => lint({ maxAttempts: 0 })).toThrow(/no-unbounded-retry[\s\S]*Value 0 should be >= 1/);
  });

  it('rejects a non-integer maxAttempts', () => {
    expect(() => lint({ maxAttempts: 2.5 })).toThrow(/no-unbounded-retry[\s\S]*should be integer/);
  });

  it('accepts maxAttempts: 1', () => {
    expect(lint({ maxAttempts: 1 })).toEqual([]);
  });
});
