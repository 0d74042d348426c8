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
  const maybe = checkLibraries || MAYBE_RETRY.test(text) || (withHost !== false && (RELATIVE_IMPORT.test(text) || (typeof withHost === 'string' && importsWorkspacePackage(withHost, text))));
  const gate = { checkLibraries, maybe, withHost, helpers };
  gates.set(sourceCode.ast, gate);
  return gate;
}

/** Whether analyzeRetrySites can find a site in this file (with a module host when `withHost`: its file name, or true). */
export function mayHoldRetrySites(sourceCode: SourceCodeLike, withHost: boolean | string, helpers: readonly HelperSpec[] = []): boolean {
  return textGate(sourceCode, withHost, helpers).maybe;
}

/** The file imports a module of its own project: a helper there may retry. */
const RELATIVE_IMPORT = /\bfrom\s*['"]\.\.?\/|\brequire\(\s*['"]\.\.?\//;
