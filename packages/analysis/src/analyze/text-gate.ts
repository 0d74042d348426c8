import type { SourceCodeLike } from '../context.js';
import { CATALOG_MODULES } from '../catalog.js';
import { importsWorkspacePackage } from '../specifiers/project.js';
import type { HelperSpec } from '../helper-specs.js';

/**
 * Can a file's text hold a retry site at all? A cheap test read before any AST walk, shared by
 * the analysis and the rules.
 */

/**
 * Cheap pre-check on the text: a file with no loop, no timer, no promise callback and no
 * retry library cannot hold a retry site, and most files of a large project are like that.
 */
const MAYBE_RETRY = /\b(?:for|while|do|catch)\b|setTimeout|queueMicrotask|setImmediate|\.catch\(|\.then\(|\.on\(|\bonclose\b|\bonerror\b|addEventListener|retry|Retry|backOff|reconnect|Reconnect|\.interceptors\./;

const gates = new WeakMap<object, { checkLibraries: boolean; maybe: boolean; withHost: boolean | string; helpers: readonly HelperSpec[] }>();

/**
 * Whether the text can hold a retry site at all (a retry word, a catalog import, or — when
 * other modules are followed — a relative import), read once per AST: the rules ask it before
 * ESLint's traversal too, so as not to record the nodes of a file the analysis will not read.
 */
export function textGate(sourceCode: SourceCodeLike, withHost: boolean | string, helpers: readonly HelperSpec[] = []): { checkLibraries: boolean; maybe: boolean } {
  const known = gates.get(sourceCode.ast);
  if (known && known.withHost === withHost && known.helpers === helpers) return known;
  const text = sourceCode.text;
  // The catalog scan runs once: it also decides whether findSites looks at library calls (the settings' helpers count as catalogued).
  const checkLibraries = CATALOG_MODULES.test(text) || helpers.some((h) => text.includes(h.module));
  const maybe = checkLibraries || MAYBE_RETRY.test(text) || (withHost !== false && (RELATIVE_IMPORT.test(text) || (typeof withHost === 'string' && importsWorkspacePackage(withHost, text)))) || callsItself(text);
  const gate = { checkLibraries, maybe, withHost, helpers };
  gates.set(sourceCode.ast, gate);
  return gate;
}

/** Whether analyzeRetrySites can find a site in this file (with a module host when `withHost`: its file name, or true). */
export function mayHoldRetrySites(sourceCode: SourceCodeLike, withHost: boolean | string, helpers: readonly HelperSpec[] = []): boolean {
  return textGate(sourceCode, withHost, helpers).maybe;
}

/** `function name(` / `name(…) {` / `name = (…) =>`: the names a file defines functions by. */
const DEFINED_NAME = /\bfunction\s*\*?\s*([\w$]+)\s*[<(]|^\s*(?:(?:public|private|protected|static|async|override)\s+)*#?([\w$]+)\s*(?:<[^>\n]*>)?\s*\([^)\n]*\)[^{\n;]*\{|\b([\w$]+)\s*=\s*(?:async\s*)?(?:\([^)\n]*\)|[\w$]+)\s*(?:\:[^=\n]*)?=>/gm;

/**
 * A function the file defines is called again somewhere in the text (`return getAgain(url)` on a
 * result that says it failed): a self-call may be a retry with no loop, handler or timer word.
 * Two passes over the text whatever its size (the names it defines, then every `name(`).
 */
function callsItself(text: string): boolean {
  // How many `name(` the text must hold: the definition's own and a call; an arrow's definition has none.
  const needed = new Map<string, number>();
  for (const m of text.matchAll(DEFINED_NAME)) {
    const name = m[1] ?? m[2] ?? m[3];
    if (name === undefined || needed.has(name) || KEYWORD.test(name)) continue;
    needed.set(name, m[3] !== undefined ? 1 : 2);
  }
  if (needed.size === 0) return false;
  const seen = new Map<string, number>();
  for (const m of text.matchAll(CALL_SHAPE)) {
    const name = m[1] as string;
    const want = needed.get(name);
    if (want === undefined) continue;
    const count = (seen.get(name) ?? 0) + 1;
    if (count >= want) return true;
    seen.set(name, count);
  }
  return false;
}

const KEYWORD = /^(if|for|while|switch|catch|function|return|constructor)$/;
/** `name(` not preceded by a name character (`#name(` for a private method). */
const CALL_SHAPE = /(?<![\w$])#?([\w$]+)\s*\(/g;

/** The file imports a module of its own project: a helper there may retry. */
const RELATIVE_IMPORT = /\bfrom\s*['"]\.\.?\/|\brequire\(\s*['"]\.\.?\//;
