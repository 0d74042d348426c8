import { describe, expect, it } from 'vitest';
import { renderCompactSvg, simulate, summarizeResult } from '../src/index.js';
import { findAll, parseXml, textOf } from './xml.js';

const fixed = simulate({ maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' });
const full = simulate('full');

describe('renderCompactSvg', () => {
  const svg = renderCompactSvg([fixed, full], { colors: ['#e8590c', '#1c7ed6'] });
  const root = parseXml(svg);

  it('is a 320 × 120 chart by default, well-formed, with no title, legend, style or script', () => {
    expect(root.name).toBe('svg');
    expect(root.attributes).toMatchObject({ width: '320', height: '120', viewBox: '0 0 320 120' });
    expect(findAll(root, (e) => ['title', 'style', 'script', 'foreignObject', 'image'].includes(e.name))).toEqual([]);
    // No text names a curve: the only labels are the axis ends and the capacity note.
    expect(findAll(root, (e) => e.name === 'text').map(textOf)).toEqual(['1500', '0', '0 s', '20 s', 'capacity 200/s dashed']);
    expect(svg).not.toMatch(/\bid=|prefers-color-scheme|url\(/);
  });

  it('draws one curve per result in the given colours, the outage shaded and the capacity dashed', () => {
    const paths = findAll(root, (e) => e.name === 'path');
    expect(paths.map((p) => p.attributes.stroke)).toEqual(['#e8590c', '#1c7ed6']);
    for (const p of paths) expect(p.attributes.d).toMatch(/^M[\d.]+ [\d.]+(H[\d.]+V[\d.]+)+$/);
    const [outage] = findAll(root, (e) => e.name === 'rect');
    // 10 s of a 20 s axis that starts after the "1500" label (x = 30) and ends at x = 316.
    expect(Number(outage!.attributes.x)).toBe(30);
    expect(Number(outage!.attributes.width)).toBe(143);
    const dashed = findAll(root, (e) => e.name === 'line' && e.attributes['stroke-dasharray'] !== undefined);
    expect(dashed).toHaveLength(1);
    // Capacity 200 on an axis that tops at 1 500, plot from y = 6 to y = 104.
    expect(Number(dashed[0]!.attributes.y1)).toBe(Math.round((104 - (200 / 1500) * 98) * 10) / 10);
  });

  it('says what it shows in a desc for screen readers', () => {
    const [desc] = findAll(root, (e) => e.name === 'desc');
    expect(textOf(desc!)).toBe(`${fixed.label}: ${summarizeResult(fixed)}. full: ${summarizeResult(full)}`);
  });

  it('uses only inks that read on light and dark backgrounds (no currentColor, no media query)', () => {
    expect(svg).not.toContain('currentColor');
    const fills = new Set(findAll(root, (e) => e.name === 'text').map((e) => e.attributes.fill));
    expect([...fills]).toEqual(['#8b949e']);
  });

  it('stays small enough for a data URI in a hover', () => {
    expect(Buffer.byteLength(svg)).toBeLessThan(4000);
  });

  it('takes other sizes, default colours and a single result', () => {
    const one = parseXml(renderCompactSvg(full, { width: 200, height: 80 }));
    expect(one.attributes).toMatchObject({ width: '200', height: '80' });
    expect(findAll(one, (e) => e.name === 'path').map((p) => p.attributes.stroke)).toEqual(['#1c7ed6']);
  });

  it('rejects no results, too small a size and missing colours', () => {
    expect(() => renderCompactSvg([])).toThrow(RangeError);
    expect(() => renderCompactSvg(full, { width: 40 })).toThrow(/at least 80 × 40/);
    expect(() => renderCompactSvg([fixed, full], { colors: ['#000'] })).toThrow(/1 colours for 2 results/);
  });

  it('escapes what it writes', () => {
    const labelled = { ...full, label: '<a & "b">' };
    expect(() => parseXml(renderCompactSvg(labelled))).not.toThrow();
  });
});
