import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A cap written on the exponent (`2 ** Math.min(n, 5)`) caps the wait: 2⁵ times the base.
 * Before, the growth was read without its cap ("1 s × 2^n").
 */
const loop = (wait: string) => `declare function sleep(ms: number): Promise<void>;
declare function upload(): Promise<void>;
export async function push(): Promise<void> {
  let failures = 0;
  while (failures < 10) {
    try {
      await upload();
      return;
    } catch {
      failures++;
      await sleep(${wait});
    }
  }
}
`;

/** A wait worked out in milliseconds and handed to a sleep that takes seconds: `/ 1000` scales the cap too. */
const inSeconds = (wait: string) =>
  loop(wait).replace('declare function sleep(ms: number): Promise<void>;', 'const sleep = (s: number) => new Promise<void>((r) => setTimeout(r, s * 1000));');

ruleTester.run('require-jitter on a cap written on the exponent', requireJitter, {
  valid: [
    { name: 'TypeScript: the capped exponent with full jitter', code: loop('Math.random() * 1000 * Math.pow(2, Math.min(failures - 1, 4))'), filename: 'push.ts' },
    { name: 'TypeScript: the divided wait drawn at random', code: inSeconds('(Math.random() * Math.min(250 * 2 ** failures, 8000)) / 1000'), filename: 'push.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: Math.pow with a capped exponent',
      code: loop('1000 * Math.pow(2, Math.min(failures - 1, 4))'),
      filename: 'push.ts',
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: '1 s × 2^n, capped at 16 s', attempts: 'up to 10 attempts' } }],
    },
    {
      name: 'JavaScript: ** with a capped exponent',
      code: loop('2 ** Math.min(failures, 5) * 100').replace('declare function sleep(ms: number): Promise<void>;', 'const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));').replace('declare function upload(): Promise<void>;', 'const upload = async () => {};').replace('push(): Promise<void>', 'push()'),
      filename: 'push.js',
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: '100 ms × 2^n, capped at 3.2 s', attempts: 'up to 10 attempts' } }],
    },
    {
      name: 'TypeScript: a capped wait in milliseconds, divided for a sleep in seconds',
      code: inSeconds('Math.min(250 * 2 ** failures, 8000) / 1000'),
      filename: 'push.ts',
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: '250 ms × 2^n, capped at 8 s', attempts: 'up to 10 attempts' } }],
    },
  ],
});
