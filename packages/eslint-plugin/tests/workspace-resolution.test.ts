import * as nodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileReadStats, forgetProjectFiles, MAX_WORKSPACE_FOLDERS, resetFileReadStats, resolveWorkspaceImport, setFileSystem, type FileSystem } from '@retry-hygiene/analysis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMonorepos, write } from './workspaces/monorepos.js';

/**
 * Which file a bare import of a workspace package names (analysis: workspaces/): the
 * declaration (package.json `workspaces`, pnpm-workspace.yaml), its globs within bounds, the
 * package's `exports`/`module`/`main`/`index`, and the source of a build output through the
 * package's tsconfig. Every path the analysis touches is recorded, to show what is not read.
 */
let touched: string[] = [];
const recording: FileSystem = {
  statSync: (path, options) => (touched.push(path), nodeFs.statSync(path, options)),
  readFileSync: (path, encoding) => (touched.push(path), nodeFs.readFileSync(path, encoding)),
  readdirSync: (path, options) => (touched.push(`readdir:${path}`), nodeFs.readdirSync(path, options)),
  realpathSync: (path) => nodeFs.realpathSync.native(path),
};

beforeEach(() => {
  forgetProjectFiles();
  resetFileReadStats();
  touched = [];
  setFileSystem(recording);
});
afterEach(() => setFileSystem(undefined));

function project(files: Record<string, string>): string {
  const root = nodeFs.mkdtempSync(join(tmpdir(), 'retry-hygiene-ws-'));
  nodeFs.mkdirSync(join(root, '.git'));
  write(root, files);
  return root;
}
const from = (root: string) => join(root, 'packages', 'app', 'src', 'main.ts');

describe('the monorepos of the rule suites', () => {
  const { outer, npm, pnpm } = makeMonorepos();

  it('npm: main dist/index.js (not built) is src/index.ts by outDir → rootDir; a built subpath is its source', () => {
    expect(resolveWorkspaceImport(from(npm), '@acme/utils')).toBe(join(npm, 'packages/utils/src/index.ts'));
    expect(resolveWorkspaceImport(from(npm), '@acme/utils/dist/retry.js')).toBe(join(npm, 'packages/utils/src/retry.ts'));
    expect(resolveWorkspaceImport(from(npm), '@acme/utils/dist/retry')).toBe(join(npm, 'packages/utils/src/retry.ts'));
    // Without `exports`, a deep path is a path.
    expect(resolveWorkspaceImport(from(npm), '@acme/utils/src/client')).toBe(join(npm, 'packages/utils/src/client.ts'));
  });

  it('npm: a dependency in node_modules, a package declared above the root, a package without a tsconfig: nothing, and none of them read', () => {
    expect(resolveWorkspaceImport(from(npm), '@acme/dep')).toBeUndefined();
    expect(resolveWorkspaceImport(from(npm), '@outer/utils')).toBeUndefined();
    expect(resolveWorkspaceImport(from(npm), '@acme/nosrc')).toBeUndefined();
    expect(resolveWorkspaceImport(from(npm), 'react')).toBeUndefined();
    expect(touched.filter((p) => p.includes('node_modules'))).toEqual([]);
    // `../shared/*` in the project's own declaration leaves the root: not even listed.
    expect(touched.filter((p) => p.replace('readdir:', '').startsWith(join(outer, 'shared')) || p === join(outer, 'package.json'))).toEqual([]);
  });

  it('pnpm: exports["."].types (dist/index.d.ts) is src/index.ts; the ./retry subpath; an unexported path is none', () => {
    expect(resolveWorkspaceImport(from(pnpm), '@acme/utils')).toBe(join(pnpm, 'packages/utils/src/index.ts'));
    expect(resolveWorkspaceImport(from(pnpm), '@acme/utils/retry')).toBe(join(pnpm, 'packages/utils/src/retry.ts'));
    expect(resolveWorkspaceImport(from(pnpm), '@acme/utils/src/retry')).toBeUndefined();
    expect(resolveWorkspaceImport(from(pnpm), '@acme/utils/dist/retry.js')).toBeUndefined();
  });

  it('pnpm: `!packages/legacy` excludes that package', () => {
    expect(resolveWorkspaceImport(from(pnpm), '@acme/legacy')).toBeUndefined();
    expect(touched).not.toContain(join(pnpm, 'packages/legacy/package.json'));
  });
});

