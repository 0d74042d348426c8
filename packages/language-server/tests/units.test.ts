import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCENARIO_LIMITS } from '@retry-hygiene/herd';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { disableFileEdit, disableLineEdit, minimalEdits } from '../src/code-actions.js';
import { lintFilename } from '../src/engine.js';
import { DEFAULT_SETTINGS, SCENARIO_RANGES, resolveSettings } from '../src/settings.js';

const doc = (text: string) => TextDocument.create('file:///a.ts', 'typescript', 1, text);
const apply = (text: string, edits: Parameters<typeof TextDocument.applyEdits>[1]) => TextDocument.applyEdits(doc(text), edits);

describe('settings', () => {
  it('lays layers over the defaults, later ones winning, field by field', () => {
    const { settings, problems } = resolveSettings(
      { rules: { 'retry-hygiene/require-jitter': 'warning' }, scenario: { clients: 50 } },
      { rules: { 'require-jitter': { options: { ignoreLibraryDefaults: true } } }, scenario: { outageMs: 0 }, debounceMs: 0 },
    );
    expect(problems).toEqual([]);
    expect(settings.rules['require-jitter']).toEqual({ severity: 'warning', options: { ignoreLibraryDefaults: true } });
    expect(settings.scenario).toEqual({ clients: 50, capacity: 200, outageMs: 0 });
    expect(settings.debounceMs).toBe(0);
    expect(DEFAULT_SETTINGS.rules['require-jitter']).toEqual({ severity: 'error' });
  });

  it('names what it ignores and keeps the value below', () => {
    const { settings, problems } = resolveSettings({ enable: 'yes', debounceMs: -5, rules: [], scenario: { capacity: '200', clients: Number.NaN } }, 'on');
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(problems).toEqual([
      'retryHygiene.enable must be true or false, got a string',
      'retryHygiene.debounceMs must be a number from 0 to 10000, got -5',
      'retryHygiene.rules must be an object, got an array',
      "retryHygiene.scenario.capacity must be an integer from 1 to 1000000, got '200'",
      'retryHygiene.scenario.clients must be an integer from 1 to 100000, got NaN',
      'retryHygiene must be an object, got a string',
    ]);
  });

  it('clamps scenario numbers to their ranges (integers rounded), and names each', () => {
    const { settings, problems } = resolveSettings({ scenario: { clients: 1e400, capacity: 1.5, outageMs: -0.5 } }, { scenario: { capacity: -3 } });
    expect(settings.scenario).toEqual({ clients: 100_000, capacity: 1, outageMs: 0 });
    expect(problems).toEqual([
      'retryHygiene.scenario.clients must be an integer from 1 to 100000, got Infinity (clamped to 100000)',
      'retryHygiene.scenario.capacity must be an integer from 1 to 1000000, got 1.5 (clamped to 2)',
      'retryHygiene.scenario.outageMs must be a number from 0 to 3600000, got -0.5 (clamped to 0)',
      'retryHygiene.scenario.capacity must be an integer from 1 to 1000000, got -3 (clamped to 1)',
    ]);
    // In range, -0 and fractions of a millisecond included: taken as they are, nothing to name.
    expect(resolveSettings({ scenario: { clients: 100_000, capacity: 1_000_000, outageMs: 2.5 } })).toEqual({
      settings: { ...DEFAULT_SETTINGS, scenario: { clients: 100_000, capacity: 1_000_000, outageMs: 2.5 } },
      problems: [],
    });
    expect(resolveSettings({ scenario: { clients: -Infinity, outageMs: 1e12 } }).settings.scenario).toEqual({ clients: 1, capacity: 200, outageMs: 3_600_000 });
  });

  it('states the same ranges as the VS Code extension’s contributed settings', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../extension/package.json', import.meta.url), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { type: string | string[]; minimum?: number; maximum?: number }> } };
    };
    const { properties } = manifest.contributes.configuration;
    for (const [key, { min, max, integer }] of Object.entries(SCENARIO_RANGES)) {
      // The outage may be left empty (null): each retry's own then.
      const type = key === 'outageMs' ? ['number', 'null'] : integer ? 'integer' : 'number';
      expect(properties[`retryHygiene.scenario.${key}`], key).toMatchObject({ type, minimum: min, maximum: max });
    }
    expect(Object.keys(properties).filter((k) => k.startsWith('retryHygiene.scenario.')).sort()).toEqual(Object.keys(SCENARIO_RANGES).map((k) => `retryHygiene.scenario.${k}`).sort());
  });
  it('keeps every hover range inside the simulator’s own limits (what `simulate` accepts)', () => {
    for (const [key, { min, max, integer }] of Object.entries(SCENARIO_RANGES)) {
      const limit = SCENARIO_LIMITS[key as keyof typeof SCENARIO_RANGES];
      expect(min, key).toBeGreaterThanOrEqual(limit.min);
      expect(max, key).toBeLessThanOrEqual(limit.max);
      expect(integer, key).toBe(limit.integer);
    }
  });
});

