// settings.retryHygiene.deferSuggestions (what the language server uses): the rules report
// the same messages without suggestions, and buildDeferredSuggestions afterwards gives, for
// every finding in fixtures/, the suggestions ESLint would have built: same titles, and edits
// that applied in order produce the same text as ESLint's merged fix.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { buildDeferredSuggestions, type BuiltSuggestion } from '../src/index.js';
import { configFor } from './suggestion-proof.js';

const fixturesDir = fileURLToPath(new URL('../../../fixtures', import.meta.url));
const EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx']);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    return e.isDirectory() ? walk(full) : EXTENSIONS.has(extname(e.name)) ? [full] : [];
  });
}

const DEFER: Linter.Config = { settings: { retryHygiene: { deferSuggestions: true } } };
const linter = new Linter({ configType: 'flat' });

function applyEdits(code: string, edits: BuiltSuggestion['edits']): string {
  let out = '';
  let at = 0;
  for (const { range, text } of edits) {
    out += code.slice(at, range[0]) + text;
    at = range[1];
  }
  return out + code.slice(at);
}

function deferredLint(code: string, filename: string) {
  const messages = linter.verify(code, [...configFor(filename), DEFER], { filename });
  return { messages, built: buildDeferredSuggestions(linter.getSourceCode(), messages) };
}

describe('deferred suggestions', () => {
  const files = walk(fixturesDir).sort();

  it('are, on every finding in fixtures/, the suggestions ESLint builds: same titles, same result applied', () => {
    let compared = 0;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const eager = linter.verify(code, configFor(file), { filename: file });
      const { messages, built } = deferredLint(code, file);
      expect(messages.map(({ suggestions: _s, ...m }) => m), file).toEqual(eager.map(({ suggestions: _s, ...m }) => m));
      expect(messages.some((m) => m.suggestions !== undefined), file).toBe(false);
      eager.forEach((message, index) => {
        const deferred = built[index] ?? [];
        expect(deferred.map((s) => s.desc), `${file}:${message.line}`).toEqual((message.suggestions ?? []).map((s) => s.desc));
        (message.suggestions ?? []).forEach((suggestion, k) => {
          const { range, text } = suggestion.fix;
          expect(applyEdits(code, deferred[k]!.edits), `${file}:${message.line} ${suggestion.desc}`).toBe(code.slice(0, range[0]) + text + code.slice(range[1]));
          compared++;
        });
      });
    }
    // The fixtures' findings carry some 160 suggestions: the loop above did compare them.
    expect(compared).toBeGreaterThan(150);
  });

  it('keep each edit apart: a rewrite that adds an import is an insertion at the top, the unused sleep helper\'s line and the loop, not the file between them', () => {
    const code = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
${Array.from({ length: 40 }, (_, i) => `export const padding${i} = ${i};\n`).join('')}
export async function load(url) {
  for (;;) {
    try {
      return await fetch(url);
    } catch {
      await sleep(500);
    }
  }
}
`;
    const { messages, built } = deferredLint(code, 'load.js');
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 44],
      ['retry-hygiene/no-unbounded-retry', 44],
    ]);
    const rewrite = built[0]!.find((s) => s.messageId === 'rewrite')!;
    expect(rewrite.desc).toBe('Rewrite with retry() (stops after 5 attempts)');
    // The sleep helper, unused once the loop is gone, goes too: its own line, apart from the rest.
    expect(rewrite.edits.map((e) => e.range)).toEqual([
      [0, 0],
      [0, code.indexOf('\n') + 1],
      [code.indexOf('for (;;)'), code.lastIndexOf('  }\n}') + 3],
    ]);
    expect(rewrite.edits[0]!.text).toBe("import { retry } from '@retry-hygiene/retry';\n\n");
    expect(built[0]!.map((s) => s.desc)).toEqual([
      'Add full jitter: wait a random time between 0 and `500`',
      'Rewrite with retry() (stops after 5 attempts)',
    ]);
  });

  it('are built only for the findings a disable comment leaves, once', () => {
    const code = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function a(url) {
  // eslint-disable-next-line retry-hygiene/no-fixed-sleep-retry
  for (let i = 0; i < 3; i++) {
    try { return await fetch(url); } catch { await sleep(500); }
  }
}
`;
    const { messages, built } = deferredLint(code, 'a.js');
    expect(messages).toEqual([]);
    expect(built).toEqual([]);
    // Nothing is left over for a later call on the same lint.
    expect(buildDeferredSuggestions(linter.getSourceCode(), [{ ruleId: 'retry-hygiene/no-fixed-sleep-retry', line: 4, column: 3, messageId: 'fixedDelay' }])).toEqual([undefined]);
  });

  it('leave ESLint its suggestions when the setting is absent or not true', () => {
    const code = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function b(url) {
  for (let i = 0; i < 3; i++) {
    try { return await fetch(url); } catch { await sleep(500); }
  }
}
`;
    for (const settings of [{}, { retryHygiene: { deferSuggestions: 'yes' } }]) {
      const messages = linter.verify(code, [...configFor('b.js'), { settings }], { filename: 'b.js' });
      expect(messages.map((m) => m.suggestions?.length)).toEqual([2]);
      expect(buildDeferredSuggestions(linter.getSourceCode(), messages)).toEqual([undefined]);
    }
  });
});