describe('entries: conditions, patterns, fields', () => {
  it('"source" is preferred to a "require" the manifest lists first', () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/lib/package.json': JSON.stringify({ name: 'lib', exports: { '.': { require: './cjs/index.js', source: './src/main.ts' } } }),
      'packages/lib/src/main.ts': 'export {};\n',
      'packages/lib/cjs/index.js': 'module.exports = {};\n',
    });
    expect(resolveWorkspaceImport(from(root), 'lib')).toBe(join(root, 'packages/lib/src/main.ts'));
  });

  it('a built file that exists is that file; a declaration file never is, even when it exists', () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: { packages: ['packages/*'] } }),
      'packages/lib/package.json': JSON.stringify({ name: 'lib', exports: { types: './dist/index.d.ts', default: './dist/index.js' } }),
      'packages/lib/dist/index.d.ts': 'export declare const x: number;\n',
      'packages/lib/dist/index.js': 'export const x = 1;\n',
    });
    expect(resolveWorkspaceImport(from(root), 'lib')).toBe(join(root, 'packages/lib/dist/index.js'));
  });

  it('a subpath pattern (`./*` → `./dist/*.js`) maps to the source of the matched file', () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/lib/package.json': JSON.stringify({ name: '@x/lib', exports: { '.': './dist/index.js', './*': './dist/*.js', './internal/*': null } }),
      'packages/lib/tsconfig.json': JSON.stringify({ compilerOptions: { outDir: 'dist', rootDir: 'src' } }),
      'packages/lib/src/retry.ts': 'export {};\n',
      'packages/lib/src/internal/x.ts': 'export {};\n',
    });
    expect(resolveWorkspaceImport(from(root), '@x/lib/retry')).toBe(join(root, 'packages/lib/src/retry.ts'));
    // The longer prefix wins, and it exports nothing.
    expect(resolveWorkspaceImport(from(root), '@x/lib/internal/x')).toBeUndefined();
  });

  it("a bundler's layout: an entry under an output folder not in the checkout is the same path under src/, any extension", () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/lib/package.json': JSON.stringify({ name: 'lib', exports: { '.': { types: './dist/index.d.mts', import: './dist/index.mjs' }, './retry': { import: './dist/retry.mjs' } } }),
      'packages/lib/tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext' }, include: ['**/*.ts'] }),
      'packages/lib/src/index.ts': 'export {};\n',
      'packages/lib/src/retry.ts': 'export {};\n',
      'packages/built/package.json': JSON.stringify({ name: 'built', main: './out/index.cjs' }),
      'packages/built/out/index.cjs': 'module.exports = {};\n',
      'packages/built/src/index.ts': 'export {};\n',
    });
    expect(resolveWorkspaceImport(from(root), 'lib')).toBe(join(root, 'packages/lib/src/index.ts'));
    expect(resolveWorkspaceImport(from(root), 'lib/retry')).toBe(join(root, 'packages/lib/src/retry.ts'));
    // A committed output is read as it is, not mapped.
    expect(resolveWorkspaceImport(from(root), 'built')).toBe(join(root, 'packages/built/out/index.cjs'));
  });

  it("a bundler's layout with its entries at the package's root: the same path there when src/ has none", () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/cli/package.json': JSON.stringify({ name: '@x/cli', exports: { '.': { import: './dist/index.mjs' }, './interactive': { types: './dist/interactive.d.mts', import: './dist/interactive.mjs' } } }),
      'packages/cli/index.ts': 'export {};\n',
      'packages/cli/interactive.ts': 'export {};\n',
      'packages/both/package.json': JSON.stringify({ name: 'both', main: './dist/index.js' }),
      'packages/both/index.ts': 'export {};\n',
      'packages/both/src/index.ts': 'export {};\n',
    });
    expect(resolveWorkspaceImport(from(root), '@x/cli')).toBe(join(root, 'packages/cli/index.ts'));
    expect(resolveWorkspaceImport(from(root), '@x/cli/interactive')).toBe(join(root, 'packages/cli/interactive.ts'));
    // src/ first, where it holds the entry.
    expect(resolveWorkspaceImport(from(root), 'both')).toBe(join(root, 'packages/both/src/index.ts'));
  });

  it('module before main; index when there is neither', () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/a/package.json': JSON.stringify({ name: 'a', main: 'lib/main.js', module: 'lib/module.js' }),
      'packages/a/lib/main.js': '',
      'packages/a/lib/module.js': '',
      'packages/b/package.json': JSON.stringify({ name: 'b' }),
      'packages/b/index.ts': '',
    });
    expect(resolveWorkspaceImport(from(root), 'a')).toBe(join(root, 'packages/a/lib/module.js'));
    expect(resolveWorkspaceImport(from(root), 'b')).toBe(join(root, 'packages/b/index.ts'));
  });
});

