import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCheck as check } from './run-check.js';

const HELPER = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function withRetry(fn) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fn();
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
`;
const NOT_RETRYING = 'export async function withRetry(fn) {\n  return fn();\n}\n';
const APP = `import { withRetry } from './lib/helper.js';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load() {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await withRetry(() => fetch('/x'));
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
`;
const NESTED = "  4:3     error  This retry loop retries code that retries again (`withRetry()` from './lib/helper.js', line 6): up to 4 × 3 = 12 calls per request. Retry at one layer only.  retry-hygiene/no-nested-retry";
const FOUND = ['app.js', NESTED, '', '✖ 1 problem (1 error, 0 warnings) in 1 of 2 files', '  1 no-nested-retry', ''].join('\n');
const CLEAN = '✔ no retry problems in 2 files\n';

interface CacheFile {
  entries: Record<string, { deps: Record<string, string | null>; result: { messages: { message: string }[] } }>;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-cache-'));
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'lib', 'helper.js'), HELPER);
  writeFileSync(join(dir, 'app.js'), APP);
});

const readCache = (name = '.retry-hygiene-cache') => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CacheFile;

describe('check --cache', () => {
  it('reuses an unchanged file\'s result: a result planted in the cache is what the next run prints', async () => {
    expect(await check(['.', '--cache', '--no-herd'], dir)).toEqual({ code: 1, stdout: FOUND, stderr: '' });
    const cache = readCache();
    // The analysis followed the import: the helper is one of app.js's dependencies.
    expect(Object.keys(cache.entries[join(dir, 'app.js')]!.deps)).toContain(join(dir, 'lib', 'helper.js'));
    cache.entries[join(dir, 'app.js')]!.result.messages[0]!.message = 'from the cache';
    writeFileSync(join(dir, '.retry-hygiene-cache'), JSON.stringify(cache));
    expect((await check(['.', '--cache', '--no-herd'], dir)).stdout).toContain('  4:3     error  from the cache  retry-hygiene/no-nested-retry');
  });

  it('an imported helper that stops retrying invalidates the file that imports it: no stale no-nested-retry', async () => {
    expect((await check(['.', '--cache', '--no-herd'], dir)).stdout).toBe(FOUND);
    writeFileSync(join(dir, 'lib', 'helper.js'), NOT_RETRYING);
    expect(await check(['.', '--cache', '--no-herd'], dir)).toEqual({ code: 0, stdout: CLEAN, stderr: '' });
    // And back: the finding returns.
    writeFileSync(join(dir, 'lib', 'helper.js'), HELPER);
    expect((await check(['.', '--cache', '--no-herd'], dir)).stdout).toBe(FOUND);
  });

  it('a changed file is linted again; other settings (--report-unused-disable-directives) do not use the cache', async () => {
    await check(['.', '--cache', '--no-herd'], dir);
    writeFileSync(join(dir, 'app.js'), APP.replace('attempt < 4', 'attempt < 5'));
    expect((await check(['.', '--cache', '--no-herd'], dir)).stdout).toContain('up to 5 × 3 = 15 calls per request');
    const cache = readCache();
    cache.entries[join(dir, 'app.js')]!.result.messages[0]!.message = 'from the cache';
    writeFileSync(join(dir, '.retry-hygiene-cache'), JSON.stringify(cache));
    expect((await check(['.', '--cache', '--no-herd', '--report-unused-disable-directives'], dir)).stdout).toContain('up to 5 × 3 = 15 calls per request');
  });

  it('--cache-location; the herds of a cached finding are simulated as for a fresh one', async () => {
    const fresh = await check(['.', '--cache', '--cache-location', 'tmp/cache.json'], dir);
    const again = await check(['.', '--cache', '--cache-location', 'tmp/cache.json'], dir);
    expect(Object.keys(readCache('tmp/cache.json').entries).sort()).toEqual([join(dir, 'app.js'), join(dir, 'lib', 'helper.js')]);
    expect(again).toEqual(fresh);
    expect(fresh.stdout).toContain('          herd  ');
  });
});

describe('the herds of a finding whose policy comes from an imported helper', () => {
  const CROSS_FILE = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/cross-file');
  it('are the same from the cache and from worker threads as from a fresh lint (the sites are read again with the imports followed)', async () => {
    const location = join(dir, 'cross-file-cache');
    const fresh = await check([CROSS_FILE, '-f', 'json'], dir);
    const messages = (JSON.parse(fresh.stdout) as { filePath: string; messages: { policy?: unknown; fixHerd?: unknown }[] }[]).find((r) => r.filePath.endsWith('orders-sync.ts'))!.messages;
    // A call of the helper from './lib/resilient-fetch': its policy is the helper's.
    expect(messages[0]).toMatchObject({ policy: { maxAttempts: 5, delay: { kind: 'constant', baseMs: 500 }, jitter: 'none' }, fixHerd: { title: 'Rewrite with retry()' } });
    await check([CROSS_FILE, '-f', 'json', '--cache', '--cache-location', location], dir);
    expect(await check([CROSS_FILE, '-f', 'json', '--cache', '--cache-location', location], dir)).toEqual(fresh);
    expect(await check([CROSS_FILE, '-f', 'json', '--concurrency', '2'], dir)).toEqual(fresh);
  });
});

describe('a sloppy CommonJS file from the cache', () => {
  it('keeps its herds: its sites are read as CommonJS again, as on the run that cached it', async () => {
    writeFileSync(join(dir, 'package.json'), '{ "name": "untyped" }');
    writeFileSync(join(dir, 'sloppy.js'), `if (process.env.SKIP) return;\n${HELPER.replace('attempt < 3', 'attempt < 30').replace('export ', '').replace('Math.random() * 100 * 2 ** attempt', '1000')}`);
    const fresh = await check(['sloppy.js', '-f', 'json', '--cache'], dir);
    const [result] = JSON.parse(fresh.stdout) as { messages: { ruleId: string; herd?: unknown }[] }[];
    expect(result!.messages.map((m) => [m.ruleId, m.herd !== undefined])).toEqual([['retry-hygiene/no-fixed-sleep-retry', true]]);
    expect(await check(['sloppy.js', '-f', 'json', '--cache'], dir)).toEqual(fresh);
  });
});

describe('a workspace package import from the cache', () => {
  it('is linted again when the tsconfig that maps the package to its source changes (the manifests and the tsconfig are dependencies)', async () => {
    const write = (rel: string, text: string) => {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), text);
    };
    mkdirSync(join(dir, '.git'));
    write('package.json', JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }));
    write('packages/utils/package.json', JSON.stringify({ name: '@mono/utils', main: 'dist/index.js' }));
    write('packages/utils/tsconfig.json', JSON.stringify({ compilerOptions: { outDir: 'dist', rootDir: 'src' } }));
    write('packages/utils/src/index.ts', HELPER.replace('export async function withRetry(fn)', 'export async function withRetry(fn: () => Promise<unknown>)'));
    write('packages/app/src/load.ts', APP.replace("'./lib/helper.js'", "'@mono/utils'"));
    const run = async () => (JSON.parse((await check(['packages/app/src/load.ts', '-f', 'json', '--cache', '--no-herd'], dir)).stdout) as { messages: { ruleId: string }[] }[])[0]!.messages.map((m) => m.ruleId);
    expect(await run()).toEqual(['retry-hygiene/no-nested-retry']);
    const deps = Object.keys(readCache().entries[join(dir, 'packages/app/src/load.ts')]!.deps);
    for (const file of ['package.json', 'packages/utils/package.json', 'packages/utils/tsconfig.json', 'packages/utils/src/index.ts']) expect(deps).toContain(join(dir, file));
    // A result planted in the cache is printed while nothing it depends on changes...
    const cache = readCache();
    cache.entries[join(dir, 'packages/app/src/load.ts')]!.result.messages[0]!.message = 'from the cache';
    writeFileSync(join(dir, '.retry-hygiene-cache'), JSON.stringify(cache));
    const planted = async () => (await check(['packages/app/src/load.ts', '--cache', '--no-herd'], dir)).stdout.includes('from the cache');
    expect(await planted()).toBe(true);
    // ...and the file is linted again once the tsconfig that maps the package to its source changes.
    write('packages/utils/tsconfig.json', JSON.stringify({ compilerOptions: { outDir: 'lib', rootDir: 'src' } }));
    expect(await planted()).toBe(false);
  });
});
