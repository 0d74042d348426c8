// "Rewrite with retry()" for a retry that counts down the attempts left (`while (retries-- > 0)`):
// the exact output, and the forms that get no rewrite. Outputs are also proved by
// rule-tester.ts; loops/blob-download-retries-left.ts runs it (suggestions-runtime.test.ts).
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

const COUNTDOWN = `const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function download(blob: { read(): Promise<string> }): Promise<string> {
  let retries = 3;
  let delay = 500;
  let lastError: unknown;
  while (retries-- > 0) {
    try {
      return await blob.read();
    } catch (error) {
      lastError = error;
      console.warn(\`read failed, \${retries} retries left\`);
      await sleep(delay);
      delay *= 2;
    }
  }
  throw lastError;
}
`;

const REFUSED = {
  waitLogged: COUNTDOWN.replace('console.warn(`read failed, ${retries} retries left`);', 'console.warn(`read failed, waiting ${delay} ms`);'),
};

ruleTester.run('require-jitter', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'while (retries-- > 0): N attempts, the counter a side effect reads is N - attempt, the wait variable and its update go',
      code: COUNTDOWN,
      errors: [
        {
          messageId: 'missingJitter',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`delay`' }, output: COUNTDOWN.replace('sleep(delay)', 'sleep(Math.random() * delay)') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { retry } from '@retry-hygiene/retry';

export async function download(blob: { read(): Promise<string> }): Promise<string> {
  return retry(async ({ attempt: attemptNumber }) => {
    const retries = 3 - attemptNumber;
    try {
      return await blob.read();
    } catch (error) {
      console.warn(\`read failed, \${retries} retries left\`);
      throw error;
    }
  }, {
    maxAttempts: 3,
    baseMs: 500,
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
      name: 'no rewrite: a side effect reads the growing wait (it would be gone)',
      code: REFUSED.waitLogged,
      errors: [{ messageId: 'missingJitter', suggestions: [{ messageId: 'addJitter', data: { delay: '`delay`' }, output: REFUSED.waitLogged.replace('sleep(delay)', 'sleep(Math.random() * delay)') }] }],
    },
  ],
});
