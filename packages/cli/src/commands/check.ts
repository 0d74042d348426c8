import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RetrySite } from '@retry-hygiene/analysis';
import { DEFAULTS } from '@retry-hygiene/herd';
import type { ESLint } from 'eslint';
import retryHygiene, { FRAMEWORKS, chooseFix } from 'eslint-plugin-retry-hygiene';
import { DEFAULT_IGNORED_DIRS, LINTED_EXTENSIONS, SEARCHED_EXTENSIONS, commonAncestor, findFiles, isGlob } from '../check/files.js';
import { frameworkOf, lintableComponents } from '../check/components.js';
import { frameworkParsers } from '../check/embedded-config.js';
import { FORMATS, render } from '../check/formats.js';
import { outputsOf, type Output } from '../check/outputs.js';
import { GitError, changedFiles } from '../check/git.js';
import { checkOutputPath, writeOutputFile } from '../check/output-file.js';
import { failureResult, lintEach, reasonOf, type LintFailure, type Outcome } from '../check/lint-failures.js';
import { DEFAULT_SCENARIO, HerdComparison, type Scenario } from '../check/herd.js';
import { repositoryRoot } from '../check/repository-root.js';
import { recordConsultedFiles } from '../check/consulted-files.js';
import { fixSuggestions } from '../check/fix-suggestions.js';
import { displayPath, posixPath } from '../check/labels.js';
import { unifiedDiff } from '../check/unified-diff.js';
import { DEFAULT_CACHE_FILE, LintCache } from '../check/lint-cache.js';
import { relintAsCommonjs } from '../check/commonjs-fallback.js';
import { sourceTypes } from '../check/module-kind.js';
import { PLUGIN_PREFIX, clearSites, createESLint, enablesRetryRules, filterResult, sitesOf } from '../check/lint.js';
import { plural, type FileReport, type Finding, type Report } from '../check/report.js';
import { DEFAULT_SUPPRESSIONS_FILE, applySuppressions, loadSuppressions, prune, saveSuppressions, suppress } from '../check/suppressions.js';
import { didYouMean, parseErrorMessage } from '../args.js';
import { useColor } from '../color.js';
import { UsageError, type CliIO, type Command } from '../io.js';
import { VERSION } from '../version.js';

export const HELP = `usage: retry-hygiene check [paths…] [options]

Lints JavaScript and TypeScript for bad retries with the plugin's recommended rules; no
ESLint set-up needed. Each finding shows the thundering herd its retry policy causes,
next to the herd of the policy its quick fix would leave (or, when it has none, full
jitter for reference).

  paths                      files, folders or globs, anywhere (default: .). Folders skip
                             ${DEFAULT_IGNORED_DIRS.slice(0, 6).join(', ')}… and what .gitignore ignores
  -f, --format <name>        ${FORMATS.join(', ')} (default stylish)
  -o, --output-file <file>   write the report to a file instead of standard output (a
                             symlink there is replaced, not followed). Several formats:
                             --format sarif -o a.sarif --format github (each -o after its
                             --format; at most one format to standard output)
  --quiet                    report errors only (warnings still count for --max-warnings)
  --stdin                    lint standard input instead of files
  --stdin-filename <file>    the file standard input stands for: its extension, package
                             and config apply, and the report names it
  -c, --config <file>        lint with this ESLint config (its parsers, settings, ignores and
                             retry-hygiene rule settings) instead of the embedded one
  --ignore-pattern <pattern> skip files and folders (gitignore syntax, relative to the
                             current folder); repeatable
  --no-gitignore             do not read .gitignore files
  --fix-suggestions          apply each retry site's quick fix (the one the report compares;
                             none for no-nested-retry) and report what remains
  --dry-run                  with --fix-suggestions: print the changes as a diff, write nothing
  --cache                    reuse the results of files that did not change, nor did any
                             module the analysis read for them (default ${DEFAULT_CACHE_FILE})
  --cache-location <file>    where the cache is kept
  --include-minified         lint files that look minified too (skipped in folders and
                             globs: a line of 1 000+ characters, lines over 110 on average)
  --changed[=<base>]         only files changed since <base> (default: the merge base with
                             the default branch; GITHUB_BASE_REF in a pull-request workflow),
                             plus uncommitted and untracked ones
  --suppressions-location <file>  ESLint's bulk-suppressions file (default ${DEFAULT_SUPPRESSIONS_FILE})
  --suppress-all             record every current error in that file (a baseline)
  --suppress-rule <rule>     record the current errors of one rule; repeatable
  --prune-suppressions       drop suppressions that no longer occur
  --pass-on-unpruned-suppressions  do not fail when suppressions no longer occur
  --report-unused-disable-directives  report eslint-disable comments for retry-hygiene
                             rules that disable nothing (off by default)
  --max-warnings <n>         exit 1 when there are more than n warnings
  --clients <n>              herd scenario: clients failing at once (default ${DEFAULTS.clients})
  --capacity <n>             herd scenario: requests per second once back (default ${DEFAULTS.capacity})
  --outage <ms>              herd scenario: how long the server is down (default:
                             half the time each retry keeps trying, at most ${DEFAULTS.outageMs / 1000} s)
  --no-herd                  do not simulate the herd of each finding
  --concurrency <n|auto|off> lint in worker threads (default off)
  --no-progress              no progress line on a terminal
  --exit-zero                exit 0 even when there are problems
  --color, --no-color        colour the terminal report or not (default: on a terminal,
                             unless NO_COLOR is set; FORCE_COLOR=1 or 0 decides first)
  -v, --version              print the version
  -h, --help                 show this help

Exit codes: 0 no problems, 1 problems found (errors, more warnings than
--max-warnings, or a file that could not be linted: named in the report), 2 bad
arguments, a path that names nothing to lint, or an internal error.
`;

