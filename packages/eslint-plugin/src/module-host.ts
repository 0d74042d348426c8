import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { ModuleHost, SourceCodeLike } from '@retry-hygiene/analysis';
import { Linter } from 'eslint';
import type { Rule } from 'eslint';

/**
 * Lets the analysis read the project's other modules (a retry helper imported from
 * './lib/retry') with the parser and options this file was linted with. Parsing goes through
 * an ESLint `Linter` so that scope analysis is ESLint's own whatever the parser (espree,
 * typescript-eslint, Babel). Type-aware parser options are dropped: the analysis needs none,
 * and a helper file need not belong to the type-checked program.
 */
export function moduleHost(context: { filename?: string; cwd?: string; languageOptions?: unknown }): ModuleHost | undefined {
  // `<input>`, `<text>`: code not read from a file has no neighbours to read.
  if (!context.filename || context.filename.startsWith('<')) return undefined;
  // A Linter given a relative name reports it as given; it is relative to the Linter's cwd.
  const filename = isAbsolute(context.filename) ? context.filename : context.cwd ? resolve(context.cwd, context.filename) : undefined;
  if (!filename) return undefined;
  const config = parseConfig(context.languageOptions);
  return { filename, parse: (file, text) => parse(file, text, config) };
}

/**
 * The Linter's configuration for parsing with these language options, made once per options
 * object. ESLint hands every file of one configuration the same languageOptions object; given a
 * plain list, Linter#verify builds and normalises a FlatConfigArray and merges it (deep-merging
 * the parser options and globals) on every call: a quarter of the time of parsing a small
 * module (a profile of the import ring), and its garbage. A FlatConfigArray made once does that
 * once per file extension.
 */
const configs = new WeakMap<object, Linter.Config[]>();
/** How many parse configurations were made (for tests: one per languageOptions object). */
let configsMade = 0;
export function parseConfigCount(): number {
  return configsMade;
}

function parseConfig(original: unknown): Linter.Config[] {
  const key = typeof original === 'object' && original !== null ? original : EMPTY;
  let config = configs.get(key);
  if (config) return config;
  const languageOptions = withoutTypeInformation(key as Linter.LanguageOptions);
  const list: Linter.Config[] = [{ files: FILES, languageOptions, plugins: { capture: capturePlugin }, rules: { 'capture/capture': 'error' }, linterOptions: { reportUnusedDisableDirectives: 'off' } }];
  config = normalised(list) ?? list;
  configs.set(key, config);
  configsMade++;
  return config;
}
const EMPTY = {};

type ConfigArrayClass = new (configs: Linter.Config[], options: { basePath: string }) => Linter.Config[] & { normalizeSync(): void; getConfig(file: string): unknown };
let configArrayClass: ConfigArrayClass | null | undefined;

/**
 * ESLint's own FlatConfigArray, normalised: Linter#verify takes such an array as it is. It is
 * not among ESLint's exports (the corpus benchmark reads it the same way); where an ESLint keeps
 * it elsewhere, or it does not normalise, the plain list is used (same results, slower).
 */
function normalised(list: Linter.Config[]): Linter.Config[] | undefined {
  if (configArrayClass === undefined) {
    try {
      const require = createRequire(import.meta.url);
      const { FlatConfigArray } = require(join(dirname(require.resolve('eslint/package.json')), 'lib', 'config', 'flat-config-array.js')) as { FlatConfigArray?: unknown };
      configArrayClass = typeof FlatConfigArray === 'function' ? (FlatConfigArray as ConfigArrayClass) : null;
    } catch {
      configArrayClass = null;
    }
  }
  if (!configArrayClass) return undefined;
  try {
    const array = new configArrayClass(list, { basePath: linterCwd() });
    array.normalizeSync();
    return typeof array.getConfig === 'function' ? array : undefined;
  } catch {
    return undefined;
  }
}

const TYPE_AWARE = ['project', 'projectService', 'programs', 'tsconfigRootDir', 'EXPERIMENTAL_useProjectService'];

function withoutTypeInformation(options: Linter.LanguageOptions): Linter.LanguageOptions {
  const parserOptions = options.parserOptions as Record<string, unknown> | undefined;
  if (!parserOptions || !TYPE_AWARE.some((k) => k in parserOptions)) return options;
  const kept = Object.fromEntries(Object.entries(parserOptions).filter(([k]) => !TYPE_AWARE.includes(k)));
  return { ...options, parserOptions: kept };
}

// Patterns that name files: ESLint does not count a bare double-star pattern as a match.
const FILES = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx', '**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'];

let linter: Linter | undefined;
let captured: SourceCodeLike | undefined;
/** The directory the Linter resolves file names against, fixed when it is made (a normalised config array is bound to it). */
let cwd: string | undefined;
function linterCwd(): string {
  return (cwd ??= process.cwd());
}

/** A rule that only keeps the SourceCode ESLint built, so the Linter parses and nothing else. */
const capturePlugin = {
  rules: {
    capture: {
      create(context: Rule.RuleContext) {
        captured = context.sourceCode as unknown as SourceCodeLike;
        return {};
      },
    },
  },
};

/** How many modules were parsed (for tests: what the analysis's caches spare). */
let parses = 0;
export function parseCount(): number {
  return parses;
}

function parse(file: string, text: string, config: Linter.Config[]): SourceCodeLike | undefined {
  parses++;
  linter ??= new Linter({ configType: 'flat', cwd: linterCwd() });
  captured = undefined;
  const messages = linter.verify(
    text,
    config,
    // A name inside the Linter's cwd, so that `files` matches; the extension tells the parser TS from JSX.
    { filename: basename(file) },
  );
  // A syntax error leaves no SourceCode worth reading.
  if (messages.some((m) => m.fatal)) return undefined;
  const result = captured;
  captured = undefined;
  return result;
}
