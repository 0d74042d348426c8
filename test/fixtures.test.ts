// Lints every file under fixtures/ with the plugin's recommended config and checks the findings
// against the `// expect: <rule>[, <rule>…]` labels in the files, exactly, per file.
//
// Label convention: a trailing `// expect: rule-a, rule-b` on the line where the finding is
// reported (rule ids without the `retry-hygiene/` prefix). A file without labels must be silent.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import type { Linter } from 'eslint';
import retryHygiene from 'eslint-plugin-retry-hygiene';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixturesDir = join(repoRoot, 'fixtures');

const EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.jsx', '.tsx', '.vue', '.svelte'] as const;
const CORE_RULES = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'] as const;
const PLUGIN_PREFIX = 'retry-hygiene/';
const EXPECT_COMMENT = /\/\/\s*expect:\s*(.*)$/;

interface Fixture {
  /** Path relative to fixtures/, with forward slashes (test names). */
  name: string;
  absPath: string;
  ext: string;
  lines: string[];
  /** Sorted `line:rule` keys. */
  expected: string[];
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (entry.isFile() && (EXTENSIONS as readonly string[]).includes(extname(entry.name))) out.push(full);
  }
  return out;
}

function byLineThenRule(a: string, b: string): number {
  const [la = '0', ra = ''] = a.split(':');
  const [lb = '0', rb = ''] = b.split(':');
  return Number(la) - Number(lb) || ra.localeCompare(rb);
}

function parseExpectations(name: string, lines: string[]): string[] {
  const keys: string[] = [];
  lines.forEach((text, index) => {
    const match = EXPECT_COMMENT.exec(text);
    if (!match) return;
    const rules = (match[1] ?? '')
      .split(',')
      .map((rule) => rule.trim())
      .filter(Boolean);
    if (rules.length === 0) throw new Error(`${name}:${index + 1}: empty "expect:" label`);
    for (const rule of rules) {
      if (rule.startsWith(PLUGIN_PREFIX)) {
        throw new Error(`${name}:${index + 1}: write "${rule.slice(PLUGIN_PREFIX.length)}" without the prefix`);
      }
      if (!/^[a-z]+(-[a-z]+)*$/.test(rule)) throw new Error(`${name}:${index + 1}: malformed rule id "${rule}"`);
      const key = `${index + 1}:${rule}`;
      if (keys.includes(key)) throw new Error(`${name}:${index + 1}: "${rule}" labelled twice`);
      keys.push(key);
    }
  });
  return keys.sort(byLineThenRule);
}

const fixtures: Fixture[] = walk(fixturesDir)
  .sort()
  .map((absPath) => {
    const name = relative(fixturesDir, absPath).split(sep).join('/');
    const lines = readFileSync(absPath, 'utf8').split(/\r?\n/);
    return { name, absPath, ext: extname(absPath), lines, expected: parseExpectations(name, lines) };
  });

/** Findings per fixture name as sorted `line:rule` keys, plus fatal/other messages. */
interface Outcome {
  actual: string[];
  fatal: string[];
  /** Messages that are neither plugin findings nor fatal (e.g. "no matching configuration"). */
  other: string[];
}

const outcomes = new Map<string, Outcome>();

function ruleKey(message: Linter.LintMessage): string {
  const ruleId = message.ruleId ?? '';
  const rule = ruleId.startsWith(PLUGIN_PREFIX) ? ruleId.slice(PLUGIN_PREFIX.length) : ruleId;
  return `${message.line}:${rule}`;
}

