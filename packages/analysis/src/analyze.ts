import type { TSESTree } from '@typescript-eslint/utils';
import { emitsOnThis, functionName, isFunction, isLoop, unwrap, type FunctionNode, type Node } from './ast.js';
import { registerEvaluationReadings } from './evaluation/readings.js';
import { strategyAnswer } from './strategy-objects.js';
import { factoryChoice } from './factory-choice.js';
import { repeatedCallSites } from './repeats/repeated-call.js';
import { AnalysisContext, type SourceCodeLike, type Variable } from './context.js';
import { libraryOfModule, vendoredModule } from './catalog.js';
import { fieldKey, typedClients } from './typed-clients.js';
import { effectReruns } from './graph/effect-reruns.js';
import { catalogModuleOfFile, catalogModuleOfSpecifier, inCatalogPackage, vendoredPackage } from './own-package.js';
import { isProjectSpecifier, resolveModule, retryIn, setImportedCallRetry } from './cross-file.js';
import { calleeRootIdentifier, exported, importedConstant, importedFunction, importedObject } from './cross-file/imported-values.js';
import { keepingModulesRead, silentSites } from './cross-file/summaries.js';
import { classIn } from './cross-file/exports.js';
import type { ClassNode, ModuleHost, NestedHost } from './cross-file/shapes.js';
import { importedMethod } from './instances.js';
import { staticMethodOf } from './functions/instance-methods.js';
import { constructedOption } from './constructions.js';
import { importOf, relativeImportNames } from './imports.js';
import { libraryMajor } from './library-versions.js';
import { librarySite } from './libraries.js';
import { swrConfigElement } from './libraries-data-fetching.js';
import { loopSite } from './loops.js';
import { iteratedGenerator, triesInBody } from './loops/generated-schedule.js';
import { entriesOf } from './loops/items.js';
import { typedStrategySites } from './strategies/typed-literal.js';
import { linkNested } from './nesting.js';
import { periodicRequeueSites } from './requeue/periodic-drain.js';
import { recursionSites } from './recursion.js';
import { listenerSites } from './recursion/site.js';
import { onFailurePath } from './recursion/failure-path.js';
import { handedHandlers } from './handed.js';
import { handlerWaysBack } from './graph/handler-objects.js';
import { continuationGraph } from './graph/way-back.js';
import { interceptorSite } from './interceptors.js';
import { eventReentrySites } from './events.js';
import { factoryListenerSites } from './listener-factories.js';
import { emitterReentrySites } from './emitter-reentry.js';
import { prototypeSlot } from './prototype-slots.js';
import type { RetrySite } from './types.js';
import { askingCalls, asksUserEveryAttempt } from './inputs/asks-user.js';
import { helperCallSite, passesNoOptions, policyFromParameters, type HelperReader } from './helpers/call-site.js';
import { localHelperSites } from './helpers/local-calls.js';
import { classMembers, firstDefinition } from './definitions/bodies.js';
import type { HelperSpec } from './helper-specs.js';
import { textGate } from './analyze/text-gate.js';
import { mayCallLocal, collectSelfCall, type Edge, methodLookup, thisBinder } from './analyze/self-calls.js';
import { collectReentries } from './analyze/reentries.js';
import { pollRetry, localPollSite } from './analyze/polled-sites.js';
import { retrierCalls, thisCallsByName, invocationSite, memberCall, helperShaped, callsProjectImport, isInterceptorUse } from './analyze/imported-retriers.js';

const cache = new WeakMap<TSESTree.Program, readonly RetrySite[]>();

/**
 * Every retry site of a file, from the AST that ESLint already parsed. Computed once per
 * file and shared: rules, the language server and the simulator read the same objects.
 */
