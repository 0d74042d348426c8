import type { Linter } from 'eslint';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Single-file components: the `<script>` blocks of `.vue` and `.svelte` files, linted when the
 * framework's ESLint parser is installed (an optional peer: a Vue or Svelte project has it).
 * The parser gives the rules an ESTree Program of the script with positions in the whole
 * file, so the findings, their quick fixes and the herd read the same site objects.
 */
export const FRAMEWORKS = {
  vue: { extension: '.vue', parser: 'vue-eslint-parser' },
  svelte: { extension: '.svelte', parser: 'svelte-eslint-parser' },
} as const;

export type Framework = keyof typeof FRAMEWORKS;

export const FRAMEWORK_EXTENSIONS: readonly string[] = Object.values(FRAMEWORKS).map((f) => f.extension);

type Parser = NonNullable<NonNullable<Linter.Config['languageOptions']>['parser']>;

/** The parsers that load: from the project at `dir` first, then beside the plugin. */
export interface FrameworkParsers {
  parsers: Partial<Record<Framework, Parser>>;
  /** The script blocks' parser (TypeScript and JavaScript alike), when it loads. */
  script?: Parser;
}

/**
 * Loads each framework's parser, and @typescript-eslint/parser for the script blocks, from
 * `dir`'s project (its node_modules, as Node resolves from there) or else from where this
 * plugin is installed. One that is not installed, or fails to load, is left out: its files are
 * not linted (the caller says so).
 */
export function loadFrameworkParsers(dir: string): FrameworkParsers {
  const requires = [createRequire(join(dir, 'package.json')), createRequire(import.meta.url)];
  const load = (name: string): Parser | undefined => {
    for (const require of requires) {
      try {
        const loaded = require(name) as { parse?: unknown; parseForESLint?: unknown; default?: Parser };
        const parser = typeof loaded.parseForESLint === 'function' || typeof loaded.parse === 'function' ? (loaded as Parser) : loaded.default;
        if (parser) return parser;
      } catch {
        // Not installed here (or broken): try the next place.
      }
    }
    return undefined;
  };
  const parsers: FrameworkParsers['parsers'] = {};
  for (const [framework, { parser }] of Object.entries(FRAMEWORKS) as [Framework, (typeof FRAMEWORKS)[Framework]][]) {
    const loaded = load(parser);
    if (loaded) parsers[framework] = loaded;
  }
  const script = load('@typescript-eslint/parser');
  return { parsers, ...(script ? { script } : {}) };
}

/**
 * Flat config for the loaded frameworks' files: each with its parser, the script blocks
 * parsed by @typescript-eslint/parser (so `<script lang="ts">` works; plain JavaScript too),
 * and `rules`, which the caller gives (the plugin's recommended set, or a project's).
 */
export function frameworkConfigs(loaded: FrameworkParsers, plugin: NonNullable<Linter.Config['plugins']>[string], rules: Linter.Config['rules']): Linter.Config[] {
  return (Object.keys(loaded.parsers) as Framework[]).map((framework) => ({
    name: `retry-hygiene/${framework}`,
    files: [`**/*${FRAMEWORKS[framework].extension}`],
    languageOptions: {
      parser: loaded.parsers[framework],
      sourceType: 'module',
      parserOptions: {
        ...(loaded.script ? { parser: loaded.script } : {}),
        extraFileExtensions: [FRAMEWORKS[framework].extension],
        ecmaFeatures: { jsx: false },
      },
    },
    plugins: { 'retry-hygiene': plugin },
    ...(rules ? { rules } : {}),
  }));
}
