// A retry library loaded from a vendored copy (issue 27): `require('../vendor/retry')`,
// `import pRetry from './third_party/p-retry/index.js'` is that library, read with its catalog
// row; a copy with its own package.json is the package the manifest names; a vendored module
// that is no catalog library is not read as one. The copy's source is not also followed as the
// project's own helper (one finding, not two).
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { forgetProjectFiles } from '@retry-hygiene/analysis';
import { Linter } from 'eslint';
import { beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

ruleTester.run('require-jitter vendored', requireJitter, {
  valid: [
    { name: 'a vendored module that is no catalog library', code: "import helpers from '../vendor/my-utils';\nexport const a = helpers(() => fetch('/a'), { retries: 5 });" },
    { name: 'a relative p-retry outside a vendor folder is the project\'s own module', code: "import pRetry from '../lib/p-retry';\nexport const a = pRetry(() => fetch('/a'), { retries: 5 });" },
    { name: 'the vendored copy told to randomize', code: "import pRetry from '../vendor/p-retry';\nexport const a = pRetry(() => fetch('/a'), { retries: 5, randomize: true });" },
  ],
  invalid: [
    {
      name: 'import from ../vendor/p-retry',
      code: "import pRetry from '../vendor/p-retry';\nexport const a = pRetry(() => fetch('/a'), { retries: 5 });",
      errors: [{
        messageId: 'libraryDefault' as const, line: 2, column: 18, endLine: 2, endColumn: 59, data: { what: 'This p-retry call', delay: '1 s × 2^n', attempts: 'up to 6 attempts', inherited: ', the library default', fix: 'Set `randomize: true`' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `randomize: true`' }, output: "import pRetry from '../vendor/p-retry';\nexport const a = pRetry(() => fetch('/a'), { retries: 5, randomize: true });" }],
      }],
    },
    {
      name: 'a third_party copy by its index file',
      code: "import pRetry from './third_party/p-retry/index.js';\nexport const a = pRetry(() => fetch('/a'), { retries: 5 });",
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 18, endLine: 2, endColumn: 59 }],
    },
  ],
});

ruleTester.run('no-unbounded-retry vendored', noUnboundedRetry, {
  valid: [{ name: 'a bounded operation', code: "const retry = require('../vendor/retry');\nexports.run = () => retry.operation({ retries: 5, randomize: true });" }],
  invalid: [
    {
      name: "require('../vendor/retry') is the retry package",
      code: "const retry = require('../vendor/retry');\nexports.run = () => retry.operation({ forever: true, randomize: true });",
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 21, endLine: 2, endColumn: 72, data: { what: 'This `retry` package operation' } }],
    },
    {
      name: 'the retry package by its lib file',
      code: "const retry = require('../../vendor/retry/lib/retry.js');\nexports.run = () => retry.operation({ forever: true, randomize: true });",
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 21, endLine: 2, endColumn: 72 }],
    },
  ],
});

describe('a vendored copy on disk', () => {
  const RULES = { 'retry-hygiene/require-jitter': 'error' } as const;
  let project: string;
  beforeEach(() => {
    forgetProjectFiles();
    project = fs.mkdtempSync(join(tmpdir(), 'retry-hygiene-vendored-'));
    fs.mkdirSync(join(project, '.git'));
    fs.mkdirSync(join(project, 'src'));
  });
  const lint = (file: string) =>
    new Linter({ configType: 'flat', cwd: dirname(file) })
      .verify(fs.readFileSync(file, 'utf8'), [{ files: ['**/*.mjs'], plugins: { 'retry-hygiene': plugin as never }, rules: RULES }], file)
      .map((m) => `${m.line}:${m.column} ${m.message}`);
  const JITTER = "2:18 This p-retry call backs off by 1 s × 2^n without jitter, the library default (up to 6 attempts). Set `randomize: true`.";

  it('is read as the library once, not also followed into its source as a helper', () => {
    fs.mkdirSync(join(project, 'vendor', 'p-retry'), { recursive: true });
    // A loop with a fixed exponential wait, like p-retry's own: followed as a helper it would be a second finding.
    fs.writeFileSync(join(project, 'vendor', 'p-retry', 'index.mjs'), 'export default async function pRetry(fn, o = {}) {\n  for (let i = 0; ; i++) {\n    try { return await fn(); } catch (e) { if (i >= (o.retries ?? 10)) throw e; await new Promise((r) => setTimeout(r, 1000 * 2 ** i)); }\n  }\n}\n');
    fs.writeFileSync(join(project, 'src', 'a.mjs'), "import pRetry from '../vendor/p-retry/index.mjs';\nexport const a = pRetry(() => fetch('/a'), { retries: 5 });\n");
    expect(lint(join(project, 'src', 'a.mjs'))).toEqual([JITTER]);
  });

  it('a copy with its own package.json is the package its manifest names', () => {
    fs.mkdirSync(join(project, 'vendor', 'backoff-copy'), { recursive: true });
    fs.writeFileSync(join(project, 'vendor', 'backoff-copy', 'package.json'), JSON.stringify({ name: 'p-retry', main: 'index.mjs' }));
    fs.writeFileSync(join(project, 'vendor', 'backoff-copy', 'index.mjs'), 'export default async function pRetry(fn) { return fn(); }\n');
    fs.writeFileSync(join(project, 'src', 'a.mjs'), "import pRetry from '../vendor/backoff-copy';\nexport const a = pRetry(() => fetch('/a'), { retries: 5 });\n");
    expect(lint(join(project, 'src', 'a.mjs'))).toEqual([JITTER]);
  });
});
