import { NEUTRAL, curveColors } from './colors.js';
import { formatCount, formatDuration, summarizeResult } from './format.js';
import type { SimulationResult } from './model.js';
import { chooseXScale, chooseYScale, formatTick } from './scale.js';

export interface SvgOptions {
  /** Heading above the chart. */
  title?: string;
  /** Width in CSS pixels (default 720); the height follows from the legend. */
  width?: number;
  /**
   * The legend names the curves only, without each one's numbers, and the subtitle is short:
   * for a page that shows the numbers in a table of its own beside a narrow chart.
   */
  labelsOnly?: boolean;
}

const PLOT_HEIGHT = 240;
const MARGIN = { left: 64, right: 20, top: 66 } as const;
const LEGEND_ROW = 20;
/** Average advance of a 12 px sans-serif character, to keep labels apart. */
const CHAR_WIDTH = 6.5;

/**
 * A self-contained SVG chart of offered requests per second, one curve per result, with
 * the outage shaded and the capacity dashed. No external fonts, CSS or ids (so several
 * charts can be inlined on one page); neutral ink follows prefers-color-scheme and the
 * curve colours read on light and dark backgrounds alike. Results are expected to share
 * a scenario: the first one's capacity and outage are drawn.
 */
export function renderSvg(results: SimulationResult | readonly SimulationResult[], options: SvgOptions = {}): string {
  const list: readonly SimulationResult[] = Array.isArray(results) ? results : [results as SimulationResult];
  if (list.length === 0) throw new RangeError('renderSvg needs at least one result');
  const scenario = list[0]!.scenario;
  const width = options.width ?? 720;
  const plotLeft = MARGIN.left;
  const plotRight = width - MARGIN.right;
  const plotTop = MARGIN.top;
  const plotBottom = plotTop + PLOT_HEIGHT;
  const legendTop = plotBottom + 52;
  // A legend entry whose summary does not fit beside its label goes on two lines.
  const legendWidth = plotRight - plotLeft - 30;
  const legend = list.map((result) => {
    const summary = options.labelsOnly ? '' : summarizeResult(result);
    const wide = (result.label.length * 1.1 + 2 + summary.length) * CHAR_WIDTH > legendWidth;
    return { label: result.label, summary, wide };
  });
  const legendRows = legend.reduce((rows, entry) => rows + (entry.wide ? 1.8 : 1), 0);
  const height = Math.round(legendTop + legendRows * LEGEND_ROW + 8);

  const xs = chooseXScale(list, Math.max(3, Math.round((plotRight - plotLeft) / 90)));
  const ys = chooseYScale(list);
  const x = (ms: number): number => plotLeft + (ms / 1000 / xs.maxSeconds) * (plotRight - plotLeft);
  const y = (value: number): number => plotBottom - ys.position(value) * PLOT_HEIGHT;
  const colors = curveColors(list.map((r) => r.label));

  const title = options.title ?? 'Requests per second while the server recovers';
  const peak = Math.max(...list.map((r) => r.peakOffered));
  const subtitle = options.labelsOnly
    ? `${formatCount(scenario.clients)} clients · down ${formatDuration(scenario.outageMs)} · ${formatCount(scenario.capacity)} req/s`
    : `${formatCount(scenario.clients)} clients fail at once · server down for ${formatDuration(scenario.outageMs)}` +
      ` · capacity ${formatCount(scenario.capacity)} requests/s`;
  const note =
    ys.kind === 'log'
      ? 'logarithmic scale'
      : peak > ys.max
        ? `axis cut at ${formatCount(ys.max)}/s; up to ${formatCount(peak)}/s while down`
        : '';

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="rh-herd" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">`,
    `<title>${escape(title)}</title>`,
    `<desc>${escape(list.map((r) => `${r.label}: ${summarizeResult(r)}`).join('. '))}</desc>`,
    '<style>',
    `.rh-herd{color:${NEUTRAL.light};font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:12px}`,
    `@media (prefers-color-scheme:dark){.rh-herd{color:${NEUTRAL.dark}}}`,
    '.rh-herd text{fill:currentColor}',
    '.rh-herd .rh-title{font-size:15px;font-weight:600}',
    '.rh-herd .rh-label{font-weight:600}',
    '.rh-herd .rh-curve{fill:none;stroke-width:2;stroke-linejoin:round;stroke-linecap:round}',
    '</style>',
    `<text class="rh-title" x="${plotLeft}" y="22">${escape(title)}</text>`,
    `<text x="${plotLeft}" y="41">${escape(subtitle)}</text>`,
  );

  // The row just above the plot: inside it, curves cut at the top would run through text.
  if (note) out.push(`<text x="${plotRight}" y="${plotTop - 7}" text-anchor="end">${escape(note)}</text>`);
  // The outage: nothing can be served there, whatever is offered.
  const outageEnd = Math.min(scenario.outageMs, xs.maxSeconds * 1000);
  if (outageEnd > 0) {
    const clash = x(outageEnd) > plotRight - note.length * CHAR_WIDTH - 12;
    out.push(
      `<rect x="${f(x(0))}" y="${plotTop}" width="${f(x(outageEnd) - x(0))}" height="${PLOT_HEIGHT}" fill="currentColor" fill-opacity="0.12"/>`,
      clash
        ? `<text x="${f(x(0))}" y="${plotTop - 7}">server down</text>`
        : `<text x="${f(x(outageEnd))}" y="${plotTop - 7}" text-anchor="end">server down</text>`,
    );
  }

  for (const tick of ys.ticks) {
    const ty = f(y(tick));
    out.push(
      `<line x1="${plotLeft}" y1="${ty}" x2="${plotRight}" y2="${ty}" stroke="currentColor" stroke-opacity="${tick === ys.ticks[0] ? 0.7 : 0.18}"/>`,
      `<text x="${plotLeft - 8}" y="${ty}" dy="0.32em" text-anchor="end">${formatTick(tick)}</text>`,
    );
  }
  for (const tick of xs.ticks) {
    const tx = f(x(tick * 1000));
    out.push(
      `<line x1="${tx}" y1="${plotBottom}" x2="${tx}" y2="${plotBottom + 5}" stroke="currentColor" stroke-opacity="0.7"/>`,
      `<text x="${tx}" y="${plotBottom + 19}" text-anchor="middle">${formatTick(tick)}</text>`,
    );
  }
  out.push(
    `<line x1="${plotLeft}" y1="${plotTop}" x2="${plotLeft}" y2="${plotBottom}" stroke="currentColor" stroke-opacity="0.7"/>`,
    `<text x="${f((plotLeft + plotRight) / 2)}" y="${plotBottom + 38}" text-anchor="middle">seconds since the outage began</text>`,
    `<text transform="translate(16 ${f((plotTop + plotBottom) / 2)}) rotate(-90)" text-anchor="middle">requests per second</text>`,
  );

  list.forEach((result, i) => {
    out.push(`<path class="rh-curve" stroke="${colors[i]!}" d="${stepPath(result, x, y)}"/>`);
  });

  // Capacity last, so that it stays visible where curves run along it.
  const cy = f(y(scenario.capacity));
  out.push(
    `<line x1="${plotLeft}" y1="${cy}" x2="${plotRight}" y2="${cy}" stroke="currentColor" stroke-width="1.5" stroke-dasharray="6 4"/>`,
    `<text x="${plotRight}" y="${f(y(scenario.capacity) - 6)}" text-anchor="end">capacity ${formatCount(scenario.capacity)}/s</text>`,
  );

  let ly = legendTop;
  legend.forEach(({ label, summary, wide }, i) => {
    out.push(
      `<line x1="${plotLeft}" y1="${ly}" x2="${plotLeft + 22}" y2="${ly}" stroke="${colors[i]!}" stroke-width="3" stroke-linecap="round"/>`,
      wide
        ? `<text x="${plotLeft + 30}" y="${ly}" dy="0.32em"><tspan class="rh-label">${escape(label)}</tspan>` +
            `<tspan x="${plotLeft + 30}" dy="16">${escape(summary)}</tspan></text>`
        : `<text x="${plotLeft + 30}" y="${ly}" dy="0.32em"><tspan class="rh-label">${escape(label)}</tspan>  ${escape(summary)}</text>`,
    );
    ly += (wide ? 1.8 : 1) * LEGEND_ROW;
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** Per-window counts as steps, ending with a drop to zero where the run ends. */
/** The offered-load curve as an SVG step path (shared by the full and the compact chart). */
export function stepPath(result: SimulationResult, x: (ms: number) => number, y: (v: number) => number): string {
  const { offered } = result.series;
  const windowMs = result.scenario.windowMs;
  const parts = [`M${f(x(0))} ${f(y(offered[0] ?? 0))}`];
  let last = offered[0] ?? 0;
  for (let w = 1; w < offered.length; w++) {
    const value = offered[w]!;
    if (value === last) continue;
    parts.push(`H${f(x(w * windowMs))}V${f(y(value))}`);
    last = value;
  }
  parts.push(`H${f(x(offered.length * windowMs))}V${f(y(0))}`);
  return parts.join('');
}

export function f(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
