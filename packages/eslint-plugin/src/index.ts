import { createRequire } from 'node:module';
import tsParser from '@typescript-eslint/parser';
import type { ESLint, Linter, Rule } from 'eslint';
import noFixedSleepRetry from './rules/no-fixed-sleep-retry.js';
import noNestedRetry from './rules/no-nested-retry.js';
import noUnboundedRetry from './rules/no-unbounded-retry.js';
import requireJitter from './rules/require-jitter.js';

const { name, version } = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

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

export const FILES = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx', '**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'];
const TS_FILES = ['**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'];

type FlatConfig = Linter.Config;

const plugin: ESLint.Plugin & {
  meta: { name: string; version: string };
  rules: Record<RuleName, Rule.RuleModule>;
  configs: { recommended: FlatConfig[]; strict: FlatConfig[] };
} = {
  meta: { name, version },
  rules,
  configs: { recommended: [], strict: [] },
};

function config(level: 'recommended' | 'strict', ruleSettings: FlatConfig['rules']): FlatConfig[] {
  return [
    {
      name: `retry-hygiene/${level}`,
      files: FILES,
      plugins: { 'retry-hygiene': plugin },
      rules: ruleSettings,
    },
    {
      name: `retry-hygiene/${level}/typescript`,
      files: TS_FILES,
      languageOptions: { parser: tsParser as Linter.Parser },
    },
    {
      name: `retry-hygiene/${level}/jsx`,
      files: ['**/*.jsx'],
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    },
  ];
}

plugin.configs.recommended = config('recommended', {
  'retry-hygiene/no-fixed-sleep-retry': 'error',
  'retry-hygiene/require-jitter': 'error',
  'retry-hygiene/no-unbounded-retry': 'error',
  'retry-hygiene/no-nested-retry': 'error',
});

plugin.configs.strict = config('strict', {
  'retry-hygiene/no-fixed-sleep-retry': 'error',
  'retry-hygiene/require-jitter': 'error',
  'retry-hygiene/no-unbounded-retry': ['error', { maxAttempts: 10 }],
  'retry-hygiene/no-nested-retry': 'error',
});

export default plugin;
