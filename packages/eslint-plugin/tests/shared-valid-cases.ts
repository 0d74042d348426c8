import type { ValidTestCase } from '@typescript-eslint/rule-tester';

/**
 * Code that neither no-fixed-sleep-retry nor require-jitter may report: jittered retries
 * (hand-written and library configs) and the non-retry look-alikes DESIGN.md lists. Shared
 * so both suites run exactly the same cases.
 */
export const jitteredOrNotARetry: ValidTestCase<never>[] = [
  {
    name: 'exponential delay times Math.random()',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(Math.random() * 1000 * 2 ** i);
    }
  }
}
`,
  },
  {
    name: 'equal jitter: d / 2 + Math.random() * d / 2',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      const d = Math.min(30_000, 100 * 2 ** attempt);
      await sleep(d / 2 + (Math.random() * d) / 2);
    }
  }
}
`,
  },
  {
    name: 'crypto.randomInt(0, d)',
    code: `
import crypto from 'node:crypto';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      const d = 100 * 2 ** attempt;
      await sleep(crypto.randomInt(0, d));
    }
  }
}
`,
  },
  {
    name: 'local jitter(d) helper using Math.random',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function jitter(d: number) {
  return Math.floor(Math.random() * d);
}
async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(jitter(200 * 2 ** attempt));
    }
  }
}
`,
  },
  {
    name: 'fullJitter from @retry-hygiene/retry',
    code: `
