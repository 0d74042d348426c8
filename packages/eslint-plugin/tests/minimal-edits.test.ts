// unmergedEdits: ESLint's merged suggestion fix split back into minimal edits (what
// `check --format json` carries). Applied, they must give exactly ESLint's text, and carry
// no more text than the suggestion's own edits made minimal (but for short gaps kept).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { applyTextEdits, buildDeferredSuggestions, minimalTextEdits, unmergedEdits, type MinimalEdit } from '../src/index.js';
import { configFor } from './suggestion-proof.js';

const fixturesDir = fileURLToPath(new URL('../../../fixtures', import.meta.url));
const EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx']);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    return e.isDirectory() ? walk(full) : EXTENSIONS.has(extname(e.name)) ? [full] : [];
  });
}

const linter = new Linter({ configType: 'flat' });
const carried = (edits: readonly MinimalEdit[]) => edits.reduce((n, e) => n + e.text.length, 0);
const applyFix = (code: string, fix: { range: readonly [number, number]; text: string }) => code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);

/** ESLint's merge of a suggestion's edits: one replacement from the first to the last, the source between them repeated. */
function merge(code: string, edits: readonly MinimalEdit[]): MinimalEdit {
  let text = '';
  let at = edits[0]!.range[0];
  for (const edit of edits) {
    text += code.slice(at, edit.range[0]) + edit.text;
    at = edit.range[1];
  }
  return { range: [edits[0]!.range[0], at], text };
}

describe('unmergedEdits', () => {
  it("on every suggestion in fixtures/: ESLint's text applied, and no more text than its own edits made minimal, but for gaps under 64 characters", () => {
    let compared = 0;
    let split = 0;
    for (const file of walk(fixturesDir).sort()) {
      const code = readFileSync(file, 'utf8');
      const eager = linter.verify(code, configFor(file), { filename: file });
      const deferredMessages = linter.verify(code, [...configFor(file), { settings: { retryHygiene: { deferSuggestions: true } } }], { filename: file });
      const built = buildDeferredSuggestions(linter.getSourceCode(), deferredMessages);
      eager.forEach((message, index) => {
        (message.suggestions ?? []).forEach((suggestion, k) => {
          const edits = unmergedEdits(code, suggestion.fix);
          const where = `${file}:${message.line} ${suggestion.desc}`;
          expect(applyTextEdits(code, edits), where).toBe(applyFix(code, suggestion.fix));
          const apart = built[index]![k]!.edits.flatMap((e) => minimalTextEdits(code, e));
          // A gap under two probes (64 characters) may stay inside an edit: a short fix stays short.
          expect(carried(edits), where).toBeLessThanOrEqual(carried(apart) + 64 * (apart.length - 1));
          if (edits.length > 1) split++;
          compared++;
        });
      });
    }
    expect(compared).toBeGreaterThan(150);
    // The rewrites that add an import came apart.
    expect(split).toBeGreaterThan(20);
  });

  it('random edits far apart, merged as ESLint does: applied the same, each edit back in place', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const word = () => Array.from({ length: 1 + Math.floor(random() * 12) }, () => 'abcdefghij (){};\n'[Math.floor(random() * 17)]).join('');
    for (let run = 0; run < 300; run++) {
      const code = Array.from({ length: 200 }, word).join(' ');
      const edits: MinimalEdit[] = [];
      let at = Math.floor(random() * 50);
      for (let n = 1 + Math.floor(random() * 4); n > 0 && at < code.length; n--) {
        const end = Math.min(code.length, at + Math.floor(random() * 20));
        edits.push({ range: [at, end], text: random() < 0.3 ? '' : `/*${run}:${n}*/${word()}` });
        at = end + 80 + Math.floor(random() * 300);
      }
      const merged = merge(code, edits);
      const back = unmergedEdits(code, merged);
      expect(applyTextEdits(code, back), `run ${run}`).toBe(applyFix(code, merged));
      expect(carried(back), `run ${run}`).toBeLessThanOrEqual(carried(edits));
    }
  });

  it('keeps a surrogate pair whole, and does bounded work on text that repeats itself', () => {
    const emoji = `const a = '😀';\n${'x'.repeat(100)}\nconst b = '😀';`;
    const fix = merge(emoji, [
      { range: [11, 13], text: '😁' },
      { range: [emoji.length - 3, emoji.length - 1], text: '😁' },
    ]);
    const edits = unmergedEdits(emoji, fix);
    expect(applyTextEdits(emoji, edits)).toBe(applyFix(emoji, fix));
    for (const { range } of edits) for (const offset of range) expect(/[\udc00-\udfff]/.test(emoji[offset] ?? '')).toBe(false);
    // A megabyte of one letter: every probe matches at once, the pieces stay few.
    const same = 'a'.repeat(1_000_000);
    const grow = { range: [0, same.length] as [number, number], text: `b${same}b` };
    const pieces = unmergedEdits(same, grow);
    expect(applyTextEdits(same, pieces)).toBe(applyFix(same, grow));
    expect(pieces.length).toBeLessThanOrEqual(33);
  });
});