interface Options {
  paths: string[];
  /** --fix-suggestions: apply each site's chosen suggestion; --dry-run: print the diff instead. */
  fixSuggestions: boolean;
  dryRun: boolean;
  /** --cache: reuse results whose file and consulted files are unchanged (lint-cache.ts). */
  cache: boolean;
  cacheLocation?: string;
  /** Lint files a walk finds minified (minified.ts) too. */
  includeMinified: boolean;
  /** Paths were given on the command line (not the default `.`). */
  pathsGiven: boolean;
  /** --stdin: lint standard input, as the file --stdin-filename names when given. */
  stdin: boolean;
  stdinFilename?: string;
  /** The reports to write: one, or several `--format … --output-file …` pairs. */
  outputs: Output[];
  /** --quiet: report errors only (warnings still count for --max-warnings, as in ESLint). */
  quiet: boolean;
  config?: string;
  ignorePatterns: string[];
  gitignore: boolean;
  changed?: { base?: string };
  suppressionsLocation?: string;
  suppressAll: boolean;
  suppressRules?: string[];
  pruneSuppressions: boolean;
  passOnUnpruned: boolean;
  reportUnused: boolean;
  maxWarnings: number;
  scenario: Scenario;
  herd: boolean;
  concurrency: 'off' | 'auto' | number;
  progress: boolean;
  exitZero: boolean;
  /** --color / --no-color; absent: FORCE_COLOR, NO_COLOR, the terminal decide. */
  color?: boolean;
  help: boolean;
  version: boolean;
}

export const checkCommand: Command = {
  summary: 'lint files for bad retries',
  async run(args: string[], io: CliIO): Promise<number> {
    const options = parse(args, io.cwd);
    if (options.help) {
      io.stdout(HELP);
      return 0;
    }
    if (options.version) {
      io.stdout(`${VERSION}\n`);
      return 0;
    }
    return runCheck(options, io);
  },
};

