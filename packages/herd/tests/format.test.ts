import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatRatio, simulate, summarizeResult } from '../src/index.js';
import { formatTick } from '../src/scale.js';

describe('number formats', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [9_468, '9 468'],
    [120_800, '120 800'],
    [12_001_000, '12.0 M'],
    [2.5e9, '2.5 G'],
    [4e12, '4.0 T'],
    [1e15, '1.0e15'],
    [2.5e21, '2.5e21'],
  ])('count %d → %s', (value, text) => expect(formatCount(value)).toBe(text));

  it.each([
    [0.5, '0.5 ms'],
    [850, '850 ms'],
    [19_000, '19 s'],
    [52_700, '52.7 s'],
    [360_000, '6 min'],
    [7_200_000, '2 h'],
    [86_400_000, '24 h'],
    [1e9, '11.6 d'],
    [1e12, '11 574 d'],
  ])('duration %d ms → %s', (value, text) => expect(formatDuration(value)).toBe(text));

  it.each([
    [0, '0'],
    [200, '200'],
    [5_000, '5000'],
    [20_000, '20k'],
    [2_000_000, '2M'],
    [2.5e9, '2.5G'],
    [3e12, '3T'],
    [2e15, '2e15'],
    [2.5e15, '2.5e15'],
    [1e21, '1e21'],
  ])('axis tick %d → %s', (value, text) => expect(formatTick(value)).toBe(text));

  it('ratios keep one decimal below 100', () => {
    expect([formatRatio(5), formatRatio(0.94), formatRatio(4001)]).toEqual(['5.0×', '0.9×', '4 001×']);
  });
});

describe('summarizeResult', () => {
  it('gives calls, work, the recovery peak and p99 in one line', () => {
    expect(summarizeResult(simulate('exponential'))).toBe(
      '10 000 calls (10.0× the work), peak 5.0× capacity on recovery, p99 52.7 s',
    );
  });

  it('mentions clients that gave up', () => {
    expect(summarizeResult(simulate('exponential', { maxAttempts: 9 }))).toBe(
      '8 800 calls (8.8× the work), peak 5.0× capacity on recovery, p99 22.7 s, 600 clients gave up',
    );
  });

  it('says so when every client gives up before the server is back', () => {
    expect(summarizeResult(simulate('exponential', { maxAttempts: 3 }))).toBe(
      '3 000 calls (3.0× the work), every client gave up before the server was back',
    );
  });

  it('counts clients cut off by the horizon while the server is down the same way', () => {
    // Nothing is sent from 10 s on: 100 sends, every 100 ms, of 1 000 clients.
    const result = simulate('constant', { horizonMs: 10_000 });
    expect(summarizeResult(result)).toBe('100 000 calls (100× the work), every client gave up before the server was back');
  });
});
