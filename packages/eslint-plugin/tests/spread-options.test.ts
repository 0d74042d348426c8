import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Options built by spreading a `const` literal (`{ ...options, headers }`) get its keys, unless
 * written after the spread; a spread of anything else may hold any option, so a default is not
 * read through it. One options object two calls share is one setting, reported once.
 */
const got = (call: string) => `import got from 'got';

const options = {
  timeout: 5000,
  retry: { limit: 3, calculateDelay: ({ computedValue, attemptCount }: { computedValue: number; attemptCount: number }) => (computedValue === 0 ? 0 : 2 ** attemptCount * 1000) },
};

export async function send(url: string, headers: Record<string, string>) {
  ${call}
}
`;

const jitter = (line: number, column: number) => ({
  messageId: 'libraryDefault' as const,
  line,
  column,
  data: { what: 'This got `retry` option', delay: '1 s × 2^n', inherited: '', attempts: 'up to 4 attempts', fix: "Keep got's `noise` (up to 100 ms at random, on by default) or add randomness to `calculateDelay`" },
});

ruleTester.run('require-jitter through a spread of a const options literal', requireJitter, {
  valid: [
    { name: 'TypeScript: the retry option written after the spread turns it off', code: got('return got.post(url, { ...options, retry: { limit: 0 } }).json();'), filename: 'send.ts' },
  ],
  invalid: [
    { name: 'TypeScript: the spread brings the retry option', code: got('return got.post(url, { ...options, headers }).json();'), filename: 'send.ts', errors: [jitter(5, 3)] },
    { name: 'TypeScript: two calls share the options: reported once', code: got('await got.post(url, options).json();\n  return got.get(url, { ...options, headers }).json();'), filename: 'send.ts', errors: [jitter(5, 3)] },
    {
      name: 'JavaScript: the spread brings the retry option',
      code: got('return got.post(url, { ...options, headers }).json();').replace(/: \{ computedValue: number; attemptCount: number \}|: string|: Record<string, string>/g, ''),
      filename: 'send.js',
      errors: [jitter(5, 3)],
    },
  ],
});

const redis = (made: string) => `import Redis from 'ioredis';

const base = { port: 6379, enableReadyCheck: true };

export function connect(host: string, opts: Record<string, unknown>) {
  return ${made};
}
`;

ruleTester.run('no-unbounded-retry with a default read through a spread', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: a spread of a parameter may hold a retryStrategy', code: redis('new Redis({ ...opts, host })'), filename: 'connect.ts' },
    { name: 'TypeScript: a strategy written after the spread', code: redis('new Redis({ ...base, host, retryStrategy: (times: number) => (times > 5 ? null : 1000) })'), filename: 'connect.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: a spread of a const literal without a strategy',
      code: redis('new Redis({ ...base, host })'),
      filename: 'connect.ts',
      errors: [{ messageId: 'unbounded', line: 6, column: 10, data: { what: "This ioredis client's default reconnection" } }],
    },
  ],
});
