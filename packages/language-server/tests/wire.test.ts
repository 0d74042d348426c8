import { describe, expect, it } from 'vitest';
import { LintEngine } from '../src/engine.js';
import { DEFAULT_SETTINGS } from '../src/settings.js';
import { attachFixes, packFixes, splitFixes } from '../src/wire.js';

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
  const split = splitFixes(analysis);
  const bare = structuredClone(split.analysis);
  const fixes = structuredClone(packFixes(split.fixes, text));
  const withoutFixes = structuredClone(bare);
  attachFixes(bare, fixes, text);
  return { withoutFixes, rebuilt: bare, packedSize: JSON.stringify(fixes).length };
}

describe('lint results crossing from the worker', () => {
  it('send the analysis without fixes, then the fixes packed against the linted text, rebuilt to exactly what ESLint made', () => {
    const engine = new LintEngine();
    engine.configure(DEFAULT_SETTINGS);
    const text = fileWithLongHead();
    const analysis = engine.lint('file:///a.ts', 1, text, 'a.ts');
    const longest = Math.max(...analysis.messages.flatMap((m) => (m.suggestions ?? []).map((s) => s.fix.text.length)));
    expect(longest).toBeGreaterThan(text.length / 2);

    const { withoutFixes, rebuilt, packedSize } = cross(analysis, text);
    expect(withoutFixes.messages.some((m) => m.suggestions !== undefined || m.fix !== undefined)).toBe(false);
    expect(withoutFixes.messages.map((m) => m.message)).toEqual(analysis.messages.map((m) => m.message));
    expect(packedSize).toBeLessThan(JSON.stringify(analysis.messages.map((m) => m.suggestions)).length / 2);
    expect(rebuilt).toEqual(analysis);
  });

  it('carry short fixes as they are, and analyses without fixes unchanged', () => {
    const engine = new LintEngine();
    engine.configure(DEFAULT_SETTINGS);
    const text = 'async function f() { for (;;) { try { return await fetch("/x"); } catch { await new Promise((r) => setTimeout(r, 1000)); } } }\n';
    const analysis = engine.lint('file:///b.js', 1, text, 'b.js');
    expect(analysis.messages.length).toBeGreaterThan(0);
    expect(packFixes(splitFixes(analysis).fixes, text)).toEqual(analysis.messages.map(({ fix, suggestions }) => ({ fix, suggestions })));
    expect(cross(analysis, text).rebuilt).toEqual(analysis);
    const clean = engine.lint('file:///c.js', 1, 'export const x = 1;\n', 'c.js');
    expect(cross(clean, 'export const x = 1;\n').rebuilt).toEqual(clean);
  });
});