describe('output → source: the tsconfig', () => {
  const pkg = (tsconfig: unknown, files: Record<string, string>) =>
    project({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/lib/package.json': JSON.stringify({ name: 'lib', main: 'dist/index.js', types: 'dist/index.d.ts' }),
      'packages/lib/tsconfig.json': typeof tsconfig === 'string' ? tsconfig : JSON.stringify(tsconfig),
      ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`packages/lib/${k}`, v])),
    });

  it('no rootDir, no include: the common folder of the sources (lib/, not the package folder)', () => {
    const root = pkg({ compilerOptions: { outDir: 'dist' } }, { 'lib/index.ts': '', 'lib/util/x.ts': '', 'lib/types.d.ts': '' });
    expect(resolveWorkspaceImport(from(root), 'lib')).toBe(join(root, 'packages/lib/lib/index.ts'));
  });

  it('sources in two folders: their common folder is the package, so dist/index.js has no source (dist/lib/index.js would)', () => {
    const root = pkg({ compilerOptions: { outDir: 'dist' } }, { 'lib/index.ts': '', 'test/a.ts': '' });
    expect(resolveWorkspaceImport(from(root), 'lib')).toBeUndefined();
    expect(resolveWorkspaceImport(from(root), 'lib/dist/lib/index.js')).toBe(join(root, 'packages/lib/lib/index.ts'));
  });

  it('composite without rootDir: the config folder', () => {
    const root = pkg({ compilerOptions: { composite: true, outDir: 'dist' } }, { 'index.tsx': '' });
    expect(resolveWorkspaceImport(from(root), 'lib')).toBe(join(root, 'packages/lib/index.tsx'));
  });

  it('comments, trailing commas; outDir set by a base config it extends, relative to that base', () => {
    const root = pkg('{\n  // the base sets outDir\n  "extends": "../../config/base",\n  "compilerOptions": { "rootDir": "./src", /* here */ },\n}\n', { 'src/index.ts': '', 'src/esm.mts': '' });
    write(root, { 'config/base.json': JSON.stringify({ compilerOptions: { outDir: '../packages/lib/dist' } }) });
    expect(resolveWorkspaceImport(from(root), 'lib')).toBe(join(root, 'packages/lib/src/index.ts'));
    // `.mjs` output comes from `.mts`.
    expect(resolveWorkspaceImport(from(root), 'lib/dist/esm.mjs')).toBe(join(root, 'packages/lib/src/esm.mts'));
  });

  it('a base config from a package (node_modules) is not read', () => {
    const root = pkg({ extends: '@tsconfig/node20/tsconfig.json', compilerOptions: { rootDir: 'src' } }, { 'src/index.ts': '' });
    write(root, { 'node_modules/@tsconfig/node20/tsconfig.json': JSON.stringify({ compilerOptions: { outDir: '../../../packages/lib/dist' } }) });
    // Found by the bundler's layout (dist/ is not in the checkout, src/index.ts is), not by the base config's outDir.
    expect(resolveWorkspaceImport(from(root), 'lib')).toBe(join(root, 'packages/lib/src/index.ts'));
    expect(touched.filter((p) => p.includes('node_modules'))).toEqual([]);
  });

  it('declarationDir maps a `types` target', () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/lib/package.json': JSON.stringify({ name: 'lib', exports: { types: './types/index.d.ts' } }),
      'packages/lib/tsconfig.json': JSON.stringify({ compilerOptions: { declarationDir: 'types', outDir: 'dist', rootDir: 'src' } }),
      'packages/lib/src/index.ts': '',
    });
    expect(resolveWorkspaceImport(from(root), 'lib')).toBe(join(root, 'packages/lib/src/index.ts'));
  });
});