async function runCheck(options: Options, io: CliIO): Promise<number> {
  const note = (text: string) => io.stderr(`retry-hygiene check: ${text}\n`);
  for (const { file } of options.outputs) if (file !== undefined) await checkOutputPath(resolve(io.cwd, file), file);
  const stdin = options.stdin ? await readStdin(options, io) : undefined;
  const selected = stdin ? [stdin.filePath ?? STDIN_NAME] : await selectFiles(options, io, note);
  // With check's own config, .vue and .svelte files where their parser is installed; a project's config decides for itself.
  const files = options.config || selected.length === 0 ? selected : lintableComponents(selected, commonAncestor(selected), io.cwd, note);

  let configFile: string | undefined;
  if (options.config) {
    configFile = resolve(io.cwd, options.config);
    if (!existsSync(configFile)) throw new UsageError(`--config: no such file: ${options.config}`);
  }
  // The embedded config reads each .js as Node would run it; a project's config decides for itself.
  const types = configFile ? undefined : await sourceTypes(files);
  const run = {
    cwd: configFile || (stdin && !stdin.filePath) ? io.cwd : commonAncestor(files),
    ...(configFile ? { configFile } : {}),
    // The analysis is watched in this thread only (consulted-files.ts).
    concurrency: options.cache ? ('off' as const) : options.concurrency,
    reportUnusedDirectives: options.reportUnused,
    ...(types ? { scopes: types.scopes } : {}),
  };
  const eslint = await createESLint(run);
  if (configFile && files.length > 0 && !(await enablesRetryRules(eslint, files[0]!))) {
    throw new UsageError(
      `the config ${options.config} turns on no retry-hygiene rule for ${relative(io.cwd, files[0]!)}: add ...retryHygiene.configs.recommended to it`,
    );
  }

  const lintStdin = (linter: ESLint) => linter.lintText(stdin!.text, stdin!.filePath ? { filePath: stdin!.filePath } : {});
  // --cache: the files whose result still holds are not linted; what the analysis consults for the others is recorded.
  const cache = options.cache && !stdin ? await LintCache.load(resolve(io.cwd, options.cacheLocation ?? DEFAULT_CACHE_FILE), await cacheKey(options, configFile)) : undefined;
  const cached = new Map<string, Outcome>();
  const cachedCommonjs: string[] = [];
  if (cache) for (const file of files) {
    const hit = await cache.lookup(file);
    if (!hit) continue;
    cached.set(file, { result: hit.result });
    if (hit.commonjs) cachedCommonjs.push(file);
  }
  const toLint = cached.size > 0 ? files.filter((f) => !cached.has(f)) : files;
  const consulted = cache ? recordConsultedFiles() : undefined;
  let commonjsESLint: ESLint | undefined;
  let outcomes: Outcome[];
  let readAsCommonjs: Set<string>;
  try {
    outcomes = stdin ? await lintEach(() => lintStdin(eslint), files) : toLint.length > 0 ? await lintWithProgress(eslint, toLint, options, io) : [];
    readAsCommonjs = types
      ? await relintAsCommonjs(outcomes, types, () => createESLint({ ...run, concurrency: 'off', commonjs: true }), stdin ? lintStdin : undefined)
      : new Set<string>();
  } finally {
    consulted?.stop();
  }
  if (cache && consulted) {
    for (const outcome of outcomes) {
      if (!('result' in outcome)) continue;
      const file = outcome.result.filePath;
      const manifest = types?.manifestOf(file);
      await cache.record(file, outcome.result, [...(consulted.byFile.get(file) ?? []), ...(manifest ? [manifest] : [])], readAsCommonjs.has(file));
    }
    await cache.save();
    for (const file of cachedCommonjs) readAsCommonjs.add(file);
    if (cached.size > 0) {
      const order = new Map(files.map((f, i) => [f, i]));
      outcomes = [...outcomes, ...cached.values()].sort((a, b) => (order.get(outcomeFile(a)) ?? 0) - (order.get(outcomeFile(b)) ?? 0));
    }
  }
  const isCommonjs = (file: string) => types?.typeOf(file) === 'commonjs' || readAsCommonjs.has(file);
  if (options.fixSuggestions) outcomes = await applySuggestions(outcomes, options, io, note, async (file) => {
    if (!readAsCommonjs.has(file)) return eslint;
    return (commonjsESLint ??= await createESLint({ ...run, concurrency: 'off', commonjs: true }));
  });
  const results = outcomes.flatMap((o) => ('result' in o ? [o.result] : []));
  const failures = outcomes.flatMap((o) => ('failure' in o ? [o.failure] : []));
  const ignored = files.length - outcomes.length;
  if (ignored > 0) note(`${ignored} of ${files.length} files skipped: ignored by the ESLint config${configFile ? ` (or outside ${relative(io.cwd, dirname(configFile)) || '.'})` : ''}`);
  let filtered = results.map((r) => filterResult(r, options.reportUnused));

  // Bulk suppressions, read and written as ESLint does.
  const suppressionsPath = resolve(io.cwd, options.suppressionsLocation ?? DEFAULT_SUPPRESSIONS_FILE);
  const recording = options.suppressAll || options.suppressRules !== undefined;
  if (options.suppressionsLocation && !existsSync(suppressionsPath) && !recording) {
    throw new UsageError(`the suppressions file ${options.suppressionsLocation} does not exist: create it with --suppress-all or --suppress-rule`);
  }
  let suppressedCount = 0;
  if (recording || options.pruneSuppressions || existsSync(suppressionsPath)) {
    let suppressions = await loadSuppressions(suppressionsPath);
    if (recording) {
      suppressions = suppress(filtered, suppressions, io.cwd, options.suppressRules);
      await saveSuppressions(suppressionsPath, suppressions);
    }
    let applied = applySuppressions(filtered, suppressions, io.cwd);
    if (options.pruneSuppressions) {
      suppressions = prune(suppressions, applied.unused, io.cwd);
      await saveSuppressions(suppressionsPath, suppressions);
      applied = applySuppressions(filtered, suppressions, io.cwd);
    }
    filtered = applied.results;
    suppressedCount = applied.suppressedCount;
    if (!options.passOnUnpruned && !options.pruneSuppressions && Object.keys(applied.unused).length > 0) {
      note(
        `suppressions in ${relative(io.cwd, suppressionsPath)} no longer occur (${Object.keys(applied.unused).sort().join(', ')}): run with --prune-suppressions to remove them, or --pass-on-unpruned-suppressions to ignore them`,
      );
      return 2;
    }
  }

  const herd = options.herd ? new HerdComparison(options.scenario) : undefined;
  const reports: FileReport[] = [];
  for (const result of filtered) reports.push({ result, findings: await findingsOf(result, herd, eslint, note, isCommonjs(result.filePath)) });
  clearSites();
  // Each file that could not be linted, where it was in the list: one fatal error naming why.
  for (const failure of failures) reports.push(failureReport(failure));
  const order = new Map(files.map((f, i) => [f, i]));
  reports.sort((a, b) => (order.get(a.result.filePath) ?? 0) - (order.get(b.result.filePath) ?? 0));
  const rules = Object.fromEntries(
    Object.entries(retryHygiene.rules).map(([name, rule]) => [
      `retry-hygiene/${name}`,
      { description: rule.meta?.docs?.description ?? name, url: rule.meta?.docs?.url ?? '' },
    ]),
  );
  const report: Report = {
    files: options.quiet ? reports.map(errorsOnly) : reports,
    cwd: io.cwd,
    root: repositoryRoot(io.cwd),
    ...(herd ? { herd } : {}),
    fileCount: filtered.length + failures.length,
    suppressedCount,
    version: VERSION,
    rules,
    color: false,
  };
  // Files first: standard output is often piped into a step that ends the job.
  // --dry-run prints its diff on standard output: only the reports to files are written.
  const outputs = [...options.outputs].filter((o) => !options.dryRun || o.file !== undefined).sort((a, b) => Number(a.file === undefined) - Number(b.file === undefined));
  for (const { format, file } of outputs) {
    const color = useColor({ ...(options.color !== undefined ? { flag: options.color } : {}), isTTY: io.isTTY, env: io.env ?? process.env, toFile: file !== undefined });
    const text = render(format, { ...report, color });
    if (file !== undefined) await writeOutputFile(resolve(io.cwd, file), file, text);
    else io.stdout(text);
  }
  // As in ESLint: the exit code counts every finding, --quiet only leaves warnings out of the report.
  const errors = filtered.reduce((n, r) => n + r.errorCount, 0) + failures.length;
  const warnings = filtered.reduce((n, r) => n + r.warningCount, 0);
  const tooManyWarnings = options.maxWarnings >= 0 && warnings > options.maxWarnings;
  if (tooManyWarnings && errors === 0) note(`too many warnings: ${warnings}, more than --max-warnings ${options.maxWarnings}`);
  const failed = errors > 0 || tooManyWarnings;
  return failed && !options.exitZero ? 1 : 0;
}

