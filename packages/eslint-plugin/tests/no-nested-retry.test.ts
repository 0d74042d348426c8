import rule from '../src/rules/no-nested-retry.js';
import { ruleTester } from './rule-tester.js';

const LOOP = 'This retry loop';
const P_RETRY = 'This p-retry call';

const jsx = { parserOptions: { ecmaFeatures: { jsx: true } } };

ruleTester.run('no-nested-retry', rule, {
  valid: [
    {
      name: 'a retry loop around a request that goes again once after refreshing its token (a flag argument)',
      filename: 'file.js',
      code: `async function send(req, isRetry = false) {
  const res = await fetch(req.url, { headers: { authorization: token } });
  if (res.status === 401 && !isRetry) {
    token = await refreshToken();
    return send(req, true);
  }
  return res;
}

export async function load(req) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await send(req);
    } catch {
      await sleep(Math.random() * 200 * 2 ** attempt);
    }
  }
  throw new Error('gave up');
}`,
    },
    {
      name: 'a retry loop around a call that re-reads state once on a 409 before going again',
      filename: 'file.ts',
      code: `class Store {
  private version = 0;
  async save(doc: Doc, reread = true): Promise<void> {
    const res = await fetch('/docs', { method: 'PUT', body: JSON.stringify({ ...doc, version: this.version }) });
    if (res.status === 409 && reread) {
      this.version = (await (await fetch('/docs/version')).json()).version;
      return this.save(doc, false);
    }
  }
  async saveWithRetry(doc: Doc): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return await this.save(doc);
      } catch {
        await sleep(Math.random() * 100 * 2 ** attempt);
      }
    }
  }
}`,
    },
    {
      name: 'a single retry loop',
      code: `export async function load(url: string): Promise<Response> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await fetch(url);
    if (res.ok) return res;
    await sleep(Math.random() * 100 * 2 ** attempt);
  }
  throw new Error('failed');
}`,
    },
    {
      name: 'a single p-retry call',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
export const load = () => pRetry(() => fetch('/api'), { retries: 3, randomize: true });`,
    },
    {
      name: 'a single self-retrying function',
      filename: 'file.js',
      code: `function connect(retries = 2) {
  return db.connect().catch((err) => {
    if (retries <= 0) throw err;
    return connect(retries - 1);
  });
}`,
    },
    {
      name: 'a retry function called from a batch loop over items',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}

async function fetchAll(items) {
  for (const item of items) {
    await fetchWithRetry(item.url);
  }
}`,
    },
    {
      name: 'a retry function called from an indexed batch loop that logs failures',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}

async function fetchAll(urls) {
  for (let i = 0; i < urls.length; i++) {
    try {
      await fetchWithRetry(urls[i]);
    } catch (err) {
      console.error(err);
    }
  }
}`,
    },
    {
      name: 'a retry function called from a throttled batch loop',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function sync(items) {
  for (const item of items) {
    try {
      await fetchWithRetry(item.url);
    } catch (err) {
      console.error(err);
    }
    await sleep(100);
  }
}`,
    },
    {
      name: 'two sequential retry loops in one function',
      filename: 'file.js',
      code: `async function sync() {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await upload();
      break;
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await confirm();
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
    },
    {
      name: 'two sequential calls of a retry function',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
export async function main() {
  await fetchWithRetry('/a');
  await fetchWithRetry('/b');
}`,
    },
    {
      name: 'a retry loop calling a function that does not retry',
      filename: 'file.js',
      code: `async function getUser(id) {
  const res = await fetch(\`/users/\${id}\`);
  if (!res.ok) throw new Error(String(res.status));
  return res.json();
}

async function load(id) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await getUser(id);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
    },
    {
      name: 'a retry loop calling a function that catches, logs and rethrows',
      filename: 'file.js',
      code: `async function getUser(id) {
  try {
    return await api.get(\`/users/\${id}\`);
  } catch (err) {
    logger.warn(err);
    throw err;
  }
}
async function load(id) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await getUser(id);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
    },
    {
      name: 'p-retry around a function that does not retry',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
async function getUser(id) {
  const res = await fetch(\`/users/\${id}\`);
  if (!res.ok) throw new Error(String(res.status));
  return res.json();
}
await pRetry(() => getUser(1), { retries: 3, randomize: true });`,
    },
    {
      name: 'a retry loop calling a polling function',
      filename: 'file.js',
      code: `async function waitForJob(id) {
  let job = await api.getJob(id);
  while (job.status !== 'done') {
    await sleep(2000);
    job = await api.getJob(id);
  }
  return job;
}
async function run(id) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await waitForJob(id);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
    },
    {
      name: 'a retry loop calling a batch function',
      filename: 'file.js',
      code: `async function sendAll(items) {
  for (const item of items) {
    try {
      await send(item);
    } catch (err) {
      console.error(err);
    }
  }
}
async function run(items) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await sendAll(items);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
    },
    {
      name: 'a retry loop calling a recursive tree walk',
      filename: 'file.js',
      code: `function walkTree(node, visit) {
  visit(node);
  for (const child of node.children) walkTree(child, visit);
}
async function run(root) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await upload(walkTree(root, collect));
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
    },
    {
      name: 'polling loop (not a retry) around a retry function',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}

async function waitForJob(id) {
  let job = await (await fetchWithRetry(\`/jobs/\${id}\`)).json();
  while (job.status !== 'done') {
    await sleep(2000);
    job = await (await fetchWithRetry(\`/jobs/\${id}\`)).json();
  }
  return job;
}`,
    },
    {
      name: 'polling loop around a p-retry helper',
      code: `import pRetry from 'p-retry';
const getStatus = (id: string) => pRetry(() => api.status(id), { retries: 2, randomize: true });
export async function waitUntilReady(id: string) {
  let status = await getStatus(id);
  while (status !== 'ready') {
    await sleep(5000);
    status = await getStatus(id);
  }
}`,
    },
    {
      name: 'queue event loop around a retry function',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function consume(queue) {
  while (true) {
    const msg = await queue.receive();
    await fetchWithRetry(msg.url);
  }
}`,
    },
    {
      name: 'pagination loop around a retry function',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function all(url) {
  const items = [];
  while (url) {
    const page = await (await fetchWithRetry(url)).json();
    items.push(...page.items);
    url = page.next;
  }
  return items;
}`,
    },
    {
      name: 'setInterval heartbeat calling a retry function',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
setInterval(() => fetchWithRetry('/heartbeat'), 30_000);`,
    },
    {
      name: 'a retry function with a cache fallback',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
export async function load(url) {
  try {
    return await fetchWithRetry(url);
  } catch {
    return cache.get(url);
  }
}`,
    },
    {
      name: 'a retry loop using the axios instance that was not given to axios-retry',
      filename: 'file.js',
      code: `import axios from 'axios';
import axiosRetry from 'axios-retry';
const retrying = axios.create();
axiosRetry(retrying, { retries: 3 });
const plain = axios.create();

async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await plain.get('/users');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    {
      name: 'an axios-retry client called outside any retry',
      filename: 'file.js',
      code: `import axios from 'axios';
import axiosRetry from 'axios-retry';
const client = axios.create();
axiosRetry(client, { retries: 3 });
export async function load() {
  const res = await client.get('/users');
  return res.data;
}`,
    },
    {
      name: 'a retry loop around a ky client created with retry: 0',
      filename: 'file.js',
      code: `import ky from 'ky';
const api = ky.create({ prefixUrl: '/api', retry: 0 });
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await api.get('users').json();
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
    },
    {
      name: 'maxAmplification: 12 allows 4 × 3',
      filename: 'file.js',
      options: [{ maxAmplification: 12 }],
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function load(url) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetchWithRetry(url);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
    },
    {
      name: 'maxAmplification: 12 allows 3 × 3',
      filename: 'file.js',
      options: [{ maxAmplification: 12 }],
      code: `import pRetry from 'p-retry';
async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
export const load = (url) => pRetry(() => fetchWithRetry(url), { retries: 2, randomize: true });`,
    },
    {
      name: 'maxAmplification: 15 allows 5 × 3 (the limit itself)',
      filename: 'file.js',
      options: [{ maxAmplification: 15 }],
      code: `import retry from 'async-retry';
async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
await retry(() => fetchWithRetry('/api'), { retries: 4 });`,
    },
  ],
  invalid: [
    {
      name: 'literal loop in a retry loop',
      filename: 'file.js',
      code: `async function load() {
  for (let i = 0; i < 4; i++) {
    try {
      const conn = await pool.connect();
      let result;
      for (let j = 0; j < 3; j++) {
        try {
          result = await conn.query('select 1');
          break;
        } catch (err) {
          await sleep(Math.random() * 100 * 2 ** j);
        }
      }
      return result;
    } catch {
      await sleep(Math.random() * 1000 * 2 ** i);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 6, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 2, column: 3, endLine: 2, endColumn: 30 },
      ],
    },
    {
      // `this.#reset()` is the private method, resolved by its own kind of name.
      name: 'retry loop whose failure path calls a private method that retries: this.#reset()',
      filename: 'file.js',
      code: `class Sentinel {
  async #connect() {
    for (let count = 0; count < 5; count++) {
      try {
        return await this.observe();
      } catch {
        await sleep(Math.random() * 100 * 2 ** count);
      }
    }
  }
  async #reset() {
    await this.#connect();
  }
  reset() {}
  async execute(fn) {
    for (let iter = 0; iter < 3; iter++) {
      try {
        return await fn(this.client);
      } catch {
        await this.#reset();
        await sleep(Math.random() * 1000 * 2 ** iter);
      }
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 3, amplification: 'up to 3 × 5 = 15 calls per request' }, line: 16, column: 5, endLine: 16, endColumn: 41 },
      ],
    },
    {
      name: 'retry loop calling a retrying function of the same file',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}

async function loadUser(id) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetchWithRetry(\`/users/\${id}\`);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 13, column: 3, endLine: 13, endColumn: 48 },
      ],
    },
    {
      name: 'retry loop calling this.fetchWithRetry()',
      code: `class Api {
  async fetchWithRetry(url: string) {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await fetch(url);
      } catch {
        await sleep(Math.random() * 100 * 2 ** attempt);
      }
    }
    throw new Error('failed');
  }

  async load(id: string) {
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        return await this.fetchWithRetry(\`/items/\${id}\`);
      } catch {
        await sleep(Math.random() * 1000 * 2 ** attempt);
      }
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 3, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 14, column: 5, endLine: 14, endColumn: 50 },
      ],
    },
    {
      name: 'retry loop calling an arrow-function class field that retries',
      code: `class Api {
  fetchWithRetry = async (url: string) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await fetch(url);
      } catch {
        await sleep(Math.random() * 100 * 2 ** attempt);
      }
    }
    throw new Error('failed');
  };

  async load(id: string) {
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        return await this.fetchWithRetry(\`/items/\${id}\`);
      } catch {
        await sleep(Math.random() * 1000 * 2 ** attempt);
      }
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 3, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 14, column: 5, endLine: 14, endColumn: 50 },
      ],
    },
    {
      name: 'retry loop calling a self-retrying function',
      filename: 'file.js',
      code: `function connect(retries = 2) {
  return db.connect().catch((err) => {
    if (retries <= 0) throw err;
    return connect(retries - 1);
  });
}
async function start() {
  for (let i = 0; i < 4; i++) {
    try {
      return await connect();
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: '`connect()`, which retries itself', line: 4, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 8, column: 3, endLine: 8, endColumn: 30 },
      ],
    },
    {
      name: 'two levels deep through a helper call',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}

async function getUser(id) {
  const res = await fetchWithRetry(\`/users/\${id}\`);
  return res.json();
}

async function loadProfile(id) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await getUser(id);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 18, column: 3, endLine: 18, endColumn: 48 },
      ],
    },
    {
      name: 'status-checking retry loop calling a retry function',
      code: `async function fetchWithRetry(url: string): Promise<Response> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function load(url: string): Promise<Response> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await fetchWithRetry(url);
    if (res.ok) return res;
    await sleep(Math.random() * 1000 * 2 ** attempt);
  }
  throw new Error('failed');
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 12, column: 3, endLine: 12, endColumn: 48 },
      ],
    },
    {
      name: 'do-while retry calling a retry function: reported on do',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function load(url) {
  let attempt = 0;
  let res;
  do {
    res = await fetchWithRetry(url);
    attempt++;
  } while (!res.ok && attempt < 5);
  return res;
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: 'up to 5 × 3 = 15 calls per request' }, line: 14, column: 3, endLine: 14, endColumn: 5 },
      ],
    },
    {
      name: 'retry loop around backOff()',
      code: `import { backOff } from 'exponential-backoff';
async function load() {
  for (let i = 0; i < 4; i++) {
    try {
      return await backOff(() => fetch('/api'), { numOfAttempts: 3, jitter: 'full' });
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'exponential-backoff', line: 5, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 3, column: 3, endLine: 3, endColumn: 30 },
      ],
    },
    {
      name: 'unbounded retry loop around p-retry',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
async function load() {
  while (true) {
    try {
      return await pRetry(() => fetch('/api'), { retries: 3, randomize: true });
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'p-retry', line: 5, amplification: 'unbounded × 4 calls per request: no limit' }, line: 3, column: 3, endLine: 3, endColumn: 15 },
      ],
    },
    {
      name: 'unbounded retry loop around a bounded retry function',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}

async function loadForever() {
  while (true) {
    try {
      return await fetchWithRetry('/api');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: 'unbounded × 3 calls per request: no limit' }, line: 13, column: 3, endLine: 13, endColumn: 15 },
      ],
    },
    {
      name: 'self-retrying reconnect around a retry function',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
function sync() {
  return fetchWithRetry('/sync').catch(() => {
    setTimeout(sync, 1000 + Math.random() * 4000);
  });
}`,
      errors: [
        { messageId: 'nested', data: { what: '`sync()` retrying itself', inner: 'a retry loop', line: 2, amplification: 'unbounded × 3 calls per request: no limit' }, line: 13, column: 5, endLine: 13, endColumn: 50 },
      ],
    },
    {
      name: 'retry loop with an unknown attempt count around a retry function',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function load(url, max) {
  for (let attempt = 0; attempt < max; attempt++) {
    try {
      return await fetchWithRetry(url);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: "the outer layer's attempts × 3 calls per request" }, line: 12, column: 3, endLine: 12, endColumn: 50 },
      ],
    },
    {
      name: 'p-retry inside p-retry',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
await pRetry(async () => {
  return await pRetry(() => fetch('/api'), { retries: 2, randomize: true });
}, { retries: 3, randomize: true });`,
      errors: [
        { messageId: 'nested', data: { what: P_RETRY, inner: 'p-retry', line: 3, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 2, column: 7, endLine: 4, endColumn: 36 },
      ],
    },
    {
      name: 'p-retry around a function that calls p-retry',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
function getData() {
  return pRetry(() => fetch('/api'), { retries: 2, randomize: true });
}
await pRetry(() => getData(), { retries: 3, randomize: true });`,
      errors: [
        { messageId: 'nested', data: { what: P_RETRY, inner: 'p-retry', line: 3, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 5, column: 7, endLine: 5, endColumn: 63 },
      ],
    },
    {
      name: 'p-retry around a retry loop function',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
export const load = (url) => pRetry(() => fetchWithRetry(url), { retries: 2, randomize: true });`,
      errors: [
        { messageId: 'nested', data: { what: P_RETRY, inner: 'a retry loop', line: 3, amplification: 'up to 3 × 3 = 9 calls per request' }, line: 12, column: 30, endLine: 12, endColumn: 96 },
      ],
    },
    {
      name: 'p-retry around a self-retrying function',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
function connect(retries = 2) {
  return db.connect().catch((err) => {
    if (retries <= 0) throw err;
    return connect(retries - 1);
  });
}
await pRetry(() => connect(), { retries: 3, randomize: true });`,
      errors: [
        { messageId: 'nested', data: { what: P_RETRY, inner: '`connect()`, which retries itself', line: 5, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 8, column: 7, endLine: 8, endColumn: 63 },
      ],
    },
    {
      name: 'async-retry around a retry loop function',
      filename: 'file.js',
      code: `import retry from 'async-retry';
async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
await retry(() => fetchWithRetry('/api'), { retries: 4 });`,
      errors: [
        { messageId: 'nested', data: { what: 'This async-retry call', inner: 'a retry loop', line: 3, amplification: 'up to 5 × 3 = 15 calls per request' }, line: 12, column: 7, endLine: 12, endColumn: 58 },
      ],
    },
    {
      name: 'backOff() around a retry loop function',
      code: `import { backOff } from 'exponential-backoff';
async function fetchWithRetry(url: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
await backOff(() => fetchWithRetry('/api'), { numOfAttempts: 5, jitter: 'full' });`,
      errors: [
        { messageId: 'nested', data: { what: 'This backOff() call', inner: 'a retry loop', line: 3, amplification: 'up to 5 × 3 = 15 calls per request' }, line: 12, column: 7, endLine: 12, endColumn: 82 },
      ],
    },
    {
      name: 'p-retry in a React effect around a retry function (.tsx)',
      filename: 'component.tsx',
      languageOptions: jsx,
      code: `import pRetry from 'p-retry';
async function fetchWithRetry(url: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
export function User({ id }: { id: string }) {
  useEffect(() => {
    pRetry(() => fetchWithRetry(\`/users/\${id}\`), { retries: 3, randomize: true }).then(setUser);
  }, [id]);
  return <div />;
}`,
      errors: [
        { messageId: 'nested', data: { what: P_RETRY, inner: 'a retry loop', line: 3, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 14, column: 5, endLine: 14, endColumn: 82 },
      ],
    },
    {
      name: 'retry loop calling an axios instance given to axios-retry',
      filename: 'file.js',
      code: `import axios from 'axios';
import axiosRetry from 'axios-retry';
const client = axios.create({ baseURL: '/api' });
axiosRetry(client, { retries: 2 });

async function load() {
  for (let i = 0; i < 4; i++) {
    try {
      return await client.get('/users');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a client configured with axios-retry', line: 4, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 7, column: 3, endLine: 7, endColumn: 30 },
      ],
    },
    {
      name: 'retry loop calling the default axios given to axios-retry',
      filename: 'file.js',
      code: `import axios from 'axios';
import axiosRetry from 'axios-retry';
axiosRetry(axios, { retries: 3 });
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await axios.get('/users');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a client configured with axios-retry', line: 3, amplification: 'up to 3 × 4 = 12 calls per request' }, line: 5, column: 3, endLine: 5, endColumn: 30 },
      ],
    },
    {
      name: 'axios-retry through require',
      filename: 'file.cjs',
      code: `const axios = require('axios');
const axiosRetry = require('axios-retry');
const http = axios.create();
axiosRetry(http, { retries: 3, retryDelay: axiosRetry.exponentialDelay });
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await http.get('/users');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a client configured with axios-retry', line: 4, amplification: 'up to 3 × 4 = 12 calls per request' }, line: 6, column: 3, endLine: 6, endColumn: 30 },
      ],
    },
    {
      name: 'retry loop calling a ky.create({ retry }) client',
      filename: 'file.js',
      code: `import ky from 'ky';
const api = ky.create({ prefixUrl: '/api', retry: { limit: 2, jitter: true } });

async function load() {
  for (let i = 0; i < 4; i++) {
    try {
      return await api.get('users').json();
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a client configured with ky', line: 2, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 5, column: 3, endLine: 5, endColumn: 30 },
      ],
    },
    {
      name: 'retry loop calling a got.extend({ retry }) client',
      filename: 'file.js',
      code: `import got from 'got';
const client = got.extend({ retry: { limit: 2 } });
async function load() {
  for (let i = 0; i < 4; i++) {
    try {
      return await client.get('users').json();
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a client configured with got', line: 2, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 4, column: 3, endLine: 4, endColumn: 30 },
      ],
    },
    {
      name: 'retry loop calling policy.execute() of a cockatiel retry policy',
      code: `import { retry, handleAll, ExponentialBackoff } from 'cockatiel';
const policy = retry(handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff() });
async function load() {
  for (let i = 0; i < 4; i++) {
    try {
      return await policy.execute(() => fetch('/api'));
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a client configured with cockatiel', line: 2, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 4, column: 3, endLine: 4, endColumn: 30 },
      ],
    },
    {
      name: 'two inner retries: the worst amplification is reported',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function load(id) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const user = await fetchWithRetry(\`/users/\${id}\`);
      return await pRetry(() => enrich(user), { retries: 5, randomize: true });
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'p-retry', line: 16, amplification: 'up to 4 × 6 = 24 calls per request' }, line: 13, column: 3, endLine: 13, endColumn: 48 },
      ],
    },
    {
      name: 'maxAmplification: 12 reports 5 × 3',
      filename: 'file.js',
      options: [{ maxAmplification: 12 }],
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function load(url) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetchWithRetry(url);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: 'up to 5 × 3 = 15 calls per request' }, line: 12, column: 3, endLine: 12, endColumn: 48 },
      ],
    },
    {
      name: 'maxAmplification: 12 still reports an unbounded nesting',
      filename: 'file.js',
      options: [{ maxAmplification: 12 }],
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}

async function loadForever() {
  while (true) {
    try {
      return await fetchWithRetry('/api');
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: 'unbounded × 3 calls per request: no limit' }, line: 13, column: 3, endLine: 13, endColumn: 15 },
      ],
    },
    {
      name: 'maxAmplification: 100 still reports an unknown nesting',
      filename: 'file.js',
      options: [{ maxAmplification: 100 }],
      code: `async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function load(url, max) {
  for (let attempt = 0; attempt < max; attempt++) {
    try {
      return await fetchWithRetry(url);
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: "the outer layer's attempts × 3 calls per request" }, line: 12, column: 3, endLine: 12, endColumn: 50 },
      ],
    },
    {
      name: 'maxAmplification: 20 reports 4 × 6 (the 4 × 3 nesting alone would pass)',
      filename: 'file.js',
      options: [{ maxAmplification: 20 }],
      code: `import pRetry from 'p-retry';
async function fetchWithRetry(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
async function load(id) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const user = await fetchWithRetry(\`/users/\${id}\`);
      return await pRetry(() => enrich(user), { retries: 5, randomize: true });
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'p-retry', line: 16, amplification: 'up to 4 × 6 = 24 calls per request' }, line: 13, column: 3, endLine: 13, endColumn: 48 },
      ],
    },
    // Regressions: nestings the analysis used to miss
    {
      name: 'retry loop calling a retry function that sleeps with new Promise(setTimeout)',
      filename: 'file.js',
      code: `async function fetchWithRetry(url) {
  for (let a = 0; a < 3; a++) {
    try {
      return await fetch(url);
    } catch {
      await new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** a));
    }
  }
  throw new Error('failed');
}

async function load(url) {
  for (let a = 0; a < 4; a++) {
    try {
      return await fetchWithRetry(url);
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 2, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 13, column: 3, endLine: 13, endColumn: 30 },
      ],
    },
    {
      name: 'literal loop in a retry loop whose only call is in the inner loop',
      filename: 'file.js',
      code: `async function load() {
  for (let i = 0; i < 4; i++) {
    try {
      for (let j = 0; j < 3; j++) {
        try {
          return await fetch('/api');
        } catch (e) {
          if (j === 2) throw e;
          await sleep(Math.random() * 100);
        }
      }
    } catch {
      await sleep(Math.random() * 1000);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 4, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 2, column: 3, endLine: 2, endColumn: 30 },
      ],
    },
    {
      name: 'two nested while (true) loops with ++n >= N guards',
      filename: 'file.js',
      code: `async function load() {
  let outer = 0;
  while (true) {
    try {
      let inner = 0;
      while (true) {
        try {
          return await fetch('/api');
        } catch (err) {
          if (++inner >= 3) throw err;
          await sleep(Math.random() * 100 * 2 ** inner);
        }
      }
    } catch (err) {
      if (++outer >= 4) throw err;
      await sleep(Math.random() * 1000 * 2 ** outer);
    }
  }
}`,
      errors: [
        { messageId: 'nested', data: { what: LOOP, inner: 'a retry loop', line: 6, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 3, column: 3, endLine: 3, endColumn: 15 },
      ],
    },
    {
      name: 'p-retry whose operation is a p-retry call',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
await pRetry(() => pRetry(() => fetch('/api'), { retries: 2 }), { retries: 3 });`,
      errors: [
        { messageId: 'nested', data: { what: P_RETRY, inner: 'p-retry', line: 2, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 2, column: 7, endLine: 2, endColumn: 80 },
      ],
    },
    {
      name: 'p-retry around a const arrow that calls p-retry',
      filename: 'file.js',
      code: `import pRetry from 'p-retry';
const once = () => pRetry(() => fetch('/api'), { retries: 2 });
await pRetry(once, { retries: 3 });`,
      errors: [
        { messageId: 'nested', data: { what: P_RETRY, inner: 'p-retry', line: 2, amplification: 'up to 4 × 3 = 12 calls per request' }, line: 3, column: 7, endLine: 3, endColumn: 35 },
      ],
    },
  ],
});
