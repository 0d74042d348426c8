import { basename, isAbsolute, resolve } from 'node:path';
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
  const languageOptions = withoutTypeInformation((context.languageOptions ?? {}) as Linter.LanguageOptions);
  return { filename, parse: (file, text) => parse(file, text, languageOptions) };
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

function parse(file: string, text: string, languageOptions: Linter.LanguageOptions): SourceCodeLike | undefined {
  linter ??= new Linter({ configType: 'flat' });
  captured = undefined;
  const messages = linter.verify(
    text,
    [{ files: FILES, languageOptions, plugins: { capture: capturePlugin }, rules: { 'capture/capture': 'error' }, linterOptions: { reportUnusedDisableDirectives: 'off' } }],
    // A name inside the Linter's cwd, so that `files` matches; the extension tells the parser TS from JSX.
    { filename: basename(file) },
  );
  // A syntax error leaves no SourceCode worth reading.
  if (messages.some((m) => m.fatal)) return undefined;
  const result = captured;
  captured = undefined;
  return result;
}
