// A catalog library's own package.json is workspace input: the rules read its `exports` to know
// the package's entry (own-package.ts). Found by the hostile-value fuzz (test/fuzz): `exports`
// nested 100 000 levels deep overflowed the stack in every file of the package.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

const RULES = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'] as const;
// p-retry's own entry, as in tests/cross-file/own-package/p-retry: its exported calls are the library.
const ENTRY = readFileSync(fileURLToPath(new URL('./cross-file/own-package/p-retry/index.js', import.meta.url)), 'utf8');
const pRetry = (delay: string, attempts: string) => `require-jitter: This p-retry call backs off by ${delay} without jitter, the library default (${attempts}). Set \`randomize: true\`.`;
const AS_ENTRY = [`7:12 ${pRetry('1 s × 2^n', 'an unknown number of attempts')}`, `16:10 ${pRetry('50 ms × 2^n', 'up to 3 attempts')}`];

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A package named p-retry with `manifest` as its package.json and the entry's code at `file`. */
function lintPackage(manifest: string, file: string): string[] {
  const root = mkdtempSync(join(tmpdir(), 'retry-hygiene-hostile-manifest-'));
  roots.push(root);
  writeFileSync(join(root, 'package.json'), manifest);
  mkdirSync(join(root, 'lib'), { recursive: true });
  writeFileSync(join(root, file), ENTRY);
  const linter = new Linter({ configType: 'flat', cwd: root });
  const messages = linter.verify(
    ENTRY,
    [{ files: ['**/*.js'], plugins: { 'retry-hygiene': plugin as never }, rules: Object.fromEntries(RULES.map((r) => [`retry-hygiene/${r}`, 'error'])) }],
    join(root, file),
  );
  expect(messages.filter((m) => !m.ruleId)).toEqual([]);
  return messages.map((m) => `${m.line}:${m.column} ${(m.ruleId ?? '').replace('retry-hygiene/', '')}: ${m.message}`);
}

const nested = (depth: number, leaf: string) => `${'{"import":'.repeat(depth)}${JSON.stringify(leaf)}${'}'.repeat(depth)}`;

describe("a catalog library's hostile package.json", () => {
  // 40 000 levels keep the manifest (440 KB) under the size past which it is not parsed at all
  // (files/manifest.ts), so the walk itself is what this exercises.
  it('`exports` nested 40 000 levels deep: no stack overflow; the entry is then the default ./index.js', () => {
    expect(lintPackage(`{"name":"p-retry","type":"module","exports":${nested(40_000, './index.js')}}`, 'index.js')).toEqual(AS_ENTRY);
  });

  it('a manifest over the size bound is not parsed: the file is not the library\'s own entry', () => {
    expect(lintPackage(`{"name":"p-retry","type":"module","exports":${nested(100_000, './index.js')}}`, 'index.js')).toEqual([]);
  });

  it('…and a target past the depth bound is not read: lib/entry.js is then not the entry', () => {
    expect(lintPackage(`{"name":"p-retry","type":"module","exports":${nested(40, './lib/entry.js')}}`, 'lib/entry.js')).toEqual([]);
  });

  it('conditions nested a few levels still name the entry', () => {
    expect(lintPackage(`{"name":"p-retry","type":"module","exports":{".":${nested(3, './lib/entry.js')}}}`, 'lib/entry.js')).toEqual(AS_ENTRY);
  });

  it('`exports` with 10 000 conditions: the first ones are read, the entry among them', () => {
    const conditions = Array.from({ length: 10_000 }, (_, i) => `"c${i}":"./lib/other-${i}.js"`);
    conditions.unshift('"import":"./lib/entry.js"');
    expect(lintPackage(`{"name":"p-retry","type":"module","exports":{${conditions.join(',')}}}`, 'lib/entry.js')).toEqual(AS_ENTRY);
  });
});
