import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, enclosingFunction, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { guardsIn } from './bounds.js';
import { isReassigned, type AnalysisContext, type Variable } from './context.js';
import { parsedModule, readingContext, standsForInstance } from './constructions.js';
import { dependentsOf } from './constructions/package-index.js';
import { resolveModule } from './cross-file.js';
import { exportedFunctionNames } from './cross-file/exports.js';
import type { Analyze, ClassNode, NestedHost } from './cross-file/shapes.js';
import { evaluate, type Env } from './evaluate.js';
import { failureEvent, LISTEN, openedBy } from './events.js';
import { testMayStop } from './exits.js';
import { importOf } from './imports.js';
import { timedReentrySite } from './policy.js';
import type { RetrySite } from './types.js';
import { num } from './value.js';
import { classMembers, soleDefinition } from './definitions/bodies.js';

/**
 * A failure listener made by a factory of this module and registered by another module of the
 * package: `function closeHandler(self) { return function () { …; setTimeout(() => self.connect(), wait) } }`
 * exported here, and `stream.once('close', handlers.closeHandler(this))` in a method of a class
 * there, on a source that method opens (`connect()` itself, or a method `connect()` reaches
 * through methods of its class). Each connect's failure puts the connect back on a timer, and
 * the connect registers the listener again on the source it opens: a retry, reported here at
 * the timer. The factory's parameter stands for the instance there (`self.options.k` reads the
 * class's options, constructions.ts).
 *
 * Not a retry: a listener registered on an event that is no failure, on a source the method was
 * handed, handed something other than the instance; a call of a method that does not reach the
 * registration; no timer; a latch the listener sets and tests (`if (self.retried) return`).
 *
 * Cheap: only a timer whose callback calls a method of the factory's parameter, in a function
 * the factory returns, is read further; the package's other modules are read only for such a
 * factory that the module exports, and only those that import this module and name the export.
 */

const TIMER = /^(setTimeout|setInterval)$/;
/** How many methods of the class the way from the called method to the registration may cross. */
const MAX_HOPS = 3;

interface Candidate {
  timer: TSESTree.CallExpression;
  listener: FunctionNode;
  factory: FunctionNode;
  param: Variable;
  index: number;
  /** `self.connect()` under the timer. */
  call: TSESTree.CallExpression;
  method: string;
}

export function factoryListenerSites(calls: readonly TSESTree.CallExpression[], ctx: AnalysisContext, host: NestedHost, analyze: Analyze, taken: ReadonlySet<Node>): RetrySite[] {
  const sites: RetrySite[] = [];
  for (const timer of calls) {
    if (timer.callee.type !== 'Identifier' || !TIMER.test(timer.callee.name)) continue;
    const candidate = candidateAt(timer, ctx);
    if (!candidate || taken.has(candidate.listener) || sites.some((s) => s.node === candidate.listener)) continue;
    const names = exportedFunctionNames(candidate.factory, ctx);
    if (names.length === 0) continue;
    const { proven, instance } = registeringClass(candidate, names, host, analyze);
    if (!proven) continue;
    if (instance) standsForInstance(candidate.param, instance.cls, instance.ctx);
    const site = siteOf(candidate, ctx);
    if (site) sites.push(site);
  }
  return sites;
}

/** The timer sits in a function a function returns, and its callback calls a method of that function's parameter. */
function candidateAt(timer: TSESTree.CallExpression, ctx: AnalysisContext): Candidate | undefined {
  const callback = timer.arguments[0] && unwrap(timer.arguments[0]);
  if (!callback || !isFunction(callback)) return undefined;
  const listener = enclosingFunction(timer);
  if (!listener || listener.type === 'FunctionDeclaration') return undefined;
  const returned = listener.parent;
  const factory = returned?.type === 'ReturnStatement' ? enclosingFunction(returned) : isFunction(returned) && returned.type === 'ArrowFunctionExpression' && returned.body === listener ? returned : undefined;
  if (!factory) return undefined;
  const paramNames = factory.params.flatMap((p) => (p.type === 'Identifier' ? [p.name] : []));
  if (paramNames.length === 0) return undefined;
  let found: { call: TSESTree.CallExpression; object: TSESTree.Identifier; method: string } | undefined;
  walk(callback.body, ctx.keys, (node) => {
    if (found) return false;
    if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression' || node.callee.computed) return undefined;
    const object = unwrap(node.callee.object);
    const method = propertyName(node.callee);
    if (object.type === 'Identifier' && paramNames.includes(object.name) && method !== undefined) found = { call: node, object, method };
    return undefined;
  });
  if (!found) return undefined;
  const param = ctx.variableOf(found.object);
  const def = soleDefinition(param);
  if (!param || def?.type !== 'Parameter' || def.node !== factory || isReassigned(param)) return undefined;
  const index = factory.params.findIndex((p) => p === def.name);
  return index < 0 ? undefined : { timer, listener, factory, param, index, call: found.call, method: found.method };
}