/** The files the command line names: paths, folders and globs, narrowed by --changed. */
async function selectFiles(options: Options, io: CliIO, note: (text: string) => void): Promise<string[]> {
  const search = await findFiles(options.paths, { cwd: io.cwd, ignorePatterns: options.ignorePatterns, gitignore: options.gitignore, includeMinified: options.includeMinified });
  if (search.minified.length > 0) note(minifiedNote(search.minified, io.cwd));
  for (const file of search.notLintable) {
    note(`${relative(io.cwd, file) || file} is not a JavaScript or TypeScript file (${[...LINTED_EXTENSIONS].join(' ')}); skipped`);
  }
  // As ESLint does: a path that names nothing is a mistake (a typo, a moved folder), never a silent pass.
  if (search.unmatched.length > 0) throw new UsageError(unmatchedText(search.unmatched));
  let files = search.files;
  if (files.length === 0 && !options.changed) {
    throw new UsageError(`no JavaScript or TypeScript files found in ${options.paths.join(', ')}`);
  }
  if (search.empty.length > 0) throw new UsageError(`no JavaScript or TypeScript files found in ${search.empty.join(', ')}`);
  if (options.changed) {
    let changed;
    try {
      changed = await changedFiles(io.cwd, options.changed.base, io.env ?? process.env);
    } catch (error) {
      if (error instanceof GitError) throw new UsageError(`--changed: ${error.message}`);
      throw error;
    }
    const set = new Set(changed.files);
    files = files.filter((f) => set.has(f));
    if (files.length === 0) note(`no JavaScript or TypeScript file changed since ${changed.base.slice(0, 12)}`);
  }

  return files;
}

