import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A wait truncated to an integer with the bitwise idioms (`~~x`, `x | 0`, `x >>> 0`) is the wait
 * it truncates, as `Math.floor(x)` is. Before, any `~` or `| 0` made the wait unknown and the
 * loop was not reported.
 */

const loop = (wait: string, js = false) => `const wait = (ms${js ? '' : ': number'}) => new Promise((r) => setTimeout(r, ms));
export async function call(url${js ? '' : ': string'}) {
  for (let count = 0; count < 4; count++) {
    try {
      return await fetch(url);
    } catch {
      await wait(${wait});
    }
  }
  throw new Error('gave up');
}
`;

const jitter = (delay: string) => ({ messageId: 'missingJitter' as const, line: 3, column: 3, data: { what: 'This retry loop', delay, attempts: 'up to 4 attempts' } });
const fixed = (delay: string) => ({ messageId: 'fixedDelay' as const, line: 3, column: 3, data: { what: 'This retry loop', delay, attempts: 'up to 4 attempts' } });

ruleTester.run('require-jitter with a wait truncated by bitwise idioms', requireJitter, {
  valid: [
    { name: 'TypeScript: a random wait truncated with `~~` is jittered', code: loop('~~(Math.random() * (1 << count) * 150)'), filename: 'call.ts' },
    { name: 'JavaScript: a random wait truncated with `| 0`', code: loop('(Math.random() * 100 * 2 ** count) | 0', true), filename: 'call.js' },
  ],
  invalid: [
    { name: 'TypeScript: `~~(1 << count) * 150`', code: loop('~~(1 << count) * 150'), filename: 'call.ts', errors: [jitter('150 ms × 2^n')] },
    { name: 'TypeScript: `(250 * 1.5 ** count) | 0`', code: loop('(250 * 1.5 ** count) | 0'), filename: 'call.ts', errors: [jitter('250 ms × 1.5^n')] },
    { name: 'JavaScript: `(100 * 2 ** count) >>> 0`', code: loop('(100 * 2 ** count) >>> 0', true), filename: 'call.js', errors: [jitter('100 ms × 2^n')] },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a wait truncated by bitwise idioms', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: a growing wait truncated is not fixed', code: loop('~~(150 * 2 ** count)'), filename: 'call.ts' }],
  invalid: [
    { name: 'TypeScript: `~~150`', code: loop('~~150'), filename: 'call.ts', errors: [fixed('a fixed 150 ms')] },
    { name: 'JavaScript: `1500.7 | 0`', code: loop('1500.7 | 0', true), filename: 'call.js', errors: [fixed('a fixed 1.5 s')] },
  ],
});
