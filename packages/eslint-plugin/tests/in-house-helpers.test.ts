// Issue 27: a project's own retry package, declared in the settings (settings.retryHygiene.helpers),
// is read as a catalogued library's: its options and defaults as declared, by its import only.
import { parseHelperSpecs } from '@retry-hygiene/analysis';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

const ACME = { module: '@acme/retry', export: 'withRetry', attempts: 'maxAttempts', defaultAttempts: 'unbounded', delay: 'delayMs', defaultDelayMs: 1000, factor: 'factor', jitter: 'jitter' };
const settings = { retryHygiene: { helpers: [ACME] } };
const IMPORT = "import { withRetry } from '@acme/retry';\n";

ruleTester.run('no-fixed-sleep-retry in-house helper', noFixedSleepRetry, {
  valid: [
    { name: 'growing waits', code: `${IMPORT}export const f = () => withRetry(load, { maxAttempts: 3, factor: 2 });`, settings },
    { name: 'jitter on', code: `${IMPORT}export const f = () => withRetry(load, { maxAttempts: 3, jitter: true });`, settings },
    { name: 'not declared: the same call is not read', code: `${IMPORT}export const f = () => withRetry(load, { maxAttempts: 3 });` },
    { name: 'another export of the package', code: "import { withTimeout } from '@acme/retry';\nexport const f = () => withTimeout(load, { maxAttempts: 3 });", settings },
    { name: 'the same name from another module', code: "import { withRetry } from './retry-names';\nexport const f = () => withRetry(load, { maxAttempts: 3 });", settings },
  ],
  invalid: [
    {
      name: 'the default wait, fixed',
      code: `${IMPORT}export const f = () => withRetry(load, { maxAttempts: 3 });`,
      settings,
      errors: [{
        messageId: 'fixedDelay' as const, line: 2, column: 24, data: { what: "This call of `withRetry()` from '@acme/retry'", delay: 'a fixed 1 s', attempts: 'up to 3 attempts' },
        // The helper's own jitter switch, as a catalogued library's option.
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `jitter: true`' }, output: `${IMPORT}export const f = () => withRetry(load, { maxAttempts: 3, jitter: true });` }],
      }],
    },
    {
      name: 'a namespace import and a written wait',
      code: "import * as acme from '@acme/retry';\nexport const f = () => acme.withRetry(load, { maxAttempts: 5, delayMs: 250 });",
      settings,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 24, data: { what: "This call of `withRetry()` from '@acme/retry'", delay: 'a fixed 250 ms', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter in-house helper', requireJitter, {
  valid: [{ name: 'jitter on', code: `${IMPORT}export const f = () => withRetry(load, { maxAttempts: 4, factor: 2, jitter: true });`, settings }],
  invalid: [
    {
      name: 'growing waits with no jitter: the helper\'s switch named',
      code: `${IMPORT}export const f = () => withRetry(load, { maxAttempts: 4, delayMs: 200, factor: 2 });`,
      settings,
      errors: [{
        messageId: 'libraryDefault' as const, line: 2, column: 24, data: { what: "This call of `withRetry()` from '@acme/retry'", delay: '200 ms × 2^n', attempts: 'up to 4 attempts', inherited: ', the library default', fix: 'Set `jitter: true`' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `jitter: true`' }, output: `${IMPORT}export const f = () => withRetry(load, { maxAttempts: 4, delayMs: 200, factor: 2, jitter: true });` }],
      }],
    },
  ],
});

ruleTester.run('no-unbounded-retry in-house helper', noUnboundedRetry, {
  valid: [{ name: 'attempts written', code: `${IMPORT}export const f = () => withRetry(load, { maxAttempts: 4, factor: 2, jitter: true });`, settings }],
  invalid: [
    {
      name: 'the package retries forever by default',
      code: `${IMPORT}export const f = () => withRetry(load, { factor: 2, jitter: true });`,
      settings,
      errors: [{
        messageId: 'unbounded' as const, line: 2, column: 24,
        // Its attempt option, set to the rule's bound.
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`maxAttempts: 5`)' }, output: `${IMPORT}export const f = () => withRetry(load, { factor: 2, jitter: true, maxAttempts: 5 });` }],
      }],
    },
  ],
});

describe('settings.retryHygiene.helpers', () => {
  it('reads a helper with its defaults filled in', () => {
    expect(parseHelperSpecs([{ module: '@acme/retry', export: 'default', retries: 'retries' }])).toEqual({
      specs: [{ module: '@acme/retry', export: 'default', options: 1, retries: 'retries', defaultAttempts: 3, defaultDelayMs: 0, defaultFactor: 1, defaultJitter: false }],
      problems: [],
    });
  });

  it('names each mistake, and leaves that helper out', () => {
    expect(parseHelperSpecs([{ module: '', export: 'withRetry', attempts: 5, defaultFactor: 0.5, colour: 'red' }, 'x'])).toEqual({
      specs: [],
      problems: [
        'settings.retryHygiene.helpers[0].colour is not a helper setting (known: module, export, options, attempts, retries, defaultAttempts, delay, defaultDelayMs, factor, defaultFactor, maxDelay, defaultMaxDelayMs, jitter, defaultJitter)',
        'settings.retryHygiene.helpers[0].module must be a non-empty string, got ""',
        'settings.retryHygiene.helpers[0].attempts must be an option name, got 5',
        'settings.retryHygiene.helpers[0].defaultFactor must be a number ≥ 1, got 0.5',
        'settings.retryHygiene.helpers[1] must be an object ({ module, export, … }), got "x"',
      ],
    });
    expect(parseHelperSpecs({ module: 'x' }).problems).toEqual(['settings.retryHygiene.helpers must be an array of helpers, got an object']);
  });

  it('stops the lint with the setting named when it is wrong, as an invalid rule option does', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = [...plugin.configs.recommended, { settings: { retryHygiene: { helpers: [{ module: '@acme/retry' }] } } }] as Linter.Config[];
    expect(() => linter.verify(`${IMPORT}withRetry(load);`, config, { filename: 'a.js' })).toThrow('eslint-plugin-retry-hygiene: settings.retryHygiene.helpers[0].export is required');
  });
});