/**
 * Where another module of the package registers what the factory returns on a failure event of a
 * source a method opens, handed the instance, the method reached from the one the listener calls:
 * the re-entry is proven (`proven`). The instance's class is given (`instance`) only when every
 * call of the factory in those modules hands it an instance of that one class: its options are
 * then what the factory's parameter reads.
 */
function registeringClass(candidate: Candidate, names: readonly string[], host: NestedHost, analyze: Analyze): { proven: boolean; instance?: { cls: ClassNode; ctx: AnalysisContext } } {
  const file = host.filename;
  const mentions = new RegExp(`\\b(?:${names.map((n) => n.replace(/\$/g, '\\$')).join('|')})\\b`);
  let proven = false;
  let instance: { cls: ClassNode; ctx: AnalysisContext } | undefined;
  let agree = true;
  for (const importer of dependentsOf(file)) {
    const parsed = parsedModule(importer, host, mentions);
    if (parsed === 'skip') continue;
    if (!parsed) {
      agree = false;
      continue;
    }
    const at = readingContext(parsed, importer, host, analyze);
    for (const registration of factoryRegistrations(at)) {
      if (proven) break;
      const made = unwrap(registration.arguments[1] as Node) as TSESTree.CallExpression;
      if (!namesFactory(made.callee, at, importer, file, names)) continue;
      const arg = made.arguments[candidate.index];
      const method = arg && arg.type !== 'SpreadElement' ? instanceMethod(unwrap(arg), at) : undefined;
      if (!method || !contains(method, registration)) continue;
      const receiver = unwrap((unwrap(registration.callee) as TSESTree.MemberExpression).object);
      if (!openedBy(receiver, method, at)) continue;
      if (reaches(method.parent?.parent?.parent as ClassNode, candidate.method, method, at)) proven = true;
    }
    // Every call of the factory here hands an instance of one class.
    walk(at.sourceCode.ast, at.keys, (node) => {
      if (!agree) return false;
      if (node.type !== 'CallExpression' || !namesFactory(node.callee, at, importer, file, names)) return undefined;
      const arg = node.arguments[candidate.index];
      const method = arg && arg.type !== 'SpreadElement' ? instanceMethod(unwrap(arg), at) : undefined;
      const cls = method?.parent?.parent?.parent as ClassNode | undefined;
      if (!cls || (instance && instance.cls !== cls)) agree = false;
      else instance = { cls, ctx: at };
      return undefined;
    });
  }
  return agree && instance ? { proven, instance } : { proven };
}

const registrationsCache = new WeakMap<AnalysisContext, TSESTree.CallExpression[]>();

/** `source.once('close', make(…))`: failure listeners a call makes, found in one walk of the module. */
function factoryRegistrations(ctx: AnalysisContext): readonly TSESTree.CallExpression[] {
  let found = registrationsCache.get(ctx);
  if (!found) {
    const list: TSESTree.CallExpression[] = [];
    walk(ctx.sourceCode.ast, ctx.keys, (node) => {
      if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression' || !LISTEN.test(propertyName(node.callee) ?? '')) return undefined;
      const made = node.arguments[1] && unwrap(node.arguments[1]);
      if (made?.type === 'CallExpression' && failureEvent(node.arguments[0]) !== undefined) list.push(node);
      return undefined;
    });
    registrationsCache.set(ctx, list);
    found = list;
  }
  return found;
}

/** `handlers.closeHandler`, `(0, handlers_1.closeHandler)`, `closeHandler` imported from the factory's module. */
function namesFactory(callee: Node, ctx: AnalysisContext, file: string, factoryFile: string, names: readonly string[]): boolean {
  let c = unwrap(callee);
  if (c.type === 'SequenceExpression' && c.expressions.length === 2) c = unwrap(c.expressions[1] as Node);
  const root = c.type === 'MemberExpression' && !c.computed ? unwrap(c.object) : c;
  if (root.type !== 'Identifier') return false;
  const origin = importOf(root, ctx);
  if (!origin) return false;
  const name = c === root ? origin.imported : origin.imported === '*' || origin.imported === 'default' ? propertyName(c as TSESTree.MemberExpression) : undefined;
  return name !== undefined && names.includes(name) && resolveModule(file, origin.module) === factoryFile;
}

