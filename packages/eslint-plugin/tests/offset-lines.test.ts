import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A wait that grows by a step from a start other than the step (`5000 + 2000 * n`: 5 s, 7 s,
 * 9 s) is linear, but not "2 s × n": its numbers are not stated. A step counted from 1
 * (`1000 * n + 1000`) is 1 s × n.
 */

const loop = (wait: string) => `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function push(op: () => Promise<void>): Promise<void> {
  for (let n = 0; n < 4; n++) {
    try {
      return await op();
    } catch {
      await sleep(${wait});
    }
  }
}
`;

const jitter = (delay: string) => ({ messageId: 'missingJitter' as const, line: 4, column: 3, data: { what: 'This retry loop', delay, attempts: 'up to 4 attempts' } });

ruleTester.run('require-jitter with lines that start elsewhere', requireJitter, {
  valid: [],
  invalid: [
    { name: 'TypeScript: a start of 5 s, a step of 2 s', code: loop('5000 + 2000 * n'), filename: 'push.ts', errors: [jitter('a linearly growing delay')] },
    { name: 'TypeScript: a step counted from 1', code: loop('1000 * n + 1000'), filename: 'push.ts', errors: [jitter('a linear 1 s × n')] },
    { name: 'JavaScript: a start of 5 s, a step of 2 s', code: loop('5000 + 2000 * n').replace(/: number|: \(\) => Promise<void>|: Promise<void>/g, ''), filename: 'push.js', errors: [jitter('a linearly growing delay')] },
  ],
});
