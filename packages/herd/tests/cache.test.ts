import { describe, expect, it } from 'vitest';
import { SimulationCache, simulate } from '../src/index.js';

const policy = { maxAttempts: 4, delay: { kind: 'constant' as const, baseMs: 1000 }, jitter: 'none' as const };

describe('SimulationCache', () => {
  it('simulates a policy and scenario once and returns the same result after', () => {
    const cache = new SimulationCache();
    const a = cache.simulate(policy, { clients: 100 });
    expect(a).toEqual(simulate(policy, { clients: 100 }));
    // Same policy written in another key order, and an undefined option: same entry.
    const b = cache.simulate({ jitter: 'none', delay: { baseMs: 1000, kind: 'constant' }, maxAttempts: 4 }, { clients: 100, capacity: undefined });
    expect(b).toBe(a);
    expect(cache.size).toBe(1);
    expect(cache.simulate(policy, { clients: 200 })).not.toBe(a);
    expect(cache.simulate('full')).toBe(cache.simulate('full'));
    expect(cache.size).toBe(3);
  });

  it('drops the least recently used result past its size', () => {
    const cache = new SimulationCache(2);
    const full = cache.simulate('full', { clients: 10 });
    cache.simulate('constant', { clients: 10 });
    cache.simulate('full', { clients: 10 }); // full is now the most recent
    cache.simulate('exponential', { clients: 10 });
    expect(cache.size).toBe(2);
    expect(cache.simulate('full', { clients: 10 })).toBe(full);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(() => new SimulationCache(0)).toThrow(RangeError);
  });

  it('lets a bad scenario throw and caches nothing for it', () => {
    const cache = new SimulationCache();
    expect(() => cache.simulate('full', { capacity: 0 })).toThrow(RangeError);
    expect(cache.size).toBe(0);
  });
});
