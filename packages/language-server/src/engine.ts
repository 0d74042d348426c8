import { basename, dirname, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeRetrySites, functionName, repeatedName, type FunctionNode, type RetryPolicy, type RetrySite, type SourceCodeLike } from '@retry-hygiene/analysis';
import { Linter, type Rule } from 'eslint';
import plugin, { FRAMEWORKS, JSX_IN_JAVASCRIPT, buildDeferredSuggestions, chooseFix, frameworkConfigs, type Framework, type SuggestionFile } from 'eslint-plugin-retry-hygiene';
import { projectFrameworkParsers } from './framework-parsers.js';
import { RULE_NAMES, type SeverityName, type Settings } from './settings.js';

/** Files larger than this are skipped with one informational diagnostic. */
export const MAX_BYTES = 2 * 1024 * 1024;

export const PLUGIN_PREFIX = 'retry-hygiene/';

type LintMessage = Linter.LintMessage;
type Fix = NonNullable<LintMessage['fix']>;

/** A suggestion as the server offers it: its title and its edits, apart (a code action makes each one minimal). */
export interface QuickFix {
  desc: string;
  edits: Fix[];
}

/** An ESLint message whose suggestions are quick fixes: the plugin's keep their edits apart, ESLint merges each into one. */
export type Message = Omit<LintMessage, 'suggestions'> & { suggestions?: QuickFix[] };

/** A source location as ESTree has it: 1-based lines, 0-based columns. */
export interface SiteLoc {
  start: { line: number; column: number };
  end: { line: number; column: number };
}

/**
 * What the server reads of a retry site, as plain data: the lint runs in a worker thread,
 * and AST nodes (with their parent links) do not cross to the main thread. Projected from
 * the rules' own site objects, once per lint.
 */
export interface SiteView {
  kind: RetrySite['kind'];
  library?: string;
  /** The retrying function's name (recursion), when it has one. */
  name?: string;
  /** What the messages call a site that is no call of its own: a retry setting where it is defined, a periodic flush that puts failed items back. */
  noun?: string;
  /** The name of the function the site is in (for a recursion, the function itself): what the herd chart's title names. */
  inFunction?: string;
  policy: RetryPolicy;
  /** Where the rules report: the loop head, the recursive call, the library call. */
  loc: SiteLoc;
  /** The site's node (loop, function, call): its offsets and first line (1-based). */
  range: [number, number];
  headLine: number;
  abortAware: boolean;
  deadlineBound: boolean;
  nested: { inner: Omit<SiteView, 'nested'>; via: RetrySite['nested'][number]['via'] }[];
  /**
   * The quick fix the herd comparison shows (the plugin's chooseFix, as `check` picks it):
   * set with the suggestions (`Linted.completeSuggestions`); absent before, and when no
   * finding on the site has a suggestion.
   */
  fix?: SiteFix;
}

/** A quick fix's title as the editor lists it and the policy it leaves. */
export interface SiteFix {
  title: string;
  policy: RetryPolicy;
}

/** What one lint of one document version produced; everything else reads from it. Plain data (structured-cloneable). */
export interface Analysis {
  uri: string;
  version: number;
  /** 'skipped': a `.vue` / `.svelte` file whose parser is not there (or may not be loaded). */
  status: 'ok' | 'parse-error' | 'too-large' | 'skipped' | 'failed';
  /**
   * Messages of the configured rules, in ESLint's order (disable comments applied). The
   * plugin's suggestions are built after the lint (`Linted.completeSuggestions`): until then
   * its messages have none.
   */
  messages: Message[];
  /** The parse error, the size or the failure when status is not ok. */
  problem?: { message: string; line: number; column: number };
  /** The retry sites of the AST the rules ran on (projected from the rules' own objects, not a second parse). */
  sites: readonly SiteView[];
  /** Milliseconds spent in ESLint and the analysis. */
  lintMs: number;
}

/** File extensions by LSP languageId, for documents whose name does not say (untitled, .vue…). */
const EXTENSION_OF: Record<string, string> = {
  javascript: '.js',
  javascriptreact: '.jsx',
  typescript: '.ts',
  typescriptreact: '.tsx',
  vue: '.vue',
  svelte: '.svelte',
};
const EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx', '.vue', '.svelte']);
const FRAMEWORK_OF = new Map<string, Framework>(Object.entries(FRAMEWORKS).map(([framework, { extension }]) => [extension, framework as Framework]));

