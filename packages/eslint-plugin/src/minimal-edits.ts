/**
 * Fixes as the smallest edits with the same effect, in source offsets: what an editor and a
 * JSON report carry instead of ESLint's one-range fix. ESLint merges a suggestion's edits
 * into one replacement from the first edit to the last, the unchanged text between them
 * included, so an import added at the top and a loop rewritten far below carry the whole
 * file between them; the language server (from positions) and `check --format json` (from
 * offsets) both shrink them here.
 */

export interface TextEdit {
  range: [number, number];
  text: string;
}

type Fix = { range: readonly [number, number]; text: string };

/**
 * One edit as the smallest edits with the same effect: a replacement that wraps the old
 * text (`x` → `Math.random() * (x)`) becomes two insertions; any other keeps only the part
 * between the common head and tail.
 */
export function minimalTextEdits(source: string, fix: Fix): TextEdit[] {
  const [from, to] = fix.range;
  const old = source.slice(from, to);
  const wrapped = old.length > 0 ? fix.text.indexOf(old) : -1;
  if (wrapped >= 0) {
    const before = fix.text.slice(0, wrapped);
    const after = fix.text.slice(wrapped + old.length);
    const edits: TextEdit[] = [];
    if (before) edits.push({ range: [from, from], text: before });
    if (after) edits.push({ range: [to, to], text: after });
    return edits;
  }
  const { head, tail } = commonEnds(old, fix.text);
  return [{ range: [from + head, to - tail], text: fix.text.slice(head, fix.text.length - tail) }];
}

/**
 * Long enough that a stretch of the old text found in the new one is the same text kept,
 * not a coincidence; short enough that a kept stretch of twice this length is always found
 * (probes are taken every PROBE characters).
 */
const PROBE = 32;
/** Edits a merged fix is split into at most (a suggestion makes two or three), and probes tried in all: bounded work on any text. */
const MAX_PIECES = 32;
const MAX_PROBES = 256;

/**
 * A merged fix (ESLint's suggestion: its edits joined with the source between them) split
 * back into the edits around the kept stretches of source, each made minimal. Applied to
 * the source they give exactly the fix's text, by construction: every stretch skipped is
 * one found verbatim in both. A fix whose kept text is not found comes back as one edit.
 */
export function unmergedEdits(source: string, fix: Fix): TextEdit[] {
  const [from, to] = fix.range;
  const old = source.slice(from, to);
  const { head, tail } = commonEnds(old, fix.text);
  const base = from + head;
  const before = old.slice(head, old.length - tail);
  const after = fix.text.slice(head, fix.text.length - tail);
  const edits: TextEdit[] = [];
  let pos = 0;
  let rpos = 0;
  let probes = 0;
  for (let piece = 0; piece < MAX_PIECES; piece++) {
    // The next stretch of old text that the new text repeats: found by a probe, then widened both ways.
    let i = -1;
    let j = -1;
    for (let p = pos; p + PROBE <= before.length && probes < MAX_PROBES; p += PROBE, probes++) {
      const at = after.indexOf(before.slice(p, p + PROBE), rpos);
      if (at >= 0) {
        [i, j] = [p, at];
        break;
      }
    }
    if (i < 0) break;
    let end = i + PROBE;
    while (end < before.length && j + (end - i) < after.length && before.charCodeAt(end) === after.charCodeAt(j + (end - i))) end++;
    while (i > pos && j > rpos && before.charCodeAt(i - 1) === after.charCodeAt(j - 1)) [i, j] = [i - 1, j - 1];
    // Never cut a surrogate pair.
    if (isLowSurrogate(before.charCodeAt(i))) [i, j] = [i + 1, j + 1];
    if (isHighSurrogate(before.charCodeAt(end - 1))) end--;
    if (end <= i) break;
    if (i > pos || j > rpos) edits.push(...minimalTextEdits(source, { range: [base + pos, base + i], text: after.slice(rpos, j) }));
    [pos, rpos] = [end, j + (end - i)];
  }
  if (pos < before.length || rpos < after.length) {
    edits.push(...minimalTextEdits(source, { range: [base + pos, base + before.length], text: after.slice(rpos) }));
  }
  return edits;
}

/** The lengths of the common head and tail of two texts, never splitting a surrogate pair. */
function commonEnds(a: string, b: string): { head: number; tail: number } {
  let head = 0;
  const limit = Math.min(a.length, b.length);
  while (head < limit && a.charCodeAt(head) === b.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < limit - head && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  if (head > 0 && isHighSurrogate(a.charCodeAt(head - 1))) head--;
  if (tail > 0 && isLowSurrogate(a.charCodeAt(a.length - tail))) tail--;
  return { head, tail };
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** The source with the edits applied (sorted, not overlapping): what a reader of the edits gets. */
export function applyTextEdits(source: string, edits: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1])) {
    out += source.slice(at, edit.range[0]) + edit.text;
    at = edit.range[1];
  }
  return out + source.slice(at);
}
