import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ESLint, Linter, Rule } from 'eslint';
import noFixedSleepRetry from './rules/no-fixed-sleep-retry.js';
import noNestedRetry from './rules/no-nested-retry.js';
import noUnboundedRetry from './rules/no-unbounded-retry.js';
import requireJitter from './rules/require-jitter.js';
import { FRAMEWORKS, frameworkConfigs, loadFrameworkParsers, type Framework } from './frameworks.js';

/** For reports that show what a finding's quick fix does (the CLI's herd comparison). */
export { suggestedFixes, type SuggestedFix, type SuggestionFile } from './suggestions/index.js';
export { chooseFix } from './suggestions/choose-fix.js';
/** For editors that show diagnostics before building quick fixes (`settings.retryHygiene.deferSuggestions`). */
export { buildDeferredSuggestions, type BuiltSuggestion, type MessageKey } from './deferred-suggestions.js';
/** For tools that carry fixes as the smallest edits (the language server, `check --format json`). */
export { applyTextEdits, minimalTextEdits, unmergedEdits, type TextEdit as MinimalEdit } from './minimal-edits.js';
/** The product's own disable comments, which ESLint ignores and the rules honour (for editors that write them). */
export { IGNORE_COMMENT_MESSAGE } from './create-rule.js';
export { IGNORE_FILE, IGNORE_NEXT_LINE, ignoreCommentsOf, parseIgnoreComment, type IgnoreComments, type IgnoreDirective } from './ignore-comments/parse.js';
/** For tools that lint `.vue` and `.svelte` script blocks when the framework's parser is installed (`check`, the language server). */
export { FRAMEWORKS, FRAMEWORK_EXTENSIONS, frameworkConfigs, loadFrameworkParsers, type Framework, type FrameworkParsers } from './frameworks.js';

const require = createRequire(import.meta.url);
const { name, version } = require('../package.json') as { name: string; version: string };

// Spelled out rather than `keyof typeof` the rule modules, so the published types name no
// typescript-eslint type (a JavaScript-only project does not install typescript-eslint).
export type RuleName = 'no-fixed-sleep-retry' | 'require-jitter' | 'no-unbounded-retry' | 'no-nested-retry';

/**
 * The rules as ESLint's own types see them, so `plugins: { 'retry-hygiene': plugin }`
 * type-checks in an eslint.config.ts (typescript-eslint's rule type is stricter).
 */
export const rules = {
  'no-fixed-sleep-retry': noFixedSleepRetry,
  'require-jitter': requireJitter,
  'no-unbounded-retry': noUnboundedRetry,
  'no-nested-retry': noNestedRetry,
} satisfies Record<RuleName, unknown> as unknown as Record<RuleName, Rule.RuleModule>;

export const JS_FILES = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx'];
export const TS_FILES = ['**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'];
/** Every file the rules read: JavaScript and TypeScript, any module flavour, JSX. */
export const FILES = [...JS_FILES, ...TS_FILES];

/**
 * JSX in `.js`, `.mjs` and `.cjs` for ESLint's default parser: for the tools that bring their
 * own config (`check` without --config, the language server), where a React or Docusaurus
 * project's `.js` components would otherwise each be a syntax error. Plain JavaScript parses
 * the same with it on (JSX starts only where an expression does, and `<` never starts one).
 */
export const JSX_IN_JAVASCRIPT = {
  name: 'retry-hygiene/jsx-in-javascript',
  files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
  languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
} satisfies FlatConfig;

type FlatConfig = Linter.Config;

export interface RetryHygienePlugin extends ESLint.Plugin {
  meta: { name: string; version: string; namespace: string };
  rules: Record<RuleName, Rule.RuleModule>;
  configs: {
    /**
     * The four rules on JavaScript files, and on TypeScript files where `@typescript-eslint/parser`
     * is installed; sets no parser, so a project's own parser set-up stays as it is. To spread
     * (`...configs.recommended`), or as it is inside `defineConfig()` or `extends`.
     */
    recommended: FlatConfig[];
    /** recommended, and attempts capped at 10. */
    strict: FlatConfig[];
    /** recommended as one config object, for a config array written without spreads. */
    'flat/recommended': FlatConfig;
    /** strict as one config object. */
    'flat/strict': FlatConfig;
    /**
     * `@typescript-eslint/parser` for .ts/.mts/.cts/.tsx, for projects that lint TypeScript
     * without typescript-eslint's own configs. Loaded when first read: it needs the optional
     * peers `@typescript-eslint/parser` and `typescript`.
     */
    readonly typescript: FlatConfig[];
    /**
     * The recommended rules on `.vue` files' `<script>` blocks, parsed by `vue-eslint-parser`
     * (and `@typescript-eslint/parser` inside, when installed). Loaded when first read: it
     * needs the optional peer `vue-eslint-parser`.
     */
    readonly vue: FlatConfig[];
    /** The same for `.svelte` files, with `svelte-eslint-parser` (and `svelte`, which it needs). */
    readonly svelte: FlatConfig[];
  };
}

