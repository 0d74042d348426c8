import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A count that goes up to one of several known limits (`attempt < (remote ? 3 : 1)`, a helper
 * handed `{ maxRetries: remote ? 3 : 1 }`) stops by the largest of them: "up to 3 attempts" is
 * what the code shows (it was "an unknown number"). A count down from one of several starts
 * says nothing of its own, and a wait that is one of several is still the same every time.
 */

const helperCall = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withRetry<T>(fn: () => Promise<T>, options: { maxRetries?: number; retryDelay?: number } = {}): Promise<T> {
  const { maxRetries = 3, retryDelay = 5000 } = options;
  let lastError: unknown;
  for (let attempt = 1; attempt <= maxRetries; attempt++) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (attempt < maxRetries) await sleep(retryDelay);
      else break;
    }
  }
  throw lastError;
}

export function build(remote: { enabled: boolean } | undefined): Promise<void> {
  return withRetry(() => run(), { maxRetries: remote?.enabled ? 4 : 1, retryDelay: 10000 });
}

declare function run(): Promise<void>;
`;

const localJs = (count: string) => `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function sync(job, urgent) {
  ${count}
    try {
      return await job();
    } catch {
      await sleep(urgent ? 500 : 2000);
    }
  }
}
`;

const fixed = (line: number, column: number, what: string, delay: string, attempts: string) => ({ messageId: 'fixedDelay' as const, line, column, data: { what, delay, attempts } });

ruleTester.run('no-fixed-sleep-retry with a limit chosen from known values', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: a helper handed one of two limits',
      code: helperCall,
      filename: 'build.ts',
      errors: [fixed(6, 3, 'This retry loop', 'a fixed 5 s', 'up to 3 attempts'), fixed(19, 10, 'This call of `withRetry()`', 'a fixed 10 s', 'up to 4 attempts')],
    },
    {
      name: 'JavaScript: a loop up to one of two limits',
      code: localJs('const limit = urgent ? 5 : 2;\n  for (let i = 0; i < limit; i++) {'),
      filename: 'sync.js',
      errors: [fixed(5, 3, 'This retry loop', '`urgent ? 500 : 2000` (the same every time)', 'up to 5 attempts')],
    },
    {
      name: 'JavaScript: a count down from one of two starts says nothing',
      code: localJs('let left = urgent ? 5 : 2;\n  while (left-- > 0) {'),
      filename: 'sync.js',
      errors: [fixed(5, 3, 'This retry loop', '`urgent ? 500 : 2000` (the same every time)', 'an unknown number of attempts')],
    },
  ],
});
