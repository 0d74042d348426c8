import { describe, expect, it } from 'vitest';
import { LintEngine } from '../src/engine.js';
import { DEFAULT_SETTINGS } from '../src/settings.js';
import { packAnalysis, unpackAnalysis } from '../src/wire.js';

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

describe('lint results crossing from the worker', () => {
  it('pack long fix texts against the linted text and unpack to exactly what ESLint made', () => {
    const engine = new LintEngine();
    engine.configure(DEFAULT_SETTINGS);
    const text = fileWithLongHead();
    const analysis = engine.lint('file:///a.ts', 1, text, 'a.ts');
    const longest = Math.max(...analysis.messages.flatMap((m) => (m.suggestions ?? []).map((s) => s.fix.text.length)));
    expect(longest).toBeGreaterThan(text.length / 2);

    const packed = structuredClone(packAnalysis(analysis, text));
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(analysis).length / 2);
    expect(unpackAnalysis(packed, text)).toEqual(analysis);
  });

  it('leave analyses without fixes, and short fixes, as they are', () => {
    const engine = new LintEngine();
    engine.configure(DEFAULT_SETTINGS);
    const text = 'async function f() { for (;;) { try { return await fetch("/x"); } catch { await new Promise((r) => setTimeout(r, 1000)); } } }\n';
    const analysis = engine.lint('file:///b.js', 1, text, 'b.js');
    expect(analysis.messages.length).toBeGreaterThan(0);
    expect(packAnalysis(analysis, text)).toEqual(analysis);
    const clean = engine.lint('file:///c.js', 1, 'export const x = 1;\n', 'c.js');
    expect(unpackAnalysis(packAnalysis(clean, 'export const x = 1;\n'), 'export const x = 1;\n')).toEqual(clean);
  });
});
