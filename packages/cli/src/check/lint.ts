import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { analyzeRetrySites } from '@retry-hygiene/analysis';
import { ESLint, Linter } from 'eslint';
import { embeddedConfig, sitesByFile, type FileSites } from './embedded-config.js';
import { COMMONJS_CONFIG, type PackageScope } from './module-kind.js';

export interface LintRun {
  /** The folder ESLint resolves config patterns against (the embedded config: the files' common folder). */
  cwd: string;
  /** A project's ESLint config file (--config); the embedded config when absent. */
  configFile?: string;
  concurrency: 'off' | 'auto' | number;
  reportUnusedDirectives: boolean;
  /** The embedded config only: each package's .js source type, and whether every .js is read as CommonJS. */
  scopes?: readonly PackageScope[];
  commonjs?: boolean;
}

export const PLUGIN_PREFIX = 'retry-hygiene/';

export async function createESLint(run: LintRun): Promise<ESLint> {
  // The compiled module, also when this one runs from source (tests): ESLint imports it by URL.
  const url = new URL(import.meta.url.endsWith('.ts') ? '../../dist/check/eslint-options.js' : './eslint-options.js', import.meta.url);
  url.searchParams.set('cwd', run.cwd);
  url.searchParams.set('concurrency', String(run.concurrency));
  if (run.configFile) url.searchParams.set('config', run.configFile);
  if (run.reportUnusedDirectives) url.searchParams.set('unused', '1');
  if (run.scopes?.length) url.searchParams.set('sourceTypes', JSON.stringify(run.scopes.map((s) => [s.dir, s.type ?? ''])));
  if (run.commonjs) url.searchParams.set('commonjs', '1');
  return ESLint.fromOptionsModule(url);
}

/** Whether the project's config turns on any retry-hygiene rule for this file. */
export async function enablesRetryRules(eslint: ESLint, file: string): Promise<boolean> {
  const config = (await eslint.calculateConfigForFile(file)) as Linter.Config | undefined;
  return Object.entries(config?.rules ?? {}).some(([id, setting]) => {
    if (!id.startsWith(PLUGIN_PREFIX)) return false;
    const level = Array.isArray(setting) ? setting[0] : setting;
    return level !== 'off' && level !== 0;
  });
}

const UNUSED_DIRECTIVE = /^Unused (eslint-disable|eslint-enable|inline) /;

/**
 * What `check` reports of a file's messages: the retry rules' findings, parse errors, and
 * comments about retry-hygiene rules (an unknown rule name, an unused directive when asked
 * for). Other plugins' comments are not its business: `// eslint-disable-line import/x` or
 * a legacy `/* eslint-env *\/` says nothing about retries and must not fail a CI step.
 */
export function keepMessage(message: Linter.LintMessage, reportUnusedDirectives: boolean): boolean {
  // Parse errors; ESLint 10 also marks a legacy `/* eslint-env */` comment fatal, though it
  // lints the file all the same.
  if (message.fatal) return message.message.startsWith('Parsing error');
  if (message.ruleId?.startsWith(PLUGIN_PREFIX)) return true;
  if (message.ruleId === null && UNUSED_DIRECTIVE.test(message.message)) {
    return reportUnusedDirectives && message.message.includes(`'${PLUGIN_PREFIX}`);
  }
  return false;
}

export function filterResult(result: ESLint.LintResult, reportUnusedDirectives: boolean): ESLint.LintResult {
  const messages = result.messages.filter((m) => keepMessage(m, reportUnusedDirectives));
  if (messages.length === result.messages.length) return result;
  return {
    ...result,
    messages,
    errorCount: messages.filter((m) => m.severity === 2).length,
    fatalErrorCount: messages.filter((m) => m.fatal).length,
    warningCount: messages.filter((m) => m.severity === 1).length,
    fixableErrorCount: messages.filter((m) => m.severity === 2 && m.fix).length,
    fixableWarningCount: messages.filter((m) => m.severity === 1 && m.fix).length,
  };
}

/**
 * The retry sites of a linted file. Linted in this thread, the collector kept them; after
 * worker threads, the file is analysed here again (only files with findings get here).
 */
export async function sitesOf(filePath: string, commonjs = false): Promise<FileSites | undefined> {
  const kept = sitesByFile.get(filePath);
  if (kept) return kept;
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch {
    return undefined;
  }
  // In the file's folder, so the rules' module host finds the file's imports (a helper's retry is a site of this file too).
  const linter = new Linter({ configType: 'flat', cwd: dirname(filePath) });
  let found: FileSites | undefined;
  const collect = {
    files: ['**/*'],
    plugins: {
      'retry-hygiene-cli': {
        rules: {
          sites: {
            create: (context: { sourceCode: Parameters<typeof analyzeRetrySites>[0] & FileSites['sourceCode'] }) => ({
              'Program:exit': () => void (found = { sites: analyzeRetrySites(context.sourceCode), sourceCode: context.sourceCode, filename: filePath }),
            }),
          },
        },
      },
    },
    rules: { 'retry-hygiene-cli/sites': 'error' },
  } as unknown as Linter.Config;
  // A bare name: the config's patterns match it wherever the file lies.
  linter.verify(text, [...embeddedConfig({ cwd: dirname(filePath) }), ...(commonjs ? [COMMONJS_CONFIG] : []), collect], { filename: basename(filePath) });
  return found;
}

export function clearSites(): void {
  sitesByFile.clear();
}
