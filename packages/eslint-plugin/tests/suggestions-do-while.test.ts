// "Rewrite with retry()" for `do … while` retries: the exact output of the checked and the
// caught form, and the forms that get no rewrite. Outputs are also proved by rule-tester.ts;
// the fixtures loops/feature-store-do-while.js and loops/ledger-post-do-while.cts run them
// (suggestions-runtime.test.ts).
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

const CHECKED = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function getProfile(id) {
  let res;
  let attempt = 0;
  do {
    if (attempt > 0) await sleep(300);
    // a fresh request id per attempt
    res = await fetch(\`/profiles/\${id}\`, { headers: { 'x-request-id': String(Math.random()) } });
  } while (!res.ok && ++attempt < 3);
  if (!res.ok) throw new Error(\`profiles: \${res.status}\`);
  return res.json();
}
`;

const CAUGHT = `const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function post(ledger: { post(x: unknown): Promise<{ id: string }> }, entry: unknown): Promise<string> {
  let tries = 0;
  let lastError: unknown;
  do {
    tries++;
    try {
      const { id } = await ledger.post(entry);
      return id;
    } catch (err) {
      lastError = err;
      console.warn(\`post failed (try \${tries})\`);
      await sleep(250 * tries);
    }
  } while (tries < 3);
  throw lastError;
}
`;

const REFUSED = {
  limitNotANumber: CHECKED.replace('export async function getProfile(id)', 'export async function getProfile(id, max)').replace('++attempt < 3', '++attempt < max'),
  waitOnOtherCondition: CHECKED.replace('if (attempt > 0) await sleep(300);', 'if (res?.status === 503) await sleep(300);'),
  // Returning from the loop skips the code after it; from retry()'s attempt it would not.
  returnsEarly: CHECKED.replace('    // a fresh request id per attempt\n', '    if (!id) return null;\n'),
};

const onlyJitter = (code: string) => ({
  code,
  filename: 'file.js',
  errors: [{ messageId: 'fixedDelay' as const, suggestions: [{ messageId: 'addJitter' as const, data: { delay: '`300`' }, output: code.replace('sleep(300)', 'sleep(Math.random() * 300)') }] }],
});

ruleTester.run('no-fixed-sleep-retry', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'checked do…while: the failure test throws the marker at the end of the attempt; out of attempts, the code after the loop decides as before',
      filename: 'file.js',
      code: CHECKED,
      errors: [
        {
          messageId: 'fixedDelay',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`300`' }, output: CHECKED.replace('sleep(300)', 'sleep(Math.random() * 300)') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { retry } from '@retry-hygiene/retry';

export async function getProfile(id) {
  let res;
  const tryAgain = new Error('try again');
  await retry(async () => {
    // a fresh request id per attempt
    res = await fetch(\`/profiles/\${id}\`, { headers: { 'x-request-id': String(Math.random()) } });
    if (!res.ok) throw tryAgain;
  }, {
    maxAttempts: 3,
    baseMs: 300,
    factor: 1,
    capMs: 300,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
  });
  if (!res.ok) throw new Error(\`profiles: \${res.status}\`);
  return res.json();
}
`,
            },
          ],
        },
      ],
    },
    { name: 'no rewrite: a bound that is not a number (a do…while runs at least once; retry() refuses fewer than one attempt)', ...onlyJitter(REFUSED.limitNotANumber) },
    { name: 'no rewrite: a wait on another condition than "not the first attempt"', ...onlyJitter(REFUSED.waitOnOtherCondition) },
    { name: 'no rewrite: a return in the checked do…while (from the attempt it would not skip the code after the loop)', ...onlyJitter(REFUSED.returnsEarly) },
  ],
});

ruleTester.run('require-jitter', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'caught do…while counted first thing: the counter is retry()\'s attempt, the log stays in a catch that rethrows, `throw lastError` is rejectWith',
      code: CAUGHT,
      errors: [
        {
          messageId: 'missingJitter',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`250 * tries`' }, output: CAUGHT.replace('sleep(250 * tries)', 'sleep(Math.random() * 250 * tries)') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { retry } from '@retry-hygiene/retry';

export async function post(ledger: { post(x: unknown): Promise<{ id: string }> }, entry: unknown): Promise<string> {
  return retry(async ({ attempt: tries }) => {
    try {
      const { id } = await ledger.post(entry);
      return id;
    } catch (err) {
      console.warn(\`post failed (try \${tries})\`);
      throw err;
    }
  }, {
    maxAttempts: 3,
    baseMs: 250,
    capMs: 500,
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
  ],
});
