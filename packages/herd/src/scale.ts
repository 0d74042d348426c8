import type { SimulationResult } from './model.js';

/** The step among 1, 2, 5 × 10^k that cuts [0, max] into about `target` pieces. */
export function niceStep(max: number, target: number): number {
  if (!(max > 0)) return 1;
  const raw = max / Math.max(1, target);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / magnitude;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * magnitude;
}

export interface YScale {
  kind: 'linear' | 'log';
  /** Top of the axis; larger values are drawn clipped at the top. */
  max: number;
  ticks: number[];
  /** Position of a value on the axis, 0 (bottom) to 1 (top), clipped. */
  position(value: number): number;
}

/**
 * One y scale for all curves of a chart, chosen to show the herd the recovering server
 * meets. Linear up to a little above the largest recovery peak (and at least twice the
 * capacity, so the capacity line sits low): the storm while the server is down goes off
 * the top, clipped, because every policy peaks there and none of it can be served. When
 * a recovery peak is more than LOG_ABOVE × the capacity (a tight retry loop among
 * backoffs) a linear axis would flatten every other curve onto the floor, so the axis
 * turns logarithmic, from a decade below a tenth of the capacity to above the peak.
 */
export function chooseYScale(results: readonly SimulationResult[]): YScale {
  const capacity = Math.max(1, ...results.map((r) => r.scenario.capacity));
  const recovery = Math.max(0, ...results.map((r) => r.recoveryPeakOffered));
  const peak = Math.max(1, ...results.map((r) => r.peakOffered));
  if (recovery > LOG_ABOVE * capacity) {
    const low = Math.max(0, Math.floor(Math.log10(capacity / 10)));
    const high = Math.max(low + 1, Math.ceil(Math.log10(peak)));
    const every = Math.ceil((high - low) / 6);
    const ticks: number[] = [0];
    for (let e = low; e <= high; e += every) ticks.push(10 ** e);
    // Zero has no place on a log axis; it gets the floor, one step below the lowest decade,
    // so that "nothing sent" does not read as 10 requests per second.
    const floor = LOG_FLOOR;
    return {
      kind: 'log',
      max: 10 ** high,
      ticks,
      position: (value) =>
        value <= 0 ? 0 : floor + (1 - floor) * Math.max(0, Math.min(1, (Math.log10(value) - low) / (high - low))),
    };
  }
  const top = Math.max(recovery * 1.1, capacity * 2);
  const step = niceStep(top, 4);
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step / 2; v += step) ticks.push(v);
  return { kind: 'linear', max, ticks, position: (value) => Math.max(0, Math.min(1, value / max)) };
}

/** Share of a log axis below its lowest decade, where zero sits. */
const LOG_FLOOR = 0.07;

/** Recovery peaks above this multiple of the capacity switch a chart to a log axis. */
export const LOG_ABOVE = 20;

export interface XScale {
  /** Seconds at the right end; the longest run, rounded up to a tick. */
  maxSeconds: number;
  ticks: number[];
}

/** Time axis spanning the longest run of the chart. */
export function chooseXScale(results: readonly SimulationResult[], target = 6): XScale {
  const seconds = Math.max(
    1,
    ...results.map((r) => (r.series.offered.length * r.scenario.windowMs) / 1000),
  );
  const step = niceStep(seconds, target);
  const maxSeconds = Math.ceil(seconds / step) * step;
  const ticks: number[] = [];
  for (let s = 0; s <= maxSeconds + step / 2; s += step) ticks.push(Math.round(s * 1e6) / 1e6);
  return { maxSeconds, ticks };
}

/** "0", "200", "5k", "1M", "2.5G", "3T", "2e15": axis labels stay short. */
export function formatTick(value: number): string {
  if (value >= 1e15) {
    const [mantissa, exponent] = value.toExponential(2).split('e+');
    return `${Number(mantissa)}e${exponent}`;
  }
  if (value >= 1e12 && value % 1e11 === 0) return `${trimZero(value / 1e12)}T`;
  if (value >= 1e9 && value % 1e8 === 0) return `${trimZero(value / 1e9)}G`;
  if (value >= 1e6 && value % 1e5 === 0) return `${trimZero(value / 1e6)}M`;
  if (value >= 1e4 && value % 100 === 0) return `${trimZero(value / 1e3)}k`;
  return String(Math.round(value * 1000) / 1000);
}

function trimZero(value: number): string {
  return String(Math.round(value * 10) / 10);
}
