import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * `scheduler.wait(ms)` of the scheduling API (a global in browsers and workers runtimes, and
 * `scheduler` of `node:timers/promises`) waits as a promise timer does: its argument is the wait.
 */

const send = (wait: string, prelude = '') => `${prelude}export async function send(op: () => Promise<void>, attempt = 0): Promise<void> {
  try {
    await op();
  } catch (err) {
    if (attempt >= 4) throw err;
    await ${wait};
    return send(op, attempt + 1);
  }
}
`;

ruleTester.run('require-jitter with scheduler.wait', requireJitter, {
  valid: [{ name: 'TypeScript: the global scheduler waits a random time', code: send('scheduler.wait(Math.random() * 1000 * 2 ** attempt)'), filename: 'send.ts' }],
  invalid: [
    { name: 'TypeScript: the global scheduler', code: send('scheduler.wait(1000 * 2 ** attempt)'), filename: 'send.ts', errors: [{ messageId: 'missingJitter', line: 7, column: 12, data: { what: '`send()` retrying itself', delay: '1 s × 2^n', attempts: 'up to 5 attempts' } }] },
    {
      name: 'TypeScript: scheduler of node:timers/promises',
      code: send('scheduler.wait(250 * 2 ** attempt)', "import { scheduler } from 'node:timers/promises';\n\n"),
      filename: 'send.ts',
      errors: [{ messageId: 'missingJitter', line: 9, column: 12, data: { what: '`send()` retrying itself', delay: '250 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with scheduler.wait', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: the global scheduler waits longer each attempt', code: send('scheduler.wait(1000 * 2 ** attempt)'), filename: 'send.ts' }],
  invalid: [{ name: 'TypeScript: a fixed wait on the global scheduler', code: send('scheduler.wait(1000)'), filename: 'send.ts', errors: [{ messageId: 'fixedDelay', line: 7, column: 12, data: { what: '`send()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }] }],
});
