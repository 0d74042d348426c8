/**
 * A retry helper in another module of the project (`import { retryable } from './lib/retry.mjs'`):
 * the server lints a file in its own folder, so the analysis follows the import there, as
 * `check` and ESLint do, and finds the same problems. A document that is not a file, or a
 * file whose folder lacks the helper, reads nothing else, in particular nothing relative to
 * the server's own working directory.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lintDirectory } from '../src/engine.js';
import { TestClient } from './client.js';

const HELPER_PROJECT = fileURLToPath(new URL('../../eslint-plugin/tests/cross-file/helper', import.meta.url));
const MAIN = readFileSync(join(HELPER_PROJECT, 'main.mjs'), 'utf8');
const TYPED_PROJECT = fileURLToPath(new URL('../../eslint-plugin/tests/cross-file/typed-strategy', import.meta.url));
const FIXED = "This call of `retryable()` from './lib/retry.mjs' waits a fixed 1 s between attempts";

const clients: TestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

async function start(cwd?: string): Promise<TestClient> {
  const client = await TestClient.start({ initializationOptions: { debounceMs: 0 }, ...(cwd ? { cwd } : {}) });
  clients.push(client);
  return client;
}

/** "line:character rule" of each diagnostic, 1-based like ESLint's. */
const where = (diagnostics: { range: { start: { line: number; character: number } }; code?: unknown }[]) =>
  diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code).replace('retry-hygiene/', '')}`);

describe('retry helpers in other modules', () => {
  it("follows a file's relative import into the module beside it, with the plugin's own findings", async () => {
    const project = mkdtempSync(join(tmpdir(), 'retry-hygiene-ls-cross-'));
    cpSync(HELPER_PROJECT, project, { recursive: true });
    const client = await start();
    const uri = pathToFileURL(join(project, 'main.mjs')).href;
    await client.open(uri, MAIN, 'javascript');
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    // The same as packages/eslint-plugin/tests/cross-file.test.ts finds in this file.
    expect(where(diagnostics)).toEqual(['3:28 no-fixed-sleep-retry', '4:28 no-fixed-sleep-retry', '5:28 no-fixed-sleep-retry', '5:28 no-unbounded-retry', '7:28 no-nested-retry', '7:43 no-fixed-sleep-retry']);
    expect(diagnostics[0]!.message).toContain(FIXED);
    const hover = await client.hover(uri, 2, 30);
    expect((hover?.contents as { value: string }).value).toContain('waits a fixed 1 s between attempts');
  });

  it('reports a retry setting typed for a loop of another module at its name, and the hover names it as a setting', async () => {
    const project = mkdtempSync(join(tmpdir(), 'retry-hygiene-ls-typed-'));
    cpSync(TYPED_PROJECT, project, { recursive: true });
    const client = await start();
    const file = join(project, 'app', 'linear.ts');
    const uri = pathToFileURL(file).href;
    await client.open(uri, readFileSync(file, 'utf8'));
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    expect(where(diagnostics)).toEqual(['3:14 require-jitter']);
    const hover = (await client.hover(uri, 2, 16))?.contents as { value: string } | undefined;
    expect(hover?.value).toContain("retry setting read by the retry loop of `request()` from '../client/index.js'");
    expect(hover?.value).not.toContain('client/index.js\' call');
  });

  it('lints again when an imported module changes: on save of a document, and on a watched-file change', async () => {
    const project = mkdtempSync(join(tmpdir(), 'retry-hygiene-ls-change-'));
    cpSync(HELPER_PROJECT, project, { recursive: true });
    const client = await start();
    await client.until(() => (client.registrations.includes('workspace/didChangeWatchedFiles') ? true : undefined), 10_000, 'the file watcher registration');
    const uri = pathToFileURL(join(project, 'main.mjs')).href;
    await client.open(uri, MAIN, 'javascript');
    const first = await client.diagnosticsFor(uri, 1);
    expect(first.diagnostics[0]!.message).toContain('waits a fixed 1 s between attempts');
    // The helper's wait becomes 25 s, saved from this editor: main.mjs is linted again. (Each
    // edit changes the file's size too: the module cache is keyed by mtime and size, and a
    // coarse-mtime file system must not hide the change.)
    const helper = join(project, 'lib', 'retry.mjs');
    const helperUri = pathToFileURL(helper).href;
    const changed = readFileSync(helper, 'utf8').replace('setTimeout(resolve, 1000)', 'setTimeout(resolve, 25000)');
    writeFileSync(helper, changed);
    await client.open(helperUri, changed, 'javascript');
    let since = client.published.length;
    await client.saved(helperUri);
    const afterSave = await client.until(() => client.published.slice(since).find((p) => p.uri === uri), 15_000, 'main.mjs linted again');
    expect(afterSave.diagnostics[0]!.message).toContain('waits a fixed 25 s between attempts');
    // Changed by something else (a checkout): the client's watcher tells the server.
    writeFileSync(helper, changed.replace('setTimeout(resolve, 25000)', 'setTimeout(resolve, 125000)'));
    since = client.published.length;
    await client.filesChanged([helperUri]);
    const afterWatch = await client.until(() => client.published.slice(since).find((p) => p.uri === uri), 15_000, 'main.mjs linted after the watched change');
    expect(afterWatch.diagnostics[0]!.message).toContain('waits a fixed 2.1 min between attempts');
  });

  it('follows a workspace package import, and lints a document that imports only packages again when a tsconfig changes', async () => {
    const project = mkdtempSync(join(tmpdir(), 'retry-hygiene-ls-workspace-'));
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }),
      'packages/utils/package.json': JSON.stringify({ name: '@mono/utils', main: 'dist/index.js' }),
      'packages/utils/tsconfig.json': JSON.stringify({ compilerOptions: { outDir: 'dist', rootDir: 'src' } }),
      'packages/utils/src/index.ts':
        'export async function retryable<T>(fn: () => Promise<T>, retries = 5): Promise<T> {\n  for (let attempt = 0; ; attempt++) {\n    try {\n      return await fn();\n    } catch (err) {\n      if (attempt >= retries) throw err;\n      await new Promise((resolve) => setTimeout(resolve, 1000));\n    }\n  }\n}\n',
      // The same helper with another wait, in a folder the package's tsconfig may name as its rootDir.
      'packages/utils/next/index.ts':
        'export async function retryable<T>(fn: () => Promise<T>, retries = 5): Promise<T> {\n  for (let attempt = 0; ; attempt++) {\n    try {\n      return await fn();\n    } catch (err) {\n      if (attempt >= retries) throw err;\n      await new Promise((resolve) => setTimeout(resolve, 2000));\n    }\n  }\n}\n',
    };
    mkdirSync(join(project, '.git'));
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(join(project, rel, '..'), { recursive: true });
      writeFileSync(join(project, rel), text);
    }
    const client = await start();
    const uri = pathToFileURL(join(project, 'packages', 'app', 'src', 'main.ts')).href;
    await client.open(uri, "import { retryable } from '@mono/utils';\n\nexport const load = () => retryable(() => fetch('/x'), 3);\n", 'typescript');
    const first = await client.diagnosticsFor(uri, 1);
    expect(where(first.diagnostics)).toEqual(['3:27 no-fixed-sleep-retry']);
    expect(first.diagnostics[0]!.message).toContain("This call of `retryable()` from '@mono/utils' waits a fixed 1 s between attempts");
    // Built from next/ now: dist/index.js is the output of next/index.ts.
    const tsconfig = join(project, 'packages', 'utils', 'tsconfig.json');
    writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { outDir: 'dist', rootDir: 'next' } }));
    const since = client.published.length;
    await client.filesChanged([pathToFileURL(tsconfig).href]);
    const after = await client.until(() => client.published.slice(since).find((p) => p.uri === uri), 15_000, 'main.ts linted after the tsconfig change');
    expect(after.diagnostics[0]!.message).toContain("This call of `retryable()` from '@mono/utils' waits a fixed 2 s between attempts");
  });

  it('reads a module two imports away afresh after a watched-file change (its importer did not change)', async () => {
    // main.mjs → lib/wrap.mjs (the retry loop) → lib/pause.mjs (the wait). Only pause.mjs
    // changes: wrap.mjs's mtime does not, yet what it reads as does.
    const project = mkdtempSync(join(tmpdir(), 'retry-hygiene-ls-transitive-'));
    mkdirSync(join(project, 'lib'));
    writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
    const main = "import { retryable } from './lib/wrap.mjs';\nexport const load = () => retryable(() => fetch('https://example.com'));\n";
    writeFileSync(join(project, 'main.mjs'), main);
    writeFileSync(
      join(project, 'lib', 'wrap.mjs'),
      "import { pause } from './pause.mjs';\nexport async function retryable(op) {\n  for (let i = 0; i < 3; i++) {\n    try {\n      return await op();\n    } catch {\n      await pause(1000);\n    }\n  }\n  throw new Error('gave up');\n}\n",
    );
    const pause = join(project, 'lib', 'pause.mjs');
    writeFileSync(pause, 'export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\n');
    const client = await start();
    await client.until(() => (client.registrations.includes('workspace/didChangeWatchedFiles') ? true : undefined), 10_000, 'the file watcher registration');
    const uri = pathToFileURL(join(project, 'main.mjs')).href;
    await client.open(uri, main, 'javascript');
    const first = await client.diagnosticsFor(uri, 1);
    expect(where(first.diagnostics)).toEqual(['2:27 no-fixed-sleep-retry']);
    expect(first.diagnostics[0]!.message).toContain("This call of `retryable()` from './lib/wrap.mjs' waits a fixed 1 s between attempts");
    // pause() no longer waits: the loop's wait is unknown, so nothing is claimed.
    writeFileSync(pause, 'export const pause = (ms) => Promise.resolve(ms);\n');
    const since = client.published.length;
    await client.filesChanged([pathToFileURL(pause).href]);
    const after = await client.until(() => client.published.slice(since).find((p) => p.uri === uri), 15_000, 'main.mjs linted after the watched change');
    expect(where(after.diagnostics)).toEqual([]);
  });

  it("reads nothing relative to the server's working directory: not for an untitled document, nor for a file elsewhere", async () => {
    // The server runs in a folder that holds the helper; the documents are not in it.
    const serverCwd = mkdtempSync(join(tmpdir(), 'retry-hygiene-ls-cwd-'));
    cpSync(HELPER_PROJECT, serverCwd, { recursive: true });
    const elsewhere = mkdtempSync(join(tmpdir(), 'retry-hygiene-ls-elsewhere-'));
    mkdirSync(join(elsewhere, 'src'));
    const client = await start(serverCwd);
    for (const uri of ['untitled:Untitled-1', pathToFileURL(join(elsewhere, 'src', 'main.mjs')).href]) {
      await client.open(uri, MAIN, 'javascript');
      expect((await client.diagnosticsFor(uri, 1)).diagnostics, uri).toEqual([]);
    }
  });

  it('lints a file in its own folder, and anything else in none', () => {
    expect(lintDirectory('file:///work/project/src/orders.ts')).toBe('/work/project/src');
    expect(lintDirectory('untitled:Untitled-1')).toBeUndefined();
    expect(lintDirectory('vscode-remote://host/work/x.ts')).toBeUndefined();
  });
});
