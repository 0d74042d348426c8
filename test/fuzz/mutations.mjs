// Hostile-value mutations of one source text: parse it, pick a few string, identifier and number
// nodes with a seeded PRNG, and splice replacement text at their source ranges. The rest of the
// text is left byte for byte, so a variant differs from its source only where a mutation says.
import { parse } from '@typescript-eslint/parser';
import { CATALOG } from '@retry-hygiene/analysis';

const LONG = 'a'.repeat(5000);

/** Values a string literal becomes: paths the import resolver and package reader must survive. */
export const HOSTILE_STRINGS = [
  './a\0b',
  'a\0b',
  '\0',
  LONG,
  `./${LONG}`,
  `./${'x/'.repeat(2500)}`,
  '../../etc/passwd',
  './build/Release/addon.node',
  './config.json',
  './styles.css',
  // The temporary project's own hostile files (see project.mjs).
  './pkg',
  './loop',
  '__proto__',
  'then',
  'constructor',
  '',
  ...[...new Set(CATALOG.flatMap((entry) => entry.modules))],
];

export const HOSTILE_IDENTIFIERS = ['__proto__', 'then', 'NaN', 'constructor', 'hasOwnProperty'];

/** Source text a number literal becomes; parenthesised where a bare unary would not parse (`-1 ** 2`). */
export const HOSTILE_NUMBERS = ['1e400', '(-0)', '10n', '(0 / 0)', "Number('x')", '(Infinity - Infinity)', 'Number.MAX_VALUE', '(-1)'];

/** mulberry32: small, seeded, the same sequence on every machine. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A PRNG for variant `index` alone, so that `--variant N` rebuilds the same variant as a full run. */
export function variantRandom(seed, index) {
  return prng(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
}

const SKIPPED_KEYS = new Set(['parent', 'loc', 'range', 'tokens', 'comments']);

/**
 * The nodes a mutation may replace, by kind. Nodes sharing a range (the key and value of a
 * shorthand `{ a }`, `import { a }`) are one candidate: splicing both would overlap.
 */
export function candidates(code, filename) {
  const jsx = /\.[jt]sx$/.test(filename);
  const ast = parse(code, { range: true, jsx, sourceType: 'module', ecmaVersion: 'latest', filePath: filename });
  const found = { string: [], identifier: [], number: [] };
  const seen = new Set();
  const visit = (node, parent) => {
    if (!node || typeof node.type !== 'string') return;
    const key = `${node.range[0]}:${node.range[1]}`;
    if (!seen.has(key)) {
      const kind = kindOf(node);
      // A tag's template cannot become a quoted string (`sql"…"` does not parse).
      if (kind && parent?.type !== 'TaggedTemplateExpression') {
        seen.add(key);
        found[kind].push({ kind, range: node.range, text: code.slice(node.range[0], node.range[1]), context: contextOf(node, parent) });
      }
    }
    for (const [name, value] of Object.entries(node)) {
      if (SKIPPED_KEYS.has(name) || !value || typeof value !== 'object') continue;
      if (Array.isArray(value)) for (const child of value) visit(child, node);
      else visit(value, node);
    }
  };
  visit(ast, undefined);
  return found;
}

function kindOf(node) {
  if (node.type === 'Literal') {
    if (typeof node.value === 'string') return 'string';
    if (typeof node.value === 'number' || typeof node.value === 'bigint') return 'number';
    return undefined;
  }
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return 'string';
  if (node.type === 'Identifier') return 'identifier';
  return undefined;
}

/** Where the node sits, when that changes how its replacement must be written. */
function contextOf(node, parent) {
  if (parent?.type === 'JSXAttribute') return 'jsx-attribute';
  if (isModuleSpecifier(node, parent)) return 'module';
  const keyed = ['Property', 'PropertyDefinition', 'MethodDefinition', 'TSPropertySignature', 'TSEnumMember', 'AccessorProperty', 'TSAbstractPropertyDefinition', 'TSAbstractMethodDefinition'];
  if (parent && keyed.includes(parent.type) && parent.key === node && !parent.computed) return 'key';
  return undefined;
}

/** `from '…'`, `import('…')`, `require('…')`: where a hostile string meets the import resolver. */
function isModuleSpecifier(node, parent) {
  if (!parent) return false;
  if (['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].includes(parent.type)) return parent.source === node;
  if (parent.type === 'TSExternalModuleReference') return true;
  return parent.type === 'CallExpression' && parent.callee.type === 'Identifier' && parent.callee.name === 'require' && parent.arguments[0] === node;
}

function replacementText(candidate, value) {
  if (candidate.kind === 'identifier') return value;
  if (candidate.kind === 'string') {
    const literal = JSON.stringify(value);
    return candidate.context === 'jsx-attribute' ? `{${literal}}` : literal;
  }
  // A number key becomes computed: `{ (-1): x }` does not parse, `{ [(-1)]: x }` does.
  return candidate.context === 'key' ? `[${value}]` : value;
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/**
 * One variant of `source`: 1 to `maxMutations` mutations (mostly one). An identifier mutation usually renames
 * every occurrence of the name, so bindings stay bound and the analysis follows them; sometimes
 * just the one occurrence. Returns the text and what was done, for the report.
 */
export function mutate(source, found, random, maxMutations = 3) {
  const count = 1 + Math.floor(random() * random() * maxMutations);
  const kinds = ['string', 'identifier', 'number'].filter((k) => found[k].length > 0);
  const edits = [];
  const mutations = [];
  const overlaps = (range) => edits.some((e) => range[0] < e.range[1] && e.range[0] < range[1]);
  for (let i = 0; i < count && kinds.length > 0; i++) {
    const kind = pick(random, kinds);
    // Module specifiers are few among a file's strings; they get a fixed share of string mutations.
    const specifiers = kind === 'string' ? found.string.filter((c) => c.context === 'module') : [];
    const candidate = pick(random, specifiers.length > 0 && random() < 0.4 ? specifiers : found[kind]);
    const value = pick(random, kind === 'string' ? HOSTILE_STRINGS : kind === 'identifier' ? HOSTILE_IDENTIFIERS : HOSTILE_NUMBERS);
    const everywhere = kind === 'identifier' && random() < 0.7;
    const targets = everywhere ? found.identifier.filter((c) => c.text === candidate.text) : [candidate];
    let applied = 0;
    for (const target of targets) {
      if (overlaps(target.range)) continue;
      edits.push({ range: target.range, text: replacementText(target, value) });
      applied++;
    }
    if (applied > 0) mutations.push({ kind, at: candidate.range[0], from: candidate.text, to: value, occurrences: applied });
  }
  edits.sort((a, b) => b.range[0] - a.range[0]);
  let code = source;
  for (const edit of edits) code = code.slice(0, edit.range[0]) + edit.text + code.slice(edit.range[1]);
  return { code, mutations };
}

/** A mutation in one line: long or invisible values shortened and escaped. */
export function describeMutation(m, source) {
  const line = source.slice(0, m.at).split('\n').length;
  const show = (text) => {
    const escaped = JSON.stringify(text);
    return escaped.length > 60 ? `${escaped.slice(0, 40)}…(${text.length} chars)` : escaped;
  };
  const where = m.kind === 'identifier' && m.occurrences > 1 ? `${m.occurrences} occurrences from line ${line}` : `line ${line}`;
  return `${m.kind} ${show(m.from)} → ${show(m.to)} (${where})`;
}