describe('disable comments', () => {
  it('goes above the line with its indentation, or joins the comment already there', () => {
    const text = 'a();\n    for (;;) {}\n';
    expect(apply(text, [disableLineEdit(doc(text), 1, 'retry-hygiene/x', 'eslint')])).toBe('a();\n    // eslint-disable-next-line retry-hygiene/x\n    for (;;) {}\n');
    const commented = 'a();\n  // eslint-disable-next-line other/rule -- a reason\n  for (;;) {}\n';
    expect(apply(commented, [disableLineEdit(doc(commented), 2, 'retry-hygiene/x', 'eslint')])).toBe('a();\n  // eslint-disable-next-line other/rule, retry-hygiene/x -- a reason\n  for (;;) {}\n');
    const crlf = 'a();\r\nfor (;;) {}\r\n';
    expect(apply(crlf, [disableLineEdit(doc(crlf), 0, 'retry-hygiene/x', 'eslint')])).toBe('// eslint-disable-next-line retry-hygiene/x\r\na();\r\nfor (;;) {}\r\n');
  });

  it('goes on the first line, after a shebang, or joins a file comment already there', () => {
    expect(apply('a();\n', [disableFileEdit(doc('a();\n'), 'retry-hygiene/x', 'eslint')])).toBe('/* eslint-disable retry-hygiene/x */\na();\n');
    const shebang = '#!/usr/bin/env node\na();\n';
    expect(apply(shebang, [disableFileEdit(doc(shebang), 'retry-hygiene/x', 'eslint')])).toBe('#!/usr/bin/env node\n/* eslint-disable retry-hygiene/x */\na();\n');
    const existing = '/* eslint-disable retry-hygiene/y */\na();\n';
    expect(apply(existing, [disableFileEdit(doc(existing), 'retry-hygiene/x', 'eslint')])).toBe('/* eslint-disable retry-hygiene/y, retry-hygiene/x */\na();\n');
    expect(apply('', [disableFileEdit(doc(''), 'retry-hygiene/x', 'eslint')])).toBe('/* eslint-disable retry-hygiene/x */\n');
  });
});

describe('minimal edits', () => {
  it('keeps the common head and tail of a replacement, and never splits a surrogate pair', () => {
    const text = 'await sleep(1000 * n);';
    expect(minimalEdits(doc(text), { range: [12, 20], text: '2000 * n' })).toEqual([
      { range: { start: { line: 0, character: 12 }, end: { line: 0, character: 13 } }, newText: '2' },
    ]);
    const emoji = 'x = "😀";';
    // 😀 → 😁 share the high surrogate: the edit still replaces the whole character.
    const [edit] = minimalEdits(doc(emoji), { range: [5, 7], text: '😁' });
    expect(edit).toEqual({ range: { start: { line: 0, character: 5 }, end: { line: 0, character: 7 } }, newText: '😁' });
    expect(minimalEdits(doc(text), { range: [12, 20], text: '' })).toEqual([{ range: { start: { line: 0, character: 12 }, end: { line: 0, character: 20 } }, newText: '' }]);
  });
});

describe('lintFilename', () => {
  it('keeps JS/TS (and .vue, .svelte) names, names other documents by languageId, and skips the rest', () => {
    expect(lintFilename('file:///work/src/a.mts', 'typescript')).toBe('a.mts');
    // A component is its own file, whatever language id the client gives it.
    expect(lintFilename('file:///work/src/App.vue', 'typescriptreact')).toBe('App.vue');
    expect(lintFilename('file:///work/src/app.html', 'typescriptreact')).toBe('document.tsx');
    expect(lintFilename('untitled:Untitled-1', 'javascript')).toBe('document.js');
    expect(lintFilename('file:///work/README.md', 'markdown')).toBeUndefined();
    expect(lintFilename('not a uri', 'python')).toBeUndefined();
  });
});

describe('one analysis per lint', () => {
  it('hands hover and code actions the site objects the rules read (no second parse), as plain data a worker can post', async () => {
    const { analyzeRetrySites } = await import('@retry-hygiene/analysis');
    const { LintEngine, viewOf } = await import('../src/engine.js');
    const { FIXED_SLEEP_LOOP } = await import('./samples.js');
    let seenByRule: unknown;
    const spy = {
      create: (context: { sourceCode: unknown }) => ({ 'Program:exit': () => void (seenByRule = analyzeRetrySites(context.sourceCode as never)) }),
    };
    const engine = new LintEngine([{ plugins: { spy: { rules: { sites: spy as never } } }, rules: { 'spy/sites': 'warn' } }]);
    engine.configure(DEFAULT_SETTINGS);
    const analysis = engine.lint('file:///a.ts', 1, FIXED_SLEEP_LOOP, 'a.ts');
    expect(analysis.sites).toHaveLength(1);
    // The views are made from the very array the rules read (the analysis caches it per AST):
    // analyzeRetrySites ran once, inside the lint.
    const rulesSites = seenByRule as Parameters<typeof viewOf>[0][];
    // Each with the quick fix its herd comparison shows, chosen from the same site objects.
    expect(analysis.sites).toEqual(rulesSites.map(viewOf).map((view) => ({ ...view, fix: { title: 'Rewrite with retry() (stops after 5 attempts)', policy: { maxAttempts: 5, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' } } })));
    expect(analysis.sites[0]).toMatchObject({ kind: 'loop', policy: { delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' } });
    // Structured-cloneable: what the lint worker posts arrives unchanged.
    expect(structuredClone(analysis)).toEqual(analysis);
  });
});
