import type { Linter } from 'eslint';
import type { Analysis } from './engine.js';

type Fix = NonNullable<Linter.LintMessage['fix']>;
type Message = Linter.LintMessage;

/**
 * A fix as it crosses from the lint worker to the main thread: its text as literal pieces and
 * [start, end) ranges of the linted text, which the main thread holds too. ESLint merges the
 * edits of one suggestion into a single fix whose text copies all the source between them (a
 * rewrite that adds an import at the top carries everything from line 1 to the loop), so a
 * file full of retries yields megabytes of suggestion text; copying them between threads cost
 * more than the analysis that made them.
 */
interface PackedFix {
  range: Fix['range'];
  parts: (string | [number, number])[];
}

type Suggestion = NonNullable<Message['suggestions']>[number];
/** A lint message whose fixes are of type F. */
type WithFixes<F> = Omit<Message, 'fix' | 'suggestions'> & { fix?: F; suggestions?: (Omit<Suggestion, 'fix'> & { fix: F })[] };

export type PackedAnalysis = Omit<Analysis, 'messages'> & { messages: WithFixes<Fix | PackedFix>[] };

/** Shorter fix texts cross as they are: looking for copied source would cost more than it saves. */
const MIN_PACKED = 1024;
/** A copied stretch is found by its first characters; shorter ones stay literal. */
const PROBE = 64;

/** The analysis with every long fix text packed against `source`, the text that was linted. */
export function packAnalysis(analysis: Analysis, source: string): PackedAnalysis {
  return { ...analysis, messages: analysis.messages.map((m) => mapFixes<Fix, Fix | PackedFix>(m, (fix) => packFix(fix, source))) };
}

/** The analysis as the worker made it: every packed fix text rebuilt from `source`. */
export function unpackAnalysis(analysis: PackedAnalysis, source: string): Analysis {
  return { ...analysis, messages: analysis.messages.map((m) => mapFixes<Fix | PackedFix, Fix>(m, (fix) => unpackFix(fix, source))) };
}

function mapFixes<F, G>(message: WithFixes<F>, map: (fix: F) => G): WithFixes<G> {
  const { fix, suggestions, ...rest } = message;
  if (fix === undefined && suggestions === undefined) return rest;
  // ESLint puts fix and suggestions last; so does this copy.
  const mapped: WithFixes<G> = rest;
  if (fix !== undefined) mapped.fix = map(fix);
  if (suggestions !== undefined) mapped.suggestions = suggestions.map((s) => ({ ...s, fix: map(s.fix) }));
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
