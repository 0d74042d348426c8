import { firstDefinition } from '../definitions/bodies.js';
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, isFunction, propertyName, unwrap, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { localResolve, instanceMethods, thisClass, thisMethod } from './resolve.js';
import { deferredBy } from './continuations.js';
import { findWayBack, type ContinuationGraph } from './way-back.js';
import { declaredParameters, memberParameters } from '../declared/declared-type.js';

/** Whether a call sits on a failure path of its function (recursion.ts's reading), handed in to keep the modules acyclic. */
export type OnFailure = (call: Node, fn: FunctionNode, ctx: AnalysisContext) => boolean;

/**
 * An object handed to a call as a handler: `this` (an instance of a class of the file) or an
 * object literal with methods. The receiver calls the object's methods back later; which of
 * them run on a failure is `failureMethods`'s question.
 */
export interface HandedObject {
  /** The call that hands the object over (`this.transport.dispatch(req, this)`). */
  handing: TSESTree.CallExpression;
  /** Where the object sits among the call's arguments. */
  index: number;
  /** The function that hands it over: what runs again when a method comes back to it. */
  holder: FunctionNode;
  /** The methods the receiver may call back. */
  methods: FunctionNode[];
}

/** The objects a call hands over as handlers: each `this` or object literal with methods among its arguments. */
export function handedObjects(call: TSESTree.CallExpression): HandedObject[] {
  const result: HandedObject[] = [];
  call.arguments.forEach((arg, index) => {
    const a = unwrap(arg);
    if (a.type === 'ThisExpression') {
      const cls = thisClass(a);
      const holder = thisMethod(a);
      if (cls && holder) result.push({ handing: call, index, holder, methods: instanceMethods(cls).filter((m) => m !== holder) });
    } else if (a.type === 'ObjectExpression') {
      const holder = enclosingNonCallback(call);
      const methods = a.properties.flatMap((p) => (p.type === 'Property' && isFunction(unwrap(p.value)) ? [unwrap(p.value) as FunctionNode] : []));
      if (holder && methods.length > 0) result.push({ handing: call, index, holder, methods });
    }
  });
  return result;
}

/**
 * The methods of a handed object that run on a failure: when the receiver's code is readable
 * (`resolve` names it), those it calls on a failure path of its own (a catch, a `.catch()`,
 * an error callback); when it cannot be read, those whose own code takes an error (`takesError`).
 * Names are no evidence either way: an `onError` that takes no error is not one.
 */
export function failureMethods(handed: HandedObject, ctx: AnalysisContext, resolve: (expression: Node) => FunctionNode | undefined, onFailure: OnFailure): FunctionNode[] {
  const local = resolve(handed.handing.callee);
  // A receiver another module of the project exports is read there (`exec(cmd, args, { onCrash })`).
  const foreign = local ? undefined : ctx.foreignFunction?.(handed.handing);
  const receiver = local ?? foreign?.fn;
  const receiverCtx = foreign?.ctx ?? ctx;
  if (!receiver) return handed.methods.filter((m) => takesError(m, ctx) || declaredToTakeError(handed, m, ctx));
  const param = receiver.params[handed.index];
  const variable = param?.type === 'Identifier' ? receiverCtx.variableOf(param) : undefined;
  if (!variable) return [];
  const names = new Set<string>();
  for (const ref of variable.references) {
    const member = ref.identifier.parent;
    const call = member?.parent;
    if (member?.type !== 'MemberExpression' || member.object !== ref.identifier || call?.type !== 'CallExpression') continue;
    const name = propertyName(member);
    if (name === undefined) continue;
    // Handed on as a promise's rejection handler (`.then(h.onDone, h.onError)`, `.catch(h.onError)`): it runs on the failure.
    if (call.callee !== member) {
      if (rejectionHandler(call, member)) names.add(name);
      continue;
    }
    if (onFailure(call, receiver, receiverCtx)) names.add(name);
  }
  return handed.methods.filter((m) => {
    const name = methodName(m);
    return name !== undefined && names.has(name);
  });
}

/** `member` is handed to `.then` as its second callback or to `.catch`: a promise runs it on a rejection. */
function rejectionHandler(call: TSESTree.CallExpression, member: Node): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return false;
  const method = propertyName(callee);
  return (method === 'then' && call.arguments[1] === member) || (method === 'catch' && call.arguments[0] === member);
}

/**
 * The method's first parameter is an error by what the code does with it: it is thrown,
 * rejected (`Promise.reject(e)`, or handed first to a callback of a node-style `cb(err)` the
 * method was given), tested with `instanceof`, or declared an `Error`.
 */
