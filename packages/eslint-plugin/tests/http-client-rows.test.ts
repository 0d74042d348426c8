// Issue 27's HTTP clients: got's retry strategy options, ofetch / $fetch, @octokit/plugin-retry,
// typed-rest-client and make-fetch-happen. For each catalog row: the default, an explicit setting a
// rule reports and one it does not, with the exact message and position, and the option edit
// where the library has an option that fixes it. Defaults are the ones catalog-applications.ts
// cites (package@version and file).
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { forgetProjectFiles } from '@retry-hygiene/analysis';
import { Linter } from 'eslint';
import { beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

const GOT_FIX = "Keep got's `noise` (up to 100 ms at random, on by default) or add randomness to `calculateDelay`";
const GOT = "import got from 'got';\n";

// got@16.1.0 dist/source/core/calculate-retry-delay.js: min(1000 × 2^(n−1), backoffLimit) + random × noise (100).
ruleTester.run('require-jitter got', requireJitter, {
  valid: [
    { name: 'default noise: up to 100 ms at random', code: `${GOT}export const a = got('https://x', { retry: { limit: 4 } });` },
    { name: 'calculateDelay with randomness', code: `${GOT}export const a = got('https://x', { retry: { limit: 4, calculateDelay: ({ attemptCount }) => Math.random() * 1000 * 2 ** attemptCount } });` },
    { name: "calculateDelay handing back got's own wait", code: `${GOT}export const a = got('https://x', { retry: { limit: 4, calculateDelay: ({ computedValue }) => computedValue } });` },
  ],
  invalid: [
    {
      name: 'noise: 0 takes the randomness away',
      code: `${GOT}export const a = got('https://x', { retry: { limit: 4, noise: 0 } });`,
      errors: [{
        messageId: 'libraryDefault' as const, line: 2, column: 37, endLine: 2, endColumn: 66,
        data: { what: 'This got `retry` option', delay: '1 s × 2^n', attempts: 'up to 5 attempts', inherited: '', fix: GOT_FIX },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Remove `noise` (got adds up to 100 ms at random to each wait by default)' }, output: `${GOT}export const a = got('https://x', { retry: { limit: 4 } });` }],
      }],
    },
    {
      name: 'calculateDelay growing with attemptCount, no randomness',
      code: `${GOT}export const a = got('https://x', { retry: { limit: 4, calculateDelay: ({ attemptCount }) => attemptCount * 1000 } });`,
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 37, endLine: 2, endColumn: 115, data: { what: 'This got `retry` option', delay: 'a linear 1 s × n', attempts: 'up to 5 attempts', inherited: '', fix: GOT_FIX } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry got', noFixedSleepRetry, {
  valid: [
    { name: 'backoffLimit below the first wait, noise kept', code: `${GOT}export const a = got('https://x', { retry: { limit: 4, backoffLimit: 500 } });` },
  ],
  invalid: [
    {
      name: 'calculateDelay returning a constant',
      code: `${GOT}export const a = got('https://x', { retry: { limit: 4, calculateDelay: () => 1000 } });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 37, endLine: 2, endColumn: 84, data: { what: 'This got `retry` option', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'backoffLimit 500 and noise 0: every wait 500 ms',
      code: `${GOT}export const a = got('https://x', { retry: { limit: 4, backoffLimit: 500, noise: 0 } });`,
      errors: [{
        messageId: 'fixedDelay' as const, line: 2, column: 37, endLine: 2, endColumn: 85, data: { what: 'This got `retry` option', delay: 'a fixed 500 ms', attempts: 'up to 5 attempts' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Remove `noise` (got adds up to 100 ms at random to each wait by default)' }, output: `${GOT}export const a = got('https://x', { retry: { limit: 4, backoffLimit: 500 } });` }],
      }],
    },
  ],
});

ruleTester.run('no-unbounded-retry got', noUnboundedRetry, {
  valid: [
    // got@15.0.0 on: `enforceRetryRules` is true by default, so `limit` holds whatever calculateDelay returns.
    { name: 'calculateDelay that never returns 0, got 15+ (enforceRetryRules default)', code: `${GOT}export const a = got('https://x', { retry: { limit: 4, calculateDelay: () => Math.random() * 1000 } });` },
    { name: 'calculateDelay that ignores computedValue, with enforceRetryRules: true', code: `${GOT}export const a = got('https://x', { retry: { limit: 4, enforceRetryRules: true, calculateDelay: () => Math.random() * 1000 } });` },
  ],
  invalid: [
    {
      name: 'calculateDelay that never returns 0, with enforceRetryRules: false',
      code: `${GOT}export const a = got('https://x', { retry: { enforceRetryRules: false, calculateDelay: () => Math.random() * 1000 } });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 37, endLine: 2, endColumn: 116, data: { what: 'This got `retry` option' }, suggestions: [] }],
    },
  ],
});

/**
 * got 14 and before: `enforceRetryRules` false by default (got@14.6.6 options.js), so a
 * `calculateDelay` that never returns 0 overrides `limit`: read at the major the project declares.
 */
describe('got calculateDelay by the major the project declares', () => {
  const RULES = { 'retry-hygiene/no-unbounded-retry': 'error' } as const;
  const CODE = `${GOT}export const a = got('https://x', { retry: { limit: 4, calculateDelay: () => Math.random() * 1000 } });\n`;
  let project: string;
  beforeEach(() => {
    forgetProjectFiles();
    project = fs.mkdtempSync(join(tmpdir(), 'retry-hygiene-got-'));
    fs.mkdirSync(join(project, '.git'));
    fs.writeFileSync(join(project, 'a.mjs'), CODE);
  });
  const lint = (file: string) =>
    new Linter({ configType: 'flat', cwd: dirname(file) })
      .verify(fs.readFileSync(file, 'utf8'), [{ files: ['**/*.mjs'], plugins: { 'retry-hygiene': plugin as never }, rules: RULES }], file)
      .map((m) => `${m.line}:${m.column} ${m.message}`);

  it('got ^14: never gives up', () => {
    fs.writeFileSync(join(project, 'package.json'), JSON.stringify({ dependencies: { got: '^14.4.0' } }));
    expect(lint(join(project, 'a.mjs'))).toEqual(['2:37 This got `retry` option never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.']);
  });
  it('got ^15: limit holds', () => {
    fs.writeFileSync(join(project, 'package.json'), JSON.stringify({ dependencies: { got: '^15.0.0' } }));
    expect(lint(join(project, 'a.mjs'))).toEqual([]);
  });
});

void noNestedRetry;
