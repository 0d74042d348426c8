import type { Rule } from 'eslint';
import { describe, expect, it } from 'vitest';
import { LintEngine } from '../src/engine.js';
import { DEFAULT_SETTINGS } from '../src/settings.js';
import { attachFixes, fixesOf, packFixes, withoutFixes } from '../src/wire.js';

/** Retry loops below a long head: the rewrite suggestion's merged fix copies the whole head (import at line 1). */
function fileWithLongHead(): string {
  const head = Array.from({ length: 80 }, (_, i) => `export const value${i} = ${i} * 2; // padding so the copied source is long`).join('\n');
  return `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n${head}
export async function load(id: string): Promise<unknown> {
  for (;;) {
    try {
      return await fetch(\`/items/\${id}\`);
    } catch {
      await sleep(1000);
    }
  }
}
`;
}

/** What crossing to the main thread does: the analysis, then its fixes, each structured-cloned, put back together there. */
function cross(analysis: ReturnType<LintEngine['lint']>, text: string) {
  const bare = structuredClone(withoutFixes(analysis));
  const fixes = structuredClone(packFixes(fixesOf(analysis), text));
  const sentFirst = structuredClone(bare);
  attachFixes(bare, fixes, text);
  return { sentFirst, rebuilt: bare, packedSize: JSON.stringify(fixes).length };
}

/** A rule of another plugin whose one suggestion edits the first and the last character: ESLint merges that into one fix copying the whole file. */
const spanRule: Rule.RuleModule = {
  meta: { hasSuggestions: true, messages: { wrap: 'wrap', both: 'Mark both ends' }, schema: [] },
  create(context) {
    return {
      'Program:exit'(node) {
        context.report({
          node,
          messageId: 'wrap',
          suggest: [{ messageId: 'both', fix: (fixer) => [fixer.insertTextBeforeRange([0, 0], '/*<*/'), fixer.insertTextAfterRange([node.range![1], node.range![1]], '/*>*/')] }],
        });
      },
    };
  },
};

describe('lint results crossing from the worker', () => {
  it('keep the edits of each plugin suggestion apart: a rewrite that adds an import is three short edits (the import, the unused sleep helper, the loop), not a copy of the file between them', () => {
    const engine = new LintEngine();
    engine.configure(DEFAULT_SETTINGS);
    const text = fileWithLongHead();
    const linted = engine.lintFirst('file:///a.ts', 1, text, 'a.ts');
    // Diagnostics come before suggestions: none is built until asked.
    expect(linted.analysis.messages.map((m) => m.ruleId)).toEqual(['retry-hygiene/no-fixed-sleep-retry', 'retry-hygiene/no-unbounded-retry']);
    expect(linted.analysis.messages.some((m) => m.suggestions !== undefined)).toBe(false);
    linted.completeSuggestions();
    const { analysis } = linted;
    const rewrite = analysis.messages[0]!.suggestions!.find((s) => s.desc.startsWith('Rewrite with retry()'))!;
    // The sleep helper the loop no longer needs goes as its own short edit.
    expect(rewrite.edits.map((e) => e.range)).toEqual([
      [0, 0],
      [0, text.indexOf('\n') + 1],
      [text.indexOf('  for (;;)') + 2, text.indexOf('\n}\n', text.indexOf('  for (;;)'))],
    ]);
    expect(rewrite.edits[0]!.text).toBe("import { retry } from '@retry-hygiene/retry';\n\n");
    expect(Math.max(...analysis.messages.flatMap((m) => m.suggestions!.flatMap((s) => s.edits.map((e) => e.text.length))))).toBeLessThan(400);
    // Building them again adds nothing.
    linted.completeSuggestions();
    expect(analysis.messages[0]!.suggestions!.filter((s) => s === rewrite)).toHaveLength(1);

    const { sentFirst, rebuilt } = cross(analysis, text);
    expect(sentFirst.messages.some((m) => m.suggestions !== undefined || m.fix !== undefined)).toBe(false);
    expect(sentFirst.messages.map((m) => m.message)).toEqual(analysis.messages.map((m) => m.message));
    expect(rebuilt).toEqual(analysis);
  });

  it('pack a long fix that ESLint merged for another rule against the linted text, rebuilt exactly', () => {
    const engine = new LintEngine([{ plugins: { span: { rules: { wrap: spanRule } } }, rules: { 'span/wrap': 'warn' } }]);
    engine.configure(DEFAULT_SETTINGS);
    const text = fileWithLongHead();
    const analysis = engine.lint('file:///a.ts', 1, text, 'a.ts');
    const merged = analysis.messages.find((m) => m.ruleId === 'span/wrap')!.suggestions![0]!;
    expect(merged.edits).toHaveLength(1);
    expect(merged.edits[0]!.text).toBe(`/*<*/${text}/*>*/`);
    const { rebuilt, packedSize } = cross(analysis, text);
    expect(packedSize).toBeLessThan(text.length / 2);
    expect(rebuilt).toEqual(analysis);
  });

  it('carry short fixes as they are, and analyses without fixes unchanged', () => {
    const engine = new LintEngine();
    engine.configure(DEFAULT_SETTINGS);
    const text = 'async function f() { for (;;) { try { return await fetch("/x"); } catch { await new Promise((r) => setTimeout(r, 1000)); } } }\n';
    const analysis = engine.lint('file:///b.js', 1, text, 'b.js');
    expect(analysis.messages.length).toBeGreaterThan(0);
    expect(packFixes(fixesOf(analysis), text)).toEqual(analysis.messages.map(({ fix, suggestions }) => ({ fix, suggestions })));
    expect(cross(analysis, text).rebuilt).toEqual(analysis);
    const clean = engine.lint('file:///c.js', 1, 'export const x = 1;\n', 'c.js');
    expect(cross(clean, 'export const x = 1;\n').rebuilt).toEqual(clean);
  });
});
