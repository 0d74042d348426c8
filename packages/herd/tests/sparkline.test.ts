import { describe, expect, it } from 'vitest';
import { herdSparklines, simulate, sparkline } from '../src/index.js';

describe('sparkline', () => {
  it('maps values to eighths of the largest; zero is a space', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7, 8])).toBe(' ▁▂▃▄▅▆▇█');
  });

  it('keeps any positive value visible', () => {
    expect(sparkline([1000, 1])).toBe('█▁');
  });

  it('scales to a given max and clips above it', () => {
    expect(sparkline([8, 0, 4, 40], { max: 16 })).toBe('▄ ▂█');
  });

  it('fits a width by keeping the largest of each run, so a spike survives', () => {
    expect(sparkline([1, 9, 0, 0, 0, 0, 0, 0, 0, 2], { width: 5 })).toBe('█   ▂');
    expect(sparkline([0, 0, 0, 7, 0, 0, 0, 0], { width: 2 })).toBe('█ ');
  });

  it('is empty for an empty series and blank for all zeros', () => {
    expect(sparkline([])).toBe('');
    expect(sparkline([0, 0])).toBe('  ');
  });
});

describe('herdSparklines', () => {
  it("shows exponential backoff's waves on the chart's scale", () => {
    const [line] = herdSparklines([simulate('exponential')]);
    const marked = [...line!].flatMap((ch, w) => (ch === ' ' ? [] : [w]));
    expect(marked).toEqual([0, 1, 3, 6, 12, 22, 32, 42, 52]);
    // Recovery waves shrink by 200 each: the heights never grow.
    const heights = [12, 22, 32, 42, 52].map((w) => ' ▁▂▃▄▅▆▇█'.indexOf([...line!][w]!));
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    expect(heights[0]).toBeGreaterThan(heights[4]!);
  });

  it('puts two policies on one scale, so the jittered one reads lower on recovery', () => {
    const [exponential, full] = herdSparklines([simulate('exponential'), simulate('full')]);
    const level = (line: string, w: number): number => ' ▁▂▃▄▅▆▇█'.indexOf([...line][w] ?? ' ');
    expect(level(exponential!, 12)).toBeGreaterThan(Math.max(...[10, 11, 12, 13, 14].map((w) => level(full!, w))));
  });
});
