import { describe, expect, it } from 'vitest';
import { renderSvg, simulate, summarizeResult, type SimulationResult } from '../src/index.js';
import { findAll, parseXml, textOf, type XmlElement } from './xml.js';

const exponential = simulate('exponential');
const full = simulate('full');
const decorrelated = simulate('decorrelated');

function texts(root: XmlElement): string[] {
  return findAll(root, (e) => e.name === 'text').map(textOf);
}

/** The x and y of the axis ticks labelled `label` (text elements are placed at the tick). */
function tickY(root: XmlElement, label: string): number {
  const text = findAll(root, (e) => e.name === 'text' && e.attributes['text-anchor'] === 'end' && textOf(e) === label)[0];
  if (!text) throw new Error(`no y tick ${label}`);
  return Number(text.attributes.y);
}
function tickX(root: XmlElement, label: string): number {
  const text = findAll(root, (e) => e.name === 'text' && e.attributes['text-anchor'] === 'middle' && textOf(e) === label)[0];
  if (!text) throw new Error(`no x tick ${label}`);
  return Number(text.attributes.x);
}

/** Corners of a step path made of M, H and V commands. */
function corners(d: string): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (const [, command, value] of d.matchAll(/([MHV])([-\d.]+(?: [-\d.]+)?)/g)) {
    const numbers = value!.split(' ').map(Number);
    if (command === 'M') [x, y] = [numbers[0]!, numbers[1]!];
    else if (command === 'H') x = numbers[0]!;
    else y = numbers[0]!;
    points.push([x, y]);
  }
  return points;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('renderSvg', () => {
  const svg = renderSvg([exponential, full, decorrelated]);
  const root = parseXml(svg);

  it('is a well-formed, self-contained SVG document with a viewBox', () => {
    expect(root.name).toBe('svg');
    expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(root.attributes.viewBox).toMatch(/^0 0 720 \d+$/);
    expect(svg).not.toMatch(/href|url\(|@import|@font-face/);
    expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:/);
  });

  it('has one curve per result and a legend naming each with its summary', () => {
    const curves = findAll(root, (e) => e.name === 'path' && e.attributes.class === 'rh-curve');
    expect(curves).toHaveLength(3);
    expect(new Set(curves.map((c) => c.attributes.stroke)).size).toBe(3);
    const all = texts(root).join('\n');
    expect(all).toContain('exponential  10 000 calls (10.0× the work), peak 5.0× capacity on recovery, p99 52.7 s');
    expect(all).toContain('full  ');
    expect(all).toContain('decorrelated  ');
    expect(textOf(findAll(root, (e) => e.name === 'title')[0]!)).toBe('Requests per second while the server recovers');
  });

  it('draws the capacity as a dashed line at its value on the y axis', () => {
    const dashed = findAll(root, (e) => e.name === 'line' && e.attributes['stroke-dasharray'] !== undefined);
    expect(dashed).toHaveLength(1);
    // Linear axis: 200 sits a fifth of the way from 0 to 1 000.
    const y0 = tickY(root, '0');
    const y1000 = tickY(root, '1000');
    expect(Number(dashed[0]!.attributes.y1)).toBeCloseTo(y0 + ((y1000 - y0) * 200) / 1000, 0);
    expect(texts(root)).toContain('capacity 200/s');
  });

  it('plots the exponential waves at their times and heights, with the x axis spanning the longest run', () => {
    const x0 = tickX(root, '0');
    const x10 = tickX(root, '10');
    const x = (seconds: number): number => x0 + ((x10 - x0) * seconds) / 10;
    const y0 = tickY(root, '0');
    const y1000 = tickY(root, '1000');
    const d = findAll(root, (e) => e.name === 'path' && e.attributes.stroke === '#be4bdb')[0]!.attributes.d!;
    const points = corners(d);
    for (const [second, height] of [[12, 1000], [22, 800], [52, 200]] as const) {
      const y = y0 + ((y1000 - y0) * height) / 1000;
      expect(points.some(([px, py]) => Math.abs(px - x(second)) < 0.1 && Math.abs(py - y) < 0.1)).toBe(true);
    }
    // Exponential's run is 53 s; the axis ends at the next tick.
    expect(texts(root)).toContain('60');
    expect(texts(root)).not.toContain('70');
  });

  it('cuts the outage storm off the top of a linear axis, and says so', () => {
    expect(texts(root).join('\n')).toMatch(/axis cut at 1 500\/s; up to 4 9\d\d\/s while down/);
    expect(texts(root)).toContain('server down');
  });

  it('switches to a log axis when a tight loop would flatten every other curve', () => {
    const tight = parseXml(renderSvg([simulate('constant', { baseMs: 1 }), exponential]));
    const labels = texts(tight);
    expect(labels).toContain('logarithmic scale');
    expect(labels).toContain('1M');
    expect(labels).toContain('100');
  });

  it('is readable in light and dark themes: neutral ink follows the colour scheme, curves contrast with both', () => {
    expect(svg).toMatch(/@media \(prefers-color-scheme:dark\)/);
    const strokes = findAll(root, (e) => e.name === 'path').map((e) => e.attributes.stroke!);
    const six = renderSvg((['constant', 'linear', 'exponential', 'full', 'equal', 'decorrelated'] as const).map((s) => simulate(s)));
    strokes.push(...findAll(parseXml(six), (e) => e.name === 'path').map((e) => e.attributes.stroke!));
    const inks = [...svg.matchAll(/color:(#[0-9a-f]{6})/g)].map((m) => m[1]!);
    expect(inks).toHaveLength(2);
    for (const colour of [...strokes, ...inks]) {
      for (const background of ['#ffffff', '#1e1e1e', '#0d1117']) {
        expect(contrast(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('puts a long legend entry on two lines and grows to fit it', () => {
    const long: SimulationResult = { ...exponential, label: 'exponential 200 ms ×2 ≤ 20 s, full jitter, 8 attempts, 60 s deadline' };
    const short = parseXml(renderSvg(exponential));
    const wrapped = parseXml(renderSvg(long));
    const height = (root: XmlElement): number => Number(root.attributes.viewBox!.split(' ')[3]);
    expect(height(wrapped)).toBeGreaterThan(height(short));
    const entry = findAll(wrapped, (e) => e.name === 'text' && textOf(e).startsWith(long.label))[0]!;
    expect(entry.children.map(textOf)).toEqual([long.label, summarizeResult(long)]);
  });

  it('names the curves only, with a short subtitle, for a page that shows the numbers itself (labelsOnly)', () => {
    const root = parseXml(renderSvg([{ ...exponential, label: 'this retry' }, { ...full, label: 'quick fix' }], { width: 420, labelsOnly: true }));
    const all = texts(root);
    expect(all).toContain('1 000 clients · down 10 s · 200 req/s');
    expect(all.filter((t) => t.startsWith('this retry') || t.startsWith('quick fix')).map((t) => t.trim())).toEqual(['this retry', 'quick fix']);
    expect(all.some((t) => t.includes(summarizeResult(exponential)))).toBe(false);
  });

  it('escapes labels', () => {
    const odd: SimulationResult = { ...exponential, label: 'a < b & "c"' };
    const parsed = parseXml(renderSvg(odd));
    expect(texts(parsed).join('\n')).toContain('a < b & "c"');
  });

  it('needs at least one result', () => {
    expect(() => renderSvg([])).toThrow(RangeError);
  });
});
