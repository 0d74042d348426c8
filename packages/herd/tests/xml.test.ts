import { describe, expect, it } from 'vitest';
import { parseXml, textOf } from './xml.js';

// The SVG tests lean on this parser, so it must reject what XML rejects.
describe('the test XML parser', () => {
  it('parses elements, attributes, entities and nested text', () => {
    const root = parseXml('<?xml version="1.0"?><a x="1 &amp; 2"><b>p &lt; q</b><c/></a>\n');
    expect(root.name).toBe('a');
    expect(root.attributes).toEqual({ x: '1 & 2' });
    expect(root.children.map((c) => c.name)).toEqual(['b', 'c']);
    expect(textOf(root)).toBe('p < q');
  });

  it.each([
    ['<a><b></a>', 'mismatched'],
    ['<a>', 'unclosed'],
    ['<a x=1/>', 'unquoted'],
    ['<a>x & y</a>', "bare '&'"],
    ['<a>&nbsp;</a>', 'unknown entity'],
    ['<a x="1" x="2"/>', 'duplicate'],
    ['<a/><b/>', 'second root'],
  ])('rejects %s', (source, message) => {
    expect(() => parseXml(source)).toThrow(message);
  });
});
