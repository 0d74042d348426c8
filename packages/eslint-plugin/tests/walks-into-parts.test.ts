import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A function that calls itself on an item of its input (`value.map((item) => scrub(item))`,
 * `for (const [key, inner] of Object.entries(value)) scrub(inner)`, `visit(node[key])`) walks
 * into the input's parts: the next call never gets the same input again, so it is no retry,
 * whatever check came before it. Here an early return after `looksLikeUrl(value)` (a helper that
 * answers false when `new URL` throws) read as "the attempt succeeded", and the walk below it as
 * "retries at once".
 */

const scrubTs = `const HIDDEN = ['password', 'token', 'secret'];

const looksLikeUrl = (text: string): boolean => {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
};

const stripQuery = (text: string): string => text.split('?')[0] ?? text;

/** A copy of \`value\` fit for a log line: secrets masked, URLs without their query, cycles cut. */
export function scrub(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string' && looksLikeUrl(value)) {
    return stripQuery(value);
  }
  if (value && typeof value === 'object') {
    if (seen.has(value)) return '[Circular]';
    seen.add(value);
  }
  if (Array.isArray(value)) {
    return value.map((item) => scrub(item, seen));
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = HIDDEN.includes(key.toLowerCase()) ? '***' : scrub(inner, seen);
    }
    return out;
  }
  return value;
}
`;

ruleTester.run('no-fixed-sleep-retry with a function walking into the parts of its input', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: a log scrubber recursing into arrays and objects', code: scrubTs, filename: 'scrub.ts' }],
  invalid: [],
});

ruleTester.run('no-unbounded-retry with a function walking into the parts of its input', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: a log scrubber recursing into arrays and objects', code: scrubTs, filename: 'scrub.ts' }],
  invalid: [],
});
