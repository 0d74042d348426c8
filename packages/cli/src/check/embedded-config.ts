import { analyzeRetrySites, type RetrySite } from '@retry-hygiene/analysis';
import type { Linter } from 'eslint';
import { fileLinted } from './consulted-files.js';
import retryHygiene, { FILES, FRAMEWORK_EXTENSIONS, JSX_IN_JAVASCRIPT, frameworkConfigs, loadFrameworkParsers, type FrameworkParsers, type SuggestionFile } from 'eslint-plugin-retry-hygiene';

/** A linted file's retry sites, with what the plugin needs to plan their quick fixes again. */
export interface FileSites extends SuggestionFile {
  sites: readonly RetrySite[];
}

/** The framework parsers that load from a project (`cwd`), once per folder: every thread of a run asks. */
const frameworkParsersIn = new Map<string, FrameworkParsers>();
export function frameworkParsers(cwd: string): FrameworkParsers {
  let loaded = frameworkParsersIn.get(cwd);
  if (!loaded) frameworkParsersIn.set(cwd, (loaded = loadFrameworkParsers(cwd)));
  return loaded;
}

/**
 * `check`'s own ESLint config when no --config is given: the plugin's recommended rules,
 * @typescript-eslint/parser for TypeScript, JSX in .jsx and .js, `.vue` and `.svelte` script blocks
 * where the project has their parser (`cwd`: where to look), and no opinion on other tools'
 * comments (unused `eslint-disable` directives are reported only when asked for).
 */
export function embeddedConfig({ reportUnused = false, cwd = process.cwd() } = {}): Linter.Config[] {
  return [
    ...retryHygiene.configs.recommended,
    ...retryHygiene.configs.typescript,
    JSX_IN_JAVASCRIPT,
    ...frameworkConfigs(frameworkParsers(cwd), retryHygiene, retryHygiene.configs.recommended[0]!.rules),
    {
      name: 'retry-hygiene-cli/linter-options',
      linterOptions: { reportUnusedDisableDirectives: reportUnused ? 'warn' : 'off', reportUnusedInlineConfigs: 'off' },
    },
  ];
}

/**
 * Retry sites per file, filled by a rule that reports nothing while ESLint lints (the
 * analysis is cached per file, so the rules and it share one computation). Only in the
 * thread that lints: with --concurrency the main thread analyses the files with findings
 * again (see sitesOf). Kept on globalThis, so that a second copy of this module (the
 * compiled one ESLint imports while tests run the sources) fills the same map.
 */
export const sitesByFile: Map<string, FileSites> = ((globalThis as Record<symbol, unknown>)[Symbol.for('retry-hygiene-cli.file-sites')] ??=
  new Map<string, FileSites>()) as Map<string, FileSites>;

export function siteCollectorConfig(): Linter.Config {
  const rule = {
    meta: { type: 'suggestion', schema: [] },
    create(context: { physicalFilename: string; filename: string; sourceCode: SuggestionFile['sourceCode'] }) {
      return {
        'Program:exit': () => {
          const sites = analyzeRetrySites(context.sourceCode as Parameters<typeof analyzeRetrySites>[0]);
          // The source code is kept too: the quick fix of a site is planned on it (no second parse).
          if (sites.length > 0) sitesByFile.set(context.physicalFilename, { sites, sourceCode: context.sourceCode, filename: context.filename });
          // Last of the file's rules to finish (its config comes last): what the analysis consulted until now was for this file.
          fileLinted(context.physicalFilename);
        },
      };
    },
  };
  return {
    name: 'retry-hygiene-cli/sites',
    files: [...FILES, ...FRAMEWORK_EXTENSIONS.map((extension) => `**/*${extension}`)],
    plugins: { 'retry-hygiene-cli': { rules: { sites: rule } } },
    rules: { 'retry-hygiene-cli/sites': 'error' },
  } as unknown as Linter.Config;
}
