import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry helper of the project that takes its wait as a number or a function
 * (`withRetry(fn, { delay: ({ count }) => (1 << count) * 150 })`): the function the caller hands
 * in is read where the helper calls it, its parameters bound to what the helper gives it (the
 * attempt count), in the caller's file. Before, a function-valued option was an unknown value
 * and the call was reported with the helper's default wait, or not at all.
 */

const helper = (ts: boolean) => `const wait = (ms${ts ? ': number' : ''}) => new Promise((r) => setTimeout(r, ms));
async function withRetry(fn, { delay = 100, retries = 3 } = {}) {
  for (let count = 0; ; count++) {
    try {
      return await fn();
    } catch (err) {
      if (count >= retries) throw err;
      await wait(typeof delay === 'function' ? delay({ count, error: err }) : delay);
    }
  }
}
`;

const call = (delay: string, ts = true) => `${helper(ts)}export const get = (url${ts ? ': string' : ''}) => withRetry(() => fetch(url), { delay: ${delay} });\n`;

const loopFixed = { messageId: 'fixedDelay' as const, line: 3, column: 3, data: { what: 'This retry loop', delay: 'a fixed 100 ms', attempts: 'up to 4 attempts' } };
const helperCall = (delay: string, column = 37) => ({
  messageId: 'libraryDefault' as const,
  line: 12,
  column,
  data: { what: 'This call of `withRetry()`', delay, inherited: '', attempts: 'up to 4 attempts', fix: "Add jitter to the helper's wait (line 8)" },
});

ruleTester.run('require-jitter with a wait function handed to a retry helper', requireJitter, {
  valid: [
    { name: 'TypeScript: a random wait handed in', code: call('({ count }) => Math.random() * 150 * 2 ** count'), filename: 'get.ts' },
    { name: 'TypeScript: a fixed wait handed in is not growing', code: call('() => 500'), filename: 'get.ts' },
  ],
  invalid: [
    { name: 'TypeScript: `({ count }) => (1 << count) * 150`', code: call('({ count }) => (1 << count) * 150'), filename: 'get.ts', errors: [helperCall('150 ms × 2^n')] },
    { name: 'JavaScript: a linear wait', code: call('({ count }) => 250 * count', false), filename: 'get.js', errors: [helperCall('a linear 250 ms × n', 29)] },
    {
      name: 'TypeScript: a block body',
      code: call('({ count }) => {\n  const base = 200;\n  return base * 2 ** count;\n}'),
      filename: 'get.ts',
      errors: [helperCall('200 ms × 2^n')],
    },
  ],
});

/** The function handed in by name: a default of the caller's own options, or a function of the file. */
const byName = (params: string, ts = true) => `${helper(ts)}export async function watch(url${ts ? ': string' : ''}, ${params}) {
  return withRetry(() => fetch(url), { delay: retryDelay, retries: 5 });
}
`;
const namedCall = (delay: string) => ({
  messageId: 'libraryDefault' as const,
  line: 13,
  column: 10,
  data: { what: 'This call of `withRetry()`', delay, inherited: '', attempts: 'up to 6 attempts', fix: "Add jitter to the helper's wait (line 8)" },
});

ruleTester.run('require-jitter with a wait function handed to a retry helper by name', requireJitter, {
  valid: [
    { name: 'TypeScript: a random default', code: byName('{ retryDelay = ({ count }: { count: number }) => Math.random() * 200 * 2 ** count } = {}'), filename: 'watch.ts' },
    {
      name: 'JavaScript: a caller in the file hands its own wait: the default is not what runs',
      code: `${byName('{ retryDelay = ({ count }) => 200 * 2 ** count } = {}', false)}watch('/a', { retryDelay: () => Math.random() * 1000 });
`,
      filename: 'watch.js',
    },
  ],
  invalid: [
    {
      name: 'TypeScript: the default of a destructured option',
      code: byName('{ retryDelay = ({ count }: { count: number }) => ~~(1 << count) * 200 }: { retryDelay?: (o: { count: number }) => number } = {}'),
      filename: 'watch.ts',
      errors: [namedCall('200 ms × 2^n')],
    },
    { name: 'JavaScript: the default of a destructured option', code: byName('{ retryDelay = ({ count }) => 300 * count } = {}', false), filename: 'watch.js', errors: [namedCall('a linear 300 ms × n')] },
    {
      name: 'TypeScript: a function of the file',
      code: byName('_: unknown').replace('export async function watch', 'const retryDelay = ({ count }: { count: number }) => 100 * 3 ** count;\nexport async function watch'),
      filename: 'watch.ts',
      errors: [{ ...namedCall('100 ms × 3^n'), line: 14 }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a wait function handed to a retry helper', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: 'TypeScript: a growing wait handed in: only the helper\'s own default is fixed', code: call('({ count }) => (1 << count) * 150'), filename: 'get.ts', errors: [loopFixed] },
    {
      name: 'TypeScript: a fixed wait handed in',
      code: call('() => 500'),
      filename: 'get.ts',
      errors: [loopFixed, { messageId: 'fixedDelay', line: 12, column: 37, data: { what: 'This call of `withRetry()`', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});
