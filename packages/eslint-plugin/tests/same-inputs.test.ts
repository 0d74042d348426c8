import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * "Same inputs": a way back that gives an input the way back itself requires a value that closes
 * it goes at most once more (analysis/src/inputs/next-attempt.ts). When the attempt reads that
 * input, the next call is another request (update, then create; this platform, then the index;
 * the mirror, then the origin): a fallback, not a retry, and no finding. When only the way back
 * reads it (`once(url, false)` behind `if (again)`), it is the same request once more: a retry of
 * two attempts. A way back that passes the same inputs, or only steps a counter, is a retry.
 * A new object built around an input (`new Error(String(subject))`) is another input; a copy of
 * it (`new URL(url)`) is the same one.
 */

const JS = 'fallback.js';

const updateOrInsert = `
const nap = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function upsert(db: Db, row: Row, id?: number): Promise<number> {
  try {
    if (id !== undefined) return await db.replace(id, row);
    return await db.insert(row);
  } catch (err) {
    if (id !== undefined && (err as { code?: string }).code === 'NOT_FOUND') {
      await nap(100);
      return upsert(db, row);
    }
    throw err;
  }
}
interface Db { replace(id: number, r: Row): Promise<number>; insert(r: Row): Promise<number> }
type Row = { name: string };
`;

const mirrorCleared = `
const nap = (ms: number) => new Promise((r) => setTimeout(r, ms));
export class Downloader {
  private mirror: string | undefined;
  constructor(private origin: string, mirror?: string) { this.mirror = mirror; }
  async get(path: string): Promise<ArrayBuffer> {
    try {
      const res = await fetch(\`\${this.mirror ?? this.origin}/\${path}\`);
      return await res.arrayBuffer();
    } catch (problem) {
      if (!this.mirror) throw problem;
      this.mirror = undefined;
      await nap(250);
      return this.get(path);
    }
  }
}
`;

const regionDropped = `
function lookup(key, region) {
  return catalog.find(key, region).catch((err) => {
    if (region) return lookup(key);
    throw err;
  });
}
module.exports = { lookup };
`;

const backupDropped = `
function connect(primary, backup) {
  const socket = open(backup || primary);
  socket.on('error', () => {
    if (backup) setTimeout(() => connect(primary), 500);
  });
  return socket;
}
module.exports = connect;
`;

const etagNulled = `
export async function loadConfig(url: string, etag: string | null): Promise<string> {
  try {
    const res = await fetch(url, { headers: etag ? { 'if-none-match': etag } : {} });
    if (!res.ok) throw new Error(String(res.status));
    return await res.text();
  } catch (e) {
    if (etag) return loadConfig(url, null);
    throw e;
  }
}
`;

const sameInputs = `
const nap = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function upsertCounted(db: Db, row: Row, id?: number, attempt = 0): Promise<number> {
  try {
    if (id !== undefined) return await db.replace(id, row);
    return await db.insert(row);
  } catch (err) {
    if (attempt < 3) {
      await nap(100);
      return upsertCounted(db, row, id, attempt + 1);
    }
    throw err;
  }
}
export async function fetchAgain(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if ((e as { code?: string }).code === 'ECONNRESET') {
      await nap(1000);
      return fetchAgain(url, init);
    }
    throw e;
  }
}
export async function once(url: string, again = true): Promise<Response> {
  try {
    return await fetch(url);
  } catch (e) {
    if (again) {
      await nap(2000);
      return once(url, false);
    }
    throw e;
  }
}
interface Db { replace(id: number, r: Row): Promise<number>; insert(r: Row): Promise<number> }
type Row = { name: string };
`;

const fieldNotOnTheWay = `
const nap = (ms: number) => new Promise((r) => setTimeout(r, ms));
export class Uploader {
  private busy = false;
  constructor(private origin: string) {}
  async put(path: string): Promise<void> {
    try {
      await fetch(\`\${this.origin}/\${path}\`, { method: 'PUT' });
    } catch (problem) {
      this.busy = false;
      await nap(250);
      return this.put(path);
    }
  }
}
`;


/** An options object handed back with the property the way back tests set: `{ ...opts, offline: true }`. */
const offlineAgain = `
const nap = (ms: number) => new Promise((r) => setTimeout(r, ms));
interface LoadOptions { url: string; offline?: boolean }
export async function loadConfig(opts: LoadOptions): Promise<string> {
  const { url, offline } = opts;
  try {
    return await read(url, offline ?? false);
  } catch (e) {
    if (!offline) {
      await nap(200);
      return loadConfig({ ...opts, offline: true });
    }
    throw e;
  }
}
declare function read(url: string, offline: boolean): Promise<string>;
`;

/** The same with a destructured parameter and a property written after the fields it keeps (JS). */
const cachedAgain = `
async function resolveHost({ host, cached = false }) {
  try {
    return await lookup(host, cached);
  } catch (e) {
    if (cached) throw e;
    return resolveHost({ host, cached: true });
  }
}
module.exports = { resolveHost };
`;