export function analyzeRetrySites(sourceCode: SourceCodeLike, host?: ModuleHost, options: AnalysisOptions = {}): readonly RetrySite[] {
  // Each rule asks for the same file: the answer is there before any host state is made.
  const helpers = options.helpers ?? [];
  const cached = cache.get(sourceCode.ast);
  if (cached) return cached;
  return host ? keepingModulesRead(() => analyzeWith(sourceCode, { ...host, depth: 0, checked: new Map(), helpers }, helpers)) : analyzeWith(sourceCode, undefined, helpers);
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
    } else if (isLoop(node) || (node.type === 'ForOfStatement' && (node.right.type !== 'CallExpression' || entriesOf(node.right) || iteratedGenerator(node, ctx, triesInBody(node))))) loops.push(node);
    else if (node.type === 'CallExpression') {
      if (checkLibraries) libraryCalls.push(node);
      calls.push(node);
    } else if (node.type === 'NewExpression') {
      news.push(node);
      if (checkLibraries) libraryCalls.push(node);
      if (node.callee.type === 'Identifier') constructed.add(node.callee.name);
      // `new ns.Client()`: the namespace is what the file imports.
      else if (node.callee.type === 'MemberExpression' && node.callee.object.type === 'Identifier') constructed.add(node.callee.object.name);
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
  for (const call of calls) if (mayCallLocal(call, functionNames, methodParams) || emitsOnThis(call)) collectSelfCall(call, selfCalls, ctx, edges, lookup);
  // `setAttempt(…)` inside `useEffect(fn, [attempt])`: the effect runs again (graph/effect-reruns.ts).
  for (const [effect, setters] of effectReruns(calls, ctx)) selfCalls.set(effect, [...(selfCalls.get(effect) ?? []), ...setters]);
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
  /** Instance fields holding a client configured here to retry (`axiosRetry(this.http)`), by class and name. */
  const fieldClients = new Map<string, RetrySite>();
  // Retries a library makes with no option written (a got request, an @upstash/redis client): seen by nesting only.
  const silent: RetrySite[] = [];
  for (const loop of loops) {
    const site = loopSite(loop as Parameters<typeof loopSite>[0], ctx);
    // A loop whose bound lets it make one attempt (`maxTries = allowRetries ? n + 1 : 1` with retries off) retries nothing.
    if (site && site.policy.maxAttempts !== 1) sites.push(site);
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
  // Failed items put back into a store a timer drains (requeue/periodic-drain.ts).
  sites.push(...periodicRequeueSites(calls, ctx, new Set(sites.map((s) => s.node))));
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
    if (finding.retryingField) fieldClients.set(fieldKey(finding.retryingField.cls, finding.retryingField.name), finding.site);
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
    const candidates = calls.filter((call) => !libraryNodes.has(call) && (imported.has(calleeRootIdentifier(call)?.name ?? '') || ((instances || imported.size > 0) && memberCall(call, instances, imported, ctx))));
    if (candidates.length > 0) importedRetries(candidates, calls, sites, silent, ctx, host);
    // A retry setting written as a literal of a type a retry loop of the project reads (strategies/typed-literal.ts).
    if (imported.size > 0) sites.push(...typedStrategySites(sourceCode.ast, ctx, host, analyzeWith, helperReader(host)));
  }
  // An attempt that asks a person each time round is a re-prompt, not a retry (inputs/asks-user.ts).
  const asking = askingCalls(sites, [...calls, ...news], ctx);
  for (let i = sites.length - 1; i >= 0 && asking.length > 0; i--) if (asksUserEveryAttempt(sites[i] as RetrySite, asking)) sites.splice(i, 1);
  sites.sort((a, b) => a.node.range[0] - b.node.range[0] || a.loc.start.line - b.loc.start.line);
  // Parameters and fields declared with a catalogued client's type hold a client that retries by itself (typed-clients.ts).
  let fields: ReadonlyMap<string, RetrySite> | undefined = fieldClients.size > 0 ? fieldClients : undefined;
  if (checkLibraries && sites.length > 0) {
    // Only a client whose requests retry by themselves (not a reconnect policy: ioredis, mqtt).
    const typed = typedClients(sourceCode.ast, ctx, (module) => libraryOfModule(module)?.retriesByDefault === true);
    if (typed) {
      for (const [variable, site] of typed.variables) if (!clients.has(variable)) clients.set(variable, site);
      silent.push(...typed.sites);
      fields = fieldClients.size > 0 ? new Map([...typed.fields, ...fieldClients]) : typed.fields;
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
  // A method of an instance of an imported class too (`this.http.get()` with the field declared `HttpClient`).
  const target = (callsProjectImport(call, ctx, host) ? importedFunction(call, ctx, host, analyzeWith, 'retry') : undefined) ?? importedMethod(call, ctx, host, analyzeWith);
  const foreign = target && retryIn(target, host.depth + 1);
  if (!foreign || foreign.factory) return undefined;
  const site = helperCallSite(foreign, call, ctx, helperReader(host));
  if (!site || site.byDefaults || site.makesRetrier || site.afterStateChange || site.policy.maxAttempts === 1) return undefined;
  return site;
}
setImportedCallRetry(importedCallSite);
registerEvaluationReadings({ strategyAnswer, factoryChoice });

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
  if (!target) return importedStatic(call, ctx, host);
  const own = target.summary.ctx;
  if (!own.foreignFunction) {
    const there: NestedHost = { ...host, filename: target.summary.file };
    own.foreignFunction = (next) => foreignFunctionOf(next, own, there);
    own.foreignClass ??= (next) => importedClass(next, own, there);
  }
  return { fn: target.fn, ctx: own };
}

/** `Scheduler.backoff(n)` where a relative import names the class: its static method, read in its module. */
function importedStatic(call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost): { fn: FunctionNode; ctx: AnalysisContext } | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const object = unwrap(callee.object);
  const found = object.type === 'Identifier' ? importedClass(object, ctx, host) : undefined;
  const fn = found && staticMethodOf(found.cls, callee.property.name);
  return fn && { fn, ctx: found.ctx };
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

