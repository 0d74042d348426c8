import type { TSESTree } from '@typescript-eslint/utils';
import { contains, isFunction, keyName, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { AnalysisContext, isReassigned, type SourceCodeLike, type Variable } from './context.js';
import { CATALOG_MODULES } from './catalog.js';
import { importOf, relativeImportNames, type ImportedName } from './imports.js';
import { localFunction } from './functions/local-function.js';
import type { RetrySite } from './types.js';
import { readKnownFile, statFile } from './files/read.js';
import { constructorFunction, soleDefinition } from './definitions/bodies.js';
import { isProjectSpecifier, isRelativeSpecifier, mayNameProjectModule } from './specifiers/project.js';
import { forgetResolutions, resolveModule } from './specifiers/resolve-module.js';
import type { HelperSpec } from './helper-specs.js';

// Which specifiers name a module of the project, and which file: specifiers/.
export { isProjectSpecifier, isRelativeSpecifier, resolveModule };

/**
 * How the analysis reads the project's other files: the file being linted, and a parser that
 * reads another file the way this one was read (the lint run's own parser and options).
 * Without a host the analysis stays within the file.
 */
export interface ModuleHost {
  /** Absolute path of the file being analysed. */
  filename: string;
  /** Parses another file of the project; undefined when it cannot (syntax error, unknown kind). */
  parse(file: string, text: string): SourceCodeLike | undefined;
}

/**
 * How far imported modules are analysed in full (their own sites, and the helpers they call
 * followed at once): a file, the modules it imports, and the ones they import.
 */
const MAX_DEPTH = 2;
/**
 * How far a call is followed, on demand, through modules that reach a retry only through
 * calls (an API client's layers: `submitOrder()` → `createOrder()` → `post()` →
 * `sendWithRetry()`): modules up to four imports from the file that asks. Asked only for the
 * calls another module's retry runs, so a chain costs its modules' parses, not a whole project's.
 */
const MAX_REACH_DEPTH = 4;
/** Generated or huge files are not helpers anyone reads: skip them rather than parse them. */
const MAX_BYTES = 1_000_000;

/**
 * A retry helper waits between attempts (a timer, a sleep or delay call) or uses a catalog
 * library; a module with neither is not parsed. Parsing is most of the cost of following an
 * import, and most modules a file calls into are not retry helpers. (A helper that retries at
 * once, with no wait, is missed: the price of keeping the cost within budget.)
 */
const MAY_HOLD_RETRY = /\bsetTimeout\b|timers\/promises|\bawait\s+[\w.]*(?:[sS]leep|[dD]elay|[wW]ait|[tT]imer|[bB]ack[oO]ff)\w*\s*\(|(?<![\w.])(?:sleep|delay|wait|timer|delayWhen|retryWhen|backoff|backOff)\s*\(/;

/** An index file that re-exports a module of the project: the helper may be behind it. */
const REEXPORTS = /\bexport\s*(?:\*|\{[^}]*\})\s*(?:as\s+[\w$]+\s*)?from\s*['"]\.\.?\/|\(\s*require\(\s*['"]\.\.?\/[^'"]*['"]\s*\)\s*,\s*exports\s*\)|\(\s*exports\s*,\s*require\(\s*['"]\.\.?\/|\bexports\s*=\s*require\(\s*['"]\.\.?\//;

function mayHoldRetry(text: string): boolean {
  // Comments name imports, re-exports and waits without making any (a doc comment's
  // `sleep(ms)` example); strings name waits too (a message naming 'setTimeout'). One
  // left-to-right pass each, so that whichever starts first, a comment or a string, wins.
  const code = text.replace(COMMENTS_AND_STRINGS, (match) => (match.startsWith('/') ? '' : match));
  if (CATALOG_MODULES.test(code) || REEXPORTS.test(code) || exportsAnImport(code)) return true;
  return MAY_HOLD_RETRY.test(code.replace(COMMENTS_AND_STRINGS, ''));
}

/** `require('./x')`, `import … from '@acme/utils'`: the modules a text names (resolveModule keeps the project's). */
const IMPORT_SPECIFIERS = /\bfrom\s*['"]([^'"\n]+)['"]|\brequire\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Per path and version: whether a module's own text may hold a retry (the gate without its imports), and the project modules it imports. */
const textGates = new Map<string, { mtimeMs: number; size: number; may: boolean; imports: readonly string[] }>();

/** The most modules one gate question reads the text of: an index importing hundreds of modules is not walked whole. */
const MAX_GATE_FILES = 64;

/**
 * A module whose own text shows no wait may still reach a retry through the modules of the
 * project it imports (`createOrder()` → `post()` → `sendWithRetry()` in a third module): it
 * passes when a module within `hops` imports of it (relative, a workspace package, a path
 * alias) passes on its own text. As many hops as the analysis would follow from this module,
 * so the gate never hides a chain the analysis could read; each module's text read once per version.
 */
function importsRetry(file: string, text: string, hops: number): boolean {
  const seen = new Set<string>([file]);
  let level = importTargets(file, text);
  for (let hop = 0; hop < hops && level.length > 0; hop++) {
    const next: string[] = [];
    for (const target of level) {
      if (seen.has(target)) continue;
      if (seen.size >= MAX_GATE_FILES) return false;
      seen.add(target);
      const gate = textGate(target);
      if (!gate) continue;
      if (gate.may) return true;
      next.push(...gate.imports);
    }
    level = next;
  }
  return false;
}

function importTargets(file: string, text: string): string[] {
  const code = text.replace(COMMENTS_AND_STRINGS, (match) => (match.startsWith('/') ? '' : match));
  const targets: string[] = [];
  for (const m of code.matchAll(IMPORT_SPECIFIERS)) {
    const target = resolveModule(file, (m[1] ?? m[2]) as string);
    if (target && !targets.includes(target)) targets.push(target);
  }
  return targets;
}

function textGate(file: string): { may: boolean; imports: readonly string[] } | undefined {
  const stat = statFile(file);
  if (!stat) return undefined;
  const known = textGates.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
  const text = stat.size <= MAX_BYTES ? readKnownFile(file, MAX_BYTES) : undefined;
  const gate = { mtimeMs: stat.mtimeMs, size: stat.size, may: text !== undefined && mayHoldRetry(text), imports: text === undefined ? [] : importTargets(file, text) };
  remember(textGates, file, gate);
  return gate;
}

/** Block and line comments, and one-line '…' / "…" strings (template literals may hold code: kept). */
const COMMENTS_AND_STRINGS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;

const RELATIVE_IMPORT_NAMES = /\bimport\s+([\w$\s{},*]+?)\s+from\s*['"]\.\.?\/|\b(?:const|let|var)\s+([\w$\s{},:]+?)\s*=\s*require\(\s*['"]\.\.?\//g;
const EXPORT_LISTS = /\bexport\s*\{([^}]*)\}(?!\s*from)|\bmodule\.exports\s*=\s*\{([^}]*)\}|\bexports\.[\w$]+\s*=\s*([\w$]+)\s*[;\n]/g;

/**
 * `import { retryable } from './retry'; export { retryable as again }`, or CommonJS's
 * `const { retry } = require('./retry'); module.exports = { retry }`: an index that passes an
 * import on. A text test (the parse decides); it keeps the gate from hiding such a module.
 */
function exportsAnImport(text: string): boolean {
  const imported = new Set<string>();
  for (const m of text.matchAll(RELATIVE_IMPORT_NAMES)) for (const name of (m[1] ?? m[2] ?? '').match(/[\w$]+/g) ?? []) imported.add(name);
  if (imported.size === 0) return false;
  for (const m of text.matchAll(EXPORT_LISTS)) {
    for (const name of (m[1] ?? m[2] ?? m[3] ?? '').match(/[\w$]+/g) ?? []) if (imported.has(name)) return true;
  }
  return false;
}

/** What a module exports that retries, found once per file version. */
export interface ModuleSummary {
  file: string;
  ctx: AnalysisContext;
  sites: readonly RetrySite[];
  /** Retries the module's code makes through calls of other modules or libraries, reported nowhere: what its functions reach. */
  silent: readonly RetrySite[];
  exports: ReadonlyMap<string, FunctionNode>;
  /** `export { f } from './retry'`, `export { f }` of an import: the module and name that really define it. */
  reexports: ReadonlyMap<string, ImportedName>;
  /** `export * from './retry'`: modules whose exports are this module's too. */
  stars: readonly string[];
  /** Exported classes (`export class Retrier`), whose methods may retry. */
  classes: ReadonlyMap<string, ClassNode>;
  /** Exported instances of this module's classes (`export const retrier = new Retrier()`): the class and the `new`. */
  instances: ReadonlyMap<string, { cls: ClassNode; node: TSESTree.NewExpression }>;
  /** How the module's own imports are read (none past the depth limit), for a retry its functions reach through them on demand. */
  imports?: { host: NestedHost; names: ReadonlySet<string> };
}

export type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** How an exported function retries: it retries what it is given, or it retries inside. */
export interface ForeignRetry {
  /** `helper`: retries a function parameter, or returns a retrier (each call is a site); `retrying`: retries its own work. */
  role: 'helper' | 'retrying';
  site: RetrySite;
  fn: FunctionNode;
  summary: ModuleSummary;
  /** The import specifier and export name, for messages: `retryable()` from './lib/retry'. */
  label: string;
  construction?: Construction;
  /** A helper whose returned function is the retrier (`createRetrier(opts)` → `retrier(op)`): each call of what it returns retries. */
  factory?: boolean;
}

interface CacheEntry {
  mtimeMs: number;
  size: number;
  summary: ModuleSummary | undefined;
  /** Not parsed: its text shows no wait (a `delay` lookup still reads it). */
  gatedOut: boolean;
  /**
   * How deep in the imports it was analysed: one made at the limit follows none of its own
   * imports, so a lookup from nearer the linted file makes it again (with as many levels as it
   * would have had first): what a module reaches must not depend on which file was linted first.
   */
  depth: number;
}

/** The silent sites analyze found in a file (a call of another module's retrying function, a got request): filled by analyze.ts. */
export const silentSites = new WeakMap<TSESTree.Program, readonly RetrySite[]>();

/** Per path and version: parsed and analysed once per lint run, and again only when the file changes. */
const summaries = new Map<string, CacheEntry>();
/** A language server lives for days: the caches keep the most recent entries only. */
const MAX_CACHED = 5_000;
/**
 * A summary keeps its module parsed (AST, tokens, scopes, ESLint's traversal): hundreds of KB
 * even for a small file, so 5 000 of them took a 3 000-module import ring to 1.2 GB where
 * ESLint alone peaks at 150 MB. The most recently used ones only: a helper many files import
 * stays, a module read once for one neighbour goes.
 */
const MAX_SUMMARIES = 64;

function remember<V>(cache: Map<string, V>, key: string, value: V, max = MAX_CACHED): void {
  cache.delete(key);
  cache.set(key, value);
  // A Map iterates in insertion order: the first key is the least recently remembered.
  while (cache.size > max) cache.delete(cache.keys().next().value as string);
}

/** How many modules' summaries are kept now (at most MAX_SUMMARIES). */
export function cachedSummaryCount(): number {
  return summaries.size;
}
/** Drops what was read from the project's files: a module may change what another one it imports reads as. */
export function forgetModules(): void {
  summaries.clear();
  forgetResolutions();
  textGates.clear();
}

/** Summaries being computed (an import cycle reads as "not a helper"). */
const inProgress = new Set<string>();

/** The host an imported module is analysed with: one level deeper, none past the limit. */
export type Analyze = (sourceCode: SourceCodeLike, host: NestedHost | undefined) => readonly RetrySite[];

export interface NestedHost extends ModuleHost {
  depth: number;
  /** The project's own retry packages (the settings' helpers), for the modules followed too. */
  helpers?: readonly HelperSpec[];
  /** Modules already looked up while analysing the current file. */
  checked?: Map<string, { summary: ModuleSummary | undefined }>;
}

/** The identifier a call's callee starts from: `f` in `f()`, `ns` in `ns.f()`. */
export function calleeRootIdentifier(call: TSESTree.CallExpression): TSESTree.Identifier | undefined {
  let root: Node = unwrap(call.callee);
  if (root.type === 'MemberExpression') root = unwrap(root.object);
  return root.type === 'Identifier' ? root : undefined;
}

/** The summary of a module: parsed with the host's parser, analysed, its exported functions. */
export function moduleSummary(file: string, host: NestedHost, analyze: Analyze, purpose: Purpose): ModuleSummary | undefined {
  // One check of the file's version per importing file, however many calls name it.
  const key = `${purpose}\0${file}`;
  const checked = host.checked?.get(key);
  if (checked) return checked.summary;
  const entry = { summary: loadSummary(file, host, analyze, purpose) };
  host.checked?.set(key, entry);
  return entry.summary;
}

/**
 * `retry`: looking for a retry helper or a retrying function, behind the text gate;
 * `delay`: a delay expression of a site calls the function, so the module is read whatever its text.
 */
export type Purpose = 'retry' | 'delay';

function loadSummary(file: string, host: NestedHost, analyze: Analyze, purpose: Purpose): ModuleSummary | undefined {
  const stat = statFile(file);
  if (!stat) return undefined;
  const cached = summaries.get(file);
  const depth = host.depth + 1;
  const current = cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size;
  if (current && !(cached.gatedOut && purpose === 'delay') && ((!cached.summary && !cached.gatedOut) || cached.depth <= depth)) {
    // (A gate passed or failed with fewer hops of imports left, nearer the linted file, is asked again.)
    // Used again: the most recent now, the last to go.
    remember(summaries, file, cached, MAX_SUMMARIES);
    return cached.summary;
  }
  if (inProgress.has(file) || stat.size > MAX_BYTES) return undefined;
  inProgress.add(file);
  let summary: ModuleSummary | undefined;
  let gatedOut = false;
  try {
    const text = readKnownFile(file, MAX_BYTES);
    gatedOut = text !== undefined && purpose === 'retry' && !mayHoldRetry(text) && !importsRetry(file, text, Math.max(1, MAX_REACH_DEPTH - depth));
    const sourceCode = gatedOut || text === undefined ? undefined : host.parse(file, text);
    if (sourceCode) {
      const child: NestedHost | undefined = depth < MAX_DEPTH ? { ...host, filename: file, depth, checked: new Map() } : undefined;
      const sites = analyze(sourceCode, child);
      const ctx = new AnalysisContext(sourceCode);
      summary = { file, ctx, sites, silent: silentSites.get(sourceCode.ast) ?? [], ...moduleExports(ctx) };
      // Past the full analysis's depth, the imports are still followed for a call on a retry's
      // path (reachedSite: as far as the asking file's distance allows).
      const names = relativeImportNames(sourceCode.ast, (specifier) => isProjectSpecifier(file, specifier));
      if (names.size > 0) summary.imports = { host: child ?? { ...host, filename: file, depth, checked: new Map() }, names };
      // Its look-ups are done: kept here, they kept a module `summaries` had replaced (two parsed copies).
      if (child) child.checked = new Map();
    }
  } catch {
    // A module the parser or the analysis cannot read is simply not followed.
    summary = undefined;
  } finally {
    inProgress.delete(file);
  }
  remember(summaries, file, { mtimeMs: stat.mtimeMs, size: stat.size, summary, gatedOut, depth }, MAX_SUMMARIES);
  return summary;
}

/**
 * Exported functions by export name: ES `export function f`, `export const f = () => …`,
 * `export { f as g }`, `export default function`; CommonJS `exports.f = f`,
 * `module.exports = { f }`, `module.exports = f` (as 'default'). Re-exports are kept apart,
 * to be followed on demand: `export { f } from './x'`, `export * from './x'`, an imported
 * binding exported again, and what TypeScript compiles them to (`__exportStar(require('./x'), exports)`).
 */
/** The names the module exports a function of its own by (`exports.f = f`, `export function f`, `module.exports = { f }`). */
export function exportedFunctionNames(fn: FunctionNode, ctx: AnalysisContext): string[] {
  return [...moduleExports(ctx).exports].flatMap(([name, f]) => (f === fn ? [name] : []));
}

function moduleExports(ctx: AnalysisContext): Pick<ModuleSummary, 'exports' | 'reexports' | 'stars' | 'classes' | 'instances'> {
  const exports = new Map<string, FunctionNode>();
  const reexports = new Map<string, ImportedName>();
  const classes = new Map<string, ClassNode>();
  const instances = new Map<string, { cls: ClassNode; node: TSESTree.NewExpression }>();
  const stars: string[] = [];
  const add = (name: string, node: Node | null | undefined) => {
    if (!node || exports.has(name) || reexports.has(name) || classes.has(name) || instances.has(name)) return;
    const fn = ctx.functionIn(node);
    const cls = fn ? undefined : classIn(node, ctx);
    const made = fn || cls ? undefined : instanceOf(node, ctx);
    const origin = fn || cls || made ? undefined : reexported(node, ctx);
    if (fn) exports.set(name, fn);
    else if (cls) classes.set(name, cls);
    else if (made) instances.set(name, made);
    else if (origin) reexports.set(name, origin);
  };
  for (const statement of ctx.sourceCode.ast.body) {
    if (statement.type === 'ExportNamedDeclaration') {
      const d = statement.declaration;
      if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') && d.id) add(d.id.name, d);
      if (d?.type === 'VariableDeclaration') for (const v of d.declarations) if (v.id.type === 'Identifier') add(v.id.name, v.init);
      const from = statement.source?.value;
      for (const spec of statement.specifiers) {
        if (spec.type !== 'ExportSpecifier') continue;
        const exported = exportName(spec.exported);
        if (from === undefined && spec.local.type === 'Identifier') add(exported, spec.local);
        else if (mayNameProjectModule(from) && !reexports.has(exported)) reexports.set(exported, { module: from, imported: exportName(spec.local) });
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      // `export * as ns from` names a namespace, not functions of this module.
      if (!statement.exported && mayNameProjectModule(statement.source.value)) stars.push(statement.source.value);
    } else if (statement.type === 'ExportDefaultDeclaration') {
      // `export default { sleep, retry }` read as `utils.sleep()`: each property is the default's member, as `module.exports = { … }` is.
      const declaration = unwrap(statement.declaration as Node);
      if (declaration.type === 'ObjectExpression') {
        for (const p of declaration.properties) {
          const key = p.type === 'Property' && !p.computed ? keyName(p.key) : undefined;
          if (key !== undefined) add(key, (p as TSESTree.Property).value as Node);
        }
      }
      add('default', statement.declaration as Node);
    } else if (statement.type === 'ExpressionStatement') {
      const star = compiledExportStar(statement.expression, ctx);
      if (star) stars.push(star);
      else commonJsExport(statement.expression, ctx, add, stars);
    }
  }
  return { exports, reexports, stars, classes, instances };
}

/** The class an expression names: a class declaration or expression, or a binding of one. */
export function classIn(node: Node, ctx: AnalysisContext): ClassNode | undefined {
  const n = unwrap(node);
  if (n.type === 'ClassDeclaration' || n.type === 'ClassExpression') return n;
  if (n.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(n);
  const def = soleDefinition(variable);
  if (!variable || !def) return undefined;
  if (def.type === 'ClassName' && def.node.type === 'ClassDeclaration') return def.node;
  if (def.type === 'Variable' && def.node.id === def.name && def.node.init?.type === 'ClassExpression' && !isReassigned(variable)) return def.node.init;
  return undefined;
}

/** `new Retrier(…)` of a class of this module: the class and the expression. */
function instanceOf(node: Node, ctx: AnalysisContext): { cls: ClassNode; node: TSESTree.NewExpression } | undefined {
  const n = unwrap(node);
  const cls = n.type === 'NewExpression' ? classIn(n.callee, ctx) : undefined;
  return cls && n.type === 'NewExpression' ? { cls, node: n } : undefined;
}

function exportName(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

/** An export that names an import of a project module (`import { f } from './x'; export { f }`, `exports.f = require('./x').f`). */
function reexported(node: Node, ctx: AnalysisContext): ImportedName | undefined {
  const n = unwrap(node);
  let origin: ImportedName | undefined;
  if (n.type === 'Identifier') origin = importOf(n, ctx);
  else if (n.type === 'MemberExpression') {
    const module = requiredModule(n.object, ctx);
    const name = propertyName(n);
    if (module !== undefined && name !== undefined) origin = { module, imported: name };
  }
  return origin && mayNameProjectModule(origin.module) && origin.imported !== '*' ? origin : undefined;
}

/** `require('./x')`, with `require` the CommonJS global (not a local of that name). */
function requiredModule(node: Node, ctx: AnalysisContext): string | undefined {
  const n = unwrap(node);
  if (n.type !== 'CallExpression' || n.callee.type !== 'Identifier' || n.callee.name !== 'require' || ctx.variableOf(n.callee)?.defs.length) return undefined;
  const arg = n.arguments[0];
  return arg?.type === 'Literal' && typeof arg.value === 'string' ? arg.value : undefined;
}

/**
 * What compilers emit for `export * from './x'` in CommonJS: a call handed this module's
 * `exports` and another module's (`__exportStar(require("./x"), exports)` from TypeScript and
 * tslib, `__reExport(exports, require("./x"))` from esbuild). Known by those two arguments,
 * the CommonJS global and a required project module, whatever the helper is called.
 */
function compiledExportStar(expression: Node, ctx: AnalysisContext): string | undefined {
  const e = unwrap(expression);
  if (e.type !== 'CallExpression' || e.arguments.length !== 2) return undefined;
  const [a, b] = e.arguments as [Node, Node];
  const isExports = (n: Node) => n.type === 'Identifier' && n.name === 'exports' && !ctx.variableOf(n)?.defs.length;
  const module = isExports(b) ? requiredModule(a, ctx) : isExports(a) ? requiredModule(b, ctx) : undefined;
  return mayNameProjectModule(module) ? module : undefined;
}

function commonJsExport(expression: Node, ctx: AnalysisContext, add: (name: string, node: Node) => void, stars: string[]): void {
  const e = unwrap(expression);
  if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') return;
  const left = e.left;
  const object = unwrap(left.object);
  const name = propertyName(left);
  const isGlobal = (n: Node, global: string) => n.type === 'Identifier' && n.name === global && !ctx.variableOf(n)?.defs.length;
  const isModuleExports = (n: Node) => n.type === 'MemberExpression' && isGlobal(unwrap(n.object), 'module') && propertyName(n) === 'exports';
  // exports.f = …, module.exports.f = …
  if (name !== undefined && (isGlobal(object, 'exports') || isModuleExports(object))) {
    if (name !== 'exports') add(name, e.right);
    return;
  }
  if (!isModuleExports(left)) return;
  const right = unwrap(e.right);
  const whole = requiredModule(right, ctx);
  if (mayNameProjectModule(whole)) stars.push(whole);
  else if (right.type === 'ObjectExpression') {
    for (const p of right.properties) {
      if (p.type !== 'Property' || p.computed) continue;
      const key = keyName(p.key);
      if (key !== undefined) add(key, p.value as Node);
    }
  } else {
    add('default', right);
  }
}

/** A function of another module that a call runs: the function, its module's summary, and how messages name it. */
export interface ForeignTarget {
  fn: FunctionNode;
  summary: ModuleSummary;
  /** `retryable()` from './lib/retry', `Retrier.run()` from '../retry'. */
  label: string;
  /** For a method: how its instance was made, so that what the constructor is given binds too. */
  construction?: Construction;
}

/** `new Retrier(5)`, with the class's constructor and the context the expression belongs to. */
export interface Construction {
  ctor: FunctionNode;
  node: TSESTree.NewExpression;
  ctx: AnalysisContext;
}

/**
 * The retry behind a call of a function from a relative module (`retryable(op)` with
 * `import { retryable } from './lib/retry'`, `helpers.withRetry(op)` with a namespace import,
 * `(0, utils_1.handleRetry)(…)` in compiled CommonJS, a method of an imported class): a
 * helper when it retries what it is given or returns a retrier, retrying when it retries its own work.
 */
export function retryIn(target: ForeignTarget, moduleDepth: number): ForeignRetry | undefined {
  const { fn, summary } = target;
  const inside = summary.sites.filter((s) => !s.listenerFactory && (s.node === fn || contains(fn, s.node)));
  const returned = returnedFunctions(fn, summary.ctx);
  if (inside.length === 0) {
    // `(opts) => (fn) => { const start = createRetriable(config, fn); start() }`: the retry is
    // in a function of the module that the helper (or the retrier it returns) hands its parameter to.
    const own = handedOnParameter(fn, summary);
    if (own) return { ...target, role: 'helper', site: own };
    for (const r of returned) {
      const site = handedOnParameter(r, summary);
      if (site) return { ...target, role: 'helper', site, factory: true };
    }
    // `refreshIfStale() { if (stale) return this.refresh() }` with refresh() retrying: it retries too.
    const reached = summary.silent.find((s) => !s.afterStateChange && contains(fn, s.node)) ?? reachedSite(fn, summary, 0, new Set(), moduleDepth);
    return reached && { ...target, role: 'retrying', site: reached };
  }
  const params = parameterVariables(fn, summary.ctx);
  for (const site of inside) {
    if (retriesParameter(site, params, summary.ctx)) return { ...target, role: 'helper', site };
    if (returned.some((r) => r === site.node || contains(r, site.node))) return { ...target, role: 'helper', site, factory: true };
  }
  // A function that only makes a retrier (`this.retrier = createRetrier()`) retries nothing itself.
  const retrying = inside.find((s) => !s.makesRetrier && !s.afterStateChange);
  return retrying && { ...target, role: 'retrying', site: retrying };
}

/** How many functions deep a parameter is followed as it is handed on (`outer(fn)` → `inner(fn)` → the loop). */
const MAX_HAND_ON = 2;

/**
 * A site of the module that retries what `fn` is given: `fn` calls a function of its module
 * with one of its own parameters (`createRetriable(configs, resolve, reject, fn)`), and a site
 * inside that function retries the parameter in that position, or hands it on again. Names are
 * resolved through the module's scopes; the same binding must be passed, not a value made of it.
 */
function handedOnParameter(fn: FunctionNode, summary: ModuleSummary, depth = 0): RetrySite | undefined {
  // Once per function of a module version: every call of the helper asks again.
  const known = handedOn.get(fn);
  if (known !== undefined && known.depth <= depth) return known.site ?? undefined;
  const site = findHandedOn(fn, summary, depth);
  handedOn.set(fn, { site: site ?? null, depth });
  return site;
}

const handedOn = new WeakMap<FunctionNode, { site: RetrySite | null; depth: number }>();

function findHandedOn(fn: FunctionNode, summary: ModuleSummary, depth: number): RetrySite | undefined {
  const ctx = summary.ctx;
  const params = parameterVariables(fn, ctx);
  if (params.size === 0) return undefined;
  let found: RetrySite | undefined;
  walk(fn.body, ctx.keys, (node) => {
    if (found) return false;
    if (node.type !== 'CallExpression' || unwrap(node.callee).type !== 'Identifier') return undefined;
    const callee = ctx.functionOf(unwrap(node.callee) as TSESTree.Identifier);
    if (!callee || callee === fn || contains(callee, fn)) return undefined;
    node.arguments.forEach((arg, index) => {
      if (found || arg.type !== 'Identifier') return;
      const variable = ctx.variableOf(arg);
      if (!variable || !params.has(variable) || isReassigned(variable)) return;
      const param = parameterAt(callee, index, ctx);
      if (!param || isReassigned(param)) return;
      const one = new Set([param]);
      found = summary.sites.find((s) => (s.node === callee || contains(callee, s.node)) && retriesParameter(s, one, ctx));
      if (!found && depth + 1 < MAX_HAND_ON) found = handedOnParameter(callee, summary, depth + 1);
    });
    return undefined;
  });
  return found;
}

/** How many calls deep a function's own module is searched for the retry it reaches. */
const MAX_REACH = 3;

/**
 * Functions and methods of the module a function calls (`helper()`, `this.refresh()`) that retry,
 * a few calls deep, and through imports while the module is fewer than MAX_REACH_DEPTH imports
 * from the file that asks (`moduleDepth`: how many it is): the answer depends on that distance
 * only, never on which file was linted first.
 */
function reachedSite(fn: FunctionNode, summary: ModuleSummary, depth: number, visited: Set<FunctionNode>, moduleDepth: number): RetrySite | undefined {
  const known = reached.get(fn)?.get(moduleDepth);
  if (known !== undefined && known.depth <= depth) return known.site ?? undefined;
  visited.add(fn);
  let found: RetrySite | undefined;
  const env = { ctx: summary.ctx, region: fn, counters: NO_COUNTERS, depth: 0 };
  walk(fn.body, summary.ctx.keys, (node) => {
    if (found) return false;
    // `new Upload(cfg)` of a class of the module: its constructor runs (and what it starts).
    const callee = node.type === 'CallExpression' ? localFunction(node, { ...env, region: node }) : node.type === 'NewExpression' ? localConstructor(node, summary.ctx) : undefined;
    if (!callee && node.type === 'CallExpression' && summary.imports) {
      // `executeOperation(…)` imported from a module of the project: a retry there, read only now that the path needs it.
      found = importedRetry(node, summary, summary.imports, moduleDepth);
      return undefined;
    }
    if (!callee || visited.has(callee) || contains(callee, fn)) return undefined;
    const inCallee = (s: RetrySite) => !s.makesRetrier && !s.afterStateChange && !s.byDefaults && !s.listenerFactory && (s.node === callee || contains(callee, s.node));
    // A retry it makes through another module (`resumable.upload(cfg)`) counts as its own.
    found = summary.sites.find(inCallee) ?? summary.silent.find(inCallee);
    if (!found && depth + 1 < MAX_REACH) found = reachedSite(callee, summary, depth + 1, visited, moduleDepth);
    return undefined;
  });
  // A search cut short by a cycle is not remembered: from elsewhere it may go further.
  if (depth === 0) {
    let byModuleDepth = reached.get(fn);
    if (!byModuleDepth) reached.set(fn, (byModuleDepth = new Map()));
    byModuleDepth.set(moduleDepth, { site: found ?? null, depth });
  }
  return found;
}

const reached = new WeakMap<FunctionNode, Map<number, { site: RetrySite | null; depth: number }>>();

/**
 * The retry a call of a function another module of the project exports makes (a function that
 * retries its own work, or a helper retrying what the call hands it), for a module whose own
 * analysis did not follow its imports (a module without a retry of its own follows none). The
 * callee's name must be one the module imports: a name check before any scope lookup. Set by
 * analyze.ts, which turns such a call into a site (this module cannot import it).
 */
export let importedCallRetry: ((call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost) => RetrySite | undefined) | undefined;

export function setImportedCallRetry(fn: typeof importedCallRetry): void {
  importedCallRetry = fn;
}

function importedRetry(call: TSESTree.CallExpression, summary: ModuleSummary, imports: NonNullable<ModuleSummary['imports']>, moduleDepth: number): RetrySite | undefined {
  if (moduleDepth >= MAX_REACH_DEPTH) return undefined;
  const root = calleeRootIdentifier(call);
  if (!root || !imports.names.has(root.name)) return undefined;
  // The module it reads is one import further from the file that asks, whatever depth this
  // summary was made at. A look-up of its own: kept in `imports.host.checked`, the modules it
  // reads would stay parsed as long as this summary does, past the cache's limit.
  return importedCallRetry?.(call, summary.ctx, { ...imports.host, depth: moduleDepth, checked: new Map() });
}

function localConstructor(node: TSESTree.NewExpression, ctx: AnalysisContext): FunctionNode | undefined {
  const cls = classIn(node.callee, ctx);
  return cls && constructorFunction(cls);
}
const NO_COUNTERS: ReadonlySet<Variable> = new Set();

/** The variable of a function's plain parameter at a position (`fn` or `fn = noop`). */
function parameterAt(fn: FunctionNode, index: number, ctx: AnalysisContext): Variable | undefined {
  let param: Node | undefined = fn.params[index];
  if (param?.type === 'AssignmentPattern') param = param.left;
  if (param?.type !== 'Identifier') return undefined;
  const name = param.name;
  return ctx.sourceCode.getScope(fn).variables.find((v) => v.name === name && v.defs.some((d) => d.type === 'Parameter'));
}

/** An exported function of a relative module that a call names, with the module's summary. */
export function importedFunction(call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost, analyze: Analyze, purpose: Purpose): ForeignTarget | undefined {
  const root = calleeRootIdentifier(call);
  if (!root) return undefined;
  const callee = unwrap(call.callee);
  const member = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  const origin = importOf(root, ctx);
  if (!origin || !isProjectSpecifier(host.filename, origin.module)) return undefined;
  const name = member !== undefined ? (origin.imported === '*' || origin.imported === 'default' ? member : undefined) : origin.imported === '*' ? 'default' : origin.imported;
  if (name === undefined) return undefined;
  const file = resolveModule(host.filename, origin.module);
  const found = file ? exported(file, name, host, analyze, purpose, (summary, n) => summary.exports.get(n)) : undefined;
  if (!found) return undefined;
  return { fn: found.found, summary: found.summary, label: `\`${name === 'default' ? root.name : name}()\` from '${origin.module}'` };
}

/** Index files re-export from index files: a few hops, no more (and never round a cycle for long). */
const MAX_REEXPORT_HOPS = 3;

/** What a module exports under a name (a function, a class, an instance), through its re-exports, with the summary of the module that defines it. */
export function exported<T>(file: string, name: string, host: NestedHost, analyze: Analyze, purpose: Purpose, pick: (summary: ModuleSummary, name: string) => T | undefined, hops = 0): { found: T; summary: ModuleSummary } | undefined {
  const summary = moduleSummary(file, host, analyze, purpose);
  if (!summary) return undefined;
  const found = pick(summary, name);
  if (found) return { found, summary };
  if (hops >= MAX_REEXPORT_HOPS) return undefined;
  const follow = (module: string, imported: string) => {
    const target = resolveModule(file, module);
    return target ? exported(target, imported, host, analyze, purpose, pick, hops + 1) : undefined;
  };
  const named = summary.reexports.get(name);
  if (named) return follow(named.module, named.imported);
  // `export *` never re-exports a default.
  if (name === 'default') return undefined;
  for (const module of summary.stars) {
    const result = follow(module, name);
    if (result) return result;
  }
  return undefined;
}

function parameterVariables(fn: FunctionNode, ctx: AnalysisContext): Set<Variable> {
  const result = new Set<Variable>();
  const scope = ctx.sourceCode.getScope(fn);
  for (const variable of scope.variables) if (variable.defs.some((d) => d.type === 'Parameter')) result.add(variable);
  return result;
}

/** The site runs a parameter of the helper again: `fn()`, `config.fn()`, `pRetry(fn)`. */
function retriesParameter(site: RetrySite, params: ReadonlySet<Variable>, ctx: AnalysisContext): boolean {
  const scope = site.operationScope;
  if (!scope || params.size === 0) return false;
  const isParam = (n: Node): boolean => {
    let root = unwrap(n);
    while (root.type === 'MemberExpression') root = unwrap(root.object);
    if (root.type !== 'Identifier') return false;
    const variable = ctx.variableOf(root);
    return variable !== undefined && params.has(variable);
  };
  if (scope.type === 'Identifier') return isParam(scope);
  let found = false;
  walk(scope, ctx.keys, (node) => {
    if (found) return false;
    if (node.type === 'CallExpression' && isParam(node.callee) && outcomeObserved(node)) found = true;
    return undefined;
  });
  return found;
}

/**
 * The call's outcome is what the attempt goes on: awaited, returned, kept, chained
 * (`fn().then(…).catch(…)`) or handed a callback (`task((err) => …)`). A parameter called as a
 * statement with no callback (`done(err)`, `onRetry(e)`) is told the outcome; it is not the attempt.
 */
function outcomeObserved(call: TSESTree.CallExpression): boolean {
  if (call.arguments.some((a) => isFunction(a as Node))) return true;
  const parent = call.parent;
  if (!parent) return false;
  // As a statement its throw is the outcome only inside a `try` (`try { fn(); return } catch …`),
  // and only of the parameter itself: a method of one (`log.debug(…)`) is work beside the attempt.
  if (parent.type === 'ExpressionStatement') return unwrap(call.callee).type !== 'MemberExpression' && insideTry(parent);
  // `void done(err)`, `return void cb()`: thrown away as a statement is.
  if (parent.type === 'UnaryExpression' && parent.operator === 'void') return false;
  return true;
}

function insideTry(statement: Node): boolean {
  for (let n: Node = statement; n.parent; n = n.parent) {
    if (isFunction(n)) return false;
    if (n.parent.type === 'TryStatement' && n.parent.block === n) return true;
  }
  return false;
}

/** Functions the helper returns: `return (source) => source.pipe(retryWhen(…))` makes a retrier. */
function returnedFunctions(fn: FunctionNode, ctx: AnalysisContext): FunctionNode[] {
  const result: FunctionNode[] = [];
  const take = (n: Node | null | undefined) => {
    const fn = n ? ctx.functionIn(n) : undefined;
    if (fn) result.push(fn);
  };
  if (fn.body.type !== 'BlockStatement') take(fn.body);
  else {
    walk(fn.body, ctx.keys, (node) => {
      if (node !== fn.body && isFunction(node)) return false;
      if (node.type === 'ReturnStatement') take(node.argument);
      return undefined;
    });
  }
  return result;
}

/**
 * An object literal another module of the project exports, named by an identifier or a
 * namespace member here (`DEFAULTS` with `import { DEFAULTS } from './defaults'`,
 * `options_1.DEFAULTS` with `options_1 = require('./options')`): the literal, with that
 * module's context. Undefined for anything else.
 */
export function importedObject(node: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): { literal: TSESTree.ObjectExpression; ctx: AnalysisContext } | undefined {
  const n = unwrap(node);
  const root = n.type === 'MemberExpression' && !n.computed ? unwrap(n.object) : n;
  if (root.type !== 'Identifier') return undefined;
  const origin = importOf(root, ctx);
  if (!origin || !isProjectSpecifier(host.filename, origin.module)) return undefined;
  const member = n === root ? undefined : propertyName(n as TSESTree.MemberExpression);
  const name = member !== undefined ? (origin.imported === '*' ? member : undefined) : origin.imported;
  if (name === undefined || name === '*') return undefined;
  const file = resolveModule(host.filename, origin.module);
  const found = file ? exported(file, name, host, analyze, 'delay', (summary, key) => exportedObjects(summary).get(key)) : undefined;
  return found && { literal: found.found, ctx: found.summary.ctx };
}

/** Object literals a module exports by name (`export const D = {…}`, `exports.D = {…}`, `export { D }`), found once per module. */
function exportedObjects(summary: ModuleSummary): Map<string, TSESTree.ObjectExpression> {
  let objects = objectsBySummary.get(summary);
  if (objects) return objects;
  objects = new Map();
  const ctx = summary.ctx;
  const literalOf = (value: Node | null | undefined): TSESTree.ObjectExpression | undefined => {
    let v = value ? unwrap(value) : undefined;
    if (v?.type === 'Identifier') {
      const variable = ctx.variableOf(v);
      const def = soleDefinition(variable);
      if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || isReassigned(variable)) return undefined;
      v = def.node.init ? unwrap(def.node.init) : undefined;
    }
    return v?.type === 'ObjectExpression' ? v : undefined;
  };
  for (const statement of ctx.sourceCode.ast.body) {
    if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      const d = statement.declaration;
      if (d?.type === 'VariableDeclaration' && d.kind === 'const') for (const v of d.declarations) {
        const literal = v.id.type === 'Identifier' ? literalOf(v.init) : undefined;
        if (literal && v.id.type === 'Identifier') objects.set(v.id.name, literal);
      }
      for (const spec of statement.specifiers) {
        const literal = spec.type === 'ExportSpecifier' && spec.local.type === 'Identifier' ? literalOf(spec.local) : undefined;
        if (literal) objects.set(exportName(spec.exported), literal);
      }
    } else if (statement.type === 'ExpressionStatement') {
      // `exports.D = {…}` (after TypeScript's `exports.D = void 0`), `module.exports.D = {…}`.
      const e = unwrap(statement.expression);
      if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') continue;
      const object = unwrap(e.left.object);
      const isExports = (object.type === 'Identifier' && object.name === 'exports' && !ctx.variableOf(object)?.defs.length) ||
        (object.type === 'MemberExpression' && unwrap(object.object).type === 'Identifier' && (unwrap(object.object) as TSESTree.Identifier).name === 'module' && propertyName(object) === 'exports');
      const key = propertyName(e.left);
      const literal = literalOf(e.right);
      if (isExports && key !== undefined && literal) objects.set(key, literal);
    }
  }
  objectsBySummary.set(summary, objects);
  return objects;
}

const objectsBySummary = new WeakMap<ModuleSummary, Map<string, TSESTree.ObjectExpression>>();

/**
 * The value a constant another module of the project exports starts with, named by an imported
 * identifier here (`neverAbortedSignal` with `import { neverAbortedSignal } from './abort'`):
 * its initialiser, with that module's context. Only `export const X = …` (or `export { X }` of
 * such a const) and `exports.X = …`; undefined for anything else.
 */
export function importedConstant(id: TSESTree.Identifier, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): { node: Node; ctx: AnalysisContext } | undefined {
  const origin = importOf(id, ctx);
  if (!origin || !isProjectSpecifier(host.filename, origin.module) || origin.imported === '*' || origin.imported === 'default') return undefined;
  const file = resolveModule(host.filename, origin.module);
  const found = file ? exported(file, origin.imported, host, analyze, 'delay', (summary, key) => exportedConstants(summary).get(key)) : undefined;
  return found && { node: found.found, ctx: found.summary.ctx };
}

/** Initialisers of the constants a module exports by name, found once per module. */
function exportedConstants(summary: ModuleSummary): Map<string, Node> {
  let constants = constantsBySummary.get(summary);
  if (constants) return constants;
  constants = new Map();
  const written = new Set<string>();
  const ctx = summary.ctx;
  const constOf = (local: TSESTree.Identifier): Node | undefined => {
    const variable = ctx.variableOf(local);
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name) return undefined;
    return def.node.init ?? undefined;
  };
  for (const statement of ctx.sourceCode.ast.body) {
    if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      const d = statement.declaration;
      if (d?.type === 'VariableDeclaration' && d.kind === 'const') for (const v of d.declarations) if (v.id.type === 'Identifier' && v.init) constants.set(v.id.name, v.init);
      for (const spec of statement.specifiers) {
        const init = spec.type === 'ExportSpecifier' && spec.local.type === 'Identifier' ? constOf(spec.local) : undefined;
        if (init) constants.set(exportName(spec.exported), init);
      }
    } else if (statement.type === 'ExpressionStatement') {
      // `exports.X = …` (CommonJS output of the same).
      const e = unwrap(statement.expression);
      if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') continue;
      const object = unwrap(e.left.object);
      const key = propertyName(e.left);
      if (object.type !== 'Identifier' || object.name !== 'exports' || ctx.variableOf(object)?.defs.length || key === undefined) continue;
      // (TypeScript's `exports.X = void 0` first declares it; a second value makes it no constant.)
      const right = unwrap(e.right);
      if (right.type === 'UnaryExpression' && right.operator === 'void') continue;
      if (constants.has(key)) written.add(key);
      constants.set(key, e.right);
    }
  }
  for (const key of written) constants.delete(key);
  constantsBySummary.set(summary, constants);
  return constants;
}

const constantsBySummary = new WeakMap<ModuleSummary, Map<string, Node>>();
