import { describe, expect, it } from 'vitest';
import { renderTable, renderTerminal, simulate, STRATEGY_NAMES } from '../src/index.js';

const ANSI = /\x1b\[/;
const width = (line: string): number => [...line].length;

describe('renderTerminal', () => {
  it('fits 80 columns, for every strategy and for runs longer than the width', () => {
    const results = STRATEGY_NAMES.map((s) => simulate(s));
    const long = simulate('full', { capacity: 4 });
    expect(long.series.offered.length).toBeGreaterThan(80);
    for (const chart of [renderTerminal(results), renderTerminal(long), renderTerminal(results, { color: true })]) {
      for (const line of chart.replace(/\x1b\[\d+m/g, '').split('\n')) expect(width(line)).toBeLessThanOrEqual(80);
    }
  });

  it('uses ANSI colour only when asked', () => {
    const exponential = simulate('exponential');
    expect(renderTerminal(exponential)).not.toMatch(ANSI);
    expect(renderTerminal(exponential, { color: true })).toMatch(ANSI);
  });

  it('draws a bar for each wave and nothing between them', () => {
    const chart = renderTerminal(simulate('exponential')).split('\n');
    const axis = chart.findIndex((line) => line.includes('└'));
    const origin = [...chart[axis]!].indexOf('└');
    const column = (second: number): string[] => chart.slice(1, axis).map((line) => [...line][origin + 1 + second] ?? ' ');
    const filled = (second: number): number => column(second).filter((ch) => ch !== ' ' && ch !== '╌').length;
    for (const second of [12, 22, 32, 42, 52]) expect(filled(second)).toBeGreaterThan(0);
    for (const second of [13, 21, 30, 51]) expect(filled(second)).toBe(0);
    // The first wave (1 000) is taller than the last (200).
    expect(filled(12)).toBeGreaterThan(filled(52));
    expect(chart[0]).toBe('exponential — 10 000 calls, 5.0× capacity on recovery, p99 52.7 s');
  });

  it('labels the capacity row and the time axis in seconds', () => {
    const chart = renderTerminal(simulate('full'));
    expect(chart).toMatch(/^ *200 ┼/m);
    expect(chart).toMatch(/^ +0 +5 +10 +15 +20 s$/m);
  });
});

describe('renderTable', () => {
  it('leaves out the failed column when every client succeeded', () => {
    const table = renderTable([simulate('exponential')]).split('\n');
    expect(table[0]!.split(/\s{2,}/)).toEqual(['policy', 'calls', 'peak', 'recovery', 'last over', 'p50', 'p99', 'max']);
    expect(width(table[0]!)).toBeLessThanOrEqual(80);
  });

  it('lists one row per result under a header', () => {
    const table = renderTable([simulate('exponential'), simulate('exponential', { maxAttempts: 9 })]).trimEnd().split('\n');
    expect(table).toHaveLength(3);
    expect(table[0]!.split(/\s{2,}/)).toEqual(['policy', 'calls', 'failed', 'peak', 'recovery', 'last over', 'p50', 'p99', 'max']);
    expect(table[1]!.split(/\s{2,}/)).toEqual(['exponential', '10 000', '0', '20.0×', '5.0×', '42 s', '32.7 s', '52.7 s', '52.7 s']);
    expect(table[2]!.split(/\s{2,}/)).toEqual(['exponential', '8 800', '600', '20.0×', '5.0×', '22 s', '12.7 s', '22.7 s', '22.7 s']);
  });
});
