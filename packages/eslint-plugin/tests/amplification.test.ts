import { amplification, type RetryPolicy } from '@retry-hygiene/analysis';
import { describe, expect, it } from 'vitest';

const policy = (maxAttempts: RetryPolicy['maxAttempts']): RetryPolicy => ({ maxAttempts, delay: { kind: 'none', baseMs: 0 }, jitter: 'none' });

// The text ends a no-nested-retry message: a limit the analysis cannot read is named, never printed as "?".
describe('amplification', () => {
  it.each([
    [4, 3, 'up to 4 × 3 = 12 calls per request', 12],
    ['unbounded', 3, 'unbounded × 3 calls per request: no limit', undefined],
    [4, 'unbounded', '4 × unbounded calls per request: no limit', undefined],
    ['unknown', 3, "the outer layer's attempts × 3 calls per request", undefined],
    [4, 'unknown', "4 × the inner layer's attempts per request", undefined],
    ['unbounded', 'unknown', "unbounded × the inner layer's attempts per request: no limit", undefined],
    ['unknown', 'unbounded', "the outer layer's attempts × unbounded calls per request: no limit", undefined],
    ['unknown', 'unknown', "the two layers' attempts multiply per request", undefined],
  ] as const)('outer %s, inner %s', (outer, inner, text, total) => {
    expect(amplification(policy(outer), policy(inner))).toEqual(total === undefined ? { text } : { text, total });
  });
});
