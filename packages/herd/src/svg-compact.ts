import { NEUTRAL, curveColors } from './colors.js';
import { formatCount, summarizeResult } from './format.js';
import type { SimulationResult } from './model.js';
import { chooseXScale, chooseYScale, formatTick } from './scale.js';
import { escape, f, stepPath } from './svg.js';

export interface CompactSvgOptions {
  /** Width in CSS pixels (default 320). */
  width?: number;
  /** Height in CSS pixels (default 120). */
  height?: number;
  /** Curve colours, one per result; defaults to the colours the full chart gives them. */
  colors?: readonly string[];
}

/**
 * A small SVG chart for places with no room for a title or a legend, such as an editor
 * hover (about 320 × 120): offered requests per second, one curve per result, the outage
 * shaded, the capacity dashed, and only the y axis's top label and the time span as text.
 *
 * The chart is meant to be shown as an image (e.g. a data URI), where a
 * prefers-color-scheme query follows the operating system, not the editor's theme: so it
 * uses no media query, and draws its neutral ink in a grey that reads at 3:1 or more on
 * white and on dark editor backgrounds alike, like the curve colours. No ids, no fonts,
 * no scripts. Results are expected to share a scenario: the first one's is drawn.
 */
export function renderCompactSvg(results: SimulationResult | readonly SimulationResult[], options: CompactSvgOptions = {}): string {
  const list: readonly SimulationResult[] = Array.isArray(results) ? results : [results as SimulationResult];
  if (list.length === 0) throw new RangeError('renderCompactSvg needs at least one result');
  const width = options.width ?? 320;
  const height = options.height ?? 120;
  if (!(width >= 80 && height >= 40)) throw new RangeError(`renderCompactSvg needs at least 80 × 40 pixels, got ${width} × ${height}`);
  const scenario = list[0]!.scenario;
  const colors = options.colors ?? curveColors(list.map((r) => r.label));
  if (colors.length < list.length) throw new RangeError(`renderCompactSvg got ${colors.length} colours for ${list.length} results`);

  const ys = chooseYScale(list);
  const xs = chooseXScale(list, 2);
  const top = formatTick(ys.max);
  // Room on the left for the top label, at 10 px per ~6 px character.
  const left = Math.max(18, top.length * 6 + 6);
  const right = width - 4;
  const plotTop = 6;
  const plotBottom = height - 16;
  const plotHeight = plotBottom - plotTop;
  const x = (ms: number): number => left + (ms / 1000 / xs.maxSeconds) * (right - left);
  const y = (value: number): number => plotBottom - ys.position(value) * plotHeight;
  const ink = NEUTRAL.dark;

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-size="10">`,
    `<desc>${escape(list.map((r) => `${r.label}: ${summarizeResult(r)}`).join('. '))}</desc>`,
  ];
  const outageEnd = Math.min(scenario.outageMs, xs.maxSeconds * 1000);
  if (outageEnd > 0) {
    out.push(`<rect x="${f(x(0))}" y="${plotTop}" width="${f(x(outageEnd) - x(0))}" height="${plotHeight}" fill="${ink}" fill-opacity="0.18"/>`);
  }
  out.push(
    `<line x1="${left}" y1="${plotBottom}" x2="${right}" y2="${plotBottom}" stroke="${ink}"/>`,
    `<text x="${left - 3}" y="${plotTop}" dy="0.7em" text-anchor="end" fill="${ink}">${escape(top)}</text>`,
    `<text x="${left - 3}" y="${plotBottom}" text-anchor="end" fill="${ink}">0</text>`,
    `<text x="${left}" y="${height - 3}" fill="${ink}">0 s</text>`,
    `<text x="${right}" y="${height - 3}" text-anchor="end" fill="${ink}">${escape(`${formatTick(xs.maxSeconds)} s`)}</text>`,
  );
  list.forEach((result, i) => {
    out.push(
      `<path fill="none" stroke="${escape(colors[i]!)}" stroke-width="1.5" stroke-linejoin="round" d="${stepPath(result, x, y)}"/>`,
    );
  });
  const cy = f(y(scenario.capacity));
  out.push(
    `<line x1="${left}" y1="${cy}" x2="${right}" y2="${cy}" stroke="${ink}" stroke-dasharray="4 3"/>`,
    `<text x="${f((left + right) / 2)}" y="${height - 3}" text-anchor="middle" fill="${ink}">${escape(`capacity ${formatCount(scenario.capacity)}/s dashed`)}</text>`,
    '</svg>',
  );
  return out.join('');
}

/** Per-window counts as steps, ending with a drop to zero where the run ends. */
