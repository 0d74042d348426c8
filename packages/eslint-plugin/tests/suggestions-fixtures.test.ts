// Every suggestion on every finding in fixtures/: it parses, it removes the finding it is
// offered for, and a TypeScript output type-checks (strict) against @retry-hygiene/retry's
// types with no error the original did not have — all outputs in one TypeScript program.
// Also the coverage figures of issue 9 (printed, and pinned).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeRetrySites, type SourceCodeLike } from '@retry-hygiene/analysis';
import { lint, lastSourceCode, proveSuggestions, type AppliedSuggestion } from './suggestion-proof.js';
import { introducedTypeErrors } from './type-proof.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const fixturesDir = join(repoRoot, 'fixtures');
const EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx']);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    return e.isDirectory() ? walk(full) : EXTENSIONS.has(extname(e.name)) ? [full] : [];
  });
}

interface FixtureResult {
  name: string;
  absPath: string;
  code: string;
  findings: { rule: string; line: number; message: string; suggestions: string[]; library: string | undefined }[];
  applied: AppliedSuggestion[];
}

const fixtures: FixtureResult[] = walk(fixturesDir)
  .sort()
  .map((absPath) => {
    const code = readFileSync(absPath, 'utf8');
    const name = relative(fixturesDir, absPath).split(sep).join('/');
    const messages = lint(code, absPath);
    // The sites the rules reported from (cached on the AST: not a second analysis).
    const sites = analyzeRetrySites(lastSourceCode() as unknown as SourceCodeLike);
    const libraryAt = (line: number, column: number) => sites.find((s) => s.loc.start.line === line && s.loc.start.column === column - 1)?.library;
    const findings = messages
      .filter((m) => m.ruleId?.startsWith('retry-hygiene/'))
      .map((m) => ({ rule: (m.ruleId as string).slice('retry-hygiene/'.length), line: m.line, message: m.message, suggestions: (m.suggestions ?? []).map((s) => s.desc), library: libraryAt(m.line, m.column) }));
    return { name, absPath, code, findings, applied: findings.some((f) => f.suggestions.length > 0) ? proveSuggestions(code, absPath) : [] };
  });

const all = fixtures.flatMap((f) => f.findings.map((finding) => ({ ...finding, file: f.name })));

/** A loop or self-retrying function, as the messages name them (describe-site.ts). */
const isLoopOrRecursion = (message: string) => /^(This retry loop|`[^`]+\(\)` retrying itself|This self-retrying function)/.test(message);

/**
 * Findings with no suggestion, each for a stated reason (the rule docs say the same): a library
 * with no option for what the rule asks, and reconnects that have no bound to set. A
 * no-nested-retry finding gets one suggestion per layer this file can make a single attempt.
 */
const WITHOUT_SUGGESTION: Record<string, string> = {
  'libraries/generic-retry-helpers.cjs:23:no-fixed-sleep-retry': "superagent's `.retry(n)` has no delay option: it re-sends at once",
  'libraries/messaging-reconnects.mjs:9:no-fixed-sleep-retry': "mqtt's `reconnectPeriod` is a fixed period with no jitter option",
  'libraries/messaging-reconnects.mjs:9:no-unbounded-retry': 'mqtt reconnects until `end()`: it has no bound to set',
  'libraries/messaging-reconnects.mjs:15:no-fixed-sleep-retry': "mqtt's default `reconnectPeriod` is a fixed period with no jitter option",
  'libraries/messaging-reconnects.mjs:15:no-unbounded-retry': 'mqtt reconnects until `end()`: it has no bound to set',
  'libraries/messaging-reconnects.mjs:20:no-unbounded-retry': 'cassandra-driver reconnects to a host until it is back, by design: it has no bound to set',
  'libraries/nest-database.module.ts:12:no-fixed-sleep-retry': "@nestjs/typeorm's `retryDelay` is fixed; the module has no jitter option",
  'libraries/nest-database.module.ts:15:no-fixed-sleep-retry': "@nestjs/mongoose's `retryDelay` is fixed; the module has no jitter option",
  'loops/blob-download-retries-left.ts:5:require-jitter': "the Azure Storage client's default policy: the library has no jitter option (its message says how to keep its herd small)",
  'react/checkout-button.jsx:31:no-fixed-sleep-retry': 'a call of a helper of the file that waits as its own code says: the fix is in the helper, whose loop has its own finding and suggestions',
  'recursion/log-shipper-tcp-reconnect.js:16:no-unbounded-retry': 'event-driven reconnect: giving up has no caller to tell',
  'recursion/ticker-websocket-reconnect.js:18:no-unbounded-retry': 'event-driven reconnect: giving up has no caller to tell',
};

describe('suggestions on the fixtures', () => {
  it('every suggestion parses and removes the finding it is offered for', () => {
    const failures = fixtures.flatMap((f) => f.applied.filter((a) => a.problems.length > 0).map((a) => `${f.name}:${a.line} ${a.rule} "${a.desc}": ${a.problems.join('; ')}`));
    expect(failures).toEqual([]);
    expect(fixtures.reduce((n, f) => n + f.applied.length, 0)).toBeGreaterThan(80);
  });

  it('every finding has a suggestion, except the listed ones', () => {
    const without = all.filter((f) => f.suggestions.length === 0).map((f) => `${f.file}:${f.line}:${f.rule}`);
    expect(without).toEqual(Object.keys(WITHOUT_SUGGESTION));
  });

  it('reports the coverage figures', () => {
    const withSuggestion = all.filter((f) => f.suggestions.length > 0).length;
    const handWritten = all.filter((f) => f.rule !== 'no-nested-retry' && isLoopOrRecursion(f.message));
    const rewritten = handWritten.filter((f) => f.suggestions.some((s) => s.startsWith('Rewrite with retry()')));
    const share = (n: number, d: number) => `${n}/${d} = ${((100 * n) / d).toFixed(1)} %`;
    console.log(`findings with at least one suggestion: ${share(withSuggestion, all.length)}`);
    console.log(`loop and recursion findings (no-fixed-sleep-retry, require-jitter, no-unbounded-retry) with the retry() rewrite: ${share(rewritten.length, handWritten.length)}`);
    const nested = all.filter((f) => f.rule === 'no-nested-retry');
    const nestedWith = nested.filter((f) => f.suggestions.length > 0);
    console.log(`no-nested-retry findings with a single-attempt suggestion: ${share(nestedWith.length, nested.length)}`);
    // Every nested suggestion keeps one layer and makes the other a single attempt.
    expect(nestedWith.flatMap((f) => f.suggestions).every((s) => /^Keep the (outer retry|inner retr(y|ies) \(lines? [\d, ]+\)): make /.test(s))).toBe(true);
    expect(withSuggestion).toBe(all.length - Object.keys(WITHOUT_SUGGESTION).length);
    expect(rewritten.length / handWritten.length).toBeGreaterThanOrEqual(0.8);
  });
});

describe('TypeScript outputs type-check against @retry-hygiene/retry (one program)', () => {
  it('no output has a type error its original did not have', () => {
    const { pairs, introduced } = introducedTypeErrors(fixtures);
    expect(pairs).toBeGreaterThan(20);
    expect(introduced).toEqual([]);
  });
});