export function takesError(method: FunctionNode, ctx: AnalysisContext): boolean {
  const first = method.params[0];
  const id = first?.type === 'AssignmentPattern' ? first.left : first;
  if (id?.type !== 'Identifier') return false;
  if (declaredError(id.typeAnnotation?.typeAnnotation)) return true;
  const variable = ctx.variableOf(id);
  if (!variable) return false;
  return variable.references.some((ref) => {
    const use = ref.identifier as Node;
    const p = use.parent;
    if (p?.type === 'ThrowStatement') return true;
    if (p?.type === 'BinaryExpression' && p.operator === 'instanceof' && p.left === use) return true;
    return p?.type === 'CallExpression' && p.arguments[0] === use && (rejects(p, ctx) || errorFirst(p, ctx));
  });
}

/**
 * The receiver's declared type says the method is handed an error: `getSocket(h: Handlers)`
 * (or a method `watch(h: Handlers)` of a declared object) with `Handlers` declaring
 * `onError(error?: Error): void`, for a method written `onError(e) {…}` with no type of its
 * own (declared-type.ts). The declared type of what calls it back, not the method's name.
 */
function declaredToTakeError(handed: HandedObject, method: FunctionNode, ctx: AnalysisContext): boolean {
  const name = methodName(method);
  const param = name === undefined ? undefined : declaredParameters(handed.handing.callee, ctx)?.[handed.index];
  const type = param?.type === 'Identifier' ? param.typeAnnotation?.typeAnnotation : undefined;
  const first = type && name !== undefined ? memberParameters(type, name, ctx)?.[0] : undefined;
  const id = first?.type === 'AssignmentPattern' ? first.left : first;
  return id?.type === 'Identifier' && declaredError(id.typeAnnotation?.typeAnnotation);
}

/**
 * `done(err)` where `done` is a callback the enclosing function was handed and is also called
 * with nothing first (`done()`, `done(null, body)`): an error-first callback, told the error.
 */
function errorFirst(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return false;
  const variable = ctx.variableOf(callee);
  if (firstDefinition(variable)?.type !== 'Parameter') return false;
  return (variable?.references ?? []).some((ref) => {
    const other = (ref.identifier as Node).parent;
    if (other?.type !== 'CallExpression' || other.callee !== ref.identifier || other === call) return false;
    const first = other.arguments[0] && unwrap(other.arguments[0] as Node);
    return !first || (first.type === 'Literal' && first.value === null) || (first.type === 'Identifier' && first.name === 'undefined');
  });
}

/** `Promise.reject(e)`, or `reject(e)` with `reject` the second parameter of a `new Promise` executor. */
function rejects(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression' && unwrap(callee.object).type === 'Identifier' && (unwrap(callee.object) as TSESTree.Identifier).name === 'Promise' && propertyName(callee) === 'reject') return true;
  if (callee.type !== 'Identifier') return false;
  const def = firstDefinition(ctx.variableOf(callee));
  if (def?.type !== 'Parameter' || !isFunction(def.node) || def.node.params[1] !== def.name) return false;
  const made = def.node.parent;
  return made?.type === 'NewExpression' && made.callee.type === 'Identifier' && made.callee.name === 'Promise' && made.arguments[0] === def.node;
}

function declaredError(type: TSESTree.TypeNode | undefined): boolean {
  if (!type) return false;
  if (type.type === 'TSUnionType') return type.types.some(declaredError);
  return type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && type.typeName.name === 'Error';
}

function methodName(fn: FunctionNode): string | undefined {
  const p = fn.parent;
  if ((p?.type === 'MethodDefinition' || p?.type === 'PropertyDefinition' || p?.type === 'Property') && !p.computed) {
    return p.key.type === 'Identifier' || p.key.type === 'PrivateIdentifier' ? p.key.name : p.key.type === 'Literal' && typeof p.key.value === 'string' ? p.key.value : undefined;
  }
  return undefined;
}

/** The function a call belongs to, skipping callbacks handed to other calls. */
function enclosingNonCallback(node: Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (!isFunction(p)) continue;
    const parent = p.parent;
    if ((parent?.type === 'CallExpression' || parent?.type === 'NewExpression') && parent.arguments.includes(p as TSESTree.CallExpressionArgument)) continue;
    return p;
  }
  return undefined;
}

/** Every call of the file that hands over a `this` or an object literal with methods. */
export function handingCalls(calls: readonly TSESTree.CallExpression[]): TSESTree.CallExpression[] {
  return calls.filter(
    (call) =>
      !bindsThis(call) &&
      call.arguments.some((arg) => {
      const a = unwrap(arg);
        return a.type === 'ThisExpression' || (a.type === 'ObjectExpression' && a.properties.some((p) => p.type === 'Property' && isFunction(unwrap(p.value))));
      }),
  );
}

