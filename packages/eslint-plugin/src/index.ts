import { createRequire } from 'node:module';
import type { ESLint, Linter, Rule } from 'eslint';
import noFixedSleepRetry from './rules/no-fixed-sleep-retry.js';
import noNestedRetry from './rules/no-nested-retry.js';
import noUnboundedRetry from './rules/no-unbounded-retry.js';
import requireJitter from './rules/require-jitter.js';

/** For reports that show what a finding's quick fix does (the CLI's herd comparison). */
export { suggestedFixes, type SuggestedFix, type SuggestionFile } from './suggestions/index.js';
/** For editors that show diagnostics before building quick fixes (`settings.retryHygiene.deferSuggestions`). */
export { buildDeferredSuggestions, type BuiltSuggestion, type MessageKey } from './deferred-suggestions.js';
/** For tools that carry fixes as the smallest edits (the language server, `check --format json`). */
export { applyTextEdits, minimalTextEdits, unmergedEdits, type TextEdit as MinimalEdit } from './minimal-edits.js';

const require = createRequire(import.meta.url);
const { name, version } = require('../package.json') as { name: string; version: string };

const typedRules = {
  'no-fixed-sleep-retry': noFixedSleepRetry,
  'require-jitter': requireJitter,
  'no-unbounded-retry': noUnboundedRetry,
  'no-nested-retry': noNestedRetry,
};

export type RuleName = keyof typeof typedRules;

/**
 * The rules as ESLint's own types see them, so `plugins: { 'retry-hygiene': plugin }`
 * type-checks in an eslint.config.ts (typescript-eslint's rule type is stricter).
 */
export const rules = typedRules as unknown as Record<RuleName, Rule.RuleModule>;

/** Every file the rules read: JavaScript and TypeScript, any module flavour, JSX. */
export const FILES = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx', '**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'];
export const TS_FILES = ['**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'];

type FlatConfig = Linter.Config;

export interface RetryHygienePlugin extends ESLint.Plugin {
  meta: { name: string; version: string; namespace: string };
  rules: Record<RuleName, Rule.RuleModule>;
  configs: {
    /** The four rules on JS and TS files; sets no parser, so a project's own parser set-up stays as it is. */
    recommended: FlatConfig[];
    /** recommended, and attempts capped at 10. */
    strict: FlatConfig[];
    /**
     * `@typescript-eslint/parser` for .ts/.mts/.cts/.tsx, for projects that lint TypeScript
     * without typescript-eslint's own configs. Loaded when first read: it needs the optional
     * peers `@typescript-eslint/parser` and `typescript`.
     */
    readonly typescript: FlatConfig[];
  };
}

const plugin: RetryHygienePlugin = {
  meta: { name, version, namespace: 'retry-hygiene' },
  rules,
  configs: {} as RetryHygienePlugin['configs'],
};

function config(level: 'recommended' | 'strict', ruleSettings: FlatConfig['rules']): FlatConfig[] {
  return [
    { name: `retry-hygiene/${level}`, files: FILES, plugins: { 'retry-hygiene': plugin }, rules: ruleSettings },
    // JSX in .jsx files for ESLint's default parser; other parsers ignore the option.
    { name: `retry-hygiene/${level}/jsx`, files: ['**/*.jsx'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  ];
}

let typescriptConfig: FlatConfig[] | undefined;

function loadTypeScriptConfig(): FlatConfig[] {
  let parser: Linter.Parser;
  try {
    parser = require('@typescript-eslint/parser') as Linter.Parser;
  } catch (error) {
    throw new Error(
      "eslint-plugin-retry-hygiene: configs.typescript needs '@typescript-eslint/parser' and 'typescript' (npm install -D @typescript-eslint/parser typescript), or use typescript-eslint's own configs instead.",
      { cause: error },
    );
  }
  return [{ name: 'retry-hygiene/typescript', files: TS_FILES, languageOptions: { parser } }];
}

Object.defineProperties(plugin.configs, {
  recommended: {
    enumerable: true,
    value: config('recommended', {
      'retry-hygiene/no-fixed-sleep-retry': 'error',
      'retry-hygiene/require-jitter': 'error',
      'retry-hygiene/no-unbounded-retry': 'error',
      'retry-hygiene/no-nested-retry': 'error',
    }),
  },
  strict: {
    enumerable: true,
    value: config('strict', {
      'retry-hygiene/no-fixed-sleep-retry': 'error',
      'retry-hygiene/require-jitter': 'error',
      'retry-hygiene/no-unbounded-retry': ['error', { maxAttempts: 10 }],
      'retry-hygiene/no-nested-retry': 'error',
    }),
  },
  // Not enumerable: a tool that walks every config (a docs generator, a config inspector)
  // must not need the optional TypeScript peers.
  typescript: {
    enumerable: false,
    get: () => (typescriptConfig ??= loadTypeScriptConfig()),
  },
});

export default plugin;