/** "skipped 2 minified files: a.js, b.js (--include-minified to lint them)", naming at most 5. */
function minifiedNote(files: readonly string[], cwd: string): string {
  const names = files.slice(0, 5).map((f) => relative(cwd, f) || f);
  const rest = files.length > 5 ? ` and ${files.length - 5} more` : '';
  return `skipped ${plural(files.length, 'minified file')}: ${names.join(', ')}${rest} (--include-minified to lint ${files.length === 1 ? 'it' : 'them'})`;
}

/**
 * --fix-suggestions: each retry site's chosen suggestion applied (fix-suggestions.ts), the
 * files written — or with --dry-run, a unified diff on standard output and nothing written —
 * and the report made of what the fixed files still hold.
 */
async function applySuggestions(outcomes: Outcome[], options: Options, io: CliIO, note: (text: string) => void, eslintFor: (file: string) => Promise<ESLint>): Promise<Outcome[]> {
  const results = outcomes.flatMap((o) => ('result' in o ? [o.result] : []));
  const fixed = await fixSuggestions(results, eslintFor, options.reportUnused);
  const root = repositoryRoot(io.cwd);
  const count = fixed.reduce((n, f) => n + f.applied.length, 0);
  if (options.dryRun) {
    io.stdout(fixed.map((f) => unifiedDiff(posixPath(root, f.filePath), f.before, f.after)).join(''));
    note(fixed.length === 0 ? 'no suggestion to apply (--dry-run)' : `would apply ${plural(count, 'suggestion')} in ${plural(fixed.length, 'file')} (--dry-run: nothing written)`);
  } else {
    for (const f of fixed) await writeFile(f.filePath, f.after);
    const named = fixed.map((f) => `${displayPath(io.cwd, f.filePath)} (${f.applied.length})`).join(', ');
    note(fixed.length === 0 ? 'no suggestion to apply' : `applied ${plural(count, 'suggestion')} in ${plural(fixed.length, 'file')}: ${named}`);
  }
  const byFile = new Map(fixed.map((f) => [f.filePath, f.result]));
  return outcomes.map((o) => ('result' in o && byFile.has(o.result.filePath) ? { result: byFile.get(o.result.filePath)! } : o));
}

function outcomeFile(outcome: Outcome): string {
  return 'result' in outcome ? outcome.result.filePath : outcome.failure.filePath;
}

/** What a cached result was made with: a cache made otherwise is not used. */
async function cacheKey(options: Options, configFile: string | undefined): Promise<string> {
  const config = configFile ? createHash('sha256').update(await readFile(configFile)).digest('hex') : 'embedded';
  return JSON.stringify([VERSION, retryHygiene.meta.version, configFile ?? null, config, options.reportUnused]);
}

