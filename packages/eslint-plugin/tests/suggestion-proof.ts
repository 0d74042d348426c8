// What every suggestion must satisfy, shared by the rule suites (every invalid case) and the
// fixture proof: the applied output parses, and re-linting it shows no finding of the same
// rule at the same site.
import { parse } from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../src/index.js';

export interface AppliedSuggestion {
  rule: string;
  desc: string;
  /** The reported finding's line and column in the original. */
  line: number;
  column: number;
  output: string;
  /** Problems found: empty when the suggestion is proved. */
  problems: string[];
}

// Based at the file system's root: a case may be a file of a temporary project outside the checkout (workspace-imports.test.ts).
const linter = new Linter({ configType: 'flat', cwd: parse(process.cwd()).root });

export function configFor(filename: string, ruleOptions: Record<string, unknown[]> = {}, jsx = false, settings?: Record<string, unknown>): Linter.Config[] {
  const ts = /\.[cm]?tsx?$/.test(filename);
  const rules: Linter.RulesRecord = {};
  for (const name of Object.keys(plugin.rules)) rules[`retry-hygiene/${name}`] = ['error', ...(ruleOptions[name] ?? [])] as Linter.RuleEntry;
  return [
    {
      files: ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx', '**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'],
      plugins: { 'retry-hygiene': plugin },
      languageOptions: {
        ...(ts ? { parser: tsParser as Linter.Parser } : {}),
        sourceType: /\.c[jt]s$/.test(filename) ? 'commonjs' : 'module',
        parserOptions: { ecmaFeatures: { jsx: jsx || /\.[jt]sx$/.test(filename) } },
      },
      rules,
      ...(settings ? { settings } : {}),
    },
  ];
}

/** The SourceCode of the last `lint` call (ESLint's own, with the analysis cached on its AST). */
export function lastSourceCode() {
  return linter.getSourceCode();
}

export function lint(code: string, filename: string, ruleOptions?: Record<string, unknown[]>, jsx = false, settings?: Record<string, unknown>): Linter.LintMessage[] {
  return linter.verify(code, configFor(filename, ruleOptions, jsx, settings), { filename });
}

/** Applies each suggestion of each finding and checks it; `only` limits to one rule's findings. */
export function proveSuggestions(code: string, filename: string, ruleOptions?: Record<string, unknown[]>, only?: string, jsx = false, settings?: Record<string, unknown>): AppliedSuggestion[] {
  const applied: AppliedSuggestion[] = [];
  const before = lint(code, filename, ruleOptions, jsx, settings);
  for (const message of before) {
    if (!message.ruleId || (only && message.ruleId !== `retry-hygiene/${only}`)) continue;
    for (const suggestion of message.suggestions ?? []) {
      const { range, text } = suggestion.fix;
      const output = code.slice(0, range[0]) + text + code.slice(range[1]);
      const problems: string[] = [];
      const after = lint(output, filename, ruleOptions, jsx, settings);
      const fatal = after.find((m) => m.fatal);
      if (fatal) problems.push(`does not parse: ${fatal.message}`);
      // The other findings of the rule may move (lines shift), so they are matched by message:
      // after the edit the rule reports at most what it reported before, less this finding.
      // A message that names another line (no-nested-retry's inner site) is matched without it.
      const unplaced = (text: string) => text.replace(/\bline \d+/g, 'line N');
      // An outer retry that nests two inner ones names one: when the edit makes that one a single
      // attempt, the same outer finding (same line, same outer site) names the other.
      const outer = (m: Linter.LintMessage) => (m.ruleId === 'retry-hygiene/no-nested-retry' ? `${m.line}:${m.message.split(' retries code that retries again')[0]}` : undefined);
      const remaining = before.filter((m) => m.ruleId === message.ruleId && m !== message);
      for (const m of after) {
        if (m.ruleId !== message.ruleId) continue;
        let at = remaining.findIndex((r) => unplaced(r.message) === unplaced(m.message));
        if (at < 0 && outer(m) !== undefined) at = remaining.findIndex((r) => outer(r) === outer(m));
        if (at >= 0) remaining.splice(at, 1);
        else problems.push(`still reported: ${m.message} (line ${m.line})`);
      }
      applied.push({ rule: message.ruleId.replace('retry-hygiene/', ''), desc: suggestion.desc, line: message.line, column: message.column, output, problems });
    }
  }
  return applied;
}