/** `f.call(this, …)`, `f.apply(this, args)`, `this.m.bind(this)`: `this` as a function's receiver, not an object handed to be called back. */
function bindsThis(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  const receiver = call.arguments[0];
  return callee.type === 'MemberExpression' && /^(call|apply|bind)$/.test(propertyName(callee) ?? '') && receiver !== undefined && unwrap(receiver).type === 'ThisExpression';
}

/** The handed object literal's method that holds `node`, if `node` sits in one. */
export function handedLiteralMethod(node: Node, fn: FunctionNode): { method: FunctionNode; handing: TSESTree.CallExpression; index: number } | undefined {
  for (let child: Node = node, p = node.parent; p && child !== fn; child = p, p = p.parent) {
    if (!isFunction(child) || p.type !== 'Property' || p.value !== child) continue;
    const object = p.parent;
    const call = object?.parent;
    if (object?.type !== 'ObjectExpression' || call?.type !== 'CallExpression') return undefined;
    const index = call.arguments.indexOf(object);
    return index >= 0 ? { method: child, handing: call, index } : undefined;
  }
  return undefined;
}

/**
 * A way back closed through a handler object: `holder` hands `this` to a receiver, and the
 * receiver later calls `through`, a method that runs on a failure and continues (at once, on
 * a timer, in a microtask) into `holder` again at `backs`.
 */
export interface HandlerWayBack {
  holder: FunctionNode;
  handing: TSESTree.CallExpression;
  through: FunctionNode;
  backs: Node[];
  /**
   * Two functions on the way: the failure method `via.fn` calls `through` (at `via.call`), whose
   * timer goes back in (`onFailure(err) { …; this.later() }`, `later() { setTimeout(() => this.send(), ms) }`).
   */
  via?: { fn: FunctionNode; call: Node };
}

/**
 * The ways back through `this` handed as a handler (`this.transport.dispatch(req, this)` with
 * `onFailure(err) { …; setTimeout(() => this.send(), wait) }`), found by a search of the
 * continuation graph from each failure method to the method that handed the object over.
 * Only a way back of one edge is kept: the wait and the bound are read in that one method.
 */
export function handlerWaysBack(calls: readonly TSESTree.CallExpression[], ctx: AnalysisContext, graph: ContinuationGraph, resolve: (e: Node) => FunctionNode | undefined, onFailure: OnFailure): HandlerWayBack[] {
  const result: HandlerWayBack[] = [];
  for (const handing of handingCalls(calls)) {
    for (const handed of handedObjects(handing)) {
      if (unwrap(handing.arguments[handed.index] as Node).type !== 'ThisExpression') continue;
      for (const through of failureMethods(handed, ctx, resolve, onFailure)) {
        const path = findWayBack(through, handed.holder, graph);
        // A method the file calls itself too is a way back the callers' paths decide (analyze.ts's reentries).
        if (!path || calls.some((c) => resolve(c.callee) === through)) continue;
        const [first, second] = path;
        if (path.length === 1) {
          result.push({ holder: handed.holder, handing, through, backs: backsOf(through, handed.holder, graph) });
          continue;
        }
        // Through one more function, called at once from the failure method and from nowhere else,
        // whose one-off timer goes back in (a function others call too may be a schedule's).
        if (path.length !== 2 || !first || first.kind !== 'call' || second?.kind !== 'timer' || second.scheduler && calleeName(second.scheduler) !== 'setTimeout') continue;
        const middle = first.target;
        if (calls.some((c) => resolve(c.callee) === middle && !contains(through, c))) continue;
        result.push({ holder: handed.holder, handing, through: middle, backs: backsOf(middle, handed.holder, graph).filter((b) => deferredBy(b, middle)), via: { fn: through, call: first.node } });
      }
    }
  }
  return result;
}

function backsOf(fn: FunctionNode, holder: FunctionNode, graph: ContinuationGraph): Node[] {
  return graph.edgesOf(fn).filter((e) => e.target === holder).map((e) => e.node);
}

/**
 * The method of a handed object literal that holds `node` (a call of `fn` inside
 * `dispatch(req, { onError(err) { …; setTimeout(() => send(req), wait) } })`), when that
 * method runs on a failure (failureMethods).
 */
export function literalFailureMethod(node: Node, fn: FunctionNode, ctx: AnalysisContext, onFailure: OnFailure): FunctionNode | undefined {
  const found = handedLiteralMethod(node, fn);
  if (!found) return undefined;
  const handed = handedObjects(found.handing).find((o) => o.index === found.index);
  if (!handed || handed.holder !== fn) return undefined;
  return failureMethods(handed, ctx, localResolve(ctx), onFailure).includes(found.method) ? found.method : undefined;
}