/** The fallback of a failed serialization: the input wrapped in a new object, not the same one again. */
const wrappedInput = `
declare function describe(value: object): string;
export function serializeError(subject: unknown): object {
  try {
    if (subject && typeof subject === 'object') return { message: describe(subject) };
    throw new Error('not an object');
  } catch {
    return serializeError(new Error(String(subject)));
  }
}
`;

/** The same input copied into a new object of its own kind (\`new URL(url)\`): the same request again. */
const copiedInput = `
export async function load(url: URL): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    await new Promise((r) => setTimeout(r, 1000));
    return load(new URL(url));
  }
}
`;

const whatFixed = (fn: string) => `\`${fn}()\` retrying itself`;

ruleTester.run('no-fixed-sleep-retry where a way back that changes what the attempt reads is a fallback', noFixedSleepRetry, {
  valid: [
    { name: 'update, then insert once without the id the way back tests (TS, catch, sleep before)', code: updateOrInsert },
    { name: 'the mirror field cleared before the self-call, a guard that leaves without it (TS, method)', code: mirrorCleared },
    { name: 'the region left out on a rejection callback (JS)', code: regionDropped, filename: JS },
    { name: 'the backup left out on a timer from an error listener (JS)', code: backupDropped, filename: JS },
    { name: 'an explicit null for the validator the attempt sends (TS)', code: etagNulled },
    { name: 'the options handed back with the property the way back tests set (TS, const destructuring)', code: offlineAgain },
    { name: 'the input wrapped in a new Error for a fallback serialization (TS)', code: wrappedInput },
    { name: 'the input wrapped in a new Error (JS)', code: wrappedInput.replace('declare function describe(value: object): string;', 'const describe = (v) => JSON.stringify(v);').replace(/: unknown\): object/, ')'), filename: JS },
  ],
  invalid: [
    {
      name: "the options spread after the property: the caller's value comes back, the same inputs again",
      code: offlineAgain.replace('{ ...opts, offline: true }', '{ offline: true, ...opts }'),
      errors: [{ messageId: 'fixedDelay', line: 11, column: 14, data: { what: whatFixed('loadConfig'), delay: 'a fixed 200 ms', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'the same inputs with a counter stepped: a retry',
      code: sameInputs,
      errors: [
        { messageId: 'fixedDelay', line: 10, column: 14, data: { what: whatFixed('upsertCounted'), delay: 'a fixed 100 ms', attempts: 'up to 4 attempts' } },
        { messageId: 'fixedDelay', line: 21, column: 14, data: { what: whatFixed('fetchAgain'), delay: 'a fixed 1 s', attempts: 'no limit on attempts' } },
        { messageId: 'fixedDelay', line: 32, column: 14, data: { what: whatFixed('once'), delay: 'a fixed 2 s', attempts: 'up to 2 attempts' } },
      ],
    },
    {
      name: 'a field cleared that no test on the way back reads: still the same request',
      code: fieldNotOnTheWay,
      errors: [{ messageId: 'fixedDelay', line: 12, column: 14, data: { what: whatFixed('put'), delay: 'a fixed 250 ms', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'the region passed on as it came (JS): a retry at once',
      code: regionDropped.replace('return lookup(key);', 'return new Promise((r) => setTimeout(r, 300)).then(() => lookup(key, region));'),
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 74, data: { what: whatFixed('lookup'), delay: 'a fixed 300 ms', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'the input copied into a new object of its kind: the same request again (TS)',
      code: copiedInput,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 12, data: { what: whatFixed('load'), delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry where a way back that closes itself is not unbounded', noUnboundedRetry, {
  valid: [
    { name: 'update, then insert once (TS)', code: updateOrInsert },
    { name: 'the mirror, then the origin (TS)', code: mirrorCleared },
    { name: 'the region, then none (JS)', code: regionDropped, filename: JS },
    { name: 'the backup, then the primary alone (JS timer)', code: backupDropped, filename: JS },
    { name: 'an explicit null (TS)', code: etagNulled },
    { name: 'the input wrapped in a new Error (TS)', code: wrappedInput },
    { name: 'a destructured parameter handed back with the property its guard tests (JS)', code: cachedAgain, filename: JS },
    { name: 'a one-shot flag is a bound of two attempts', code: sameInputs.replace(/export async function upsertCounted[\s\S]*?\n}\nexport async function fetchAgain[\s\S]*?\n}\n/, '') },
  ],
  invalid: [
    {
      name: 'a destructured parameter handed back as it came (JS): it never gives up',
      code: cachedAgain.replace('{ host, cached: true }', '{ host, cached }'),
      filename: JS,
      errors: [{ messageId: 'unbounded', line: 7, column: 12, data: { what: whatFixed('resolveHost') } }],
    },
    {
      name: 'the same inputs, no count (TS)',
      code: sameInputs,
      errors: [{ messageId: 'unbounded', line: 21, column: 14, data: { what: whatFixed('fetchAgain') } }],
    },
    {
      name: 'the backup passed on again (JS timer): it never gives up',
      code: backupDropped.replace('connect(primary), 500', 'connect(primary, backup), 500'),
      filename: JS,
      errors: [{ messageId: 'unbounded', line: 5, column: 34, data: { what: whatFixed('connect') } }],
    },
  ],
});