/** ESLint's name for text linted without a file name. */
const STDIN_NAME = '<text>';

/** Standard input and the file it stands for (--stdin-filename): its package, its config, its path in the report. */
async function readStdin(options: Options, io: CliIO): Promise<{ text: string; filePath?: string }> {
  if (options.pathsGiven) throw new UsageError('--stdin lints standard input: give no paths (name the code with --stdin-filename)');
  if (options.changed) throw new UsageError('--stdin and --changed cannot be used together');
  if (!io.readStdin) throw new UsageError('--stdin: standard input cannot be read here');
  const filePath = options.stdinFilename === undefined ? undefined : resolve(io.cwd, options.stdinFilename);
  if (filePath && !SEARCHED_EXTENSIONS.has(extname(filePath))) {
    throw new UsageError(`--stdin-filename ${options.stdinFilename} is not a JavaScript or TypeScript file name (${[...SEARCHED_EXTENSIONS].join(' ')})`);
  }
  const framework = filePath ? frameworkOf(filePath) : undefined;
  if (framework && !options.config && !frameworkParsers(dirname(filePath!)).parsers[framework]) {
    throw new UsageError(`--stdin-filename ${options.stdinFilename}: install ${FRAMEWORKS[framework].parser} in the project to lint its <script> blocks`);
  }
  return { text: await io.readStdin(), ...(filePath ? { filePath } : {}) };
}

/**
 * Lints in one call, or on a terminal with many files in slices, with a progress line on
 * standard error between them (ESLint reports nothing while a call runs).
 */
async function lintWithProgress(eslint: ESLint, files: string[], options: Options, io: CliIO): Promise<Outcome[]> {
  const lint = (some: string[]) => eslint.lintFiles(some);
  const showProgress = options.progress && Boolean(io.stderrIsTTY) && files.length >= 200;
  if (!showProgress) return lintEach(lint, files);
  // Worker threads start again for every call: fewer, larger slices with --concurrency.
  const slices = options.concurrency === 'off' ? 50 : 5;
  const size = Math.max(100, Math.ceil(files.length / slices));
  const results: Outcome[] = [];
  const started = Date.now();
  for (let i = 0; i < files.length; i += size) {
    const done = i;
    const rate = done > 0 ? ` (${Math.round(done / ((Date.now() - started) / 1000))} files/s)` : '';
    io.stderr(`\r\x1b[Kchecking ${done} of ${files.length} files${rate}`);
    results.push(...(await lintEach(lint, files.slice(i, i + size))));
  }
  io.stderr('\r\x1b[K');
  return results;
}

/**
 * Pairs each message with its retry site, so the herd of that exact policy can be shown,
 * and the site with its quick fix's herd (the suggestions of all its findings considered).
 */
async function findingsOf(result: ESLint.LintResult, herd: HerdComparison | undefined, eslint: ESLint, note: (text: string) => void, commonjs: boolean): Promise<Finding[]> {
  const findings: Finding[] = result.messages.map((message) => ({ message }));
  if (!herd || !findings.some((f) => f.message.ruleId?.startsWith(PLUGIN_PREFIX))) return findings;
  try {
    return await withHerds(result, findings, herd, eslint, commonjs);
  } catch (error) {
    // The lint succeeded: its findings stand, without the herds this file's analysis could not give.
    note(`${result.filePath}: herds not simulated: ${reasonOf(error).reason}`);
    return result.messages.map((message) => ({ message }));
  }
}

/** A file's report with its warnings left out (--quiet); a file that could not be linted is an error. */
function errorsOnly(report: FileReport): FileReport {
  const findings = report.findings.filter((f) => f.failure || f.message.severity === 2);
  return findings.length === report.findings.length ? report : { ...report, findings };
}

function failureReport(failure: LintFailure): FileReport {
  const result = failureResult(failure);
  return { result, findings: [{ message: result.messages[0]!, failure }] };
}