/**
 * The name ESLint sees for a document: its own base name when that is a JS/TS file,
 * otherwise one made from the languageId; undefined when the document is neither. The
 * name is relative, so the embedded config's `files` globs match wherever the file lives
 * (and nothing of the workspace is read: no eslint.config.js, no parser from it).
 */
export function lintFilename(uri: string, languageId: string): string | undefined {
  let name: string | undefined;
  try {
    name = uri.startsWith('file:') ? basename(fileURLToPath(uri)) : basename(new URL(uri).pathname);
  } catch {
    name = undefined;
  }
  if (name && EXTENSIONS.has(extname(name).toLowerCase())) return name;
  const ext = EXTENSION_OF[languageId];
  return ext ? `document${ext}` : undefined;
}

/**
 * The folder ESLint lints a document in: a file's own, so that the analysis follows its
 * relative imports (`./lib/retry`) to the project's modules beside it (read and parsed,
 * never run; never node_modules), as `check` and ESLint do. Undefined for a document that
 * is not a file (untitled, remote): nothing on disk is read for it.
 */
export function lintDirectory(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return dirname(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

/** A name under this prefix tells the plugin's module host there is no file, so no neighbours to read. */
const NOT_A_FILE = '<unsaved>/';

type RuleMeta = NonNullable<Rule.RuleModule['meta']>;

/** A lint whose diagnostics are ready and whose suggestions are not yet built. */
export interface Linted {
  analysis: Analysis;
  /**
   * Builds the plugin's suggestions from the lint's own site objects and puts them on the
   * analysis's messages (in place). Call once, before anything reads them; a suggestion that
   * fails to build is left out, never the diagnostics.
   */
  completeSuggestions(): void;
}

/**
 * The rules report without building suggestions (ESLint would build all of them before the
 * first diagnostic could be shown); the server builds them right after posting diagnostics.
 */
const DEFER_SUGGESTIONS: Linter.Config = { settings: { retryHygiene: { deferSuggestions: true } } };

/**
 * ESLint's Linter, in-process, on the plugin's embedded recommended config with the
 * user's severities and options. One instance per server: Linter keeps no state between
 * files but the last SourceCode, which is read right after each verify and then let go
 * (`release`): nothing of a document's version stays once its lint is done.
 */
export class LintEngine {
  private linter = new Linter({ configType: 'flat' });
  /** A Linter whose cwd is the folder of the file it last linted (ESLint resolves a relative name against it). */
  private folderLinter: { cwd: string; linter: Linter } | undefined;
  private readonly base: Linter.Config[];
  private config: Linter.Config[] = [];
  private readonly severities = new Map<string, SeverityName>();
  private readonly metas = new Map<string, RuleMeta>();
  /** no-unbounded-retry's `maxAttempts`: the bound its suggestions add, so also the compared fix's. */
  private unboundedMax: number | undefined;
  /** The client allows loading a project's `.vue` / `.svelte` parser (its code): Settings.projectParsers. */
  private projectParsers = false;

  /** `extraConfig` is appended after the embedded config (tests: rules with fixes and suggestions). */
  constructor(private readonly extraConfig: readonly Linter.Config[] = []) {
    this.base = [
      ...plugin.configs.recommended,
      ...plugin.configs.typescript,
      JSX_IN_JAVASCRIPT,
      {
        // Comments about rules of other plugins, or unused ones, are not this server's business.
        linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
      },
      DEFER_SUGGESTIONS,
    ];
    for (const [name, rule] of Object.entries(plugin.rules)) if (rule.meta) this.metas.set(PLUGIN_PREFIX + name, rule.meta);
    for (const config of extraConfig) {
      for (const [prefix, p] of Object.entries(config.plugins ?? {})) {
        for (const [name, rule] of Object.entries(p.rules ?? {})) {
          const meta = (rule as Rule.RuleModule).meta;
          if (meta) this.metas.set(`${prefix}/${name}`, meta);
        }
      }
    }
  }

  /** Applies severities and options; returns a line per rule option that ESLint rejected (that rule then runs without options). */
  configure(settings: Settings): string[] {
    const problems: string[] = [];
    const rules: Linter.RulesRecord = {};
    this.severities.clear();
    for (const name of RULE_NAMES) {
      const { severity, options } = settings.rules[name];
      if (severity === 'off') {
        rules[PLUGIN_PREFIX + name] = 'off';
        continue;
      }
      const level = severity === 'error' ? 'error' : 'warn';
      let entry: Linter.RuleEntry = level;
      if (options && Object.keys(options).length > 0) {
        entry = [level, options];
        const rejected = this.checkOptions(name, options);
        if (rejected !== undefined) {
          // Name the option ESLint's schema error is about, when one key alone fails.
          const key = Object.keys(options).find((k) => this.checkOptions(name, { [k]: options[k] }) !== undefined);
          problems.push(`retryHygiene.rules.${name}.options${key === undefined ? '' : `.${key}`}: ${rejected} (the rule runs with its default options)`);
          entry = level;
        }
      }
      rules[PLUGIN_PREFIX + name] = entry;
      this.severities.set(PLUGIN_PREFIX + name, severity);
    }
    for (const config of this.extraConfig) {
      for (const [id, entry] of Object.entries(config.rules ?? {})) {
        const level = Array.isArray(entry) ? entry[0] : entry;
        if (level !== 'off' && level !== 0 && level !== undefined) this.severities.set(id, level === 'error' || level === 2 ? 'error' : 'warning');
      }
    }
    // The project's own retry packages, where a flat config declares them (settings.retryHygiene.helpers).
    const helpers: Linter.Config[] = settings.helpers.length > 0 ? [{ settings: { retryHygiene: { deferSuggestions: true, helpers: settings.helpers } } }] : [];
    this.config = [...this.base, { rules }, ...helpers, ...this.extraConfig];
    this.projectParsers = settings.projectParsers === true;
    const max = settings.rules['no-unbounded-retry'].options?.maxAttempts;
    this.unboundedMax = typeof max === 'number' ? max : undefined;
    return problems;
  }

  /** ESLint's schema error for these options of a rule, or undefined when they are valid. */
  private checkOptions(name: string, options: Record<string, unknown>): string | undefined {
    try {
      this.linter.verify('', [...this.base, { rules: { [PLUGIN_PREFIX + name]: ['error', options] } }], { filename: 'check.js' });
      return undefined;
    } catch (error) {
      return oneLine(error).replace(/^Key "rules": Key "[^"]*":\s*/, '');
    }
  }

  /** The severity a diagnostic of this rule gets; undefined for rules that are off or not ours. */
  severityOf(ruleId: string): SeverityName | undefined {
    return this.severities.get(ruleId);
  }

  metaOf(ruleId: string): RuleMeta | undefined {
    return this.metas.get(ruleId);
  }

  docsUrl(ruleId: string): string | undefined {
    return this.metaOf(ruleId)?.docs?.url;
  }

  private attachSiteFixes(analysis: Analysis, sites: readonly RetrySite[], sourceCode: SourceCodeLike, filename: string): void {
    siteFixesOf(analysis, sites, { sourceCode: sourceCode as unknown as SuggestionFile['sourceCode'], filename }, this.unboundedMax);
  }

  /** The Linter for files in this folder (one is kept: the folder last linted in). */
  private linterIn(cwd: string): Linter {
    let folder = this.folderLinter;
    if (folder?.cwd !== cwd) this.folderLinter = folder = { cwd, linter: new Linter({ configType: 'flat', cwd }) };
    return folder.linter;
  }

  /**
   * Makes the Linter forget the SourceCode of its last verify: a new one takes its place (a
   * Linter keeps nothing else between files; ESLint normalises the config on every verify anyway).
   */
  private release(linter: Linter): void {
    if (linter === this.linter) this.linter = new Linter({ configType: 'flat' });
    else if (this.folderLinter?.linter === linter) this.folderLinter = { cwd: this.folderLinter.cwd, linter: new Linter({ configType: 'flat', cwd: this.folderLinter.cwd }) };
  }

  /** A lint with its suggestions built. */
  lint(uri: string, version: number, text: string, filename: string): Analysis {
    const linted = this.lintFirst(uri, version, text, filename);
    linted.completeSuggestions();
    return linted.analysis;
  }

  /** A lint whose suggestions are built when asked: what a change needs first is its diagnostics. */
  lintFirst(uri: string, version: number, text: string, filename: string): Linted {
    const start = performance.now();
    const nothingDeferred = () => {};
    const done = (rest: Omit<Analysis, 'uri' | 'version' | 'lintMs'>): Linted => ({
      analysis: { uri, version, ...rest, lintMs: performance.now() - start },
      completeSuggestions: nothingDeferred,
    });
    // Cheap upper bound first: a UTF-16 string never takes more than 3 bytes per unit.
    const bytes = text.length * 3 <= MAX_BYTES ? text.length : Buffer.byteLength(text);
    if (bytes > MAX_BYTES) {
      const message = `retry-hygiene skipped this file: ${(bytes / 1024 / 1024).toFixed(1)} MB is more than the ${MAX_BYTES / 1024 / 1024} MB it lints.`;
      return done({ status: 'too-large', messages: [], sites: [], problem: { message, line: 1, column: 1 } });
    }
    // Never the server's own working directory: a file lints in its folder, anything else nowhere.
    const cwd = lintDirectory(uri);
    const linter = cwd === undefined ? this.linter : this.linterIn(cwd);
    let config = this.config;
    const framework = FRAMEWORK_OF.get(extname(filename).toLowerCase());
    if (framework) {
      const { extension, parser } = FRAMEWORKS[framework];
      const loaded = this.projectParsers && cwd !== undefined ? projectFrameworkParsers(cwd) : undefined;
      if (!loaded?.parsers[framework]) {
        const why = this.projectParsers ? `install ${parser} in the project` : `its ${parser} is loaded only where the client allows the project's code to run (in VS Code, a trusted workspace)`;
        return done({ status: 'skipped', messages: [], sites: [], problem: { message: `retry-hygiene skipped this ${extension} file: ${why} to check its <script> blocks.`, line: 1, column: 1 } });
      }
      // The user's severities and options (this.config's rules) apply to these files too.
      config = [...this.config, ...frameworkConfigs({ parsers: { [framework]: loaded.parsers[framework] }, ...(loaded.script ? { script: loaded.script } : {}) }, plugin, undefined)];
    }
    let messages: LintMessage[];
    try {
      messages = linter.verify(text, config, { filename: cwd === undefined ? NOT_A_FILE + filename : filename });
    } catch (error) {
      return done({ status: 'failed', messages: [], sites: [], problem: { message: `retry-hygiene could not lint this file: ${oneLine(error)}`, line: 1, column: 1 } });
    }
    const parseError = messages.find((m) => m.fatal && m.ruleId === null && m.message.startsWith('Parsing error'));
    if (parseError) {
      return done({ status: 'parse-error', messages: [], sites: [], problem: { message: parseError.message, line: parseError.line, column: parseError.column } });
    }
    // The sites of the AST the rules just analysed (the analysis caches them per AST).
    let sites: readonly RetrySite[] = [];
    let sourceCode = linter.getSourceCode() as unknown as SourceCodeLike | null;
    // The Linter would keep this version's SourceCode (the AST, its tokens and scopes, and every
    // cache the analysis keys on its nodes: ~225 MB for a 20 000-line file) until the next lint.
    // Nothing reads it after the suggestions are built, so the Linter lets go of it now.
    this.release(linter);
    try {
      if (sourceCode) sites = analyzeRetrySites(sourceCode);
    } catch (error) {
      return done({ status: 'failed', messages: [], sites: [], problem: { message: `retry-hygiene could not analyse this file: ${oneLine(error)}`, line: 1, column: 1 } });
    }
    // Only our rules speak: "Definition for rule 'react/x' was not found" from a comment about
    // another plugin's rule, or an eslint-env comment, is noise here.
    const ours = messages.filter((m) => m.ruleId !== null && this.severities.has(m.ruleId));
    const linted = done({ status: 'ok', messages: ours.map(withQuickFixes), sites: sites.map(viewOf) });
    if (!sourceCode) return linted;
    let completed = false;
    linted.completeSuggestions = () => {
      if (completed) return;
      completed = true;
      const code = sourceCode!;
      // Nothing of this version is kept once its suggestions are built.
      sourceCode = null;
      let built: ReturnType<typeof buildDeferredSuggestions>;
      try {
        built = buildDeferredSuggestions(code, ours);
      } catch {
        // A bug in a suggestion costs the quick fixes of this version, not its diagnostics.
        sites = [];
        return;
      }
      built.forEach((suggestions, index) => {
        if (suggestions === undefined) return;
        const message = linted.analysis.messages[index]!;
        message.suggestions = [...(message.suggestions ?? []), ...suggestions.map(({ desc, edits }) => ({ desc, edits }))];
      });
      this.attachSiteFixes(linted.analysis, sites, code, filename);
      // The site objects hold the AST too.
      sites = [];
    };
    return linted;
  }
}

/** The sites' views (in the order of `sites`) get the quick fix their herd comparison shows. */
function siteFixesOf(analysis: Analysis, sites: readonly RetrySite[], file: SuggestionFile, unboundedMax: number | undefined): void {
  sites.forEach((site, i) => {
    const ruleIds = analysis.messages.filter((m) => m.line === site.loc.start.line && m.column === site.loc.start.column + 1 && m.ruleId).map((m) => m.ruleId!);
    if (ruleIds.length === 0) return;
    let fix: ReturnType<typeof chooseFix>;
    try {
      fix = chooseFix(site, ruleIds, file, unboundedMax);
    } catch {
      // The comparison goes without its fix row, never the hover.
      return;
    }
    if (fix) analysis.sites[i]!.fix = { title: fix.title, policy: structuredClone(fix.policy) };
  });
}

/** An ESLint message with any suggestions ESLint built (other rules') as quick fixes of one edit. */
function withQuickFixes(message: LintMessage): Message {
  const { suggestions, ...rest } = message;
  return suggestions === undefined ? rest : { ...rest, suggestions: suggestions.map(({ desc, fix }) => ({ desc, edits: [fix] })) };
}

function plainLoc(loc: RetrySite['loc']): SiteLoc {
  return { start: { line: loc.start.line, column: loc.start.column }, end: { line: loc.end.line, column: loc.end.column } };
}

function shallowViewOf(site: RetrySite): Omit<SiteView, 'nested'> {
  const name = site.kind === 'recursion' ? functionName(site.node as FunctionNode) : site.kind === 'repeat' ? repeatedName(site) : undefined;
  const inFunction = enclosingFunctionName(site.node);
  return {
    kind: site.kind,
    ...(site.library !== undefined ? { library: site.library } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(site.kind === 'library' && site.declared && site.node.type === 'ObjectExpression' ? { noun: site.declared.noun } : {}),
    ...(site.requeue ? { noun: `periodic flush putting failed items back into \`${site.requeue.store}\`` } : {}),
    ...(inFunction !== undefined ? { inFunction } : {}),
    policy: structuredClone(site.policy),
    loc: plainLoc(site.loc),
    range: [site.node.range[0], site.node.range[1]],
    headLine: site.node.loc.start.line,
    abortAware: site.abortAware,
    deadlineBound: site.deadlineBound,
  };
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** The name of the nearest function around `node` (the node itself when it is one), if that function has a name. */
function enclosingFunctionName(node: RetrySite['node']): string | undefined {
  for (let at: { type: string; parent?: unknown } | undefined = node; at; at = at.parent as typeof at) {
    if (FUNCTION_TYPES.has(at.type)) return functionName(at as FunctionNode);
  }
  return undefined;
}

/** A retry site as the server reads it. */
export function viewOf(site: RetrySite): SiteView {
  return { ...shallowViewOf(site), nested: site.nested.map(({ inner, via }) => ({ inner: shallowViewOf(inner), via })) };
}

/** An error's message on one line (ESLint's config errors span several), at most 300 characters. */
function oneLine(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ').trim() || 'unknown error';
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
