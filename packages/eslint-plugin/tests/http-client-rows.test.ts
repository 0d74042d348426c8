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

// ofetch@1.5.1 onError: `retry` 1 for GET-like requests (0 for payload methods), `retryDelay` 0 (at once).
const OFETCH = "import { ofetch, $fetch } from 'ofetch';\n";

ruleTester.run('no-fixed-sleep-retry ofetch', noFixedSleepRetry, {
  valid: [
    { name: 'default: one retry at once is not reported', code: `${OFETCH}export const a = ofetch('/a');` },
    { name: 'a retryDelay function with randomness', code: `${OFETCH}export const a = $fetch('/a', { retry: 3, retryDelay: () => Math.random() * 1000 });` },
    { name: 'retry: false', code: `${OFETCH}export const a = $fetch('/a', { retry: false, retryDelay: 500 });` },
    { name: "retry: true keeps ofetch's own count (one retry at once)", code: `${OFETCH}export const a = $fetch('/a', { retry: true });` },
    { name: 'a POST with no retry option does not retry', code: `${OFETCH}export const a = $fetch('/a', { method: 'POST', retryDelay: 500 });` },
  ],
  invalid: [
    {
      name: 'retry with a fixed retryDelay',
      code: `${OFETCH}export const a = ofetch('/a', { retry: 3, retryDelay: 500 });`,
      errors: [{
        messageId: 'fixedDelay' as const, line: 2, column: 33, endLine: 2, endColumn: 41, data: { what: 'This ofetch retry', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `retryDelay: () => Math.random() * 500` (a random wait up to 500 ms)' }, output: `${OFETCH}export const a = ofetch('/a', { retry: 3, retryDelay: () => Math.random() * 500 });` }],
      }],
    },
    {
      name: 'retry with no retryDelay: at once',
      code: `${OFETCH}export const a = $fetch('/a', { retry: 3 });`,
      errors: [{
        messageId: 'immediate' as const, line: 2, column: 33, endLine: 2, endColumn: 41, data: { what: 'This ofetch retry', attempts: 'up to 4 attempts' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `retryDelay: () => Math.random() * 1000` (a random wait up to 1000 ms)' }, output: `${OFETCH}export const a = $fetch('/a', { retry: 3, retryDelay: () => Math.random() * 1000 });` }],
      }],
    },
    {
      name: '$fetch.create defaults',
      code: `${OFETCH}export const api = $fetch.create({ baseURL: '/api', retry: 5, retryDelay: 1000 });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 53, endLine: 2, endColumn: 61, data: { what: 'This ofetch retry', delay: 'a fixed 1 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry ofetch', noUnboundedRetry, {
  valid: [{ name: 'a finite retry', code: `${OFETCH}export const a = ofetch('/a', { retry: 100, retryDelay: () => Math.random() * 1000 });` }],
  invalid: [
    {
      name: 'retry: Infinity',
      code: `${OFETCH}export const a = ofetch('/a', { retry: Infinity, retryDelay: () => Math.random() * 1000 });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 33, endLine: 2, endColumn: 48, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retry: 4`)' }, output: `${OFETCH}export const a = ofetch('/a', { retry: 4, retryDelay: () => Math.random() * 1000 });` }] }],
    },
  ],
});

ruleTester.run('no-nested-retry ofetch', noNestedRetry, {
  valid: [
    { name: 'retry: 0 inside a loop', code: `${OFETCH}export async function load() {\n  for (let n = 0; n < 3; n++) {\n    try { return await ofetch('/x', { retry: 0 }); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
  ],
  invalid: [
    {
      name: 'a loop around a GET, which ofetch retries once by default',
      code: `${OFETCH}export async function load() {\n  for (let n = 0; n < 3; n++) {\n    try { return await ofetch('/x'); } catch { await sleep(Math.random() * 1000); }\n  }\n}`,
      errors: [{ messageId: 'nested' as const, line: 3, column: 3, endLine: 3, endColumn: 30 }],
    },
  ],
});

// typed-rest-client@3.1.2 HttpClient.js: allowRetries false, maxRetries 1; waits 5 × 2^min(n, 10) ms.
const TRC = "import { HttpClient } from 'typed-rest-client/HttpClient';\n";
const TRC_FIX = 'typed-rest-client has no jitter option: leave `allowRetries` off and retry the request with a jittered backoff';

ruleTester.run('require-jitter typed-rest-client', requireJitter, {
  valid: [
    { name: 'default: no retry', code: `${TRC}export const h = new HttpClient('ua', [], { maxRetries: 3 });` },
    { name: 'allowRetries: false', code: `${TRC}export const h = new HttpClient('ua', [], { allowRetries: false, maxRetries: 3 });` },
  ],
  invalid: [
    {
      name: 'allowRetries: true',
      code: `${TRC}export const h = new HttpClient('ua', [], { allowRetries: true, maxRetries: 3 });`,
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 45, endLine: 2, endColumn: 63, data: { what: 'This typed-rest-client retry', delay: '10 ms × 2^n, capped at 5.1 s', attempts: 'up to 4 attempts', inherited: ', the library default', fix: TRC_FIX }, suggestions: [] }],
    },
    {
      name: 'RestClient options, the fourth argument',
      code: "import * as rm from 'typed-rest-client/RestClient';\nexport const r = new rm.RestClient('ua', 'https://x', [], { allowRetries: true });",
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 61, endLine: 2, endColumn: 79, data: { what: 'This typed-rest-client retry', delay: '10 ms × 2^n, capped at 5.1 s', attempts: 'up to 2 attempts', inherited: ', the library default', fix: TRC_FIX } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry typed-rest-client', noUnboundedRetry, {
  valid: [{ name: 'a finite maxRetries', code: `${TRC}export const h = new HttpClient('ua', [], { allowRetries: true, maxRetries: 50 });` }],
  invalid: [
    {
      name: 'maxRetries: Infinity',
      code: `${TRC}export const h = new HttpClient('ua', [], { allowRetries: true, maxRetries: Infinity });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 45, endLine: 2, endColumn: 63, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`maxRetries: 4`)' }, output: `${TRC}export const h = new HttpClient('ua', [], { allowRetries: true, maxRetries: 4 });` }] }],
    },
  ],
});

// make-fetch-happen@15.0.6 lib/options.js: `retry` defaults to { retries: 0 }; waits of @gar/promise-retry@1.0.3.
const MFH = "import fetch from 'make-fetch-happen';\n";

ruleTester.run('require-jitter make-fetch-happen', requireJitter, {
  valid: [
    { name: 'default: no retry', code: `${MFH}export const a = fetch('https://x');` },
    { name: 'a retry object without retries: 0 retries', code: `${MFH}export const a = fetch('https://x', { retry: { minTimeout: 500 } });` },
    { name: 'randomize: true', code: `${MFH}export const a = fetch('https://x', { retry: { retries: 4, randomize: true } });` },
  ],
  invalid: [
    {
      name: 'retry: 3 (waits 1 s × 2^n)',
      code: `${MFH}export const a = fetch('https://x', { retry: 3 });`,
      errors: [{
        messageId: 'libraryDefault' as const, line: 2, column: 39, endLine: 2, endColumn: 47, data: { what: 'This make-fetch-happen `retry` option', delay: '1 s × 2^n', attempts: 'up to 4 attempts', inherited: ', the library default', fix: 'Set `randomize: true` in `retry`' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `retry: { retries: 3, randomize: true }`' }, output: `${MFH}export const a = fetch('https://x', { retry: { retries: 3, randomize: true } });` }],
      }],
    },
    {
      name: 'fetch.defaults with retry options',
      code: `${MFH}export const f = fetch.defaults({ retry: { retries: 4, minTimeout: 500 } });`,
      errors: [{
        messageId: 'libraryDefault' as const, line: 2, column: 35, endLine: 2, endColumn: 73, data: { what: 'This make-fetch-happen `retry` option', delay: '500 ms × 2^n', attempts: 'up to 5 attempts', inherited: ', the library default', fix: 'Set `randomize: true` in `retry`' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `randomize: true` in `retry`' }, output: `${MFH}export const f = fetch.defaults({ retry: { retries: 4, minTimeout: 500, randomize: true } });` }],
      }],
    },
  ],
});

ruleTester.run('no-unbounded-retry make-fetch-happen', noUnboundedRetry, {
  valid: [{ name: 'a finite retries', code: `${MFH}export const a = fetch('https://x', { retry: { retries: 10, randomize: true } });` }],
  invalid: [
    {
      name: 'retries: Infinity',
      code: `${MFH}export const a = fetch('https://x', { retry: { retries: Infinity, randomize: true } });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 39, endLine: 2, endColumn: 84, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retries: 4`)' }, output: `${MFH}export const a = fetch('https://x', { retry: { retries: 4, randomize: true } });` }] }],
    },
  ],
});

// @octokit/plugin-retry@8.1.1: retries 3, waits (n + 1)² × retryAfterBaseValue (1000 ms), no randomness.
const OCTOKIT = "import { Octokit } from '@octokit/core';\nimport { retry } from '@octokit/plugin-retry';\nconst MyOctokit = Octokit.plugin(retry);\n";
const OCTOKIT_FIX = '@octokit/plugin-retry has no jitter option: every client waits the same (n + 1)² s; keep `retries` low, or set `retry: { enabled: false }` and retry with jitter yourself';

ruleTester.run('require-jitter octokit-plugin-retry', requireJitter, {
  valid: [
    { name: 'an Octokit without the plugin', code: "import { Octokit } from '@octokit/core';\nexport const o = new Octokit({ auth: 't' });" },
    { name: 'retry: { enabled: false }', code: `${OCTOKIT}export const o = new MyOctokit({ auth: 't', retry: { enabled: false } });` },
    { name: 'a class named like the plugin but not from it', code: "import { Octokit } from '@octokit/core';\nconst retry = () => ({});\nconst MyOctokit = Octokit.plugin(retry);\nexport const o = new MyOctokit({ auth: 't' });" },
  ],
  invalid: [
    {
      name: 'default: 1 s, 4 s, 9 s',
      code: `${OCTOKIT}export const o = new MyOctokit({ auth: 't' });`,
      errors: [{ messageId: 'libraryDefault' as const, line: 4, column: 18, endLine: 4, endColumn: 46, data: { what: "This Octokit client's default plugin-retry retry", delay: 'a polynomial 1 s × n²', attempts: 'up to 4 attempts', inherited: ', the library default', fix: OCTOKIT_FIX }, suggestions: [] }],
    },
    {
      name: 'explicit retries and base',
      code: `${OCTOKIT}export const o = new MyOctokit({ auth: 't', retry: { retries: 5, retryAfterBaseValue: 500 } });`,
      errors: [{ messageId: 'libraryDefault' as const, line: 4, column: 45, endLine: 4, endColumn: 92, data: { what: 'This @octokit/plugin-retry retry', delay: 'a polynomial 500 ms × n²', attempts: 'up to 6 attempts', inherited: ', the library default', fix: OCTOKIT_FIX } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry octokit-plugin-retry', noUnboundedRetry, {
  valid: [{ name: 'default retries', code: `${OCTOKIT}export const o = new MyOctokit({ auth: 't' });` }],
  invalid: [
    {
      name: 'retries: Infinity',
      code: `${OCTOKIT}export const o = new MyOctokit({ retry: { retries: Infinity } });`,
      errors: [{ messageId: 'unbounded' as const, line: 4, column: 34, endLine: 4, endColumn: 62, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retries: 4`)' }, output: `${OCTOKIT}export const o = new MyOctokit({ retry: { retries: 4 } });` }] }],
    },
  ],
});

ruleTester.run('no-nested-retry typed-rest-client and octokit', noNestedRetry, {
  valid: [
    { name: 'a typed-rest-client without allowRetries inside a loop', code: `${TRC}const http = new HttpClient('ua', []);\nexport async function load(url: string) {\n  for (let n = 0; n < 3; n++) {\n    try { return await http.get(url); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
    { name: 'an Octokit with the retry plugin turned off inside a loop', code: `${OCTOKIT}const gh = new MyOctokit({ retry: { enabled: false } });\nexport async function me() {\n  for (let n = 0; n < 3; n++) {\n    try { return await gh.request('GET /user'); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
  ],
  invalid: [
    {
      name: 'a loop around a typed-rest-client that retries',
      code: `${TRC}const http = new HttpClient('ua', [], { allowRetries: true, maxRetries: 3 });\nexport async function load(url: string) {\n  for (let n = 0; n < 3; n++) {\n    try { return await http.get(url); } catch { await sleep(Math.random() * 1000); }\n  }\n}`,
      errors: [{ messageId: 'nested' as const, line: 4, column: 3, endLine: 4, endColumn: 30 }],
    },
    {
      name: 'a loop around an Octokit given the retry plugin',
      code: `${OCTOKIT}const gh = new MyOctokit({ auth: 't' });\nexport async function me() {\n  for (let n = 0; n < 3; n++) {\n    try { return await gh.request('GET /user'); } catch { await sleep(Math.random() * 1000); }\n  }\n}`,
      errors: [{ messageId: 'nested' as const, line: 6, column: 3, endLine: 6, endColumn: 30 }],
    },
  ],
});

// @octokit/plugin-throttling@11.0.5: a request is retried after `retry-after` whenever the handler returns true.
const THROTTLED = "import { Octokit } from '@octokit/core';\nimport { throttling } from '@octokit/plugin-throttling';\nconst MyOctokit = Octokit.plugin(throttling);\n";

ruleTester.run('no-unbounded-retry octokit-plugin-throttling', noUnboundedRetry, {
  valid: [
    { name: 'a handler bounded by retryCount', code: `${THROTTLED}export const o = new MyOctokit({ throttle: { onRateLimit: (after, options, octokit, retryCount) => retryCount < 2, onSecondaryRateLimit: () => false } });` },
    { name: 'a handler that returns true on one path only', code: `${THROTTLED}export const o = new MyOctokit({ throttle: { onRateLimit: (after, o, k, n) => { if (n < 3) return true; }, onSecondaryRateLimit: () => false } });` },
    { name: 'a handler that only logs (no retry)', code: `${THROTTLED}export const o = new MyOctokit({ throttle: { onRateLimit: (after) => console.warn(after), onSecondaryRateLimit: () => false } });` },
    { name: 'handlers on a class without the plugin', code: "import { Octokit } from '@octokit/core';\nexport const o = new Octokit({ throttle: { onRateLimit: () => true, onSecondaryRateLimit: () => true } });" },
  ],
  invalid: [
    {
      name: 'onRateLimit: () => true',
      code: `${THROTTLED}export const o = new MyOctokit({ throttle: { onRateLimit: () => true, onSecondaryRateLimit: () => false } });`,
      errors: [{
        messageId: 'unbounded' as const, line: 4, column: 46, endLine: 4, endColumn: 69, data: { what: 'This Octokit rate-limit handler' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`return retryCount < 4`)' }, output: `${THROTTLED}export const o = new MyOctokit({ throttle: { onRateLimit: (retryAfter, options, octokit, retryCount) => retryCount < 4, onSecondaryRateLimit: () => false } });` }],
      }],
    },
    {
      name: 'a handler that logs and returns true',
      code: `${THROTTLED}export const o = new MyOctokit({ throttle: { onRateLimit: () => false, onSecondaryRateLimit: (after, options) => { console.warn(options.url); return true; } } });`,
      errors: [{
        messageId: 'unbounded' as const, line: 4, column: 72, endLine: 4, endColumn: 157,
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`return retryCount < 4`)' }, output: `${THROTTLED}export const o = new MyOctokit({ throttle: { onRateLimit: () => false, onSecondaryRateLimit: (after, options, octokit, retryCount) => { console.warn(options.url); return retryCount < 4; } } });` }],
      }],
    },
  ],
});

// node-fetch-retry@2.0.1 index.js: `opts.retry || 3` attempts in all, `pause` ms apart (none by default).
const NFR = "import fetch from 'node-fetch-retry';\n";

ruleTester.run('no-fixed-sleep-retry node-fetch-retry', noFixedSleepRetry, {
  valid: [
    { name: 'retry: 2, one retry at once', code: `${NFR}export const a = fetch('https://x', { retry: 2 });` },
    { name: 'a fetch of another module', code: "import fetch from 'node-fetch';\nexport const a = fetch('https://x', { retry: 5, pause: 1000 });" },
  ],
  invalid: [
    {
      name: 'default: 3 attempts at once',
      code: `${NFR}export const a = fetch('https://x');`,
      errors: [{ messageId: 'immediate' as const, line: 2, column: 18, endLine: 2, endColumn: 36, data: { what: "This node-fetch-retry call's default retry", attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a fixed pause',
      code: `${NFR}export const a = fetch('https://x', { method: 'GET', retry: 5, pause: 1000 });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 54, endLine: 2, endColumn: 62, data: { what: 'This node-fetch-retry call', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry node-fetch-retry', noUnboundedRetry, {
  valid: [{ name: 'a finite retry', code: `${NFR}export const a = fetch('https://x', { retry: 50 });` }],
  invalid: [
    {
      name: 'retry: Infinity',
      code: `${NFR}export const a = fetch('https://x', { retry: Infinity, pause: 1000 });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 39, endLine: 2, endColumn: 54, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retry: 5`)' }, output: `${NFR}export const a = fetch('https://x', { retry: 5, pause: 1000 });` }] }],
    },
  ],
});
