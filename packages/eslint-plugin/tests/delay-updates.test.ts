import rule from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Several updates of the delay in one attempt: the growth per attempt is the product of the
 * updates on one path through the attempt (`d *= 2; d *= 2` is ×4), while updates on different
 * paths (`if … d *= 2; else d *= 2`) are alternatives and do not multiply.
 */
const loop = (updates: string) => `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load(url, slow) {
  let d = 100;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(url);
    } catch {
      ${updates}
      await sleep(d);
    }
  }
  throw new Error('failed');
}
`;

const missingJitter = (delay: string) => [
  { messageId: 'missingJitter' as const, line: 5, column: 3, data: { what: 'This retry loop', delay, attempts: 'up to 5 attempts' } },
];

ruleTester.run('require-jitter on several delay updates in one attempt', rule, {
  valid: [
    // The jittered update composes with the plain ones before it and keeps its jitter.
    loop('d *= 2; d = d * 2 + Math.random() * d;'),
  ],
  invalid: [
    { name: 'two doublings in a row are ×4 per attempt', code: loop('d *= 2; d *= 2;'), errors: missingJitter('100 ms × 4^n') },
    { name: 'two doublings written `d = d * 2` are ×4 per attempt', code: loop('d = d * 2; d = d * 2;'), errors: missingJitter('100 ms × 4^n') },
    { name: 'a tripling then a doubling are ×6', code: loop('d *= 3; d = d * 2;'), errors: missingJitter('100 ms × 6^n') },
    { name: 'one tripling is ×3', code: loop('d *= 3;'), errors: missingJitter('100 ms × 3^n') },
    { name: 'a step added after a doubling keeps the factor 2', code: loop('d = d * 2; d += 100;'), errors: missingJitter('100 ms × 2^n') },
    { name: 'a doubling in each branch of an if is ×2, not ×4', code: loop('if (slow) { d *= 2; } else { d *= 2; }'), errors: missingJitter('100 ms × 2^n') },
    { name: 'a doubling on each side of `?:` is ×2', code: loop('slow ? (d *= 2) : (d *= 2);'), errors: missingJitter('100 ms × 2^n') },
    {
      name: 'two capped updates: the factors multiply, the last cap holds',
      code: loop('d = Math.min(d * 2, 5000); d = Math.min(d * 3, 8000);'),
      errors: missingJitter('100 ms × 6^n, capped at 8 s'),
    },
  ],
});
