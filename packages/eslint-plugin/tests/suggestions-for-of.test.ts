// "Rewrite with retry()" for a retry over a schedule of waits (`for (const wait of [0, ...DELAYS])`):
// the exact output, and the schedules that get no rewrite. Outputs are also proved by
// rule-tester.ts; loops/price-feed-delay-schedule.mjs runs it (suggestions-runtime.test.ts).
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

const SCHEDULE = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const DELAYS_MS = [200, 400, 800];

export async function quote(symbol) {
  let lastError;
  for (const wait of [0, ...DELAYS_MS]) {
    if (wait > 0) await sleep(wait);
    try {
      return await getQuote(symbol);
    } catch (err) {
      lastError = err;
      console.warn('quote failed', err);
    }
  }
  throw lastError;
}
`;

const FLATTER = SCHEDULE.replace('[200, 400, 800]', '[200, 300, 400]');
const SHARED = SCHEDULE.replace("export async function quote(symbol) {", 'export const DELAY_COUNT = DELAYS_MS.length;\n\nexport async function quote(symbol) {');

ruleTester.run('require-jitter', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'one attempt per element, retry() doubling from the first wait up to the last; the log stays in a catch that rethrows',
      filename: 'file.js',
      code: SCHEDULE,
      errors: [
        {
          messageId: 'missingJitter',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`wait`' }, output: SCHEDULE.replace('sleep(wait)', 'sleep(Math.random() * wait)') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { retry } from '@retry-hygiene/retry';

const DELAYS_MS = [200, 400, 800];

export async function quote(symbol) {
  return retry(async () => {
    try {
      return await getQuote(symbol);
    } catch (err) {
      console.warn('quote failed', err);
      throw err;
    }
  }, {
    maxAttempts: DELAYS_MS.length + 1,
    baseMs: 200,
    capMs: 800,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'no rewrite: a schedule that grows slower than doubling (retry()\'s waits would outgrow it)',
      filename: 'file.js',
      code: FLATTER,
      errors: [{ messageId: 'missingJitter', suggestions: [{ messageId: 'addJitter', data: { delay: '`wait`' }, output: FLATTER.replace('sleep(wait)', 'sleep(Math.random() * wait)') }] }],
    },
    {
      name: 'no rewrite: the schedule is used elsewhere (its length could change)',
      filename: 'file.js',
      code: SHARED,
      errors: [{ messageId: 'missingJitter', suggestions: [{ messageId: 'addJitter', data: { delay: '`wait`' }, output: SHARED.replace('sleep(wait)', 'sleep(Math.random() * wait)') }] }],
    },
  ],
});
