import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A delay helper whose options parameter is destructured with defaults
 * (`const { initialMs = 200 } = opts`), called with an object literal: each option is what the
 * literal writes, the default only where the literal leaves the key out, nothing known where a
 * spread may supply it. The same for a helper of another module (cross-file/helper-object).
 */

const helper = (call: string) => `
function delayFor(attempt: number, opts: { initialMs?: number; factor?: number; maxMs?: number } = {}): number {
  const { initialMs = 200, factor = 2, maxMs = 20_000 } = opts;
  return Math.min(maxMs, initialMs * factor ** attempt);
}
export async function search(host: string, q: string, extra: { factor?: number }): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(host + '/search?q=' + q);
    if (res.ok) return res.json();
    if (res.status < 500 || attempt >= 3) throw new Error('search failed: ' + res.status);
    await new Promise((r) => setTimeout(r, ${call}));
  }
}
`;

const jitter = (delay: string) => ({ messageId: 'missingJitter' as const, line: 7, column: 3, data: { what: 'This retry loop', delay, attempts: 'up to 4 attempts' } });

ruleTester.run('require-jitter with a delay helper handed an options literal', requireJitter, {
  valid: [
    { name: 'TypeScript: the helper handed a jitter of the caller', code: helper('delayFor(attempt, { initialMs: 100 }) * Math.random()'), filename: 'search.ts' },
    // A spread may supply any option (a factor of 1): no growth is claimed.
    { name: 'TypeScript: a spread of the caller in the literal', code: helper('delayFor(attempt, { initialMs: 100, ...extra })'), filename: 'search.ts' },
  ],
  invalid: [
    { name: 'TypeScript: the literal sets the first wait', code: helper('delayFor(attempt, { initialMs: 100 })'), filename: 'search.ts', errors: [jitter('100 ms × 2^n, capped at 20 s')] },
    { name: 'TypeScript: the literal sets the cap and the factor', code: helper('delayFor(attempt, { maxMs: 5000, factor: 3 })'), filename: 'search.ts', errors: [jitter('200 ms × 3^n, capped at 5 s')] },
    { name: 'TypeScript: an empty literal leaves every default', code: helper('delayFor(attempt, {})'), filename: 'search.ts', errors: [jitter('200 ms × 2^n, capped at 20 s')] },
    {
      name: 'JavaScript: the same helper, destructured in the parameter list',
      code: `
function delayFor(attempt, { initialMs = 200, factor = 2 } = {}) {
  return initialMs * factor ** attempt;
}
async function search(host, q) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(host + '/search?q=' + q);
    if (res.ok) return res.json();
    if (res.status < 500 || attempt >= 3) throw new Error('search failed: ' + res.status);
    await new Promise((r) => setTimeout(r, delayFor(attempt, { initialMs: 50 })));
  }
}
module.exports = { search };
`,
      filename: 'search.js',
      errors: [{ ...jitter('50 ms × 2^n'), line: 6 }],
    },
  ],
});