async function withHerds(result: ESLint.LintResult, findings: Finding[], herd: HerdComparison, eslint: ESLint, commonjs: boolean): Promise<Finding[]> {
  const file = await sitesOf(result.filePath, commonjs);
  if (!file) return findings;
  const bySite = new Map<RetrySite, Finding[]>();
  for (const finding of findings) {
    const site = file.sites.find((s) => s.loc.start.line === finding.message.line && s.loc.start.column + 1 === finding.message.column);
    if (!site) continue;
    finding.site = site;
    bySite.set(site, [...(bySite.get(site) ?? []), finding]);
  }
  const maxAttempts = bySite.size > 0 ? await unboundedRuleMax(eslint, result.filePath) : undefined;
  for (const [site, onSite] of bySite) {
    const comparison = herd.compare(site, chooseFix(site, onSite.map((f) => f.message.ruleId ?? ''), file, maxAttempts));
    for (const finding of onSite) finding.comparison = comparison;
  }
  return findings;
}

/** no-unbounded-retry's `maxAttempts` for this file: it lowers the bound its suggestions add. */
async function unboundedRuleMax(eslint: ESLint, filePath: string): Promise<number | undefined> {
  const config = (await eslint.calculateConfigForFile(filePath)) as { rules?: Record<string, unknown> } | undefined;
  const setting = config?.rules?.[`${PLUGIN_PREFIX}no-unbounded-retry`];
  const options = Array.isArray(setting) ? (setting[1] as { maxAttempts?: unknown } | undefined) : undefined;
  return typeof options?.maxAttempts === 'number' ? options.maxAttempts : undefined;
}

