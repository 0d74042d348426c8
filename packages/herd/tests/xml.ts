/**
 * A strict, small XML parser for the SVG tests (the package has no dependencies, and the
 * repository no XML parser): elements, attributes in quotes, text, comments and the five
 * predefined entities plus character references. Anything else — an unclosed or
 * mismatched tag, a bare `&` or `<`, a duplicate attribute — throws.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Text and child elements in document order, entities decoded. */
  content: (string | XmlElement)[];
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: number): string {
  if (raw.includes('<')) throw new SyntaxError(`'<' in text or attribute at ${where}`);
  return raw.replace(/&([^;\s]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw new SyntaxError(`bare '&' at ${where}`);
    if (body in ENTITIES) return ENTITIES[body]!;
    const code = /^#x([0-9a-f]+)$/i.exec(body) ? parseInt(body.slice(2), 16) : /^#\d+$/.test(body) ? Number(body.slice(1)) : NaN;
    if (Number.isNaN(code)) throw new SyntaxError(`unknown entity '&${body};' at ${where}`);
    return String.fromCodePoint(code);
  });
}

export function parseXml(source: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const skipSpace = (): void => {
    while (i < source.length && /\s/.test(source[i]!)) i++;
  };
  while (i < source.length) {
    if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i);
      if (end < 0 || stack.length > 0 || root) throw new SyntaxError(`misplaced declaration at ${i}`);
      i = end + 2;
    } else if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i);
      if (end < 0) throw new SyntaxError(`unclosed comment at ${i}`);
      i = end + 3;
    } else if (source.startsWith('</', i)) {
      i += 2;
      const name = NAME.exec(source.slice(i))?.[0];
      const open = stack.pop();
      if (!name || !open || open.name !== name) throw new SyntaxError(`mismatched </${name}> at ${i}`);
      i += name.length;
      skipSpace();
      if (source[i] !== '>') throw new SyntaxError(`expected '>' at ${i}`);
      i++;
      if (stack.length === 0) root = open;
    } else if (source[i] === '<') {
      i++;
      const name = NAME.exec(source.slice(i))?.[0];
      if (!name) throw new SyntaxError(`bad tag name at ${i}`);
      if (root) throw new SyntaxError(`second root element at ${i}`);
      i += name.length;
      const element: XmlElement = { name, attributes: {}, children: [], content: [] };
      for (;;) {
        const before = i;
        skipSpace();
        if (source.startsWith('/>', i) || source[i] === '>') break;
        if (i === before) throw new SyntaxError(`expected space before attribute at ${i}`);
        const attr = NAME.exec(source.slice(i))?.[0];
        if (!attr) throw new SyntaxError(`bad attribute at ${i}`);
        i += attr.length;
        skipSpace();
        if (source[i] !== '=') throw new SyntaxError(`attribute ${attr} without value at ${i}`);
        i++;
        skipSpace();
        const quote = source[i];
        if (quote !== '"' && quote !== "'") throw new SyntaxError(`unquoted attribute ${attr} at ${i}`);
        const end = source.indexOf(quote, i + 1);
        if (end < 0) throw new SyntaxError(`unclosed attribute ${attr} at ${i}`);
        if (attr in element.attributes) throw new SyntaxError(`duplicate attribute ${attr} at ${i}`);
        element.attributes[attr] = decode(source.slice(i + 1, end), i);
        i = end + 1;
      }
      stack.at(-1)?.children.push(element);
      stack.at(-1)?.content.push(element);
      if (source.startsWith('/>', i)) {
        i += 2;
        if (stack.length === 0) root = element;
      } else {
        i++;
        stack.push(element);
      }
    } else {
      const end = source.indexOf('<', i);
      const raw = source.slice(i, end < 0 ? source.length : end);
      const text = decode(raw, i);
      if (stack.length === 0) {
        if (text.trim() !== '') throw new SyntaxError(`text outside the root at ${i}`);
      } else {
        stack.at(-1)!.content.push(text);
      }
      i = end < 0 ? source.length : end;
    }
  }
  if (stack.length > 0) throw new SyntaxError(`unclosed <${stack.at(-1)!.name}>`);
  if (!root) throw new SyntaxError('no root element');
  return root;
}

/** All descendants (and the element itself) that satisfy the test, in document order. */
export function findAll(element: XmlElement, test: (e: XmlElement) => boolean): XmlElement[] {
  const found = test(element) ? [element] : [];
  for (const child of element.children) found.push(...findAll(child, test));
  return found;
}

/** The text of an element and its descendants, in document order. */
export function textOf(element: XmlElement): string {
  return element.content.map((part) => (typeof part === 'string' ? part : textOf(part))).join('');
}
