import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, dottedName, functionName, isFunction, isLoop, keyName, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { enclosingClass } from './classes/class-members.js';
import { registerEvaluationReadings } from './evaluation/readings.js';
import { strategyAnswer } from './strategy-objects.js';
import { factoryChoice } from './factory-choice.js';
import { repeatedCallSites } from './repeats/repeated-call.js';
import { AnalysisContext, isReassigned, type SourceCodeLike, type Variable } from './context.js';
import { CATALOG_MODULES, libraryOfModule, vendoredModule } from './catalog.js';
import { typedClients } from './typed-clients.js';
import { catalogModuleOfFile, catalogModuleOfSpecifier, inCatalogPackage, vendoredPackage } from './own-package.js';
import { calleeRootIdentifier, classIn, exported, importedConstant, importedFunction, importedObject, isProjectSpecifier, resolveModule, retryIn, setImportedCallRetry, silentSites, type ClassNode, type ForeignRetry, type ForeignTarget, type ModuleHost, type NestedHost } from './cross-file.js';
import { catchSentinelOf } from './checks.js';
import { importedMethod } from './instances.js';
import { constructedOption } from './constructions.js';
import { importOf, relativeImportNames } from './imports.js';
import { importsWorkspacePackage } from './specifiers/project.js';
import { libraryMajor } from './library-versions.js';
import { librarySite } from './libraries.js';
import { swrConfigElement } from './libraries-data-fetching.js';
import { loopSite } from './loops.js';
import { linkNested } from './nesting.js';
import { recursionSites } from './recursion.js';
import { listenerSites } from './recursion/site.js';
import { onFailurePath } from './recursion/failure-path.js';
import type { Reentry } from './recursion/reentry.js';
import { handedHandlers } from './handed.js';
import { handlerWaysBack } from './graph/handler-objects.js';
import { continuationGraph } from './graph/way-back.js';
import { interceptorSite } from './interceptors.js';
import { eventReentrySites } from './events.js';
import { factoryListenerSites } from './listener-factories.js';
import { emitterReentrySites } from './emitter-reentry.js';
import { handedFunction, type MethodLookup } from './prototype-methods.js';
import { prototypeSibling, prototypeSlot } from './prototype-slots.js';
import type { RetrySite } from './types.js';
import { bindArguments } from './bind-arguments.js';
import { askingCalls, asksUserEveryAttempt } from './inputs/asks-user.js';
import { helperCallSite, passesNoOptions, policyFromParameters, siteAtCall, type HelperReader } from './helpers/call-site.js';
import { localHelperSites } from './helpers/local-calls.js';
import { classMembers, firstDefinition, soleDefinition } from './definitions/bodies.js';
import type { HelperSpec } from './helper-specs.js';

const cache = new WeakMap<TSESTree.Program, readonly RetrySite[]>();

/**
 * Cheap pre-check on the text: a file with no loop, no timer, no promise callback and no
 * retry library cannot hold a retry site, and most files of a large project are like that.
 */
