import { Linter } from 'eslint';
import { analyzeRetrySites, type RetrySite, type SourceCodeLike } from '@retry-hygiene/analysis';
import { describe, expect, it } from 'vitest';

/**
 * The analysis's work on retry loops nested in one another grows with the nest's size, not with
 * its size times its depth (each loop once walked every loop inside it: 5.6× parse-only at 400
 * levels). Counted, not timed: every node an analysis walk visits looks up its visitor keys, so
 * the look-ups through a counting `visitorKeys` are the walks' work.
 */
function nest(depth: number): string {
  let code = 'export async function load(url) {\n';
  for (let i = 0; i < depth; i++) code += `for (let a${i} = 0; a${i} < 3; a${i}++) {\ntry {\n`;
  code += 'return await fetch(url);\n';
  for (let i = 0; i < depth; i++) code += '} catch {\nawait sleep(1000);\n}\n}\n';
  return `${code}throw new Error('failed');\n}\n`;
}

/** The sites of `code` and the visitor-key look-ups the analysis made to find them. */
function analyseCounting(code: string): { sites: readonly RetrySite[]; lookups: number } {
  let result: { sites: readonly RetrySite[]; lookups: number } | undefined;
  const rule = {
    create: (context: { sourceCode: SourceCodeLike }) => ({
      'Program:exit'() {
        const source = context.sourceCode;
        let lookups = 0;
        const visitorKeys = new Proxy(source.visitorKeys, {
          get(target, key) {
            lookups++;
            return Reflect.get(target, key);
          },
        });
        // The SourceCode's own methods, bound to it; only the keys are counted.
        const counting: SourceCodeLike = {
          ast: source.ast,
          text: source.text,
          visitorKeys,
          getScope: (node) => source.getScope(node),
          getLocFromIndex: (index) => source.getLocFromIndex(index),
          traverse: source.traverse ? () => (source.traverse as () => readonly unknown[])() : undefined,
        };
        const sites = analyzeRetrySites(counting);
        result = { sites, lookups };
      },
    }),
  };
  const messages = new Linter().verify(code, [{ plugins: { count: { rules: { sites: rule } } }, rules: { 'count/sites': 'error' } }] as never, { filename: 'nest.mjs' });
  expect(messages).toEqual([]);
  if (!result) throw new Error('the rule did not run');
  return result;
}

describe('retry loops nested in one another', () => {
  it('every level is a site, each nesting every level inside it', () => {
    const { sites } = analyseCounting(nest(50));
    expect(sites).toHaveLength(50);
    const outermost = sites.find((s) => s.loc.start.line === 2);
    expect(outermost?.nested).toHaveLength(49);
    expect(sites.find((s) => s.loc.start.line === 2 + 2 * 49)?.nested).toEqual([]);
  });

  it('cost linear work in the depth: twice the levels, at most 2.2 times the nodes visited', () => {
    const small = analyseCounting(nest(150));
    const large = analyseCounting(nest(300));
    expect(small.sites).toHaveLength(150);
    expect(large.sites).toHaveLength(300);
    // Quadratic work (each loop walking every loop inside it) gives about 4×.
    expect(large.lookups / small.lookups).toBeLessThanOrEqual(2.2);
  });

  it('makes one record per inner loop, not one per pair: every loop around it shares it', () => {
    const { sites } = analyseCounting(nest(50));
    const pairs = sites.reduce((n, s) => n + s.nested.length, 0);
    const records = new Set(sites.flatMap((s) => s.nested));
    // 49 + 48 + … + 1 pairs; each inner loop (all but the outermost) reached literally, once recorded.
    expect(pairs).toBe(1225);
    expect(records.size).toBe(49);
    const outermost = sites.find((s) => s.loc.start.line === 2);
    const next = sites.find((s) => s.loc.start.line === 4);
    const innermost = sites.find((s) => s.loc.start.line === 2 + 2 * 49);
    expect(outermost?.nested.find((n) => n.inner === innermost)).toBe(next?.nested.find((n) => n.inner === innermost));
    expect(outermost?.nested.find((n) => n.inner === innermost)).toEqual({ inner: innermost, via: 'literal', through: innermost?.node });
  });
});