const CHECK_OPTIONS = {
  format: { type: 'string', short: 'f', multiple: true },
  'output-file': { type: 'string', short: 'o', multiple: true },
  quiet: { type: 'boolean', default: false },
  stdin: { type: 'boolean', default: false },
  'stdin-filename': { type: 'string' },
  config: { type: 'string', short: 'c' },
  'ignore-pattern': { type: 'string', multiple: true },
  'no-gitignore': { type: 'boolean', default: false },
  'include-minified': { type: 'boolean', default: false },
  cache: { type: 'boolean', default: false },
  'fix-suggestions': { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  'cache-location': { type: 'string' },
  changed: { type: 'string' },
  'suppressions-location': { type: 'string' },
  'suppress-all': { type: 'boolean', default: false },
  'suppress-rule': { type: 'string', multiple: true },
  'prune-suppressions': { type: 'boolean', default: false },
  'pass-on-unpruned-suppressions': { type: 'boolean', default: false },
  'report-unused-disable-directives': { type: 'boolean', default: false },
  'max-warnings': { type: 'string' },
  clients: { type: 'string' },
  capacity: { type: 'string' },
  outage: { type: 'string' },
  herd: { type: 'boolean', default: true },
  'no-herd': { type: 'boolean', default: false },
  concurrency: { type: 'string', default: 'off' },
  'no-progress': { type: 'boolean', default: false },
  'exit-zero': { type: 'boolean', default: false },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  version: { type: 'boolean', short: 'v', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function parse(args: string[], cwd: string): Options {
  // `--changed` takes an optional value: bare, or `--changed=<base>` (a following word is a path).
  const normalized = args.map((a) => (a === '--changed' ? '--changed=' : a));
  let parsed;
  try {
    parsed = parseArgs({
      args: normalized,
      allowPositionals: true,
      options: CHECK_OPTIONS,
      tokens: true,
    });
  } catch (error) {
    throw new UsageError(parseErrorMessage(error, CHECK_OPTIONS));
  }
  const { values, positionals, tokens } = parsed;
  const suppressRules = values['suppress-rule'];
  const exclusive = [values['suppress-all'] && '--suppress-all', suppressRules && '--suppress-rule', values['prune-suppressions'] && '--prune-suppressions'].filter(Boolean);
  if (exclusive.length > 1) throw new UsageError(`${exclusive.join(' and ')} cannot be used together`);
  return {
    paths: positionals.length > 0 ? positionals : ['.'],
    pathsGiven: positionals.length > 0,
    includeMinified: values['include-minified'],
    cache: values.cache,
    fixSuggestions: values['fix-suggestions'],
    dryRun: dryRun(values['dry-run'], values['fix-suggestions'], values.stdin),
    ...(values['cache-location'] !== undefined ? { cacheLocation: values['cache-location'] } : {}),
    stdin: values.stdin,
    ...(values['stdin-filename'] !== undefined ? { stdinFilename: stdinFilename(values['stdin-filename'], values.stdin) } : {}),
    outputs: outputsOf(tokens, cwd),
    quiet: values.quiet,
    ...(values.config ? { config: values.config } : {}),
    ignorePatterns: values['ignore-pattern'] ?? [],
    gitignore: !values['no-gitignore'],
    ...(values.changed !== undefined ? { changed: values.changed ? { base: values.changed } : {} } : {}),
    ...(values['suppressions-location'] ? { suppressionsLocation: values['suppressions-location'] } : {}),
    suppressAll: values['suppress-all'],
    ...(suppressRules ? { suppressRules: ruleIds(suppressRules) } : {}),
    pruneSuppressions: values['prune-suppressions'],
    passOnUnpruned: values['pass-on-unpruned-suppressions'],
    reportUnused: values['report-unused-disable-directives'],
    maxWarnings: values['max-warnings'] === undefined ? -1 : integer('--max-warnings', values['max-warnings'], 0),
    scenario: {
      clients: values.clients === undefined ? DEFAULT_SCENARIO.clients : integer('--clients', values.clients, 1, 1_000_000),
      capacity: values.capacity === undefined ? DEFAULT_SCENARIO.capacity : integer('--capacity', values.capacity, 1),
      ...(values.outage === undefined ? {} : { outageMs: integer('--outage', values.outage, 0, 3_600_000) }),
    },
    herd: values.herd && !values['no-herd'],
    concurrency: concurrency(values.concurrency),
    progress: !values['no-progress'],
    exitZero: values['exit-zero'],
    ...colorFlag(args, values.color, values['no-color']),
    help: values.help,
    version: values.version,
  };
}

/** `--suppress-rule` names, as full rule ids; a name the plugin does not have is a bad argument naming the ones it has. */
function ruleIds(names: readonly string[]): string[] {
  const known = Object.keys(retryHygiene.rules).sort();
  const ids = names.map((r) => (r.includes('/') ? r : `${PLUGIN_PREFIX}${r}`));
  const unknown = ids.filter((id) => !id.startsWith(PLUGIN_PREFIX) || !known.includes(id.slice(PLUGIN_PREFIX.length)));
  if (unknown.length === 0) return ids;
  const hint = unknown.length === 1 ? didYouMean(unknown[0]!.replace(PLUGIN_PREFIX, ''), known) : '';
  throw new UsageError(`--suppress-rule: no such rule: ${unknown.join(', ')}${hint} (the rules: ${known.join(', ')})`);
}

/** The last of --color and --no-color given wins, as in ESLint. */
function colorFlag(args: readonly string[], color: boolean | undefined, noColor: boolean | undefined): { color?: boolean } {
  if (color === undefined && noColor === undefined) return {};
  if (color === undefined || noColor === undefined) return { color: color === true };
  return { color: args.lastIndexOf('--color') > args.lastIndexOf('--no-color') };
}

function unmatchedText(unmatched: readonly string[]): string {
  const missing = unmatched.filter((p) => !isGlob(p));
  const patterns = unmatched.filter((p) => isGlob(p));
  return [
    ...(missing.length > 0 ? [`no such file or folder: ${missing.join(', ')}`] : []),
    ...(patterns.length > 0 ? [`no files match ${patterns.join(', ')}`] : []),
  ].join('; ');
}

function integer(name: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, not '${raw}'`);
  }
  return n;
}

function dryRun(dry: boolean, fix: boolean, stdin: boolean): boolean {
  if (dry && !fix) throw new UsageError('--dry-run shows what --fix-suggestions would change: give --fix-suggestions too');
  if (fix && stdin) throw new UsageError('--fix-suggestions rewrites files: it does not go with --stdin');
  return dry;
}

function stdinFilename(raw: string, stdin: boolean): string {
  if (!stdin) throw new UsageError('--stdin-filename names the code read with --stdin: give --stdin too');
  if (raw.trim() === '') throw new UsageError(`--stdin-filename must name a file, not '${raw}'`);
  return raw;
}

function concurrency(raw: string): 'off' | 'auto' | number {
  if (raw === 'off' || raw === 'auto') return raw;
  return integer('--concurrency', raw, 1, 256);
}