/** `this` (or `const _this = this`) in a method of a class: that method. */
function instanceMethod(arg: Node, ctx: AnalysisContext): FunctionNode | undefined {
  let at: Node | undefined;
  if (arg.type === 'ThisExpression') at = arg;
  else if (arg.type === 'Identifier') {
    const variable = ctx.variableOf(arg);
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable)) return undefined;
    if (unwrap(def.node.init).type !== 'ThisExpression') return undefined;
    at = def.node.init;
  }
  for (let p = at?.parent; p; p = p.parent) {
    if (!isFunction(p) || p.type === 'ArrowFunctionExpression') continue;
    const parent = p.parent;
    return parent?.type === 'MethodDefinition' && parent.kind === 'method' && !parent.static && parent.parent?.type === 'ClassBody' ? p : undefined;
  }
  return undefined;
}

/** The class's method `name` is `target`, or calls it through `this.m()` calls of the class's methods (arrows in them included). */
function reaches(cls: ClassNode, name: string, target: FunctionNode, ctx: AnalysisContext): boolean {
  const methods = new Map<string, FunctionNode>();
  for (const element of classMembers(cls)) {
    if (element.type === 'MethodDefinition' && element.kind === 'method' && !element.static && !element.computed && element.key.type === 'Identifier') methods.set(element.key.name, element.value as FunctionNode);
  }
  let frontier = [methods.get(name)];
  const seen = new Set<FunctionNode>();
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const next: (FunctionNode | undefined)[] = [];
    for (const fn of frontier) {
      if (!fn || seen.has(fn)) continue;
      if (fn === target) return true;
      seen.add(fn);
      walk(fn.body as Node, ctx.keys, (node) => {
        // (`this` in a nested `function` is not the instance.)
        if (node !== fn.body && isFunction(node) && node.type !== 'ArrowFunctionExpression') return false;
        if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed && unwrap(node.callee.object).type === 'ThisExpression') {
          const called = methods.get(propertyName(node.callee) ?? '');
          if (called) next.push(called);
        }
        return undefined;
      });
    }
    frontier = next;
  }
  return false;
}

/** The timer of the listener is the wait; a test on the way that may count or measure leaves the limit unknown. */
function siteOf(candidate: Candidate, ctx: AnalysisContext): RetrySite | undefined {
  const { listener, timer, call } = candidate;
  if (latched(candidate, ctx)) return undefined;
  const env: Env = { ctx, region: listener.body, counters: new Set(), depth: 0 };
  const bound = guardsIn(listener.body, env, () => false, (node) => contains(node, call));
  let mayStop = false;
  for (const test of testsOnTheWay(call, listener)) if (!mayStop && testMayStop(test, listener.body, env)) mayStop = true;
  const ms = timer.arguments[1] as Node | undefined;
  const value = ms ? evaluate(ms, env) : num(0);
  const site: RetrySite = {
    ...timedReentrySite({ node: listener, loc: timer.loc, operationScope: listener.body, delay: value, bound, mayStop }),
    sleep: timer,
    listenerFactory: true,
  };
  if (ms) site.delayExpression = ms;
  return site;
}

/** The tests of `if`s around the call, and of `if`s before it that leave the listener (`if (t) return …`). */
function testsOnTheWay(call: Node, fn: FunctionNode): Node[] {
  const tests: Node[] = [];
  let child: Node = call;
  for (let p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) tests.push(p.test);
    if (p.type === 'LogicalExpression' && p.right === child) tests.push(p.left);
    if (p.type !== 'BlockStatement') continue;
    for (const statement of p.body.slice(0, p.body.indexOf(child as TSESTree.Statement))) {
      if (statement.type === 'IfStatement' && alwaysExits(statement.consequent)) tests.push(statement.test);
    }
  }
  return tests;
}

/** A member of the instance tested on the way (`if (self.retried) return`) that the listener sets to something: it goes again at most once. */
function latched(candidate: Candidate, ctx: AnalysisContext): boolean {
  const tested = new Set<string>();
  for (const test of testsOnTheWay(candidate.call, candidate.listener)) {
    walk(test, ctx.keys, (n) => {
      if (n.type === 'MemberExpression' && !n.computed && unwrap(n.object).type === 'Identifier' && ctx.variableOf(unwrap(n.object) as TSESTree.Identifier) === candidate.param) tested.add(propertyName(n) ?? '');
      return undefined;
    });
  }
  if (tested.size === 0) return false;
  let sets = false;
  walk(candidate.listener.body, ctx.keys, (n) => {
    if (sets) return false;
    if (n.type !== 'AssignmentExpression' || n.left.type !== 'MemberExpression' || n.left.computed || !tested.has(propertyName(n.left) ?? '')) return undefined;
    const object = unwrap(n.left.object);
    const right = unwrap(n.right);
    const unset = (right.type === 'Literal' && (right.value === false || right.value === null || right.value === 0 || right.value === '')) || (right.type === 'Identifier' && right.name === 'undefined');
    if (object.type === 'Identifier' && ctx.variableOf(object) === candidate.param && !unset) sets = true;
    return undefined;
  });
  return sets;
}
