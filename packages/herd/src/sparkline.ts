import type { SimulationResult } from './model.js';
import { chooseYScale } from './scale.js';

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

export interface SparklineOptions {
  /**
   * Characters at most. A longer series is cut into this many runs of neighbouring
   * values and each run drawn as its largest value, so a one-window spike is never
   * averaged away.
   */
  width?: number;
  /** Value drawn as a full block, larger ones clipped to it; defaults to the series'
   * largest. Pass the same max to sparklines read side by side so their heights compare. */
  max?: number;
  /** Height of a value from 0 to 1, instead of value / max (e.g. a chart's log axis). */
  position?: (value: number) => number;
}

/**
 * One line of Unicode block characters, for hovers and terminals. Zero is a space, so
 * the gaps between synchronised waves stay visible; any positive value is at least ▁.
 */
export function sparkline(series: readonly number[], options: SparklineOptions = {}): string {
  const values = downsample(series, options.width);
  const max = options.max ?? values.reduce((a, b) => (b > a ? b : a), 0);
  const position = options.position ?? ((value: number) => value / max);
  let line = '';
  for (const value of values) {
    if (!(value > 0) || !(max > 0)) {
      line += ' ';
      continue;
    }
    const level = Math.min(BLOCKS.length, Math.max(1, Math.ceil(position(value) * BLOCKS.length)));
    line += BLOCKS[level - 1]!;
  }
  return line;
}

function downsample(series: readonly number[], width: number | undefined): number[] {
  if (width === undefined || series.length <= width || width < 1) return [...series];
  const out: number[] = [];
  for (let i = 0; i < width; i++) {
    const from = Math.floor((i * series.length) / width);
    const to = Math.floor(((i + 1) * series.length) / width);
    let largest = 0;
    for (let j = from; j < to; j++) largest = Math.max(largest, series[j]!);
    out.push(largest);
  }
  return out;
}

/**
 * Sparklines of several results on the y scale their chart would use (chooseYScale), so
 * a hover's lines match the SVG: the recovery is visible, the outage storm clipped.
 */
export function herdSparklines(results: readonly SimulationResult[], width?: number): string[] {
  const scale = chooseYScale(results);
  return results.map((result) =>
    sparkline(result.series.offered, { max: scale.max, position: scale.position, ...(width === undefined ? {} : { width }) }),
  );
}
