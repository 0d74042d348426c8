/**
 * A document edited many times reads exactly as a from-scratch lint of its text: the
 * long-lived engine (one per worker, linting version after version) and the server keep
 * nothing of an earlier version that could leak into a later one's findings, fixes or sites.
 * The edits reach across functions: a constant and a helper that other functions' retry
 * loops read, a loop's bound, a syntax error and its repair, a disable comment.
 */
import { describe, expect, it } from 'vitest';
import type { Linter } from 'eslint';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { toDiagnostics } from '../src/diagnostics.js';
import { LintEngine, type Analysis } from '../src/engine.js';
import { DEFAULT_SETTINGS } from '../src/settings.js';
import { TestClient } from './client.js';
import { prng } from './prng.js';

/** One block of functions: retry loops that read a shared constant and a shared helper. */
function block(i: number): string {
  return `
const DELAY_${i} = ${1000 + i};

export async function getOrder${i}(id: string): Promise<Response> {
  for (;;) {
    try {
      return await fetch(\`https://orders.internal/v${i}/orders/\${id}\`);
    } catch (err) {
      await pause(DELAY_${i});
    }
  }
}

export async function deliver${i}(url: string, body: string): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ${3 + (i % 4)}; attempt++) {
    try {
      return await fetch(url, { method: 'POST', body });
    } catch (err) {
      lastError = err;
      await pause(backoff(attempt));
    }
  }
  throw lastError;
}

export function total${i}(lines: { qty: number; price: number }[]): number {
  let total = 0;
  for (const line of lines) total += line.qty * line.price;
  return Math.round(total * 100) / 100;
}
`;
}

const HEAD = `const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backoff = (attempt: number) => Math.min(10_000, 100 * 2 ** attempt);
`;

const TEXT = HEAD + Array.from({ length: 8 }, (_, i) => block(i)).join('');

/**
 * Edits as pairs of texts: each edit swaps one occurrence of one for the other, so the
 * document wanders through many states and comes back. The helper and constant edits change
 * what loops in other functions are found to do.
 */
const SWAPS: [string, string][] = [
  ['Math.min(10_000, 100 * 2 ** attempt)', 'Math.random() * Math.min(10_000, 100 * 2 ** attempt)'],
  ['setTimeout(resolve, ms)', 'setTimeout(resolve, ms * Math.random())'],
  ['const DELAY_3 = 1003;', 'const DELAY_3 = 20;'],
  ['const DELAY_5 = 1005;', 'const DELAY_5 = Math.random() * 1005;'],
  ['for (;;) {\n    try {\n      return await fetch(`https://orders.internal/v2', 'for (let i = 0; i < 3; i++) {\n    try {\n      return await fetch(`https://orders.internal/v2'],
  ['attempt < 4;', 'attempt < 40;'],
  ['export function total6(', 'export function total6((('],
  ['export async function getOrder7(', '// eslint-disable-next-line retry-hygiene/no-unbounded-retry\nexport async function getOrder7('],
  ['return Math.round(total * 100) / 100;', 'return Math.round(total * 1000) / 1000;'],
];


/** The next edit: one occurrence of one side of a swap, as an offset range and its new text. */
function nextEdit(text: string, random: () => number): { start: number; end: number; text: string } {
  for (;;) {
    const [a, b] = SWAPS[Math.floor(random() * SWAPS.length)]!;
    const [from, to] = text.includes(b) && (random() < 0.5 || !text.includes(a)) ? [b, a] : [a, b];
    const at: number[] = [];
    for (let i = text.indexOf(from); i >= 0; i = text.indexOf(from, i + 1)) at.push(i);
    if (at.length === 0) continue;
    const start = at[Math.floor(random() * at.length)]!;
    return { start, end: start + from.length, text: to };
  }
}

const URI = 'file:///work/project/src/orders.ts';