beforeAll(async () => {
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    // The .vue and .svelte components with the plugin's own configs for them (their parsers are dev dependencies).
    overrideConfig: [...retryHygiene.configs.recommended, ...retryHygiene.configs.typescript, ...retryHygiene.configs.vue, ...retryHygiene.configs.svelte] as Linter.Config[],
  });
  const results = await eslint.lintFiles(fixtures.map((f) => f.absPath));
  const byPath = new Map(results.map((r) => [r.filePath, r]));
  for (const fixture of fixtures) {
    const result = byPath.get(fixture.absPath);
    if (!result) throw new Error(`ESLint returned no result for ${fixture.name}`);
    const outcome: Outcome = { actual: [], fatal: [], other: [] };
    for (const message of result.messages) {
      if (message.fatal) outcome.fatal.push(`${message.line}:${message.column} ${message.message}`);
      else if (message.ruleId) outcome.actual.push(ruleKey(message));
      else outcome.other.push(`${message.line}:${message.column} ${message.message}`);
    }
    outcome.actual.sort(byLineThenRule);
    outcomes.set(fixture.name, outcome);
  }
}, 120_000);

function outcomeOf(name: string): Outcome {
  const outcome = outcomes.get(name);
  if (!outcome) throw new Error(`${name} was not linted (see the beforeAll failure)`);
  return outcome;
}

/** `12:no-unbounded-retry   │ while (true) {` — the key plus the source line, for readable diffs. */
function describeKeys(keys: string[], lines: string[]): string {
  if (keys.length === 0) return '  (none)';
  return keys
    .map((key) => {
      const line = Number(key.split(':')[0]);
      const source = (lines[line - 1] ?? '').trim().replace(EXPECT_COMMENT, '').trim();
      return `  ${key.padEnd(30)} │ ${source}`;
    })
    .join('\n');
}

describe('fixtures/ corpus', () => {
  it('has enough fixtures, both bad and good, in every extension', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
    expect(fixtures.filter((f) => f.expected.length > 0).length).toBeGreaterThanOrEqual(15);
    expect(fixtures.filter((f) => f.expected.length === 0).length).toBeGreaterThanOrEqual(15);
    const extensions = new Set(fixtures.map((f) => f.ext));
    expect([...EXTENSIONS].filter((ext) => !extensions.has(ext))).toEqual([]);
  });

  it('labels every core rule somewhere', () => {
    const labelled = new Set(fixtures.flatMap((f) => f.expected.map((key) => key.slice(key.indexOf(':') + 1))));
    expect(CORE_RULES.filter((rule) => !labelled.has(rule))).toEqual([]);
  });

  it('labels only rules the plugin has', () => {
    const known = new Set(Object.keys(retryHygiene.rules));
    const unknown = fixtures.flatMap((f) =>
      f.expected.filter((key) => !known.has(key.slice(key.indexOf(':') + 1))).map((key) => `${f.name}:${key}`),
    );
    expect(unknown).toEqual([]);
  });

  it('reports every core rule somewhere', () => {
    const reported = new Set(
      [...outcomes.values()].flatMap((o) => o.actual.map((key) => key.slice(key.indexOf(':') + 1))),
    );
    expect(CORE_RULES.filter((rule) => !reported.has(rule))).toEqual([]);
  });

  it('parses every fixture (no fatal errors)', () => {
    const fatal = fixtures.flatMap((f) => outcomeOf(f.name).fatal.map((m) => `${f.name}:${m}`));
    expect(fatal).toEqual([]);
  });
});

describe.each(fixtures.map((f) => [f.name, f] as const))('fixtures/%s', (_name, fixture) => {
  it(fixture.expected.length > 0 ? `reports exactly ${fixture.expected.join(', ')}` : 'reports nothing', () => {
    const { actual, fatal, other } = outcomeOf(fixture.name);
    expect(fatal, `fatal parse error in ${fixture.name}`).toEqual([]);
    expect(other, `non-rule messages in ${fixture.name}`).toEqual([]);

    const missing = fixture.expected.filter((key) => !actual.includes(key));
    const unexpected = actual.filter((key) => !fixture.expected.includes(key));
    const report = [
      `fixtures/${fixture.name}`,
      `missing (labelled, not reported):\n${describeKeys(missing, fixture.lines)}`,
      `unexpected (reported, not labelled):\n${describeKeys(unexpected, fixture.lines)}`,
      '',
    ].join('\n');
    expect(actual, report).toEqual(fixture.expected);
  });
});
