import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Monorepos on disk for the workspace-import tests, made once per test file in a temporary
 * folder (RuleTester needs the files to exist under their real paths).
 *
 * outer/                      package.json: workspaces ["shared/*"]: above the project root, never read
 *   shared/utils/             @outer/utils, a retry helper (index.js)
 *   npm/  (.git)              package.json: workspaces ["packages/*", "../shared/*"]
 *     packages/utils/         @acme/utils: main dist/index.js (not built), tsconfig outDir dist, rootDir src;
 *                             a fixed-wait loop helper, a recursive one, a timer one, a backoff one, a retrying client
 *     packages/sdk/           @acme/sdk: re-exports @acme/utils by name (exports with a `source` condition)
 *     packages/nosrc/         @acme/nosrc: main dist/index.js, no tsconfig, sources in code/: unknown
 *                             (neither TypeScript's layout nor a bundler's src/ → dist/ names them)
 *     packages/app/src/       the callers
 *     node_modules/@acme/dep/ a dependency with the same helper: not a workspace package
 *   pnpm/ (.git)              pnpm-workspace.yaml: packages/*, !packages/legacy
 *     packages/utils/         @acme/utils: exports with types/import conditions and a ./retry subpath;
 *                             tsconfig outDir dist, no rootDir, include ["src"]
 *     packages/legacy/        @acme/legacy: excluded by the negated glob
 *     packages/app/src/       the callers
 */
export const LOOP_HELPER = `export async function retryOnAPIFailure<T>(fn: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
`;

const RECURSIVE_HELPER = `const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function callAgain<T>(op: () => Promise<T>, left = 3): Promise<T> {
  try {
    return await op();
  } catch (error) {
    if (left <= 0) throw error;
    await pause(2000);
    return callAgain(op, left - 1);
  }
}
`;

const TIMER_HELPER = `export function runLater(task: () => Promise<void>, tries = 5): void {
  task().catch(() => {
    if (tries > 1) setTimeout(() => runLater(task, tries - 1), 750);
  });
}
`;

const RETRYING_CLIENT = `export async function fetchStatus(url: string): Promise<Response> {
  let lastError: unknown;
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch(url);
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw lastError;
}

export function formatDate(d: Date): string {
  return d.toISOString();
}
`;

const BACKOFF_HELPER = `export async function withBackoff<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  let attempt = 0;
  while (true) {
    try {
      return await work();
    } catch (error) {
      if (++attempt >= attempts) throw error;
      await new Promise((done) => setTimeout(done, 200 * 2 ** attempt));
    }
  }
}
`;

const JS_HELPER = `export async function retryable(fn, retries = 5) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= retries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
`;

export interface Monorepos {
  outer: string;
  npm: string;
  pnpm: string;
}

export function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(dirname(join(root, rel)), { recursive: true });
    fs.writeFileSync(join(root, rel), text);
  }
}

export function makeMonorepos(): Monorepos {
  const outer = fs.mkdtempSync(join(tmpdir(), 'retry-hygiene-workspaces-'));
  const npm = join(outer, 'npm');
  const pnpm = join(outer, 'pnpm');
  write(outer, {
    'package.json': JSON.stringify({ name: 'outer', private: true, workspaces: ['shared/*', 'npm/packages/*'] }),
    'shared/utils/package.json': JSON.stringify({ name: '@outer/utils', main: 'index.js' }),
    'shared/utils/index.js': JS_HELPER,
  });
  fs.mkdirSync(join(npm, '.git'), { recursive: true });
  write(npm, {
    'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*', '../shared/*'] }),
    'packages/utils/package.json': JSON.stringify({ name: '@acme/utils', main: 'dist/index.js', types: 'dist/index.d.ts' }),
    'packages/utils/tsconfig.json': '{\n  // built to dist/, from src/\n  "compilerOptions": { "outDir": "dist", "rootDir": "src", },\n}\n',
    'packages/utils/src/index.ts': "export * from './retry';\nexport * from './recursive';\nexport * from './later';\nexport * from './client';\nexport { withBackoff } from './backoff';\n",
    'packages/utils/src/backoff.ts': BACKOFF_HELPER,
    'packages/utils/src/retry.ts': LOOP_HELPER,
    'packages/utils/src/recursive.ts': RECURSIVE_HELPER,
    'packages/utils/src/later.ts': TIMER_HELPER,
    'packages/utils/src/client.ts': RETRYING_CLIENT,
    // An umbrella package re-exporting another workspace package by name; its `source` condition names the source.
    'packages/sdk/package.json': JSON.stringify({ name: '@acme/sdk', exports: { '.': { source: './src/index.ts', default: './dist/index.js' } } }),
    'packages/sdk/src/index.ts': "export { retryOnAPIFailure as retryCall } from '@acme/utils';\nexport * from '@acme/utils/dist/client.js';\n",
    'packages/nosrc/package.json': JSON.stringify({ name: '@acme/nosrc', main: 'dist/index.js' }),
    'packages/nosrc/code/index.ts': LOOP_HELPER,
    'packages/app/package.json': JSON.stringify({ name: '@acme/app', dependencies: { '@acme/utils': '*', '@acme/dep': '1.0.0' } }),
    'node_modules/@acme/dep/package.json': JSON.stringify({ name: '@acme/dep', main: 'index.js' }),
    'node_modules/@acme/dep/index.js': JS_HELPER,
  });
  fs.mkdirSync(join(pnpm, '.git'), { recursive: true });
  write(pnpm, {
    'package.json': JSON.stringify({ name: 'acme', private: true }),
    'pnpm-workspace.yaml': "# the packages\npackages:\n  - 'packages/*'   # every package\n  - \"!packages/legacy\"\ncatalog:\n  react: ^18\n",
    'packages/utils/package.json': JSON.stringify({
      name: '@acme/utils',
      type: 'module',
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './retry': { types: './dist/retry.d.ts', default: './dist/retry.js' } },
    }),
    // outDir from the package's own config, the rest from the base it extends; no rootDir: the common folder of `include`'s sources.
    'packages/utils/tsconfig.json': JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { outDir: 'dist' }, include: ['src'] }),
    'tsconfig.base.json': JSON.stringify({ compilerOptions: { strict: true } }),
    'packages/utils/src/index.ts': "export { retryOnAPIFailure } from './retry.js';\nexport { fetchStatus, formatDate } from './client.js';\n",
    'packages/utils/src/retry.ts': LOOP_HELPER,
    'packages/utils/src/client.ts': RETRYING_CLIENT,
    'packages/legacy/package.json': JSON.stringify({ name: '@acme/legacy', main: 'index.js' }),
    'packages/legacy/index.js': JS_HELPER,
    'packages/app/package.json': JSON.stringify({ name: '@acme/app' }),
  });
  return { outer, npm, pnpm };
}