const plugin: RetryHygienePlugin = {
  meta: { name, version, namespace: 'retry-hygiene' },
  rules,
  configs: {} as RetryHygienePlugin['configs'],
};

const RECOMMENDED: FlatConfig['rules'] = {
  'retry-hygiene/no-fixed-sleep-retry': 'error',
  'retry-hygiene/require-jitter': 'error',
  'retry-hygiene/no-unbounded-retry': 'error',
  'retry-hygiene/no-nested-retry': 'error',
};
const STRICT: FlatConfig['rules'] = { ...RECOMMENDED, 'retry-hygiene/no-unbounded-retry': ['error', { maxAttempts: 10 }] };

/**
 * A config's `files` make ESLint lint those files, not only configure them: listing .ts in a
 * project that cannot parse TypeScript turns every stray .ts file into a parse error. So the
 * TypeScript extensions are listed where a TypeScript parser is installed (typescript-eslint
 * brings it): found from the plugin, as `configs.typescript` loads it, or from the project,
 * where a strict package manager (Yarn PnP) hides typescript-eslint's parser from the plugin.
 */
function canParseTypeScript(): boolean {
  const fromProject = createRequire(join(process.cwd(), 'eslint.config.js'));
  const probes: [NodeJS.Require, string][] = [
    [require, '@typescript-eslint/parser'],
    [fromProject, '@typescript-eslint/parser'],
    [fromProject, 'typescript-eslint'],
  ];
  return probes.some(([from, id]) => {
    try {
      from.resolve(id);
      return true;
    } catch {
      return false;
    }
  });
}

function configArray(level: 'recommended' | 'strict', ruleSettings: FlatConfig['rules'], files: string[]): FlatConfig[] {
  return [
    { name: `retry-hygiene/${level}`, files, plugins: { 'retry-hygiene': plugin }, rules: ruleSettings },
    // JSX in .jsx files for ESLint's default parser; other parsers ignore the option.
    { name: `retry-hygiene/${level}/jsx`, files: ['**/*.jsx'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  ];
}

/** One object: JSX on for every file it covers, which parses plain JavaScript the same. */
function configObject(level: 'recommended' | 'strict', ruleSettings: FlatConfig['rules'], files: string[]): FlatConfig {
  return {
    name: `retry-hygiene/flat/${level}`,
    files,
    plugins: { 'retry-hygiene': plugin },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: ruleSettings,
  };
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

const lintedFiles = canParseTypeScript() ? FILES : JS_FILES;

/** `configs.vue` / `configs.svelte`: the recommended rules on the framework's files, with its parser; an error naming the parser when it is not installed. */
function frameworkConfig(framework: Framework): FlatConfig[] {
  const loaded = loadFrameworkParsers(process.cwd());
  if (!loaded.parsers[framework]) {
    throw new Error(`eslint-plugin-retry-hygiene: configs.${framework} needs '${FRAMEWORKS[framework].parser}' (npm install -D ${FRAMEWORKS[framework].parser}).`);
  }
  return frameworkConfigs({ parsers: { [framework]: loaded.parsers[framework] }, ...(loaded.script ? { script: loaded.script } : {}) }, plugin, RECOMMENDED);
}

const frameworkConfigCache: Partial<Record<Framework, FlatConfig[]>> = {};

Object.defineProperties(plugin.configs, {
  recommended: { enumerable: true, value: configArray('recommended', RECOMMENDED, lintedFiles) },
  strict: { enumerable: true, value: configArray('strict', STRICT, lintedFiles) },
  'flat/recommended': { enumerable: true, value: configObject('recommended', RECOMMENDED, lintedFiles) },
  'flat/strict': { enumerable: true, value: configObject('strict', STRICT, lintedFiles) },
  // Not enumerable: a tool that walks every config (a docs generator, a config inspector)
  // must not need the optional TypeScript peers.
  typescript: {
    enumerable: false,
    get: () => (typescriptConfig ??= loadTypeScriptConfig()),
  },
  // Likewise loaded when read: they need the framework's parser, an optional peer.
  vue: { enumerable: false, get: () => (frameworkConfigCache.vue ??= frameworkConfig('vue')) },
  svelte: { enumerable: false, get: () => (frameworkConfigCache.svelte ??= frameworkConfig('svelte')) },
});

export default plugin;
