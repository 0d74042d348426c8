import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

/**
 * no-nested-retry's "keep the inner retries" suggestion names the inner retries' lines: all of
 * them up to five, then the first five and how many more. Listing every line made the title of
 * each loop of a deep nest as long as the nest, and the work of all the titles grow with its square.
 */
function nest(depth: number): string {
  // `pRetry(() =>` on lines 4, 5, 6, …: each call retries the next; the innermost retries `work()`.
  let code = "import pRetry from 'p-retry';\n\nexport const load = () =>\n";
  for (let i = 0; i < depth; i++) code += 'pRetry(() =>\n';
  code += 'work()';
  for (let i = 0; i < depth; i++) code += `, { retries: ${i + 2}, randomize: true })`;
  return `${code};\n`;
}

/** The keepInner title of the finding on `line`. */
function keepInnerTitle(code: string, line: number): string | undefined {
  const messages = new Linter().verify(code, [{ plugins: { 'retry-hygiene': plugin as never }, rules: { 'retry-hygiene/no-nested-retry': 'error' } }], { filename: 'nest.mjs' });
  const finding = messages.find((m) => m.line === line && m.ruleId === 'retry-hygiene/no-nested-retry');
  return finding?.suggestions?.find((s) => s.desc.startsWith('Keep the inner'))?.desc;
}

describe('the inner retries a keepInner title names', () => {
  it('up to five lines, all of them', () => {
    expect(keepInnerTitle(nest(6), 4)).toBe('Keep the inner retries (lines 5, 6, 7, 8, 9): make this one a single attempt (`retries: 0`)');
    expect(keepInnerTitle(nest(3), 4)).toBe('Keep the inner retries (lines 5, 6): make this one a single attempt (`retries: 0`)');
    expect(keepInnerTitle(nest(2), 4)).toBe('Keep the inner retry (line 5): make this one a single attempt (`retries: 0`)');
  });

  it('past five, the first five and a count of the others', () => {
    expect(keepInnerTitle(nest(9), 4)).toBe('Keep the inner retries (lines 5, 6, 7, 8, 9 and 3 more): make this one a single attempt (`retries: 0`)');
    // One level in: its own inner retries only.
    expect(keepInnerTitle(nest(9), 5)).toBe('Keep the inner retries (lines 6, 7, 8, 9, 10 and 2 more): make this one a single attempt (`retries: 0`)');
    // 100 levels: the outermost call's title stays short.
    expect(keepInnerTitle(nest(100), 4)).toBe('Keep the inner retries (lines 5, 6, 7, 8, 9 and 94 more): make this one a single attempt (`retries: 0`)');
  });
});
