import { describe, expect, it } from 'vitest';
import { formatMs } from '../src/describe.js';

describe('formatMs', () => {
  it('milliseconds, seconds and minutes as before', () => {
    expect(formatMs(250)).toBe('250 ms');
    expect(formatMs(1500)).toBe('1.5 s');
    expect(formatMs(100_000)).toBe('1.7 min');
    expect(formatMs(3_600_000)).toBe('60 min');
  });

  it('two hours and more in hours', () => {
    expect(formatMs(7_200_000)).toBe('2 h');
    expect(formatMs(Math.exp(10) * 1000)).toBe('6.1 h');
    expect(formatMs(Infinity)).toBe('forever');
  });
});
