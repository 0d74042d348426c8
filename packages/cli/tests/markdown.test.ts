import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ESLint, Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, HerdComparison } from '../src/check/herd.js';
import { MARKDOWN_LIMIT, markdown } from '../src/check/markdown.js';
import type { FileReport, Report } from '../src/check/report.js';
import { runCheck as check } from './run-check.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures');
const RULES = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'];
const rules = Object.fromEntries(RULES.map((r) => [`retry-hygiene/${r}`, { description: r, url: `https://example.test/${r}.md` }]));

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

const FIXED_POLICY = { maxAttempts: 4, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' } as const;

/** `n` findings over files of 10, rules in turn, each message `width` characters long. */
function syntheticReport(n: number, width: number, withHerd: boolean): Report {
  const herd = withHerd ? new HerdComparison(DEFAULT_SCENARIO) : undefined;
  const files: FileReport[] = [];
  for (let f = 0; f * 10 < n; f++) {
    const findings = Array.from({ length: Math.min(10, n - f * 10) }, (_, i) => {
      const message = { ruleId: `retry-hygiene/${RULES[(f * 10 + i) % 4]}`, severity: 2, line: i + 1, column: 1, message: `Finding ${f * 10 + i} ${'x'.repeat(width)}` } as Linter.LintMessage;
      return herd ? { message, comparison: herd.compare({ policy: FIXED_POLICY }, { title: 'Rewrite with retry()', policy: { ...FIXED_POLICY, jitter: 'full' } }) } : { message };
    });
    files.push({ result: { filePath: `/repo/src/module-${f}.ts` } as ESLint.LintResult, findings });
  }
  return { files, cwd: '/repo', root: '/repo', ...(herd ? { herd } : {}), fileCount: files.length, suppressedCount: 0, version: '0.0.0', rules, color: false };
}

/** Each <details> closed, and the rows of each rule's table. */
function sections(text: string): { summary: string; rows: number; more?: string }[] {
  expect(text.split('<details>').length).toBe(text.split('</details>').length);
  return text.split('<details>').slice(1).map((part) => {
    const body = part.split('</details>')[0]!;
    const more = /\n_… (\d+) more findings? of this rule not shown/.exec(body)?.[1];
    return { summary: /<summary>(.*)<\/summary>/.exec(body)![1]!, rows: body.split('\n').filter((l) => l.startsWith('| `')).length, ...(more ? { more } : {}) };
  });
}

describe('check --format markdown: a summary by rule, findings collapsed by rule, always under the comment limit', () => {
  it("the 139 fixture findings: every one in its rule's collapsed table, well under the limit", async () => {
    const { code, stdout } = await check(['fixtures', '--format', 'markdown'], join(FIXTURES, '..'));
    expect(code).toBe(1);
    expect(bytes(stdout)).toBeLessThan(MARKDOWN_LIMIT);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('### ❌ retry-hygiene: 139 problems (139 errors, 0 warnings) in 103 files');
    expect(lines.slice(2, 8).map((l) => l.replace(/\]\([^)]*\)/, ']'))).toEqual([
      '| rule | findings |',
      '|---|---|',
      '| [no-fixed-sleep-retry] | 59 |',
      '| [require-jitter] | 38 |',
      '| [no-unbounded-retry] | 29 |',
      '| [no-nested-retry] | 13 |',
    ]);
    expect(sections(stdout)).toEqual([
      { summary: 'no-fixed-sleep-retry — 59 findings', rows: 59 },
      { summary: 'require-jitter — 38 findings', rows: 38 },
      { summary: 'no-unbounded-retry — 29 findings', rows: 29 },
      { summary: 'no-nested-retry — 13 findings', rows: 13 },
    ]);
    expect(stdout).toContain('\n| where | finding | this retry | jitter alone | its quick fix |\n|---|---|---|---|---|\n| `fixtures/');
    expect(stdout).toMatch(/\n\nHerd: the simulated load of each retry, 1 000 clients fail at once.*\n$/);
  });

  it.each([
    ['5 000 findings with herds', 5000, 200, true],
    ['5 000 findings, no herds', 5000, 200, false],
    ['40 000 findings with long messages', 40_000, 2000, true],
  ] as const)('%s: under the limit, each rule truncated with a "… N more" line, every finding counted', (_, n, width, withHerd) => {
    const text = markdown(syntheticReport(n, width, withHerd));
    expect(bytes(text)).toBeLessThanOrEqual(64_000);
    expect(text.split('\n')[0]).toBe(`### ❌ retry-hygiene: ${n} problems (${n} errors, 0 warnings) in ${n / 10} files`);
    const found = sections(text);
    // Ties in alphabetical order.
    expect(found.map((s) => s.summary)).toEqual([...RULES].sort().map((r) => `${r} — ${n / 4} findings`));
    for (const s of found) expect(s.rows + Number(s.more ?? 0)).toBe(n / 4);
    // Shared out: every rule shows its first findings, and every rule is cut.
    for (const s of found) expect([s.rows > 0, Number(s.more) > 0]).toEqual([true, true]);
    if (withHerd) expect(text).toMatch(/\n\nHerd: the simulated load of each retry, 1 000 clients fail at once.*\n$/);
  });

  it('a few findings fit whole: no "more" line', () => {
    const text = markdown(syntheticReport(8, 50, false));
    expect(sections(text)).toEqual([...RULES].sort().map((r) => ({ summary: `${r} — 2 findings`, rows: 2 })));
    expect(text).not.toContain('more finding');
  });
});