import { fullJitter } from '@retry-hygiene/retry';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(fullJitter(100 * 2 ** attempt));
    }
  }
}
`,
  },
  {
    name: 'crypto.getRandomValues helper',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function rand() {
  return crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;
}
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(rand() * 100 * 2 ** i);
    }
  }
}
`,
  },
  {
    name: 'exponential plus a random term',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load() {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(100 * 2 ** i + Math.random() * 100);
    }
  }
}
`,
  },
  {
    name: 'recursion with a jittered sleep',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load(retries = 3): Promise<Response> {
  try {
    return await fetch('/x');
  } catch (e) {
    if (retries <= 0) throw e;
    await sleep(Math.random() * 1000 * 2 ** (3 - retries));
    return load(retries - 1);
  }
}
`,
  },
  {
    name: 'async-retry default (randomized)',
    code: `
import retry from 'async-retry';
await retry(async () => fetch('/x'), { retries: 5 });
`,
  },
  {
    name: 'got retry option',
    code: `
import got from 'got';
const body = await got('https://example.com', { retry: { limit: 3 } }).json();
`,
  },
  {
    name: 'axios-retry exponentialDelay',
    code: `
import axios from 'axios';
import axiosRetry from 'axios-retry';
axiosRetry(axios, { retries: 3, retryDelay: axiosRetry.exponentialDelay });
`,
  },
  {
    name: 'axios-retry custom retryDelay with Math.random',
    code: `
import axios from 'axios';
import axiosRetry from 'axios-retry';
axiosRetry(axios, { retries: 3, retryDelay: (n) => Math.random() * n * 1000 });
`,
  },
  {
    name: 'cockatiel ExponentialBackoff default generator',
    code: `
import { retry, handleAll, ExponentialBackoff } from 'cockatiel';
const policy = retry(handleAll, { maxAttempts: 3, backoff: new ExponentialBackoff() });
`,
  },
  {
    name: 'p-retry randomize: true',
    code: `
import pRetry from 'p-retry';
await pRetry(() => fetch('/x'), { retries: 5, randomize: true });
`,
  },
  {
    name: 'exponential-backoff jitter: full',
    code: `
import { backOff } from 'exponential-backoff';
await backOff(() => fetch('/x'), { jitter: 'full' });
`,
  },
  {
    name: 'retry.operation randomize: true',
    code: `
import retry from 'retry';
const operation = retry.operation({ retries: 5, randomize: true });
`,
    filename: 'file.js',
  },
  {
    name: 'ky retry with jitter: true',
    code: `
import ky from 'ky';
const api = ky.create({ retry: { limit: 3, jitter: true } });
`,
  },
  {
    name: 'rxjs retry delay with a random timer',
    code: `
import { retry, timer } from 'rxjs';
const data$ = http.get('/x').pipe(retry({ count: 3, delay: (err, n) => timer(Math.random() * 2 ** n * 100) }));
`,
  },
  {
    name: 'the @retry-hygiene/retry helper itself',
    code: `
import { retry } from '@retry-hygiene/retry';
await retry(() => fetch('/x'), { maxAttempts: 5 });
`,
  },
  {
    name: 'polling a job state with a fixed sleep',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitForJob(id: string) {
  let job = await getJob(id);
  while (job.status !== 'done') {
    await sleep(1000);
    job = await getJob(id);
  }
  return job;
}
`,
  },
  {
    name: 'polling for a visible element in a test',
    code: `
it('eventually', async () => {
  for (let i = 0; i < 10; i++) {
    if (await page.isVisible('#ok')) break;
    await page.waitForTimeout(500);
  }
});
`,
  },
  {
    name: 'queue worker idling when the queue is empty',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function worker() {
  while (running) {
    const job = await queue.pop();
    if (!job) {
      await sleep(1000);
      continue;
    }
    await handle(job);
  }
}
`,
  },
  {
    name: 'batch throttling: for (const batch of batches)',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function sendAll(batches: Item[][]) {
  for (const batch of batches) {
    await send(batch);
    await sleep(1000);
  }
}
`,
  },
  {
    name: 'throttling with a growing pause between chunks',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function sendAll(chunks: string[]) {
  for (let i = 0; i < chunks.length; i++) {
    await upload(chunks[i]);
    await sleep(100 * (i + 1));
  }
}
`,
  },
  {
    name: 'processing a list and logging failures',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function processAll(items: Item[]) {
  for (const item of items) {
    try {
      await processItem(item);
    } catch (err) {
      console.error('failed', item.id, err);
    }
    await sleep(200);
  }
}
`,
  },
  {
    name: 'failing over across different mirrors',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load(mirrors: string[]) {
  for (const url of mirrors) {
    try {
      return await fetch(url);
    } catch {
      await sleep(1000);
    }
  }
}
`,
  },
  {
    name: 'list processing with a growing pause after failures',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function processAll(items: Item[]) {
  let pause = 100;
  for (const item of items) {
    try {
      await processItem(item);
    } catch (err) {
      console.error(err);
      await sleep(pause);
      pause *= 2;
    }
  }
}
`,
  },
  {
    name: 'cursor pagination in do/while',
    code: `
async function all() {
  const out = [];
  let cursor: string | undefined;
  do {
    const page = await api.list({ cursor });
    out.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return out;
}
`,
  },
  {
    name: 'page loop with a sleep between pages',
    code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function all() {
  let page = 1;
  while (true) {
    const res = await fetch(\`/items?page=\${page}\`);
    const items = await res.json();
    if (items.length === 0) break;
    await save(items);
    page++;
    await sleep(250);
  }
}
`,
  },
  {
    name: 'setInterval heartbeat',
    code: `
setInterval(() => {
  fetch('/heartbeat').catch(() => {});
}, 30_000);
`,
  },
  {
    name: 'game tick loop through setTimeout(tick, 16)',
    code: `
function tick() {
  update();
  render();
  setTimeout(tick, 16);
}
tick();
`,
  },
  {
    name: 'debounce',
    code: `
function debounce(fn: () => void, ms: number) {
  let t: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(t);
    t = setTimeout(fn, ms);
  };
}
`,
  },
  {
    name: 'Promise.race timeout',
    code: `
async function withTimeout<T>(p: Promise<T>) {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000))]);
}
`,
  },
  {
    name: 'TSX component without retries',
    code: `
export function Button() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>{n}</button>;
}
`,
    filename: 'file.tsx',
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    name: 'failover: for…of over a list of URLs',
    code: `
async function load() {
  for (const url of ['a', 'b']) {
    try {
      return await fetch(url);
    } catch {}
  }
}
`,
  },
];
