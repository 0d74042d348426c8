import type { TSESTree } from '@typescript-eslint/utils';
import { contains, isFunction, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { AnalysisContext, isReassigned, type Variable } from './context.js';
import { localFunction } from './functions/local-function.js';
import type { RetrySite } from './types.js';
import { constructorFunction } from './definitions/bodies.js';
import { isProjectSpecifier, isRelativeSpecifier } from './specifiers/project.js';
import { resolveModule } from './specifiers/resolve-module.js';
import type { ModuleSummary, ForeignRetry, NestedHost, ForeignTarget } from './cross-file/shapes.js';
import { classIn } from './cross-file/exports.js';
import { MAX_REACH_DEPTH } from './cross-file/summaries.js';
import { calleeRootIdentifier } from './cross-file/imported-values.js';
import { helperCallReadings } from './helpers/call-readings.js';

// Which specifiers name a module of the project, and which file: specifiers/.
export { isProjectSpecifier, isRelativeSpecifier, resolveModule };

/**
 * The retry behind a call of a function from a relative module (`retryable(op)` with
 * `import { retryable } from './lib/retry'`, `helpers.withRetry(op)` with a namespace import,
 * `(0, utils_1.handleRetry)(…)` in compiled CommonJS, a method of an imported class): a
 * helper when it retries what it is given or returns a retrier, retrying when it retries its own work.
 */
export function retryIn(target: ForeignTarget, moduleDepth: number): ForeignRetry | undefined {
  const { fn, summary } = target;
  // (A call in it of a helper handed its own parameter is read through that helper: handedOnParameter.)
  const inside = summary.sites.filter((s) => !s.listenerFactory && !(s.helper && !s.operationScope) && (s.node === fn || contains(fn, s.node)));
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
    // (Handed to a helper whose reading for this call makes one attempt: run once.)
    const reading = helperCallReadings.get(node);
    if (reading?.policy.maxAttempts === 1) return undefined;
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
  // `this.http.get()`: a field of the class, which may be declared an imported class.
  if (!(root ? imports.names.has(root.name) : onThisField(call))) return undefined;
  // The module it reads is one import further from the file that asks, whatever depth this
  // summary was made at. A look-up of its own: kept in `imports.host.checked`, the modules it
  // reads would stay parsed as long as this summary does, past the cache's limit.
  return importedCallRetry?.(call, summary.ctx, { ...imports.host, depth: moduleDepth, checked: new Map() });
}

/** `this.field.method(…)`. */
function onThisField(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return false;
  const object = unwrap(callee.object);
  return object.type === 'MemberExpression' && unwrap(object.object).type === 'ThisExpression';
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