describe('declarations and globs', () => {
  it('pnpm-workspace.yaml in flow form, with comments; pnpm wins over package.json workspaces', () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: ['other/*'] }),
      'pnpm-workspace.yaml': "packages: ['libs/*', \"apps/*\"] # all\n",
      'libs/a/package.json': JSON.stringify({ name: 'a' }),
      'libs/a/index.ts': '',
      'other/b/package.json': JSON.stringify({ name: 'b' }),
      'other/b/index.ts': '',
    });
    expect(resolveWorkspaceImport(from(root), 'a')).toBe(join(root, 'libs/a/index.ts'));
    expect(resolveWorkspaceImport(from(root), 'b')).toBeUndefined();
  });

  it('`**` goes 4 folders down and never into node_modules or hidden folders', () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: ['libs/**'] }),
      'libs/x/y/z/w/package.json': JSON.stringify({ name: 'four' }),
      'libs/x/y/z/w/index.ts': '',
      'libs/x/y/z/w/v/package.json': JSON.stringify({ name: 'five' }),
      'libs/x/y/z/w/v/index.ts': '',
      'libs/node_modules/dep/package.json': JSON.stringify({ name: 'dep' }),
      'libs/node_modules/dep/index.ts': '',
      'libs/.cache/c/package.json': JSON.stringify({ name: 'cached' }),
      'libs/.cache/c/index.ts': '',
    });
    expect(resolveWorkspaceImport(from(root), 'four')).toBe(join(root, 'libs/x/y/z/w/index.ts'));
    expect(resolveWorkspaceImport(from(root), 'five')).toBeUndefined();
    expect(resolveWorkspaceImport(from(root), 'dep')).toBeUndefined();
    expect(resolveWorkspaceImport(from(root), 'cached')).toBeUndefined();
    expect(touched.filter((p) => p.includes('node_modules') || p.includes('.cache'))).toEqual([]);
  });

  it('hostile declarations: not-strings, absolute and parent globs, a NUL byte, a huge manifest', () => {
    const root = project({
      'package.json': JSON.stringify({ workspaces: [42, null, '/etc/*', '../*', 'a\0b', 'packages/*'] }),
      'packages/a/package.json': JSON.stringify({ name: 'a' }),
      'packages/a/index.ts': '',
    });
    expect(resolveWorkspaceImport(from(root), 'a')).toBe(join(root, 'packages/a/index.ts'));
    expect(touched.filter((p) => p.startsWith('/etc') || p === 'readdir:/etc')).toEqual([]);
    write(root, { 'package.json': JSON.stringify({ workspaces: ['packages/*'], padding: 'x'.repeat(600 * 1024) }) });
    forgetProjectFiles();
    expect(resolveWorkspaceImport(from(root), 'a')).toBeUndefined();
  });

  it('hostile globs: a segment of many stars against a long name, a run of `**` in a negation, a glob of 17 segments', () => {
    const long = 'a'.repeat(200);
    const root = project({
      'package.json': JSON.stringify({
        workspaces: [`p/${'a*'.repeat(30)}b`, 'q/*', `!${'**/'.repeat(40)}nothing`, `${'x/'.repeat(16)}*`],
      }),
      [`p/${long}/package.json`]: JSON.stringify({ name: 'long' }),
      [`p/${long}/index.ts`]: '',
      'q/kept/package.json': JSON.stringify({ name: 'kept' }),
      'q/kept/index.ts': '',
      [`${'x/'.repeat(16)}deep/package.json`]: JSON.stringify({ name: 'deep' }),
      [`${'x/'.repeat(16)}deep/index.ts`]: '',
    });
    // No `b` at the end: the many-star segment matches nothing, and answers at once (no backtracking).
    expect(resolveWorkspaceImport(from(root), 'long')).toBeUndefined();
    expect(resolveWorkspaceImport(from(root), 'kept')).toBe(join(root, 'q/kept/index.ts'));
    expect(resolveWorkspaceImport(from(root), 'deep')).toBeUndefined();
  });

  it('a package added later is found once the project files are forgotten (as the language server does on a change)', () => {
    const root = project({ 'package.json': JSON.stringify({ workspaces: ['packages/*'] }) });
    expect(resolveWorkspaceImport(from(root), 'late')).toBeUndefined();
    write(root, { 'packages/late/package.json': JSON.stringify({ name: 'late' }), 'packages/late/index.ts': '' });
    expect(resolveWorkspaceImport(from(root), 'late')).toBeUndefined();
    forgetProjectFiles();
    expect(resolveWorkspaceImport(from(root), 'late')).toBe(join(root, 'packages/late/index.ts'));
  });

  it(`a glob matching 10 000 folders: the first ${MAX_WORKSPACE_FOLDERS} by name are packages, and no more manifests are read`, () => {
    const root = project({ 'package.json': JSON.stringify({ workspaces: ['packages/*'] }) });
    for (let i = 0; i < 10_000; i++) {
      const dir = join(root, 'packages', `p${String(i).padStart(5, '0')}`);
      nodeFs.mkdirSync(dir, { recursive: true });
      nodeFs.writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `big-${i}` }));
    }
    write(root, { 'packages/p00000/index.ts': '', 'packages/p09999/index.ts': '' });
    resetFileReadStats();
    touched = [];
    expect(resolveWorkspaceImport(from(root), 'big-0')).toBe(join(root, 'packages/p00000/index.ts'));
    expect(resolveWorkspaceImport(from(root), 'big-9999')).toBeUndefined();
    // The root manifest, then one manifest per package folder within the bound.
    expect(fileReadStats().filesRead).toBe(1 + MAX_WORKSPACE_FOLDERS);
    expect(touched.filter((p) => p.startsWith('readdir:'))).toEqual([`readdir:${join(root, 'packages')}`]);
    nodeFs.rmSync(root, { recursive: true, force: true });
  });
});