const MAYBE_RETRY = /\b(?:for|while|do|catch)\b|setTimeout|queueMicrotask|setImmediate|\.catch\(|\.then\(|\.on\(|\bonclose\b|\bonerror\b|addEventListener|retry|Retry|backOff|reconnect|Reconnect|\.interceptors\./;

/**
 * Every retry site of a file, from the AST that ESLint already parsed. Computed once per
 * file and shared: rules, the language server and the simulator read the same objects.
 */
export function analyzeRetrySites(sourceCode: SourceCodeLike, host?: ModuleHost, options: AnalysisOptions = {}): readonly RetrySite[] {
  // Each rule asks for the same file: the answer is there before any host state is made.
  const helpers = options.helpers ?? [];
  return cache.get(sourceCode.ast) ?? analyzeWith(sourceCode, host ? { ...host, depth: 0, checked: new Map(), helpers } : undefined, helpers);
}

/** What a project tells the analysis beyond its code: its own retry packages (settings.retryHygiene.helpers). */
export interface AnalysisOptions {
  helpers?: readonly HelperSpec[];
}

/**
 * With a host, calls of functions imported from the project's own modules are followed into
 * those modules (cross-file.ts): a helper that retries what it is given is a site at each
 * call, a function that retries inside is a retry that nesting sees.
 */
function analyzeWith(sourceCode: SourceCodeLike, host: NestedHost | undefined, helpers: readonly HelperSpec[] = host?.helpers ?? []): readonly RetrySite[] {
  const cached = cache.get(sourceCode.ast);
  if (cached) return cached;
  const { checkLibraries, maybe } = textGate(sourceCode, host?.filename ?? false, helpers);
  const sites = maybe ? findSites(sourceCode, host, checkLibraries, helpers) : [];
  cache.set(sourceCode.ast, sites);
  return sites;
}

const gates = new WeakMap<object, { checkLibraries: boolean; maybe: boolean; withHost: boolean | string; helpers: readonly HelperSpec[] }>();

/**
 * Whether the text can hold a retry site at all (a retry word, a catalog import, or — when
 * other modules are followed — a relative import), read once per AST: the rules ask it before
 * ESLint's traversal too, so as not to record the nodes of a file the analysis will not read.
 */
function textGate(sourceCode: SourceCodeLike, withHost: boolean | string, helpers: readonly HelperSpec[] = []): { checkLibraries: boolean; maybe: boolean } {
  const known = gates.get(sourceCode.ast);
  if (known && known.withHost === withHost && known.helpers === helpers) return known;
  const text = sourceCode.text;
  // The catalog scan runs once: it also decides whether findSites looks at library calls (the settings' helpers count as catalogued).
  const checkLibraries = CATALOG_MODULES.test(text) || helpers.some((h) => text.includes(h.module));
  const maybe = checkLibraries || MAYBE_RETRY.test(text) || (withHost !== false && (RELATIVE_IMPORT.test(text) || (typeof withHost === 'string' && importsWorkspacePackage(withHost, text))));
  const gate = { checkLibraries, maybe, withHost, helpers };
  gates.set(sourceCode.ast, gate);
  return gate;
}

/** Whether analyzeRetrySites can find a site in this file (with a module host when `withHost`: its file name, or true). */
export function mayHoldRetrySites(sourceCode: SourceCodeLike, withHost: boolean | string, helpers: readonly HelperSpec[] = []): boolean {
  return textGate(sourceCode, withHost, helpers).maybe;
}

/** The file imports a module of its own project: a helper there may retry. */
const RELATIVE_IMPORT = /\bfrom\s*['"]\.\.?\/|\brequire\(\s*['"]\.\.?\//;

function findSites(sourceCode: SourceCodeLike, host: NestedHost | undefined, catalogImported: boolean, helpers: readonly HelperSpec[]): RetrySite[] {
  let checkLibraries = catalogImported;
  const ctx = new AnalysisContext(sourceCode);
  ctx.helpers = helpers;
  if (host) ctx.foreignFunction = (call) => foreignFunctionOf(call, ctx, host);
  if (host) ctx.foreignObject = (node) => importedObject(node, ctx, host, analyzeWith);
  if (host) ctx.foreignConstant = (id) => importedConstant(id, ctx, host, analyzeWith);
  if (host) ctx.foreignClass = (id) => importedClass(id, ctx, host);
  if (host) ctx.libraryMajor = (library) => libraryMajor(host.filename, library);
  if (host) ctx.constructedOption = (object, prop, env) => constructedOption(object, prop, env, host, analyzeWith);
  // The source of a catalog library itself: its relative imports and its own exports are the library's.
  if (host && inCatalogPackage(host.filename)) {
    ctx.ownModule = (specifier) => (specifier === undefined ? catalogModuleOfFile(host.filename) : catalogModuleOfSpecifier(host.filename, specifier));
    checkLibraries = true;
  }
  // `require('../vendor/p-retry')`: a vendored copy is the library (its own package.json, if it has one, says which).
  ctx.vendoredModule = (specifier) => vendoredModule(specifier) ?? (host ? vendoredPackage(host.filename, specifier) : undefined);
  ctx.inheritedMethod = (cls, name) => inheritedMethod(cls, name, ctx, host);
  const loops: Node[] = [];
  const selfCalls = new Map<FunctionNode, Node[]>();
  const libraryCalls: (TSESTree.CallExpression | TSESTree.NewExpression)[] = [];
  /** Elements that may configure a library for what they render (`<SWRConfig value={…}>`). */
  const elements: TSESTree.JSXOpeningElement[] = [];
  const calls: TSESTree.CallExpression[] = [];
  /** Classes instantiated by name (`new Retrier()`): one imported from the project may have retrying methods. */
  const constructed = new Set<string>();
  const functionNames = new Set<string>();
  const methodParams = new Set<string>();
  const tries: TSESTree.TryStatement[] = [];
  const news: TSESTree.NewExpression[] = [];
  ctx.forEachNode((node) => {
    if (node.type === 'TryStatement') {
      if (node.handler) tries.push(node);
    } else if (isLoop(node) || (node.type === 'ForOfStatement' && node.right.type !== 'CallExpression')) loops.push(node);
    else if (node.type === 'CallExpression') {
      if (checkLibraries) libraryCalls.push(node);
      calls.push(node);
    } else if (node.type === 'NewExpression') {
      news.push(node);
      if (checkLibraries) libraryCalls.push(node);
      if (node.callee.type === 'Identifier') constructed.add(node.callee.name);
    } else if (node.type === 'JSXOpeningElement') {
      if (checkLibraries) elements.push(node);
    } else if (isFunction(node)) {
      const name = functionName(node);
      if (name) functionNames.add(name);
      // A method's parameters may stand for a method its one caller hands over (handedFunction).
      if (node.parent?.type === 'MethodDefinition' || prototypeSlot(node)) for (const param of node.params) if (param.type === 'Identifier') methodParams.add(param.name);
    }
  });
  // Only calls that can name a function of this file can be self-calls: most calls cannot.
  const edges: Edge[] = [];
  const lookup = methodLookup(calls, ctx);
  for (const call of calls) if (mayCallLocal(call, functionNames, methodParams)) collectSelfCall(call, selfCalls, ctx, edges, lookup);
  const reentries = collectReentries(edges, selfCalls, ctx, lookup);
  handedHandlers(calls.filter((c) => c.callee.type === 'Identifier' && functionNames.has(c.callee.name)), selfCalls, reentries, ctx, onFailurePath);
  // `this` handed to a receiver that calls a failure method of it back, which goes into the handing method again (graph/handler-objects.ts).
  for (const way of handlerWaysBack(calls, ctx, continuationGraph(lookup.resolve, ctx.keys), lookup.resolve, onFailurePath)) {
    if (reentries.has(way.handing)) continue;
    selfCalls.set(way.holder, [...(selfCalls.get(way.holder) ?? []), way.handing]);
    reentries.set(way.handing, { through: way.through, backs: way.backs, others: [], handed: true, ...(way.via ? { via: way.via } : {}) });
  }

  const sites: RetrySite[] = [];
  const clients = new Map<Variable, RetrySite>();
  // Retries a library makes with no option written (a got request, an @upstash/redis client): seen by nesting only.
  const silent: RetrySite[] = [];
  for (const loop of loops) {
    const site = loopSite(loop as Parameters<typeof loopSite>[0], ctx);
    if (site) sites.push(site);
  }
  const recursions = [...selfCalls].flatMap(([fn, calls]) => recursionSites(fn, calls, ctx, reentries));
  // A failure listener and the function that sets it up go back in through each other: one retry, the listener's.
  const listeners = recursions.filter((s) => listenerSites.has(s));
  sites.push(...recursions.filter((s) => !listeners.some((l) => l !== s && l.through === s.node && s.through === l.node)));
  // The operation written out again on its failure path (repeats/repeated-call.ts), where no loop or recursion already retries it.
  sites.push(...repeatedCallSites(tries, sites, ctx));
  // A connect its failed connection's listener puts back on a timer (events.ts).
  sites.push(...eventReentrySites(calls, ctx, { resolve: lookup.resolve, thisOwner: (node) => thisBinder(node, ctx) }, new Set(sites.map((s) => s.node))));
  // A failure listener a factory of this module makes, registered by another module of the package (listener-factories.ts).
  if (host) sites.push(...factoryListenerSites(calls, ctx, host, analyzeWith, new Set(sites.map((s) => s.node))));
  // A failure handed to an emitter the object keeps, whose timer's event the object listens for (emitter-reentry.ts).
  sites.push(...emitterReentrySites(calls, ctx, { resolve: lookup.resolve, constructorOf: (id) => constructorOf(id, ctx, host), onFailure: onFailurePath }, new Set(sites.map((s) => s.node))));
  for (const call of calls) {
    const site = localPollSite(call, ctx);
    if (site) sites.push(site);
    const interceptor = isInterceptorUse(call) ? interceptorSite(call, ctx) : undefined;
    if (interceptor && !sites.some((s) => s.node === interceptor.node)) sites.push(interceptor);
  }
  for (const call of libraryCalls) {
    const finding = librarySite(call, ctx);
    // `retries: 0` configures a library not to retry at all.
    if (!finding || finding.site.policy.maxAttempts === 1) continue;
    if (finding.silent) silent.push(finding.site);
    else sites.push(finding.site);
    if (finding.retryingClient) clients.set(finding.retryingClient, finding.site);
  }
  for (const element of elements) {
    const finding = swrConfigElement(element, ctx);
    if (finding && finding.site.policy.maxAttempts !== 1) sites.push(finding.site);
  }
  // Calls of a function of this file that retries as its caller chooses (helpers/local-calls.ts).
  sites.push(...localHelperSites(calls, sites, selfCalls, ctx, lookup.resolve, helperReader(host), host?.filename ?? '', host?.depth ?? 0));
  if (host) {
    // Most calls name nothing imported from the project: a name check first, scopes after.
    const imported = relativeImportNames(sourceCode.ast, (specifier) => isProjectSpecifier(host.filename, specifier));
    // With an imported class instantiated here, a method call on any receiver may reach it.
    const instances = [...constructed].some((name) => imported.has(name));
    // `this.pool.refresh()`: the field may hold an imported class's instance, made here or declared (instances.ts).
    // A call already read as a catalog library's (a vendored copy, `require('../vendor/p-retry')`) is not followed into that copy's source.
    const libraryNodes = new Set<Node>([...sites, ...silent].filter((s) => s.kind === 'library').map((s) => s.node));
    const candidates = calls.filter((call) => !libraryNodes.has(call) && (imported.has(calleeRootIdentifier(call)?.name ?? '') || ((instances || imported.size > 0) && memberCall(call, instances))));
    if (candidates.length > 0) importedRetries(candidates, calls, sites, silent, ctx, host);
  }
  // An attempt that asks a person each time round is a re-prompt, not a retry (inputs/asks-user.ts).
  const asking = askingCalls(sites, [...calls, ...news], ctx);
  for (let i = sites.length - 1; i >= 0 && asking.length > 0; i--) if (asksUserEveryAttempt(sites[i] as RetrySite, asking)) sites.splice(i, 1);
  sites.sort((a, b) => a.node.range[0] - b.node.range[0] || a.loc.start.line - b.loc.start.line);
  // Parameters and fields declared with a catalogued client's type hold a client that retries by itself (typed-clients.ts).
  let fields: ReadonlyMap<string, RetrySite> | undefined;
  if (checkLibraries && sites.length > 0) {
    // Only a client whose requests retry by themselves (not a reconnect policy: ioredis, mqtt).
    const typed = typedClients(sourceCode.ast, ctx, (module) => libraryOfModule(module)?.retriesByDefault === true);
    if (typed) {
      for (const [variable, site] of typed.variables) if (!clients.has(variable)) clients.set(variable, site);
      silent.push(...typed.sites);
      fields = typed.fields;
    }
  }
  linkNested(sites, clients, ctx, silent, fields);
  silentSites.set(sourceCode.ast, silent);
  return sites;
}

/**
 * Calls of functions the project's own modules export that retry (cross-file.ts decides).
 * Reading a module costs about what linting it does, so a call is followed only where its
 * answer can change a finding: the file has a retry of its own (the call may be nested in
 * it), or the call has the shape of a helper's: it hands over a function (`withRetry(fn)`),
 * or what it returns is handed to a method or called (`.pipe(handleRetry(…))`, `const r = createRetrier(); r(fn)`).
 * The callee is an imported function, or a method of an imported class called on an instance (instances.ts).
 */
function importedRetries(calls: readonly TSESTree.CallExpression[], allCalls: readonly TSESTree.CallExpression[], sites: RetrySite[], silent: RetrySite[], ctx: AnalysisContext, host: NestedHost): void {
  const shaped = calls.filter((call) => helperShaped(call, ctx));
  // `this.name(…)` calls by name, gathered once when a factory's retrier is kept on a field.
  let thisCalls: Map<string, TSESTree.CallExpression[]> | undefined;
  const callsOfThis = (name: string) => {
    thisCalls ??= thisCallsByName(allCalls);
    return thisCalls.get(name) ?? [];
  };
  // Helpers first: the retriers they make are sites too, and any site makes the other calls worth following.
  const follow = (list: readonly TSESTree.CallExpression[]) => {
    for (const call of list) {
      const target = (callsProjectImport(call, ctx, host) ? importedFunction(call, ctx, host, analyzeWith, 'retry') : undefined) ?? importedMethod(call, ctx, host, analyzeWith);
      let foreign = target && (retryIn(target, host.depth + 1) ?? pollRetry(target, call, ctx));
      if (!foreign) continue;
      // Its own work retried with a policy the caller passes: a helper too (helpers/call-site.ts).
      if (foreign.role === 'retrying' && policyFromParameters(foreign, helperReader(host))) foreign = { ...foreign, role: 'helper' };
      const site = helperCallSite(foreign, call, ctx, helperReader(host));
      if (!site) continue;
      if (foreign.role === 'helper') sites.push(site);
      else silent.push(site);
      if (foreign.factory && !site.operationScope) {
        site.makesRetrier = true;
        for (const invocation of retrierCalls(call, callsOfThis, ctx)) {
          // A retry only by its options' defaults, invoked with arguments that may set them: not claimed.
          if (site.byDefaults && !passesNoOptions(invocation, ctx)) continue;
          sites.push(invocationSite(site, invocation, ctx));
        }
      }
    }
  };
  follow(shaped);
  if (sites.length === 0 && silent.length === 0) return;
  const rest = new Set(shaped);
  follow(calls.filter((call) => !rest.has(call)));
}

/**
 * A call, in a module another file reaches, of a function a module of the project exports that
 * retries (its own work, or what the call hands it): the site the call is, as importedRetries
 * makes it, when it retries at all (a helper called with options that may turn the retry off,
 * or with one attempt, is not one). Asked only for calls on a path another file's retry runs.
 */
function importedCallSite(call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost): RetrySite | undefined {
  const target = callsProjectImport(call, ctx, host) ? importedFunction(call, ctx, host, analyzeWith, 'retry') : undefined;
  const foreign = target && retryIn(target, host.depth + 1);
  if (!foreign || foreign.factory) return undefined;
  const site = helperCallSite(foreign, call, ctx, helperReader(host));
  if (!site || site.byDefaults || site.makesRetrier || site.afterStateChange || site.policy.maxAttempts === 1) return undefined;
  return site;
}
setImportedCallRetry(importedCallSite);
registerEvaluationReadings({ strategyAnswer, factoryChoice });

/**
 * The calls of the retrier a factory call made: `createRetrier(opts)(op)`, `retrier(op)` with
 * `const retrier = createRetrier(opts)` never reassigned, `this.retrier(op)` in the class whose
 * constructor or field sets `this.retrier = createRetrier(opts)` and no other code writes it.
 * Only calls handed a function: what they retry.
 */
function retrierCalls(call: TSESTree.CallExpression, callsOfThis: (name: string) => readonly TSESTree.CallExpression[], ctx: AnalysisContext): TSESTree.CallExpression[] {
  const parent = call.parent;
  const result: TSESTree.CallExpression[] = [];
  if (parent?.type === 'CallExpression' && parent.callee === call) result.push(parent);
  else if (parent?.type === 'VariableDeclarator' && parent.init === call && parent.id.type === 'Identifier') {
    const variable = ctx.variableOf(parent.id);
    if (variable && !isReassigned(variable)) {
      for (const ref of variable.references) {
        const use = (ref.identifier as Node).parent;
        if (use?.type === 'CallExpression' && use.callee === ref.identifier) result.push(use);
      }
    }
  } else {
    const field = instanceField(call);
    if (field && !ctx.isMutableMember(field.name)) {
      for (const c of callsOfThis(field.name)) if (enclosingClass(c.callee) === field.cls) result.push(c);
    }
  }
  return result.filter((c) => c.arguments.some((a) => operationOf(a as Node, ctx) !== undefined));
}

function thisCallsByName(calls: readonly TSESTree.CallExpression[]): Map<string, TSESTree.CallExpression[]> {
  const byName = new Map<string, TSESTree.CallExpression[]>();
  for (const c of calls) {
    const callee = unwrap(c.callee);
    const name = callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression' ? propertyName(callee) : undefined;
    if (name === undefined) continue;
    const list = byName.get(name);
    if (list) list.push(c);
    else byName.set(name, [c]);
  }
  return byName;
}

/** `this.retrier = call` in a constructor, or a field `retrier = call`: the field and its class. */
function instanceField(call: TSESTree.CallExpression): { name: string; cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression } | undefined {
  const parent = call.parent;
  let name: string | undefined;
  let at: Node | undefined;
  if (parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.right === call && parent.left.type === 'MemberExpression' && unwrap(parent.left.object).type === 'ThisExpression') {
    const ctor = parent.parent?.type === 'ExpressionStatement' ? parent.parent.parent?.parent : undefined;
    if (ctor?.type !== 'FunctionExpression' || ctor.parent?.type !== 'MethodDefinition' || ctor.parent.kind !== 'constructor') return undefined;
    name = propertyName(parent.left);
    at = parent.left;
  } else if (parent?.type === 'PropertyDefinition' && parent.value === call && !parent.static && !parent.computed) {
    name = keyName(parent.key);
    at = parent;
  }
  const cls = at && enclosingClass(at);
  return name !== undefined && cls ? { name, cls } : undefined;
}

/** The function a call hands over: inline, or a function of this file passed by name. */
function operationOf(arg: Node, ctx: AnalysisContext): FunctionNode | undefined {
  return isFunction(arg) ? arg : arg.type === 'Identifier' ? ctx.functionOf(arg) : undefined;
}

/** A call of a retrier the factory site made: a site for what it retries, its policy the factory's. */
function invocationSite(factory: RetrySite, call: TSESTree.CallExpression, ctx: AnalysisContext): RetrySite {
  const site: RetrySite = {
    ...factory,
    library: `a retrier made by ${factory.library ?? 'a helper'}`,
    node: call,
    loc: call.loc,
    nested: [],
    madeBy: factory,
  };
  delete site.helper;
  delete site.makesRetrier;
  delete site.operationScope;
  for (const a of call.arguments) {
    const callback = operationOf(a as Node, ctx);
    if (callback) {
      site.operationScope = callback.body;
      break;
    }
  }
  return site;
}

/** `x.m()` on any receiver when an imported class is instantiated here; else `this.field.m()` only. */
function memberCall(call: TSESTree.CallExpression, anyReceiver: boolean): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return false;
  if (anyReceiver) return true;
  const object = unwrap(callee.object);
  return object.type === 'MemberExpression' && unwrap(object.object).type === 'ThisExpression';
}

function helperShaped(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  if (call.arguments.some((a) => isOperation(a as Node, ctx))) return true;
  const parent = call.parent;
  // Handed to a method (`source.pipe(handleRetry(…))`, `app.use(retrying())`): a function given on.
  if (parent?.type === 'CallExpression' && unwrap(parent.callee).type === 'MemberExpression' && parent.arguments.includes(call as TSESTree.CallExpressionArgument)) return true;
  // Its result called at once: `createRetrier(opts)(op)`.
  if (parent?.type === 'CallExpression' && parent.callee === call) return true;
  // Kept on the instance to be called later: `this.retry = createRetrier(…)`, a field `retry = createRetrier(…)`.
  if (parent?.type === 'AssignmentExpression' && parent.right === call && parent.left.type === 'MemberExpression' && unwrap(parent.left.object).type === 'ThisExpression') return true;
  if (parent?.type === 'PropertyDefinition' && parent.value === call && !parent.static) return true;
  if (parent?.type === 'VariableDeclarator' && parent.init === call && parent.id.type === 'Identifier') {
    const variable = ctx.variableOf(parent.id);
    return variable?.references.some((ref) => {
      const use = (ref.identifier as Node).parent;
      return use?.type === 'CallExpression' && use.callee === ref.identifier;
    }) ?? false;
  }
  return false;
}

/**
 * A function that looks like an operation worth retrying: async, awaiting, or an arrow that
 * returns a call (`() => fetch(url)`). Visitors and array callbacks (sync blocks) are not.
 */
function isOperation(arg: Node, ctx: AnalysisContext): boolean {
  const fn = isFunction(arg) ? arg : arg.type === 'Identifier' ? ctx.functionOf(arg) : undefined;
  if (!fn) return false;
  if (fn.async) return true;
  if (fn.body.type !== 'BlockStatement') {
    const body = unwrap(fn.body);
    return body.type === 'CallExpression' || body.type === 'NewExpression' || body.type === 'AwaitExpression';
  }
  let awaits = false;
  walk(fn.body, ctx.keys, (node) => {
    if (awaits || (node !== fn.body && isFunction(node))) return false;
    if (node.type === 'AwaitExpression') awaits = true;
    return undefined;
  });
  return awaits;
}

function callsProjectImport(call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost): boolean {
  const root = calleeRootIdentifier(call);
  return root !== undefined && isProjectSpecifier(host.filename, importOf(root, ctx)?.module);
}

/** How a helper's module is read from this file: what it imports, from where it is (nothing without a host). */
function helperReader(host: NestedHost | undefined): HelperReader {
  return {
    prepare: (helperCtx, file) => {
      if (!host) return;
      const there: NestedHost = { ...host, filename: file };
      helperCtx.foreignFunction = (next) => foreignFunctionOf(next, helperCtx, there);
      helperCtx.foreignClass = (next) => importedClass(next, helperCtx, there);
    },
    collectSelfCall: (call, selfCalls, ctx) => collectSelfCall(call, selfCalls, ctx),
  };
}

/**
 * A function a relative import names, with its module's context; that context reads the
 * functions its own module imports in turn (a factory returning functions it imports), as an
 * imported class's context reads the class it extends.
 */
function foreignFunctionOf(call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost): { fn: FunctionNode; ctx: AnalysisContext } | undefined {
  const target = importedFunction(call, ctx, host, analyzeWith, 'delay');
  if (!target) return undefined;
  const own = target.summary.ctx;
  if (!own.foreignFunction) {
    const there: NestedHost = { ...host, filename: target.summary.file };
    own.foreignFunction = (next) => foreignFunctionOf(next, own, there);
    own.foreignClass ??= (next) => importedClass(next, own, there);
  }
  return { fn: target.fn, ctx: own };
}

/** A class a relative import names (`import { ConstantBackoff } from './backoff'`), from the module that exports it. */
function importedClass(id: TSESTree.Identifier, ctx: AnalysisContext, host: NestedHost): { cls: ClassNode; ctx: AnalysisContext } | undefined {
  const origin = importOf(id, ctx);
  // `const Runner = require('./runner')`: what the module assigns to `module.exports` (its default).
  const imported = origin?.imported === '*' && firstDefinition(ctx.variableOf(id))?.type === 'Variable' ? 'default' : origin?.imported;
  const file = origin && isProjectSpecifier(host.filename, origin.module) && imported !== '*' ? resolveModule(host.filename, origin.module) : undefined;
  const found = file ? exported(file, imported as string, host, analyzeWith, 'delay', (summary, n) => summary.classes.get(n)) : undefined;
  if (!found) return undefined;
  // The class's own module reads the classes it imports in turn (the one it extends), from where it is.
  const own = found.summary.ctx;
  own.foreignClass ??= (next) => importedClass(next, own, { ...host, filename: found.summary.file });
  own.foreignFunction ??= (next) => foreignFunctionOf(next, own, { ...host, filename: found.summary.file });
  return { cls: found.found, ctx: own };
}

/**
 * The constructor function an identifier names: a function of this file, or what a module of
 * the project exports under that name (`const Backoff = require('./backoff')`: its `module.exports`).
 */
function constructorOf(id: TSESTree.Identifier, ctx: AnalysisContext, host: NestedHost | undefined): { fn: FunctionNode; ctx: AnalysisContext } | undefined {
  const local = ctx.functionOf(id);
  if (local) return { fn: local, ctx };
  if (!host) return undefined;
  const origin = importOf(id, ctx);
  const imported = origin?.imported === '*' && firstDefinition(ctx.variableOf(id))?.type === 'Variable' ? 'default' : origin?.imported;
  const file = origin && isProjectSpecifier(host.filename, origin.module) && imported !== '*' ? resolveModule(host.filename, origin.module) : undefined;
  const found = file ? exported(file, imported as string, host, analyzeWith, 'retry', (summary, n) => summary.exports.get(n)) : undefined;
  return found && { fn: found.found, ctx: found.summary.ctx };
}

/** How many classes up an inherited method is looked for. */
const MAX_SUPERCLASSES = 3;

/**
 * The method `name` a class inherits: from the class it extends, found through the scopes (a
 * class of this file) or an import of a project module (`import { Base } from './base'`),
 * and further up within the file that defines it. Only plain methods (not static, not computed).
 */
function inheritedMethod(cls: ClassNode, name: string, ctx: AnalysisContext, host: NestedHost | undefined, depth = 0): { fn: FunctionNode; ctx: AnalysisContext } | undefined {
  const sup = cls.superClass ? unwrap(cls.superClass) : undefined;
  if (!sup || sup.type !== 'Identifier' || depth >= MAX_SUPERCLASSES) return undefined;
  let parent: { cls: ClassNode; ctx: AnalysisContext } | undefined;
  const local = classIn(sup, ctx);
  if (local) parent = { cls: local, ctx };
  else if (host) {
    const origin = importOf(sup, ctx);
    const file = origin && isProjectSpecifier(host.filename, origin.module) && origin.imported !== '*' ? resolveModule(host.filename, origin.module) : undefined;
    const found = file ? exported(file, origin?.imported as string, host, analyzeWith, 'retry', (summary, n) => summary.classes.get(n)) : undefined;
    if (found) parent = { cls: found.found, ctx: found.summary.ctx };
  }
  if (!parent) return undefined;
  for (const element of classMembers(parent.cls)) {
    if (element.type === 'MethodDefinition' && element.kind === 'method' && !element.static && !element.computed && element.key.type === 'Identifier' && element.key.name === name && element.value.type === 'FunctionExpression') return { fn: element.value, ctx: parent.ctx };
  }
  // Further up only in the same file: another module's imports are resolved from its own path.
  return parent.ctx === ctx ? inheritedMethod(parent.cls, name, ctx, host, depth + 1) : undefined;
}

/**
 * A poller of another module (it calls a function it is given again, after a wait, until that
 * returns a truthy value) handed a function of this file that catches its own failure and
 * returns a falsy value in its place (`catch { return false }`, `return null`): the poller
 * runs the failed call again after its wait, so the call retries. Found by reading the
 * poller with that parameter bound to the function handed over (ctx.paramFunctions): the
 * poller's own loop or recursion, whose result check then sees the failures, is the site.
 * Nothing is found for a poller that only ever sees successes (its callback lets failures out).
 */
function pollRetry(target: ForeignTarget, call: TSESTree.CallExpression, ctx: AnalysisContext): ForeignRetry | undefined {
  const site = polledSite(target.fn, target.summary.ctx.sourceCode, call, ctx);
  return site && { ...target, role: 'helper', site };
}

/**
 * The site of a poller `fn` (in the file of `pollerCode`) as `call` runs it: a function handed
 * over that catches its own failure and returns a falsy value in its place, bound to its
 * parameter, and the poller's loop or recursion that runs that parameter again on a falsy result.
 */
function polledSite(fn: FunctionNode, pollerCode: SourceCodeLike, call: TSESTree.CallExpression, ctx: AnalysisContext): RetrySite | undefined {
  for (let index = 0; index < call.arguments.length && index < fn.params.length; index++) {
    const handed = operationOf(call.arguments[index] as Node, ctx);
    if (!handed || handed === fn || contains(handed, call) || !catchSentinelOf(handed, ctx)) continue;
    const param = fn.params[index];
    const variable = param?.type === 'Identifier' ? pollerCode.getScope(fn).set.get(param.name) : undefined;
    if (!variable || isReassigned(variable)) continue;
    const pollerCtx = new AnalysisContext(pollerCode);
    const { values, objects } = bindArguments(fn, call, ctx, pollerCtx);
    pollerCtx.paramValues = values;
    pollerCtx.paramObjects = objects;
    pollerCtx.paramFunctions = new Map([[variable, { fn: handed, ctx }]]);
    const site = pollingSites(fn, pollerCtx).find((s) => callsVariable(s.operation, variable, pollerCtx));
    if (site) return site;
  }
  return undefined;
}

/**
 * `waitUntil(check)` with `waitUntil` a function of this file that polls `check`, and `check`
 * a function that swallows its failure into a falsy value: a site at the call (pollRetry's
 * reading, in this file). Only calls handing over such a function are read.
 */
function localPollSite(call: TSESTree.CallExpression, ctx: AnalysisContext): RetrySite | undefined {
  // Runs for every call of the file: the cheap tests first (a plain callee, a function or a name handed over).
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier' || !call.arguments.some((a) => isFunction(a as Node) || a.type === 'Identifier')) return undefined;
  const fn = ctx.functionOf(callee);
  if (!fn || contains(fn, call)) return undefined;
  if (!call.arguments.some((a) => {
    const handed = operationOf(a as Node, ctx);
    // Most functions handed over catch nothing: a look at the text before a walk.
    if (!handed || !ctx.sourceCode.text.slice(handed.range[0], handed.range[1]).includes('catch')) return false;
    return catchSentinelOf(handed, ctx) !== undefined;
  })) return undefined;
  const inner = polledSite(fn, ctx.sourceCode, call, ctx);
  if (!inner) return undefined;
  const handed = call.arguments.map((a) => operationOf(a as Node, ctx)).find((h) => h && catchSentinelOf(h, ctx));
  const site = siteAtCall(inner, `\`${(callee as TSESTree.Identifier).name}()\``, call);
  if (handed) site.operationScope = handed.body;
  return site;
}

/** The loops and self-recursions inside a function, read with the context given. */
function pollingSites(fn: FunctionNode, ctx: AnalysisContext): RetrySite[] {
  const sites: RetrySite[] = [];
  const selfCalls = new Map<FunctionNode, Node[]>();
  walk(fn.body, ctx.keys, (node) => {
    if (isLoop(node)) {
      const site = loopSite(node as Parameters<typeof loopSite>[0], ctx);
      if (site) sites.push(site);
    } else if (node.type === 'CallExpression') collectSelfCall(node, selfCalls, ctx);
    return undefined;
  });
  for (const [f, calls] of selfCalls) if (f === fn || contains(fn, f)) sites.push(...recursionSites(f, calls, ctx));
  return sites;
}

/** `fn(…)` (awaited or not) with `fn` the variable. */
function callsVariable(operation: Node | undefined, variable: Variable, ctx: AnalysisContext): boolean {
  let n = operation ? unwrap(operation) : undefined;
  if (n?.type === 'AwaitExpression') n = unwrap(n.argument);
  if (n?.type !== 'CallExpression') return false;
  const callee = unwrap(n.callee);
  return callee.type === 'Identifier' && ctx.variableOf(callee) === variable;
}

/** `….interceptors.response.use(…)`, by the callee's last names only: a cheap test for every call. */
function isInterceptorUse(call: TSESTree.CallExpression): boolean {
  const callee = call.callee;
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'use' && call.arguments.length >= 2 && interceptorsCall.test(dottedName(callee) ?? '');
}

const interceptorsCall = /(^|\.)interceptors\.response\.use$/;

/** The name a callee or argument is read by: `f`, or `g` of `x.g`. (Made once: mayCallLocal runs for every call.) */
const nameOf = (n: Node): string | undefined =>
  n.type === 'Identifier' ? n.name : n.type === 'MemberExpression' ? propertyName(n) : undefined;

function mayCallLocal(call: TSESTree.CallExpression, names: ReadonlySet<string>, params: ReadonlySet<string>): boolean {
  const callee = unwrap(call.callee);
  const name = nameOf(callee);
  if (name !== undefined && (names.has(name) || (callee.type === 'Identifier' && params.has(name)))) return true;
  return call.arguments.some((arg) => {
    const a = unwrap(boundMethod(arg));
    const argName = nameOf(a);
    return argName !== undefined && (names.has(argName) || (a.type === 'Identifier' && params.has(argName)));
  });
}

/**
 * A call (or a function reference handed to setTimeout/.catch/.on) of the function that
 * encloses it: `fetchWithRetry(…)` inside `fetchWithRetry`, `this.connect()` inside `connect()`.
 * Names are resolved through scopes: a parameter or local that shadows the function's name
 * (`new Promise((r) => setTimeout(r))` inside `function r`) is not the function.
 */
function collectSelfCall(call: TSESTree.CallExpression, selfCalls: Map<FunctionNode, Node[]>, ctx: AnalysisContext, edges?: Edge[], lookup?: MethodLookup): void {
  const candidates: Node[] = [call.callee];
  // setTimeout(connect, 1000), promise.catch(retryLater), socket.on('close', reconnect);
  // not `Error.captureStackTrace(e, fn)` or other calls that merely mention the function.
  if (REFERENCE_TAKERS.test(calleeName(call) ?? '')) candidates.push(...call.arguments);
  for (const candidate of candidates) {
    // `setTimeout(this.connect.bind(this), wait)`: the method handed over, bound to its instance
    // (recorded as the reference `this.connect`, which is what is handed over).
    const named = candidate === call.callee ? candidate : boundMethod(candidate);
    const node = candidate === call.callee ? call : named;
    const fn = referencedFunction(named, ctx);
    if (fn && contains(fn, call)) {
      const list = selfCalls.get(fn) ?? [];
      list.push(node);
      selfCalls.set(fn, list);
      continue;
    }
    // A call of another function of this file (or of a sibling method): a way back in, maybe.
    const target = edges && (fn ?? siblingMethod(named, ctx));
    if (target && !contains(target, call)) edges.push({ node, target });
    // A parameter that stands for a method the one caller hands over (`.then(next, …)` with
    // `const next = this.run.bind(this, i)` at the call): a way back in through that method.
    const unwrapped = unwrap(named);
    const handed = edges && lookup && !target && unwrapped.type === 'Identifier' ? handedFunction(unwrapped, ctx, lookup, isHandOver) : undefined;
    if (edges && handed && !contains(handed.fn, call)) edges.push({ node, target: handed.fn, alias: handed.source });
  }
}

/** A call (or a function handed over) that reaches another function of this file. */
interface Edge {
  node: Node;
  target: FunctionNode;
  /** Reached through a name the caller bound to the function (`this.run` of `this.run.bind(this, i)`): that mention. */
  alias?: Node;
}

/** A use of a name that collectSelfCall follows: the callee of a call, or a function handed to a timer, a promise or a listener. */
function isHandOver(use: Node): boolean {
  const parent = use.parent;
  if (parent?.type !== 'CallExpression') return false;
  return parent.callee === use || (parent.arguments.includes(use as TSESTree.CallExpressionArgument) && REFERENCE_TAKERS.test(calleeName(parent) ?? ''));
}

/** What handedFunction needs of the file, each read once and only when asked. */
function methodLookup(calls: readonly TSESTree.CallExpression[], ctx: AnalysisContext): MethodLookup {
  let mentions: Map<string, number> | undefined;
  let byName: Map<string, TSESTree.CallExpression[]> | undefined;
  return {
    mentions: (name) => (mentions ??= countMemberMentions(ctx)).get(name) ?? 0,
    resolve: (expression) => referencedFunction(expression, ctx) ?? siblingMethod(expression, ctx),
    callsNamed: (name) => {
      if (!byName) {
        byName = new Map();
        for (const call of calls) {
          const callee = unwrap(call.callee);
          const key = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
          if (key === undefined) continue;
          const list = byName.get(key) ?? [];
          list.push(call);
          byName.set(key, list);
        }
      }
      return byName.get(name) ?? [];
    },
  };
}

/**
 * Re-entry through a second function: `a()` calls `b()` on its failure path and `b()` calls
 * `a()` again (`#retry` catches and hands the error to `#retryFromError`, which waits and
 * calls `#retry`; `wrappedFetch` fails over to `retry()`, whose timer calls `wrappedFetch`).
 * One function in between, no more: each call `a` makes of `b` joins `a`'s self-calls, with the
 * way back kept beside it. Whether the call sits on `a`'s failure path is recursion.ts's
 * question, as for a direct self-call. Linear: one walk up from each call of another function.
 */
function collectReentries(edges: readonly Edge[], selfCalls: Map<FunctionNode, Node[]>, ctx: AnalysisContext, lookup: MethodLookup): Map<Node, Reentry> {
  const reentries = new Map<Node, Reentry>();
  if (edges.length < 2) return reentries;
  // The calls each function makes of another, by the function they sit in (through the
  // callbacks they are handed to: `setTimeout(() => a())` inside `b`).
  const outgoing = new Map<FunctionNode, Edge[]>();
  const incoming = new Map<FunctionNode, Edge[]>();
  for (const edge of edges) {
    const into = incoming.get(edge.target) ?? [];
    into.push(edge);
    incoming.set(edge.target, into);
    const holder = holdingFunction(edge.node);
    if (!holder || holder === edge.target || contains(edge.target, holder) || contains(holder, edge.target)) continue;
    const list = outgoing.get(holder) ?? [];
    list.push(edge);
    outgoing.set(holder, list);
  }
  for (const edge of edges) {
    const through = edge.target;
    const backs = outgoing.get(through)?.filter((back) => contains(back.target, edge.node));
    if (!backs?.length) {
      twoHopReentry(edge, outgoing, incoming, selfCalls, reentries, ctx, lookup);
      continue;
    }
    // The innermost function that the way back reaches and that holds this call.
    const fn = backs.map((b) => b.target).reduce((a, b) => (contains(a, b) ? b : a));
    if (contains(through, fn) || contains(fn, through)) continue;
    // Every use of the second function must be seen (a call, or a hand-over to a timer or a
    // promise): one passed around (`this.b.bind(this)`) may run on success too.
    const uses = incoming.get(through) ?? [];
    // Uses through a name the caller bound count as that one mention (`this.run.bind(this, i)`).
    const seen = uses.filter((use) => !use.alias).length + new Set(uses.filter((use) => use.alias).map((use) => use.alias)).size;
    if (seen !== mentionsOf(through, ctx, lookup.mentions)) continue;
    const list = selfCalls.get(fn) ?? [];
    list.push(edge.node);
    selfCalls.set(fn, list);
    const others = uses.filter((use) => !contains(fn, use.node)).map((use) => ({ node: use.node, holder: holdingFunction(use.node) }));
    reentries.set(edge.node, { through, backs: backs.filter((b) => b.target === fn).map((b) => b.node), others });
  }
  return reentries;
}

/**
 * Re-entry through two functions of the file: `a()` calls `b()` on its failure path, `b` calls
 * `c()`, and `c` calls `a` again (`send` queues the envelope and calls `flushWithBackOff`, which
 * doubles the wait and calls `flushIn(wait)`, whose timer sends the queued envelope). Read only
 * for a call of `b` that has no way back of its own, over `b`'s own calls: linear as the one-hop
 * case. The way back is kept as through `c`, with the call `b` makes of `c` beside it; each of
 * `b` and `c` must be named only where the analysis sees it, as in one hop.
 */
function twoHopReentry(edge: Edge, outgoing: ReadonlyMap<FunctionNode, Edge[]>, incoming: ReadonlyMap<FunctionNode, Edge[]>, selfCalls: Map<FunctionNode, Node[]>, reentries: Map<Node, Reentry>, ctx: AnalysisContext, lookup: MethodLookup): void {
  // From a call made on the way (a function handed to a listener is events.ts's question).
  if (edge.node.type !== 'CallExpression') return;
  const middle = edge.target;
  for (const hop of outgoing.get(middle) ?? []) {
    const through = hop.target;
    if (through === middle || hop.alias || edge.alias) continue;
    // Only a way back a one-off timer holds: two calls that come straight back in are more often a
    // reset of state (`reset()` → `setFlag(false)` → a getter under `if (flag)`) than a retry, and a
    // setInterval there is a periodic schedule started over (a heartbeat), not one more attempt.
    // The timer may hold either hop: `c`'s call back in, or `b`'s call of `c` (`setTimeout(() => this.start())`).
    const timedHop = onTimer(hop.node, middle);
    const backs = outgoing.get(through)?.filter((back) => contains(back.target, edge.node) && (timedHop || onTimer(back.node, through)));
    if (!backs?.length) continue;
    const fn = backs.map((b) => b.target).reduce((a, b) => (contains(a, b) ? b : a));
    if ([middle, through].some((f) => contains(f, fn) || contains(fn, f))) continue;
    const seen = (f: FunctionNode) => {
      const uses = incoming.get(f) ?? [];
      return !uses.some((use) => use.alias) && uses.length === mentionsOf(f, ctx, lookup.mentions);
    };
    if (!seen(middle) || !seen(through)) continue;
    const list = selfCalls.get(fn) ?? [];
    list.push(edge.node);
    selfCalls.set(fn, list);
    // The other uses of either function: where they sit says whether the chain is a retry's alone.
    const others = [...(incoming.get(middle) ?? []).filter((use) => !contains(fn, use.node)), ...(incoming.get(through) ?? []).filter((use) => use !== hop)].map((use) => ({ node: use.node, holder: holdingFunction(use.node) }));
    reentries.set(edge.node, { through, backs: backs.filter((b) => b.target === fn).map((b) => b.node), others, via: { fn: middle, call: hop.node } });
    return;
  }
}

/** The call sits in a function handed to `setTimeout` inside `fn`. */
function onTimer(node: Node, fn: FunctionNode): boolean {
  for (let child = node, p = node.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type === 'CallExpression' && p.arguments[0] === child && isFunction(child) && calleeName(p) === 'setTimeout') return true;
  }
  return false;
}

/** How many times a function of this file is named: by its binding, or as a method of its class. */
function mentionsOf(fn: FunctionNode, ctx: AnalysisContext, memberMentions: (name: string) => number): number {
  const parent = fn.parent;
  if ((parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') && !parent.computed && (parent.key.type === 'Identifier' || parent.key.type === 'PrivateIdentifier')) {
    return memberMentions(parent.key.name);
  }
  // `F.prototype.b = function` is itself one mention of `b`.
  const slot = prototypeSlot(fn);
  if (slot) return memberMentions(slot.name) - 1;
  const id = fn.type !== 'ArrowFunctionExpression' && fn.id ? fn.id : parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id : undefined;
  const variable = id && ctx.variableOf(id);
  // Unknown: counted as more than any list of calls.
  if (!variable) return Infinity;
  return variable.references.filter((ref) => !ref.init).length;
}

/**
 * How often each property name is read or written in the file (`this.b`, `x.b`, `x?.b`, `x.#b`),
 * with a name read out by a pattern (`const { b } = this`) counted as unknown. Read from the
 * tokens when the parser gives them: a name after `.` or `?.` is a member mention, and the
 * token list costs a fraction of a walk of the tree. Type names (`A.B`) and JSX (`<a.b>`)
 * count too: more mentions than calls seen only ever means a way back is not claimed.
 */
function countMemberMentions(ctx: AnalysisContext): Map<string, number> {
  const counts = new Map<string, number>();
  const tokens = ctx.sourceCode.ast.tokens;
  if (tokens) {
    for (let i = 1; i < tokens.length; i++) {
      const token = tokens[i] as TSESTree.Token;
      if (token.type === 'Punctuator') continue;
      const before = tokens[i - 1] as TSESTree.Token;
      if (before.type !== 'Punctuator' || (before.value !== '.' && before.value !== '?.')) continue;
      counts.set(token.value, (counts.get(token.value) ?? 0) + 1);
    }
    // Patterns are among the nodes recorded during the lint's traversal (or walked for).
    ctx.forEachNode((node) => {
      if (node.type === 'ObjectPattern') for (const p of node.properties) countPatternKey(p, counts);
    });
    return counts;
  }
  walk(ctx.sourceCode.ast, ctx.keys, (node) => {
    if (node.type === 'MemberExpression' && !node.computed) counts.set(node.property.name, (counts.get(node.property.name) ?? 0) + 1);
    if (node.type === 'ObjectPattern') for (const p of node.properties) countPatternKey(p, counts);
    return undefined;
  });
  return counts;
}

/** `const { b } = this`: a use the count of member expressions would miss. */
function countPatternKey(property: TSESTree.Property | TSESTree.RestElement, counts: Map<string, number>): void {
  if (property.type === 'Property' && !property.computed && property.key.type === 'Identifier') counts.set(property.key.name, Infinity);
}

/** The function a call belongs to: the innermost one that is not a callback handed to a call. */
function holdingFunction(node: Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (!isFunction(p)) continue;
    const host = p.parent;
    if (host?.type === 'CallExpression' && host.arguments.includes(p as TSESTree.CallExpressionArgument)) continue;
    return p;
  }
  return undefined;
}

/**
 * `this.b` or `this.#b` inside a method of a class: the method (or class-field function) `b`
 * of the same class, of the same kind (static or not).
 */
function siblingMethod(expression: Node, ctx: AnalysisContext): FunctionNode | undefined {
  const e = unwrap(expression);
  if (e.type !== 'MemberExpression' || e.computed) return undefined;
  const receiver = thisBinder(unwrap(e.object), ctx);
  const owner = receiver?.parent;
  const key = e.property;
  if (key.type !== 'Identifier' && key.type !== 'PrivateIdentifier') return undefined;
  // `this.b` in `F.prototype.a = function () {…}`: `F.prototype.b` of this file.
  if (receiver && owner?.type === 'AssignmentExpression' && key.type === 'Identifier') return prototypeSibling(receiver, key.name, ctx);
  if (!owner || (owner.type !== 'MethodDefinition' && owner.type !== 'PropertyDefinition') || owner.parent?.type !== 'ClassBody') {
    return key.type === 'PrivateIdentifier' ? privateMethod(key) : undefined;
  }
  return membersOf(owner.parent).get(memberKey(owner.static, key)) ?? privateMethod(key);
}

/**
 * `x.#b` on any receiver (`ky.#retry()` on the instance a static method made): a private name
 * means the one member of that name of the innermost class around it that declares one, whatever
 * the receiver (on anything else the access throws). Static or not, a class has one `#b`.
 */
function privateMethod(key: TSESTree.Identifier | TSESTree.PrivateIdentifier): FunctionNode | undefined {
  if (key.type !== 'PrivateIdentifier') return undefined;
  for (let p: Node | undefined = key.parent; p; p = p.parent) {
    if (p.type !== 'ClassBody') continue;
    const members = membersOf(p);
    const own = members.get(memberKey(false, key));
    const shared = members.get(memberKey(true, key));
    if (own !== undefined || shared !== undefined) return (own ?? shared) ?? undefined;
  }
  return undefined;
}

/** A class's methods and function fields by static-ness and name; null where the name is not one plain function. */
const membersByName = new WeakMap<TSESTree.ClassBody, Map<string, FunctionNode | null>>();

function membersOf(body: TSESTree.ClassBody): Map<string, FunctionNode | null> {
  let members = membersByName.get(body);
  if (members) return members;
  members = new Map();
  for (const element of classMembers(body)) {
    if ((element.type !== 'MethodDefinition' && element.type !== 'PropertyDefinition') || element.computed) continue;
    if (element.key.type !== 'Identifier' && element.key.type !== 'PrivateIdentifier') continue;
    const key = memberKey(element.static, element.key);
    // A getter, a setter, a field that is not a function, or a second member of that name: not one function.
    const value = (element.type !== 'MethodDefinition' || element.kind === 'method') && element.value && isFunction(element.value) ? (element.value as FunctionNode) : null;
    members.set(key, members.has(key) ? null : value);
  }
  membersByName.set(body, members);
  return members;
}

function memberKey(isStatic: boolean, key: TSESTree.Identifier | TSESTree.PrivateIdentifier): string {
  return `${isStatic ? 'static ' : ''}${key.type === 'PrivateIdentifier' ? '#' : ''}${key.name}`;
}

/** A function expression bound at once to the `this` around it: `function () { … }.bind(this)`. */
function boundToOuterThis(fn: FunctionNode): boolean {
  const member = fn.parent;
  const call = member?.parent;
  return (
    fn.type === 'FunctionExpression' &&
    member?.type === 'MemberExpression' &&
    member.object === fn &&
    propertyName(member) === 'bind' &&
    call?.type === 'CallExpression' &&
    call.callee === member &&
    call.arguments.length === 1 &&
    unwrap(call.arguments[0] as Node).type === 'ThisExpression'
  );
}

/** `this.m.bind(this)` (or `self`): `this.m`; anything else as it is. */
function boundMethod(node: Node): Node {
  const n = unwrap(node);
  if (n.type !== 'CallExpression' || n.arguments.length !== 1 || n.callee.type !== 'MemberExpression' || propertyName(n.callee) !== 'bind') return node;
  const target = unwrap(n.callee.object);
  const receiver = unwrap(n.arguments[0] as Node);
  if (target.type !== 'MemberExpression' || unwrap(target.object).type !== receiver.type) return node;
  // Bound to the same receiver it is read from: `this.m.bind(this)`, `self.m.bind(self)`.
  const same = receiver.type === 'ThisExpression' || (receiver.type === 'Identifier' && unwrap(target.object).type === 'Identifier' && (unwrap(target.object) as TSESTree.Identifier).name === receiver.name);
  return same ? target : node;
}

const REFERENCE_TAKERS = /^(setTimeout|setInterval|setImmediate|nextTick|queueMicrotask|requestAnimationFrame|then|catch|finally|on|once|addListener|addEventListener|prependListener|prependOnceListener)$/;

/**
 * The function of this file an expression names: a binding resolved through the scope chain
 * (`connect`), or a method reached through `this` or an alias of it (`this.connect`,
 * `self.connect` with `const self = this`) of the object whose method encloses the expression.
 */
function referencedFunction(expression: Node, ctx: AnalysisContext): FunctionNode | undefined {
  const e = unwrap(expression);
  if (e.type === 'Identifier') return ctx.functionOf(e);
  if (e.type !== 'MemberExpression') return undefined;
  const name = propertyName(e);
  if (name === undefined) return undefined;
  // A method, or a function that uses `this` under its own name (assigned to a prototype elsewhere).
  const receiver = thisBinder(unwrap(e.object), ctx);
  return receiver && functionName(receiver) === name ? receiver : undefined;
}

/** The function whose `this` an expression stands for: `this`, or `self` from `const self = this`. */
function thisBinder(node: Node, ctx: AnalysisContext): FunctionNode | undefined {
  let at: Node | undefined;
  if (node.type === 'ThisExpression') at = node;
  else if (node.type === 'Identifier') {
    const variable = ctx.variableOf(node);
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init) return undefined;
    if (unwrap(def.node.init).type !== 'ThisExpression' || isReassigned(variable)) return undefined;
    at = def.node.init;
  }
  for (let p = at?.parent; p; p = p.parent) {
    // `function () { this.m() }.bind(this)`: the function sees the `this` of where it is bound.
    if (isFunction(p) && p.type !== 'ArrowFunctionExpression' && boundToOuterThis(p)) continue;
    if (isFunction(p) && p.type !== 'ArrowFunctionExpression') return p;
    // A class field arrow (`retry = () => this.retry()`) sees the instance as `this`.
    if (p.type === 'PropertyDefinition') return p.value && isFunction(p.value) ? p.value : undefined;
  }
  return undefined;
}


