import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Shapes common in code as written, each read by a general analysis rather than a case:
 * - the negation of a status comparison is its opposite (`status !== 503` is true exactly
 *   when `=== 503`, a failure, is false: leaving on it goes round on the failure), whatever
 *   the code and whatever the exit (`break`, `return`);
 * - a loop bounded by the length of a list of numbers that it uses as its waits counts
 *   those waits (a schedule), it does not walk the list as items;
 * - the attempt's status stays its status when copied (`status = res.status`): a loop test on
 *   the copy compared with a code reads the outcome, not a state the work reached (polling);
 * - a process's exit code compared with 0 (`result.exitCode === 0`) is the process's outcome;
 * - a handler object's method handed on as a promise's rejection handler
 *   (`.then(h.onDone, h.onError)`) runs on the failure, as one called from a catch does;
 * - a way back through two functions may hold its timer in the middle one
 *   (`open` fails → `scheduleReconnect` waits → `start` → `open`): the wait is read there,
 *   the bound too, and the finding sits at that timer;
 * - `const { base } = this.options` reads what `this.options.base` reads;
 * - a wait asked of an object the code made from a class of the file (`backoff.duration()`
 *   with `backoff = new Backoff()`) is that class's method, read with `this` the instance:
 *   a count it keeps on itself moves with each call;
 * - a first attempt made before the loop (`let res = await op()`, then the loop tests `res`,
 *   waits and calls `op()` again into it) is one attempt more than the loop's turns;
 * - a parameter or field declared with a catalogued client's type (`r2: S3Client`,
 *   `constructor(private readonly s3: S3Client)`) holds a client that retries by itself: a
 *   retry around its calls nests; the count is the maker's, not known here;
 * - a success that falls out of the `try` to an exit after it (`try { r = await op() } catch
 *   { …; continue } break;`) leaves the loop as one inside the `try` does;
 * - one more request after changing what failed (a token refreshed on a 401) is not an outer
 *   layer of a nested retry: it is not taken while the service is down.
 */

const JS = 'retry.js';

const negatedBreakTs = `
export async function post(url: string, body: unknown) {
  let response: Response | undefined;
  for (let i = 0; i <= 3; i++) {
    response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return response;
}
`;

const negatedReturnJs = `
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
async function submit(form) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch('/submit', { method: 'POST', body: form });
    if (res.statusCode != 429) return res;
    await pause(250 * attempt);
  }
  throw new Error('rate limited');
}
module.exports = { submit };
`;

const negatedWhileTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function put(key: string, value: string): Promise<Response> {
  let tries = 0;
  while (true) {
    const res = await fetch(\`/kv/\${key}\`, { method: 'PUT', body: value });
    if (502 !== res.status || ++tries > 4) return res;
    await sleep(1000);
  }
}
`;

const tableLengthTs = `
const DELAYS = [1000, 2000, 5000, 10000];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function notify(hook: string, payload: unknown) {
  for (let i = 0; i <= DELAYS.length; i++) {
    const res = await fetch(hook, { method: 'POST', body: JSON.stringify(payload) });
    if (res.ok) return;
    if (i < DELAYS.length) await sleep(DELAYS[i]);
  }
  throw new Error('webhook failed');
}
`;

const tableLengthJs = `
const BACKOFF = [200, 200, 200];
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
async function store(db, row) {
  for (let n = 0; n < BACKOFF.length; n++) {
    try {
      return await db.insert(row);
    } catch (e) {
      await wait(BACKOFF[n]);
    }
  }
  throw new Error('insert failed');
}
module.exports = store;
`;

const itemsLengthTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function pushAll(items: string[]) {
  for (let i = 0; i < items.length; i++) {
    try {
      await fetch('/push', { method: 'POST', body: items[i] });
    } catch {
      await sleep(1000);
    }
  }
}
`;

const copiedStatusTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function upload(data: Blob) {
  let status = 0;
  let attempt = 0;
  while (status !== 200 && attempt < 5) {
    const res = await fetch('/upload', { method: 'POST', body: data });
    status = res.status;
    attempt++;
    if (status !== 200) await sleep(3000);
  }
  return status === 200;
}
`;

const copiedStatusJs = `
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
async function ship(order) {
  let code;
  for (let n = 1; n <= 4; n++) {
    const reply = await fetch('/ship', { method: 'POST', body: order });
    code = reply.status;
    if (code < 400) return reply;
    await wait(700 * n);
  }
  throw new Error('shipping failed with ' + code);
}
module.exports = ship;
`;

const stageStateTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function waitForDeploy(id: string) {
  let stage = 'queued';
  let checks = 0;
  while (stage !== 'ready' && checks < 60) {
    const res = await fetch(\`/deploys/\${id}\`);
    const body = (await res.json()) as { stage: string };
    stage = body.stage;
    checks++;
    await sleep(2000);
  }
}
`;

const exitCodeTs = `
import { execa } from 'execa';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function install(pkg: string) {
  for (let i = 0; i < 3; i++) {
    const result = await execa('npm', ['install', pkg], { reject: false });
    if (result.exitCode === 0) return;
    await sleep(5000);
  }
  throw new Error(\`npm install \${pkg} failed\`);
}
`;

const exitCodeNonZeroJs = `
const { spawnSync } = require('node:child_process');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function pull(image) {
  let tries = 0;
  while (true) {
    const { exitCode } = await run('docker', ['pull', image]);
    if (exitCode !== 0 && tries < 4) {
      tries++;
      await sleep(2000 * 2 ** tries);
      continue;
    }
    return exitCode;
  }
}
module.exports = pull;
`;

const rejectionHandlerTs = `
interface Handlers { onSuccess(r: Response): void; onError(e: unknown): void }
function request(url: string, h: Handlers) {
  fetch(url).then(h.onSuccess, h.onError);
}
export function load(url: string, done: (r: Response) => void, attempt = 0) {
  request(url, {
    onSuccess: done,
    onError: () => {
      if (attempt < 3) setTimeout(() => load(url, done, attempt + 1), 500);
    },
  });
}
`;

const middleTimerTs = `
export class Transport {
  private attempts = 0;
  private options = { maxRetries: 4, initialDelay: 1000, growFactor: 1.5, maxDelay: 30_000 };
  constructor(private url: string) {}
  private nextDelay(attempt: number): number {
    const { initialDelay, growFactor, maxDelay } = this.options;
    return Math.min(initialDelay * Math.pow(growFactor, attempt), maxDelay);
  }
  private scheduleReconnect(): void {
    if (this.attempts >= this.options.maxRetries) return;
    const delay = this.nextDelay(this.attempts);
    this.attempts += 1;
    setTimeout(() => {
      this.start();
    }, delay);
  }
  private start(): void {
    void this.open().catch(() => undefined);
  }
  private async open(): Promise<void> {
    try {
      const res = await fetch(this.url);
      if (!res.ok) throw new Error(String(res.status));
      this.attempts = 0;
    } catch {
      this.scheduleReconnect();
    }
  }
}
`;

const middleTimerJs = `
class Feed {
  constructor(url) { this.url = url; this.failures = 0; }
  retryLater() {
    if (this.failures > 8) return;
    this.failures++;
    setTimeout(() => this.begin(), 2000);
  }
  begin() { this.connect().catch(() => {}); }
  async connect() {
    try {
      await fetch(this.url);
      this.failures = 0;
    } catch (err) {
      this.retryLater();
    }
  }
}
module.exports = Feed;
`;

const authThenRetryingTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
async function getWithBackoff(url: string, token: string): Promise<Response> {
  for (let i = 0; ; i++) {
    const res = await fetch(url, { headers: { authorization: token } });
    if (res.status < 500 || i >= 3) return res;
    await sleep(Math.random() * 200 * 2 ** i);
  }
}
export async function call(url: string, auth: { token(): string; refresh(): Promise<void> }, refreshed = false): Promise<Response> {
  const res = await getWithBackoff(url, auth.token());
  if (res.status === 401 && !refreshed) {
    await auth.refresh();
    return call(url, auth, true);
  }
  return res;
}
`;

const backoffObjectTs = `
class Backoff {
  private attempts = 0;
  duration(): number {
    return Math.min(100 * 2 ** this.attempts++, 10_000);
  }
  reset(): void {
    this.attempts = 0;
  }
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function get(url: string) {
  const backoff = new Backoff();
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(backoff.duration());
    }
  }
  throw new Error('unreachable');
}
`;

const backoffFieldJs = `
class Steps {
  constructor() { this.n = 0; }
  next() { this.n += 1; return 250 * this.n; }
}
class Client {
  constructor(url) { this.url = url; this.steps = new Steps(); }
  async send(body) {
    for (let tries = 0; tries < 4; tries++) {
      try {
        return await fetch(this.url, { method: 'POST', body });
      } catch (err) {
        await new Promise((r) => setTimeout(r, this.steps.next()));
      }
    }
  }
}
module.exports = Client;
`;

const firstBeforeTs = `
const INITIAL_RETRY_DELAY = 1000;
const MAX_RETRY_DELAY = 60000;
export async function requestWithRetries(requestFn: () => Promise<Response>, maxRetries = 2): Promise<Response> {
  let response: Response = await requestFn();
  for (let i = 0; i < maxRetries; ++i) {
    if ([408, 429].includes(response.status) || response.status >= 500) {
      const delay = Math.min(INITIAL_RETRY_DELAY * Math.pow(2, i), MAX_RETRY_DELAY);
      await new Promise((resolve) => setTimeout(resolve, delay));
      response = await requestFn();
    } else {
      break;
    }
  }
  return response;
}
`;

const firstBeforeJs = `
async function getRates(base) {
  let res = await fetch('https://rates.example/api/' + base);
  for (let i = 0; i < 3 && !res.ok; i++) {
    await new Promise((r) => setTimeout(r, 500));
    res = await fetch('https://rates.example/api/' + base);
  }
  return res;
}
module.exports = getRates;
`;

const breakAfterTryTs = `
export async function capture(payments: { capture(id: string): Promise<unknown> }, paymentId: string) {
  let result;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      result = await payments.capture(paymentId);
    } catch (err) {
      if (attempt === 3) throw err;
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    break;
  }
  return result;
}
`;

const deviceFlowPollTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function waitForToken(code: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    await sleep(5000);
    let result: { kind: string; token?: string };
    try {
      result = await poll(code);
    } catch {
      continue;
    }
    if (result.kind === 'pending') continue;
    return result.token;
  }
  throw new Error('login timed out');
}
declare function poll(code: string): Promise<{ kind: string; token?: string }>;
`;

const hostsFailoverTs = `
export async function fetchAny(hosts: string[]) {
  let res: Response | undefined;
  for (const host of hosts) {
    try {
      res = await fetch(host);
    } catch {
      continue;
    }
    break;
  }
  return res;
}
`;

ruleTester.run('require-jitter on negated status tests and wait tables', requireJitter, {
  valid: [
    {
      name: 'a negated status test with a jittered wait',
      code: negatedReturnJs.replace('250 * attempt', 'Math.random() * 250 * attempt'),
      filename: JS,
    },
    { name: 'a loop over the items of a list, each sent once, is not a retry', code: itemsLengthTs },
    { name: 'a Backoff object whose wait is random', code: backoffObjectTs.replace('100 * 2 ** this.attempts++', 'Math.random() * 100 * 2 ** this.attempts++') },
    { name: 'a loop reading a stage the deploy reports, until it is ready, polls', code: stageStateTs },
  ],
  invalid: [
    {
      name: 'a way back through two functions, the timer in the middle one, the wait from destructured options',
      code: middleTimerTs,
      errors: [{ messageId: 'missingJitter', line: 14, column: 5, data: { what: '`open()` retrying itself through `scheduleReconnect()`', delay: '1 s × 1.5^n, capped at 30 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a wait asked of a Backoff object the function made',
      code: backoffObjectTs,
      errors: [{ messageId: 'missingJitter', line: 14, column: 3, data: { what: 'This retry loop', delay: '100 ms × 2^n, capped at 10 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'JavaScript: a wait asked of an object held in a field the constructor sets',
      code: backoffFieldJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 9, column: 5, data: { what: 'This retry loop', delay: 'a linear 250 ms × n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'the first attempt made before the loop counts (maxRetries 2: 3 attempts)',
      code: firstBeforeTs,
      errors: [{ messageId: 'missingJitter', line: 6, column: 3, data: { what: 'This retry loop', delay: '1 s × 2^n, capped at 1 min', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a status copied into a variable, compared with a code',
      code: copiedStatusJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a linear 700 ms × n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'an exit code that is not 0, destructured from the process result',
      code: exitCodeNonZeroJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 6, column: 3, data: { what: 'This retry loop', delay: '2 s × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'return unless 429 (!=), a linear wait',
      code: negatedReturnJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a linear 250 ms × n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a loop bounded by the length of its table of waits',
      code: tableLengthTs,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a schedule of 1 s, 2 s, 5 s then 10 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on negated status tests and wait tables', noFixedSleepRetry, {
  valid: [
    { name: 'a growing linear wait is not fixed', code: negatedReturnJs, filename: JS },
    { name: 'a loop over the items of a list is not a retry', code: itemsLengthTs },
    { name: 'a loop waiting for a reported stage is polling', code: stageStateTs },
    { name: 'trying each host once, continuing past a failure, is failover', code: hostsFailoverTs },
    { name: 'a poll that goes round on "pending" after the try as well as on a failed poll polls', code: deviceFlowPollTs },
  ],
  invalid: [
    {
      name: 'a handler object whose onError is handed to .then as the rejection handler',
      code: rejectionHandlerTs,
      errors: [{ messageId: 'fixedDelay', line: 10, column: 41, data: { what: '`load()` retrying itself', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'JavaScript: the middle function of two holds the timer and the count',
      code: middleTimerJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 5, data: { what: '`connect()` retrying itself through `retryLater()`', delay: 'a fixed 2 s', attempts: 'up to 10 attempts' } }],
    },
    {
      name: 'JavaScript: a result tested in the loop head, first fetched before it (3 turns: 4 attempts)',
      code: firstBeforeJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a success falls out of the try to a break after it; the catch continues',
      code: breakAfterTryTs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'the loop test reads a copy of the status (while status !== 200)',
      code: copiedStatusTs,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 3 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a process run again until its exit code is 0',
      code: exitCodeTs,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 5 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'break unless 503 (!==), then return the last response',
      code: negatedBreakTs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'the code on the left (502 !== status), with the bound in the same test',
      code: negatedWhileTs,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a table of equal waits, bounded by its length',
      code: tableLengthJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 200 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('no-nested-retry on one more request after a state change', noNestedRetry, {
  valid: [{ name: 'a token refreshed on a 401, then one more call of a retrying request', code: authThenRetryingTs }],
  invalid: [
    {
      name: 'one more call with nothing repaired first, on a server error, does nest',
      code: authThenRetryingTs.replace('res.status === 401 && !refreshed', 'res.status >= 500 && !refreshed').replace('    await auth.refresh();\n', ''),
      errors: [{ messageId: 'nested' }],
    },
  ],
});

const typedParameterTs = `
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { setTimeout } from 'node:timers/promises';
export async function verifyBucketAccess(r2: S3Client, bucket: string) {
  for (let attempt = 1; attempt <= 10; attempt++) {
    try {
      await r2.send(new HeadBucketCommand({ Bucket: bucket }));
      return;
    } catch (error) {
      if (attempt === 10) throw error;
      await setTimeout(1000);
    }
  }
}
`;

const typedFieldTs = `
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export class Files {
  constructor(private readonly s3: S3Client) {}
  async read(key: string) {
    for (let i = 0; i < 3; i++) {
      try {
        return await this.s3.send(new GetObjectCommand({ Bucket: 'b', Key: key }));
      } catch {
        await sleep(Math.random() * 100 * 2 ** i);
      }
    }
  }
}
`;

ruleTester.run('no-nested-retry around a client known by its declared type', noNestedRetry, {
  valid: [
    { name: 'a type from another module is not the client', code: typedParameterTs.replace("import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';", "import { HeadBucketCommand } from '@aws-sdk/client-s3';\nimport type { S3Client } from './my-s3';") },
    { name: 'the same loop around a parameter with no declared type', code: typedParameterTs.replace('r2: S3Client', 'r2: any') },
  ],
  invalid: [
    {
      name: 'a parameter declared as S3Client',
      code: typedParameterTs,
      errors: [{ messageId: 'nested', line: 5, column: 3 }],
    },
    {
      name: 'a parameter property declared as S3Client, called through this',
      code: typedFieldTs,
      errors: [{ messageId: 'nested', line: 7, column: 5 }],
    },
  ],
});
