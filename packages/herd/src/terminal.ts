import { formatCount, formatDuration, formatRatio } from './format.js';
import type { SimulationResult } from './model.js';
import { chooseYScale, formatTick, niceStep } from './scale.js';

export interface TerminalOptions {
  /** Columns available (default 80). */
  width?: number;
  /** Rows of bars per chart (default 8). */
  height?: number;
  /** ANSI colour; only for a TTY (default false). */
  color?: boolean;
}

const EIGHTHS = ['', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;
const ANSI = {
  reset: '\x1b[0m',
  bold: '\x1b[1m',
  dim: '\x1b[2m',
  red: '\x1b[31m',
  green: '\x1b[32m',
} as const;

/**
 * Bar charts of offered requests per second, one per result, stacked on a shared time
 * axis. Each chart has its own y scale (chooseYScale): a tight loop's storm and a jittered
 * trickle cannot share a linear axis, and each chart's dashed capacity line is the
 * yardstick to read it against. With colour, a second is grey while the server is down,
 * red when more was offered than the capacity, green otherwise.
 */
export function renderTerminal(results: SimulationResult | readonly SimulationResult[], options: TerminalOptions = {}): string {
  const list: readonly SimulationResult[] = Array.isArray(results) ? results : [results as SimulationResult];
  if (list.length === 0) return '';
  const width = Math.max(30, options.width ?? 80);
  const rows = Math.max(3, options.height ?? 7);
  const paint = (code: string, text: string): string => (options.color ? `${code}${text}${ANSI.reset}` : text);

  const scales = list.map((result) => chooseYScale([result]));
  const gutter =
    Math.max(...list.flatMap((r, i) => [scales[i]!.max, r.scenario.capacity].map((v) => formatTick(v).length))) + 1;
  const plotWidth = width - gutter - 2;
  const windows = Math.max(1, ...list.map((r) => r.series.offered.length));
  // Several columns per second when there is room, several seconds per column when not.
  const perWindow = windows <= plotWidth ? Math.max(1, Math.min(4, Math.floor(plotWidth / windows))) : 1;
  const perColumn = windows <= plotWidth ? 1 : Math.ceil(windows / plotWidth);
  const columns = perColumn === 1 ? windows * perWindow : Math.ceil(windows / perColumn);

  const out: string[] = [];
  let cut = false;
  list.forEach((result, index) => {
    const ys = scales[index]!;
    const { capacity, windowMs, outageMs } = result.scenario;
    const p99 = result.p99Ms === null ? 'nobody succeeds' : `p99 ${formatDuration(result.p99Ms)}`;
    const scale = ys.kind === 'log' ? ' (log scale)' : '';
    const header = `${result.label} — ${formatCount(result.totalCalls)} calls, ${formatRatio(result.recoveryPeakOverCapacity)} capacity on recovery, ${p99}${scale}`;
    out.push(paint(ANSI.bold, clip(header, width)));
    if (ys.kind === 'linear' && result.peakOffered > ys.max) cut = true;

    const cells: { eighths: number; tone: string }[] = [];
    for (let col = 0; col < columns; col++) {
      const from = perColumn === 1 ? Math.floor(col / perWindow) : col * perColumn;
      const to = perColumn === 1 ? from + 1 : Math.min(windows, from + perColumn);
      let value = 0;
      for (let w = from; w < to; w++) value = Math.max(value, result.series.offered[w] ?? 0);
      const eighths = value > 0 ? Math.max(1, Math.round(ys.position(value) * rows * 8)) : 0;
      const tone = to * windowMs <= outageMs ? ANSI.dim : value > capacity ? ANSI.red : ANSI.green;
      cells.push({ eighths, tone });
    }
    const capacityRow = Math.min(rows - 1, Math.floor(ys.position(capacity) * rows));
    const labels = new Map<number, string>([
      [0, '0'],
      [rows - 1, formatTick(ys.max)],
      [capacityRow, formatTick(capacity)],
    ]);
    for (let row = rows - 1; row >= 0; row--) {
      const label = labels.get(row) ?? '';
      const axis = row === capacityRow ? '┼' : label ? '┤' : '│';
      let line = '';
      for (const { eighths, tone } of cells) {
        const fill = Math.min(8, Math.max(0, eighths - row * 8));
        if (fill === 0) line += row === capacityRow ? '╌' : ' ';
        else line += paint(tone, EIGHTHS[fill]!);
      }
      out.push(`${label.padStart(gutter - 1)} ${axis}${line}`.trimEnd());
    }
    out.push(...xAxis(gutter, columns, perWindow, perColumn, list[0]!.scenario.windowMs));
  });
  out.push(clip('Requests offered per second; ╌ is the capacity. Each chart has its own scale.', width));
  if (cut) out.push(clip('Bars are cut at the top: while the server is down the load is higher.', width));
  return out.join('\n') + '\n';
}

/** The time axis under a chart: ticks on the axis line, seconds under them. */
function xAxis(gutter: number, columns: number, perWindow: number, perColumn: number, windowMs: number): string[] {
  const secondsPerColumn = (perColumn * windowMs) / 1000 / perWindow;
  const span = columns * secondsPerColumn;
  const step = niceStep(span, Math.max(2, Math.floor(columns / 8)));
  const axis = ['└', ...'─'.repeat(columns)];
  let labels = '';
  for (let s = 0; s <= span; s += step) {
    const col = Math.round(s / secondsPerColumn);
    if (col > 0 && col <= columns) axis[col] = '┬';
    const at = gutter + 1 + col;
    // Skip a label that would run into the previous one.
    if (at > labels.length || labels.length === 0) labels = labels.padEnd(at) + formatTick(s);
  }
  return [' '.repeat(gutter) + axis.join(''), `${labels} s`];
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** The results side by side: one row per policy. The failed column only when someone gave up. */
export function renderTable(results: readonly SimulationResult[]): string {
  const time = (ms: number | null): string => (ms === null ? '—' : formatDuration(ms));
  const columns: [header: string, cell: (r: SimulationResult) => string][] = [
    ['policy', (r) => clip(r.label, 28)],
    ['calls', (r) => formatCount(r.totalCalls)],
    ['failed', (r) => formatCount(r.failedClients)],
    ['peak', (r) => formatRatio(r.peakOverCapacity)],
    ['recovery', (r) => formatRatio(r.recoveryPeakOverCapacity)],
    ['last over', (r) => time(r.settledAtMs)],
    ['p50', (r) => time(r.p50Ms)],
    ['p99', (r) => time(r.p99Ms)],
    ['max', (r) => time(r.maxMs)],
  ];
  const shown = results.some((r) => r.failedClients > 0) ? columns : columns.filter(([header]) => header !== 'failed');
  const rows = [shown.map(([header]) => header), ...results.map((r) => shown.map(([, cell]) => cell(r)))];
  const widths = shown.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return rows.map(line).join('\n') + '\n';
}
