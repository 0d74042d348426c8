import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// The operation written out again on its failure path, with no loop and no recursion: the copy in
// the catch is the way back (analysis repeats/repeated-call.ts), taken once per copy. A retry when
// the copy stands in for the first call with the same inputs; cleanup both paths make, another
// argument (failover), an input changed on the way (a cursor, a closure's variable) are not.

const delayHelper = `const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
`;

ruleTester.run('no-fixed-sleep-retry on an operation called again in its catch', noFixedSleepRetry, {
  valid: [
    {
      name: 'cleanup both paths make is not a second attempt',
      code: `${delayHelper}export async function handle(job: { run(): Promise<void> }, lock: { release(): void }) {
  try {
    await job.run();
    lock.release();
  } catch (error) {
    lock.release();
    throw error;
  }
}`,
    },
    {
      name: 'the first call in a branch after another awaited call: the catch reads the body once (a fallback)',
      code: `${delayHelper}export async function describe(res: Response, parse: (v: unknown) => { ok: boolean; msg?: string }) {
  let message: string;
  try {
    const parsed = parse(await res.clone().json());
    if (parsed.ok) {
      message = parsed.msg ?? 'error';
    } else {
      message = await res.text();
    }
  } catch {
    message = await res.text();
  }
  return message;
}`,
    },
    {
      name: 'JavaScript: the same fallback read of the body',
      filename: 'describe.js',
      code: `export async function describe(res, parse) {
  let message;
  try {
    const parsed = parse(await res.clone().json());
    message = parsed.ok ? parsed.msg : await res.text();
  } catch {
    message = await res.text();
  }
  return message;
}`,
    },
    {
      name: 'another argument in the catch is failover, not a retry',
      code: `${delayHelper}export async function profile(load: (from: string) => Promise<string>) {
  try {
    return await load('https://primary.example/profile');
  } catch {
    await delay(500);
    return await load('https://mirror.example/profile');
  }
}`,
    },
    {
      name: 'an argument changed on the way is another request',
      code: `${delayHelper}export async function page(fetchPage: (c: string) => Promise<string[]>, start: string, fallback: string) {
  let cursor = start;
  try {
    return await fetchPage(cursor);
  } catch {
    cursor = fallback;
    await delay(250);
    return await fetchPage(cursor);
  }
}`,
    },
    {
      name: 'an argument that is itself a call may hand out the next host',
      code: `${delayHelper}declare function nextHost(): string;
export async function open(dial: (host: string) => Promise<number>) {
  try {
    return await dial(nextHost());
  } catch {
    await delay(100);
    return await dial(nextHost());
  }
}`,
    },
    {
      name: 'a local function whose closed-over variable the catch replaces runs with another input',
      code: `declare function install(): Promise<{ dir: string }>;
declare function launch(dir: string): Promise<number>;
export async function start() {
  let installed = await install();
  const launchOnce = () => launch(installed.dir);
  let pid: number;
  try {
    pid = await launchOnce();
  } catch {
    installed = await install();
    pid = await launchOnce();
  }
  return pid;
}`,
    },
    {
      name: 'a token fetched anew on every failure: the copy is another request',
      code: `${delayHelper}declare function fetchToken(): Promise<string>;
export async function upsert(post: (url: string, token: string) => Promise<unknown>, token: string) {
  let jwt = token;
  try {
    return await post('/assets/upsert', jwt);
  } catch {
    await delay(1000);
    jwt = await fetchToken();
    return await post('/assets/upsert', jwt);
  }
}`,
    },
    {
      name: 'one immediate second try doubles the load at most: not the lockstep herd',
      code: `export async function ping(client: { ping(): Promise<boolean> }) {
  try {
    return await client.ping();
  } catch {
    return await client.ping();
  }
}`,
    },
  ],
  invalid: [
    {
      name: 'a member call returned from the try and again after a fixed wait',
      code: `${delayHelper}export async function getUser(api: { get(path: string): Promise<unknown> }, id: string) {
  const path = \`/users/\${id}\`;
  try {
    return await api.get(path);
  } catch {
    await delay(2000);
    return await api.get(path);
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 8, column: 18, endLine: 8, endColumn: 31, data: { what: 'Calling `api.get()` again after it fails', delay: 'a fixed 2 s', attempts: 'up to 2 attempts' } }],
    },
    {
      name: 'the first call in a branch with nothing awaited before it is still the call run again',
      code: `${delayHelper}export async function getUser(api: { get(path: string): Promise<unknown> }, id: string) {
  const path = \`/users/\${id}\`;
  try {
    if (id) return await api.get(path);
    return undefined;
  } catch {
    await delay(2000);
    return await api.get(path);
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 18, endLine: 9, endColumn: 31, data: { what: 'Calling `api.get()` again after it fails', delay: 'a fixed 2 s', attempts: 'up to 2 attempts' } }],
    },
    {
      name: 'a helper retrying the function it is given once, its result returned through a variable (JS, inline timer)',
      code: `export const withOneRetry = async (task) => {
  try {
    const value = await task();
    return value;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return await task();
  }
};`,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 18, endLine: 7, endColumn: 24, data: { what: 'Calling `task()` again after it fails', delay: 'a fixed 500 ms', attempts: 'up to 2 attempts' } }],
    },
    {
      name: 'a connect opening the try, written again as a statement after the wait',
      code: `${delayHelper}export async function boot(db: { connect(): Promise<void> }) {
  try {
    await db.connect();
  } catch (error) {
    console.warn('database not up yet', error);
    await delay(3000);
    await db.connect();
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 8, column: 11, endLine: 8, endColumn: 23, data: { what: 'Calling `db.connect()` again after it fails', delay: 'a fixed 3 s', attempts: 'up to 2 attempts' } }],
    },
    {
      name: 'a chain of catches: three attempts, the same wait before each copy',
      code: `${delayHelper}export async function publish(send: (m: string) => Promise<void>, message: string) {
  try {
    await send(message);
  } catch {
    await delay(100);
    try {
      await send(message);
    } catch {
      await delay(100);
      await send(message);
    }
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 8, column: 13, endLine: 8, endColumn: 26, data: { what: 'Calling `send()` again after it fails', delay: 'a fixed 100 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a chain with no wait at all: three attempts at once',
      code: `export function readConfig(read: (p: string) => string, file: string) {
  let text: string;
  try {
    text = read(file);
  } catch {
    try {
      text = read(file);
    } catch {
      text = read(file);
    }
  }
  return text;
}`,
      errors: [{ messageId: 'immediate', line: 7, column: 14, endLine: 7, endColumn: 24, data: { what: 'Calling `read()` again after it fails', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'the body rebuilt alike, the token refreshed only when it expired: the other failures resend the same request',
      code: `${delayHelper}declare function fetchToken(): Promise<string>;
declare function expired(token: string): boolean;
export async function upsert(post: (url: string, init: object) => Promise<unknown>, hashes: string[], token: string) {
  let jwt = token;
  try {
    return await post('/assets/upsert', { headers: { Authorization: \`Bearer \${jwt}\` }, body: JSON.stringify({ hashes: hashes.map((h) => h.trim()) }) });
  } catch {
    await delay(1000);
    if (expired(jwt)) {
      jwt = await fetchToken();
    }
    return await post('/assets/upsert', { headers: { Authorization: \`Bearer \${jwt}\` }, body: JSON.stringify({ hashes: hashes.map((h) => h.trim()) }) });
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 13, column: 18, endLine: 13, endColumn: 152, data: { what: 'Calling `post()` again after it fails', delay: 'a fixed 1 s', attempts: 'up to 2 attempts' } }],
    },
    {
      name: 'only some errors take the copy; the wait is still fixed',
      code: `${delayHelper}export async function upload(put: (b: Uint8Array) => Promise<void>, body: Uint8Array) {
  try {
    await put(body);
  } catch (error) {
    if ((error as { status?: number }).status !== 503) throw error;
    await delay(1000);
    await put(body);
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 8, column: 11, endLine: 8, endColumn: 20, data: { what: 'Calling `put()` again after it fails', delay: 'a fixed 1 s', attempts: 'up to 2 attempts' } }],
    },
  ],
});

/** One copy after a fixed wait: neither a growing backoff nor a retry without a bound. */
const copyAfterFixedWait = `${delayHelper}export async function twice(send: () => Promise<void>) {
  try {
    await send();
  } catch {
    await delay(400);
    await send();
  }
}`;

ruleTester.run('require-jitter on an operation called again in its catch', requireJitter, {
  valid: [
    {
      name: 'a fixed wait before the copy is no growing backoff',
      code: copyAfterFixedWait,
    },
  ],
  invalid: [],
});

ruleTester.run('no-unbounded-retry on an operation called again in its catch', noUnboundedRetry, {
  valid: [
    {
      name: 'copies are a bound: never "never gives up"',
      code: copyAfterFixedWait,
    },
  ],
  invalid: [],
});

/** A retry loop around `signIn(provider, run)`, the provider of the type given. */
const sessionAround = (provider: string) => `export async function session(provider: ${provider}, run: () => Promise<string>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await signIn(provider, run);
    } catch {
      await delay(1000 * 2 ** attempt);
    }
  }
  throw new Error('no session');
}`;

/**
 * A request that falls back to a cache read when it fails, in its try and in its catch, inside a
 * retry loop: `readCache` swallows its own failures, `loadCache` may throw.
 */
const cacheFallback = (cache: 'readCache' | 'loadCache') => `import { readFileSync } from 'node:fs';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function readCache(stale = false): string[] | undefined {
  try {
    const cache = JSON.parse(readFileSync('/tmp/names.json', 'utf8'));
    if (stale || cache.at > Date.now()) return cache.names;
  } catch {
    // missing or corrupt: a miss
  }
  return undefined;
}
function loadCache(stale = false): string[] | undefined {
  const cache = JSON.parse(readFileSync('/tmp/names.json', 'utf8'));
  return stale || cache.at > Date.now() ? cache.names : undefined;
}
export async function names(): Promise<string[] | undefined> {
  try {
    const res = await fetch('https://example.com/names');
    if (!res.ok) return ${cache}(true);
    return await res.json();
  } catch {
    return ${cache}(true);
  }
}

export async function namesWithRetry(): Promise<string[] | undefined> {
  for (let i = 0; i < 3; i++) {
    try {
      return await names();
    } catch {
      await sleep(100 * 2 ** i * Math.random());
    }
  }
  return undefined;
}`;

ruleTester.run('no-nested-retry on an operation called again in its catch', noNestedRetry, {
  valid: [
    {
      name: 'one more call after repairing what failed (credentials reset) is no retry layer for an outer loop',
      code: `${delayHelper}async function signIn(provider: { reset?(): Promise<void> }, run: () => Promise<string>) {
  try {
    return await run();
  } catch {
    await provider.reset?.();
    return await run();
  }
}

${sessionAround('{ reset?(): Promise<void> }')}`,
    },
    {
      name: 'one more call after a token refresh that the if awaits in its test is no retry layer either',
      code: `${delayHelper}async function signIn(provider: { refresh(): Promise<boolean> }, run: () => Promise<string>) {
  let result: string;
  try {
    result = await run();
  } catch (error) {
    if (await provider.refresh()) {
      result = await run();
    } else {
      throw error;
    }
  }
  return result;
}

${sessionAround('{ refresh(): Promise<boolean> }')}`,
    },
    {
      // readCache() swallows its own failures (summaries/never-throws.ts): in the catch it is the
      // fallback, not the call that failed made again, so names() is no retry layer.
      name: 'a fallback to a function that cannot throw, in the try and in the catch, inside a retry loop',
      code: cacheFallback('readCache'),
    },
    {
      // loadCache() may throw (a corrupt file), but in the try it runs only after fetch() and a
      // failed answer: the catch mostly handles fetch()'s failure, and its loadCache() is then the
      // first one made, a fallback. (Before the eighth session of 2026-11-28 this was read as
      // loadCache() called again after it failed, a layer nested in the loop.)
      name: 'the same fallback to a function that may throw, in a branch after the awaited fetch: a fallback, no layer',
      code: cacheFallback('loadCache'),
    },
  ],
  invalid: [
    {
      // loadCache() may throw (a corrupt file): run first in the try, the catch runs it again after it failed.
      name: 'a function that may throw, run before anything else in the try and again in the catch, inside a retry loop',
      code: cacheFallback('loadCache').replace("    const res = await fetch('https://example.com/names');\n    if (!res.ok) return loadCache(true);", "    if (offline()) return loadCache(true);\n    const res = await fetch('https://example.com/names');").replace('export async function names()', 'declare function offline(): boolean;\nexport async function names()'),
      errors: [{ messageId: 'nested', data: { what: 'This retry loop', inner: '`loadCache()`, called again after it fails', line: 23, amplification: 'up to 3 × 2 = 6 calls per request' }, line: 28, column: 3 }],
    },
    {
      name: 'the copy runs a helper that retries on its own',
      code: `${delayHelper}async function withBackoff<T>(op: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await op();
    } catch (error) {
      if (attempt >= 4) throw error;
      await delay(100 * 2 ** attempt);
    }
  }
}

export async function sync(push: () => Promise<void>) {
  try {
    return await withBackoff(push);
  } catch {
    await delay(5000);
    return await withBackoff(push);
  }
}`,
      // (The call handing the helper `push`, a function parameter, is a site of the helper's retry, as a call handing it `() => push()` is.)
      errors: [{ messageId: 'nested', data: { what: 'Calling `withBackoff()` again after it fails', inner: '`withBackoff()`', line: 15, amplification: 'up to 2 × 5 = 10 calls per request' }, line: 18, column: 18, endLine: 18, endColumn: 35 }],
    },
  ],
});
