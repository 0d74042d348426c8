import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatRatio, simulate, summarizeResult } from '../src/index.js';

describe('number formats', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [9_468, '9 468'],
    [120_800, '120 800'],
    [12_001_000, '12.0 M'],
    [2.5e9, '2.5 G'],
  ])('count %d → %s', (value, text) => expect(formatCount(value)).toBe(text));

  it.each([
    [0.5, '0.5 ms'],
    [850, '850 ms'],
    [19_000, '19 s'],
    [52_700, '52.7 s'],
    [360_000, '6 min'],
    [7_200_000, '2 h'],
  ])('duration %d ms → %s', (value, text) => expect(formatDuration(value)).toBe(text));

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