/** An analysis as plain data, without its timing. */
function plain(analysis: Analysis): Omit<Analysis, 'lintMs'> {
  const { lintMs: _lintMs, ...rest } = analysis;
  return JSON.parse(JSON.stringify(rest)) as Omit<Analysis, 'lintMs'>;
}

function freshLint(text: string, version: number): { analysis: Analysis; engine: LintEngine } {
  const engine = new LintEngine();
  engine.configure(DEFAULT_SETTINGS);
  return { analysis: engine.lint(URI, version, text, 'orders.ts'), engine };
}

describe('a document edited many times', () => {
  it('lints each version in a long-lived engine as a fresh engine lints it: findings, suggestions, sites', () => {
    const engine = new LintEngine();
    engine.configure(DEFAULT_SETTINGS);
    const random = prng(29);
    let text = TEXT;
    const statuses = new Set<string>();
    const counts = new Set<number>();
    for (let version = 1; version <= 60; version++) {
      if (version > 1) {
        const edit = nextEdit(text, random);
        text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
      }
      const analysis = engine.lint(URI, version, text, 'orders.ts');
      expect(plain(analysis), `version ${version}`).toEqual(plain(freshLint(text, version).analysis));
      statuses.add(analysis.status);
      counts.add(analysis.messages.length);
    }
    // The walk went through parse errors and changing numbers of findings, not one state.
    expect(statuses).toEqual(new Set(['ok', 'parse-error']));
    expect(counts.size).toBeGreaterThan(3);
  });

  it('keeps no SourceCode of a version once its lint is done, and builds a version\'s suggestions after a later version was linted', () => {
    const engine = new LintEngine();
    engine.configure(DEFAULT_SETTINGS);
    const held = (e: LintEngine) => {
      const { linter, folderLinter } = e as unknown as { linter: Linter; folderLinter?: { linter: Linter } };
      return [linter.getSourceCode(), folderLinter?.linter.getSourceCode() ?? null];
    };
    const first = engine.lintFirst(URI, 1, TEXT, 'orders.ts');
    expect(held(engine)).toEqual([null, null]);
    const edited = TEXT.replace('const DELAY_3 = 1003;', 'const DELAY_3 = Math.random() * 1003;');
    const second = engine.lintFirst(URI, 2, edited, 'orders.ts');
    // The first version's suggestions are built from its own AST, not the newer one.
    first.completeSuggestions();
    second.completeSuggestions();
    expect(plain(first.analysis)).toEqual(plain(freshLint(TEXT, 1).analysis));
    expect(plain(second.analysis)).toEqual(plain(freshLint(edited, 2).analysis));
    expect(first.analysis.messages.some((m) => (m.suggestions?.length ?? 0) > 0)).toBe(true);
    // Untitled documents lint in the engine's own Linter: it lets go too.
    engine.lint('untitled:Untitled-1', 1, TEXT, 'document.ts');
    expect(held(engine)).toEqual([null, null]);
  });

  it('publishes for each version of 40 incremental edits the diagnostics a fresh lint of its text gives', async () => {
    const client = await TestClient.start({ initializationOptions: { debounceMs: 0 } });
    try {
      const random = prng(1_000);
      let doc = TextDocument.create(URI, 'typescript', 1, TEXT);
      await client.open(URI, TEXT, 'typescript', 1);
      const check = async (version: number) => {
        const published = await client.diagnosticsFor(URI, version);
        const { analysis, engine } = freshLint(doc.getText(), version);
        expect(published.diagnostics, `version ${version}`).toEqual(JSON.parse(JSON.stringify(toDiagnostics(analysis, engine))));
      };
      await check(1);
      for (let version = 2; version <= 41; version++) {
        const edit = nextEdit(doc.getText(), random);
        const range = { start: doc.positionAt(edit.start), end: doc.positionAt(edit.end) };
        doc = TextDocument.update(doc, [{ range, text: edit.text }], version);
        await client.change(URI, version, [{ range, text: edit.text }]);
        await check(version);
      }
    } finally {
      await client.stop();
    }
  }, 120_000);
});
