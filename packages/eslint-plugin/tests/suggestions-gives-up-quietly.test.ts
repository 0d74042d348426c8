// "Rewrite with retry()" for a try/catch loop that gives up by falling out of the function
// (the caller gets undefined, the last error is swallowed): `.catch(() => undefined)`, only
// where every error is retried. Outputs are also proved by rule-tester.ts; the fixture
// loops/search-refresh-best-effort.ts runs it (suggestions-runtime.test.ts).
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

const GIVES_UP_QUIETLY = `const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function warm(cache: { fill(): Promise<number> }): Promise<number | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await cache.fill();
    } catch (err) {
      console.warn('cache warm-up failed', err);
      await sleep(1000);
    }
  }
}
`;

const CLASSIFIED = `const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function warm(cache: { fill(): Promise<number> }): Promise<number | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await cache.fill();
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      await sleep(1000);
    }
  }
}
`;

ruleTester.run('no-fixed-sleep-retry', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'a loop that falls out of the function once its attempts run out: the rejection becomes undefined',
      code: GIVES_UP_QUIETLY,
      errors: [
        {
          messageId: 'fixedDelay',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`1000`' }, output: GIVES_UP_QUIETLY.replace('sleep(1000)', 'sleep(Math.random() * 1000)') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { retry } from '@retry-hygiene/retry';

export async function warm(cache: { fill(): Promise<number> }): Promise<number | undefined> {
  return retry(async () => {
    return await cache.fill();
  }, {
    maxAttempts: 3,
    baseMs: 1000,
    factor: 1,
    capMs: 1000,
    shouldRetry: () => true,
    onRetry: ({ error: err }) => {
      console.warn('cache warm-up failed', err);
    },
    onGiveUp: ({ error: err }) => {
      console.warn('cache warm-up failed', err);
    },
    rejectWith: 'last-error',
  }).catch(() => undefined);
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'some errors leave at once: only the marker is retried and swallowed once the attempts run out (rewrite-round.ts), the others leave as they did',
      code: CLASSIFIED,
      errors: [
        {
          messageId: 'fixedDelay',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`1000`' }, output: CLASSIFIED.replace('sleep(1000)', 'sleep(Math.random() * 1000)') },
            { messageId: 'rewrite', data: { bound: '' }, output: `import { retry } from '@retry-hygiene/retry';

export async function warm(cache: { fill(): Promise<number> }): Promise<number | undefined> {
  const tryAgain = new Error('try again');
  return retry(async () => {
    try {
      return await cache.fill();
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      throw tryAgain;
    }
  }, {
    maxAttempts: 3,
    baseMs: 1000,
    factor: 1,
    capMs: 1000,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
  });
}
` },
          ],
        },
      ],
    },
  ],
});
