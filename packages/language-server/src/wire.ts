import type { Linter } from 'eslint';
import type { Analysis } from './engine.js';

type Fix = NonNullable<Linter.LintMessage['fix']>;

/**
 * A fix as it crosses from the lint worker to the main thread: its text as literal pieces and
 * [start, end) ranges of the linted text, which the main thread holds too. ESLint merges the
 * edits of one suggestion into a single fix whose text copies all the source between them (a
 * rewrite that adds an import at the top carries everything from line 1 to the loop), so a
 * file full of such suggestions yields megabytes of text. The plugin's own suggestions keep
 * their edits apart (engine.ts) and stay short; other rules' fixes may not.
 */
interface PackedFix {
  range: Fix['range'];
  parts: (string | [number, number])[];
}

/** A message's fix and suggestions, with fix texts of type F. */
interface Fixes<F> {
  fix?: F;
  suggestions?: { desc: string; edits: F[] }[];
}

/** What follows a lint's reply: the fixes of each message, by index (undefined: none), packed. */
export type PackedFixes = (Fixes<Fix | PackedFix> | undefined)[];

/** Shorter fix texts cross as they are: looking for copied source would cost more than it saves. */
const MIN_PACKED = 1024;
/** A copied stretch is found by its first characters; shorter ones stay literal. */
const PROBE = 64;

/**
 * The analysis without its messages' fixes and suggestions: what diagnostics need. The worker
 * posts it first, then builds the plugin's suggestions and posts every message's fixes
 * (`fixesOf`, packed): only code actions read fixes, and they wait for them.
 */
export function withoutFixes(analysis: Analysis): Analysis {
  return { ...analysis, messages: analysis.messages.map(({ fix: _fix, suggestions: _suggestions, ...rest }) => rest) };
}

/** Each message's fix and suggestions, by index. */
export function fixesOf(analysis: Analysis): Fixes<Fix>[] {
  return analysis.messages.map(({ fix, suggestions }) => (fix === undefined && suggestions === undefined ? {} : { fix, suggestions }));
}

/** The fixes with every long fix text packed against `source`, the text that was linted. */
export function packFixes(fixes: readonly Fixes<Fix>[], source: string): PackedFixes {
  return fixes.map((f) => (f.fix === undefined && f.suggestions === undefined ? undefined : mapFixes(f, (fix) => packFix(fix, source))));
}

/** Puts the fixes back on the analysis's messages (in place), every packed fix text rebuilt from `source`. */
export function attachFixes(analysis: Analysis, fixes: PackedFixes, source: string): void {
  fixes.forEach((f, index) => {
    const message = analysis.messages[index];
    if (!f || !message) return;
    const { fix, suggestions } = mapFixes(f, (fix) => unpackFix(fix, source));
    // ESLint puts fix and suggestions last; so does this.
    if (fix !== undefined) message.fix = fix;
    if (suggestions !== undefined) message.suggestions = suggestions;
  });
}

function mapFixes<F, G>({ fix, suggestions }: Fixes<F>, map: (fix: F) => G): Fixes<G> {
  const mapped: Fixes<G> = {};
  if (fix !== undefined) mapped.fix = map(fix);
  if (suggestions !== undefined) mapped.suggestions = suggestions.map((s) => ({ desc: s.desc, edits: s.edits.map(map) }));
  return mapped;
}

/**
 * Splits a fix text into literals and stretches copied from the replaced source, in order:
 * each stretch starts where the previous one ended (ESLint copies the source between edits
 * in order). Exact: every stretch is compared, character for character, before it is used.
 */
function packFix(fix: Fix, source: string): Fix | PackedFix {
  const { text } = fix;
  const [from, to] = fix.range;
  if (text.length < MIN_PACKED) return fix;
  const parts: PackedFix['parts'] = [];
  let i = 0;
  let s = from;
  while (to - s >= PROBE && text.length - i >= PROBE) {
    const at = text.indexOf(source.slice(s, s + PROBE), i);
    if (at < 0) break;
    const n = PROBE + commonLength(text, at + PROBE, source, s + PROBE, to);
    if (at > i) parts.push(text.slice(i, at));
    parts.push([s, s + n]);
    i = at + n;
    s += n;
  }
  if (parts.length === 0) return fix;
  if (i < text.length) parts.push(text.slice(i));
  return { range: fix.range, parts };
}

function unpackFix(fix: Fix | PackedFix, source: string): Fix {
  if (!('parts' in fix)) return fix;
  let text = '';
  for (const part of fix.parts) text += typeof part === 'string' ? part : source.slice(part[0], part[1]);
  return { range: fix.range, text };
}

/**
 * How many characters `a` from `i` and `b` from `j` (up to `bEnd`) have in common. Compares
 * halving blocks of characters natively rather than one character at a time: the stretches
 * are tens of kilobytes.
 */
function commonLength(a: string, i: number, b: string, j: number, bEnd: number): number {
  const limit = Math.min(a.length - i, bEnd - j);
  let n = 0;
  for (let block = 4096; block >= 1; block >>= 1) {
    while (n + block <= limit && a.slice(i + n, i + n + block) === b.slice(j + n, j + n + block)) n += block;
  }
  return n;
}
