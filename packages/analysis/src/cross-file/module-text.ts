import { CATALOG_MODULES } from '../catalog.js';
import { readKnownFile, statFile } from '../files/read.js';
import { resolveModule } from '../specifiers/resolve-module.js';

/**
 * Is another module of the project worth parsing, judged from its text alone: may it hold a
 * retry, or import (or re-export) a module that does?
 */

/** Generated or huge files are not helpers anyone reads: skip them rather than parse them. */
export const MAX_BYTES = 1_000_000;

/**
 * A retry helper waits between attempts (a timer, a sleep or delay call) or uses a catalog
 * library; a module with neither is not parsed. Parsing is most of the cost of following an
 * import, and most modules a file calls into are not retry helpers. (A helper that retries at
 * once, with no wait, is missed: the price of keeping the cost within budget.)
 */
const MAY_HOLD_RETRY = /\bsetTimeout\b|timers\/promises|\bawait\s+[\w.]*(?:[sS]leep|[dD]elay|[wW]ait|[tT]imer|[bB]ack[oO]ff)\w*\s*\(|(?<![\w.])(?:sleep|delay|wait|timer|delayWhen|retryWhen|backoff|backOff)\s*\(/;

/** An index file that re-exports a module of the project: the helper may be behind it. */
const REEXPORTS = /\bexport\s*(?:\*|\{[^}]*\})\s*(?:as\s+[\w$]+\s*)?from\s*['"]\.\.?\/|\(\s*require\(\s*['"]\.\.?\/[^'"]*['"]\s*\)\s*,\s*exports\s*\)|\(\s*exports\s*,\s*require\(\s*['"]\.\.?\/|\bexports\s*=\s*require\(\s*['"]\.\.?\//;

export function mayHoldRetry(text: string): boolean {
  // Comments name imports, re-exports and waits without making any (a doc comment's
  // `sleep(ms)` example); strings name waits too (a message naming 'setTimeout'). One
  // left-to-right pass each, so that whichever starts first, a comment or a string, wins.
  const code = text.replace(COMMENTS_AND_STRINGS, (match) => (match.startsWith('/') ? '' : match));
  if (CATALOG_MODULES.test(code) || REEXPORTS.test(code) || exportsAnImport(code)) return true;
  return MAY_HOLD_RETRY.test(code.replace(COMMENTS_AND_STRINGS, ''));
}

/** `require('./x')`, `import … from '@acme/utils'`: the modules a text names (resolveModule keeps the project's). */
const IMPORT_SPECIFIERS = /\bfrom\s*['"]([^'"\n]+)['"]|\brequire\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Per path and version: whether a module's own text may hold a retry (the gate without its imports), and the project modules it imports. */
export const textGates = new Map<string, { mtimeMs: number; size: number; may: boolean; imports: readonly string[] }>();

/** The most modules one gate question reads the text of: an index importing hundreds of modules is not walked whole. */
const MAX_GATE_FILES = 64;

/**
 * A module whose own text shows no wait may still reach a retry through the modules of the
 * project it imports (`createOrder()` → `post()` → `sendWithRetry()` in a third module): it
 * passes when a module within `hops` imports of it (relative, a workspace package, a path
 * alias) passes on its own text. As many hops as the analysis would follow from this module,
 * so the gate never hides a chain the analysis could read; each module's text read once per version.
 */
export function importsRetry(file: string, text: string, hops: number): boolean {
  const seen = new Set<string>([file]);
  let level = importTargets(file, text);
  for (let hop = 0; hop < hops && level.length > 0; hop++) {
    const next: string[] = [];
    for (const target of level) {
      if (seen.has(target)) continue;
      if (seen.size >= MAX_GATE_FILES) return false;
      seen.add(target);
      const gate = textGate(target);
      if (!gate) continue;
      if (gate.may) return true;
      next.push(...gate.imports);
    }
    level = next;
  }
  return false;
}

function importTargets(file: string, text: string): string[] {
  const code = text.replace(COMMENTS_AND_STRINGS, (match) => (match.startsWith('/') ? '' : match));
  const targets: string[] = [];
  for (const m of code.matchAll(IMPORT_SPECIFIERS)) {
    const target = resolveModule(file, (m[1] ?? m[2]) as string);
    if (target && !targets.includes(target)) targets.push(target);
  }
  return targets;
}

function textGate(file: string): { may: boolean; imports: readonly string[] } | undefined {
  const stat = statFile(file);
  if (!stat) return undefined;
  const known = textGates.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
  const text = stat.size <= MAX_BYTES ? readKnownFile(file, MAX_BYTES) : undefined;
  const gate = { mtimeMs: stat.mtimeMs, size: stat.size, may: text !== undefined && mayHoldRetry(text), imports: text === undefined ? [] : importTargets(file, text) };
  remember(textGates, file, gate);
  return gate;
}

/** Block and line comments, and one-line '…' / "…" strings (template literals may hold code: kept). */
const COMMENTS_AND_STRINGS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;

const RELATIVE_IMPORT_NAMES = /\bimport\s+([\w$\s{},*]+?)\s+from\s*['"]\.\.?\/|\b(?:const|let|var)\s+([\w$\s{},:]+?)\s*=\s*require\(\s*['"]\.\.?\//g;

const EXPORT_LISTS = /\bexport\s*\{([^}]*)\}(?!\s*from)|\bmodule\.exports\s*=\s*\{([^}]*)\}|\bexports\.[\w$]+\s*=\s*([\w$]+)\s*[;\n]/g;

/**
 * `import { retryable } from './retry'; export { retryable as again }`, or CommonJS's
 * `const { retry } = require('./retry'); module.exports = { retry }`: an index that passes an
 * import on. A text test (the parse decides); it keeps the gate from hiding such a module.
 */
function exportsAnImport(text: string): boolean {
  const imported = new Set<string>();
  for (const m of text.matchAll(RELATIVE_IMPORT_NAMES)) for (const name of (m[1] ?? m[2] ?? '').match(/[\w$]+/g) ?? []) imported.add(name);
  if (imported.size === 0) return false;
  for (const m of text.matchAll(EXPORT_LISTS)) {
    for (const name of (m[1] ?? m[2] ?? m[3] ?? '').match(/[\w$]+/g) ?? []) if (imported.has(name)) return true;
  }
  return false;
}

/** A language server lives for days: the caches keep the most recent entries only. */
const MAX_CACHED = 5_000;

export function remember<V>(cache: Map<string, V>, key: string, value: V, max = MAX_CACHED): void {
  cache.delete(key);
  cache.set(key, value);
  // A Map iterates in insertion order: the first key is the least recently remembered.
  while (cache.size > max) cache.delete(cache.keys().next().value as string);
}
