import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, emitsOnThis, isFunction, rejectionHandler, unbound, unwrap, walk, type FunctionNode, type Node, type VisitorKeys } from '../ast.js';
import { thisClass } from './resolve.js';

/**
 * How control gets from one function to another: a plain call, or a call deferred by a
 * scheduler — a timer, a microtask, a promise reaction, an event listener.
 */
export type ContinuationKind = 'call' | 'timer' | 'microtask' | 'promise' | 'listener';

/** An edge of the continuation graph: from the function that holds `node` to `target`. */
export interface Continuation {
  kind: ContinuationKind;
  /** The call of `target`, or the reference to it handed to a scheduler (`setTimeout(this.send.bind(this))`). */
  node: Node;
  target: FunctionNode;
  /** The scheduler call that defers it (`setTimeout(…)`, `.catch(…)`), the innermost one; none for a plain call. */
  scheduler?: TSESTree.CallExpression;
}

/** The function of the file an expression names (a local function, a sibling method), if any. */
export type Resolve = (expression: Node) => FunctionNode | undefined;

// What a scheduler does is the same whoever it is called on (`timers.setTimeout`, `globalThis.queueMicrotask`).
const SCHEDULERS: readonly [RegExp, ContinuationKind][] = [
  [/^(setTimeout|setImmediate|setInterval)$/, 'timer'],
  [/^(queueMicrotask|nextTick)$/, 'microtask'],
  [/^(then|catch|finally)$/, 'promise'],
  [/^(on|once|addListener|addEventListener|prependListener|prependOnceListener)$/, 'listener'],
];

/** The kind of deferral a call gives the functions handed to it, or undefined when it is no scheduler. */
export function schedulerKind(call: TSESTree.CallExpression): ContinuationKind | undefined {
  const name = calleeName(call);
  if (name === undefined) return undefined;
  return SCHEDULERS.find(([pattern]) => pattern.test(name))?.[1];
}

/** Work is bounded on hostile input: a function with more calls than this is read this far. */
const MAX_CALLS = 2_000;

/**
 * The continuations out of `fn`: the calls its body makes (and the callbacks it hands to
 * calls, which run as part of it or later) of functions `resolve` names, each with the
 * innermost scheduler between `fn` and the call. A function defined in the body but not handed
 * to a call (a local helper, an object literal's method) is a node of its own: its calls are
 * its edges, not `fn`'s.
 */
export function continuationsOf(fn: FunctionNode, resolve: Resolve, keys: VisitorKeys): Continuation[] {
  const result: Continuation[] = [];
  let seen = 0;
  walk(fn.body, keys, (node) => {
    if (seen > MAX_CALLS) return false;
    if (isFunction(node) && !handedToCall(node)) return false;
    if (node.type !== 'CallExpression') return undefined;
    seen++;
    const target = resolve(node.callee);
    if (target) result.push(edge(node, target, fn));
    // `this.emit('error', err)`: the listeners the instance registers on itself for that event run now.
    for (const listener of ownListeners(node, resolve, keys)) result.push({ kind: 'listener', node, target: listener });
    const kind = schedulerKind(node);
    if (!kind) return undefined;
    // A function handed by reference: `setTimeout(send, ms)`, `.catch(this.onError.bind(this))`.
    for (const arg of node.arguments) {
      const ref = boundReference(arg);
      const handed = ref && !isFunction(ref) ? resolve(ref) : undefined;
      if (handed) result.push({ kind, node: ref as Node, target: handed, scheduler: node });
    }
    return undefined;
  });
  return result;
}

function edge(call: Node, target: FunctionNode, fn: FunctionNode): Continuation {
  const scheduler = deferredBy(call, fn);
  return scheduler ? { kind: schedulerKind(scheduler) as ContinuationKind, node: call, target, scheduler } : { kind: 'call', node: call, target };
}

/** The innermost scheduler call whose callback holds `node`, below `fn`. */
export function deferredBy(node: Node, fn: FunctionNode): TSESTree.CallExpression | undefined {
  for (let child: Node = node, p = node.parent; p && child !== fn; child = p, p = p.parent) {
    if (isFunction(child) && p.type === 'CallExpression' && p.arguments.includes(child as TSESTree.CallExpressionArgument) && schedulerKind(p)) return p;
  }
  return undefined;
}

function handedToCall(fn: FunctionNode): boolean {
  const p = fn.parent;
  return (p?.type === 'CallExpression' || p?.type === 'NewExpression') && p.arguments.includes(fn as TSESTree.CallExpressionArgument);
}

/** `f`, `this.m`, or `this.m.bind(this)`: the reference an argument hands over. */
function boundReference(arg: Node): Node | undefined {
  const a = unbound(arg);
  return a.type === 'Identifier' || a.type === 'MemberExpression' ? a : undefined;
}

/**
 * The emit sits on a failure path of its function: in a `catch` block, or in a rejection
 * handler (`.catch(cb)`, the second callback of `.then`). An event raised from another
 * object's listener (`socket.on('close', () => this.emit('close'))`) is events.ts's question.
 */
function raisedOnFailure(call: Node): boolean {
  for (let child: Node = call, p = call.parent; p; child = p, p = p.parent) {
    if (p.type === 'CatchClause') return true;
    if (!isFunction(child)) continue;
    if (p.type !== 'CallExpression') return false;
    const name = calleeName(p);
    // `setTimeout(() => this.emit('job', next), ms)` in a catch: raised later, from the same failure path.
    if (name === 'setTimeout' && p.arguments[0] === child) continue;
    return rejectionHandler(child);
  }
  return false;
}

/**
 * The functions a class registers on its own instance (`this.on('error', () => this.retry())`,
 * `this.once('close', this.reopen.bind(this))`) for the event a `this.emit('error', …)` call
 * raises: an emitter calls its listeners synchronously, within the emit.
 */
export function ownListeners(call: TSESTree.CallExpression, resolve: Resolve, keys: VisitorKeys): FunctionNode[] {
  const event = failureEvent(call);
  const cls = event !== undefined ? thisClass(call.callee) : undefined;
  if (!cls) return [];
  let byEvent = listenersByClass.get(cls);
  if (!byEvent) listenersByClass.set(cls, (byEvent = registeredOnThis(cls, resolve, keys)));
  return byEvent.get(event as string) ?? [];
}

/** `this.emit('error', err)` on a failure path: the event's name. */
function failureEvent(call: TSESTree.CallExpression): string | undefined {
  const event = call.arguments[0] && unwrap(call.arguments[0] as Node);
  return emitsOnThis(call) && event?.type === 'Literal' && typeof event.value === 'string' && raisedOnFailure(call) ? event.value : undefined;
}

const listenersByClass = new WeakMap<Node, Map<string, FunctionNode[]>>();

function registeredOnThis(cls: Node, resolve: Resolve, keys: VisitorKeys): Map<string, FunctionNode[]> {
  const byEvent = new Map<string, FunctionNode[]>();
  walk(cls, keys, (node) => {
    if (node.type !== 'CallExpression' || schedulerKind(node) !== 'listener') return undefined;
    const callee = unwrap(node.callee);
    const event = node.arguments[0] && unwrap(node.arguments[0] as Node);
    const handler = node.arguments[1] && unwrap(node.arguments[1] as Node);
    if (callee.type !== 'MemberExpression' || unwrap(callee.object).type !== 'ThisExpression' || event?.type !== 'Literal' || typeof event.value !== 'string' || !handler) return undefined;
    // (`this` in a nested class or a plain function is another object.)
    if (thisClass(callee) !== cls) return undefined;
    const ref = isFunction(handler) ? undefined : boundReference(handler);
    const fn = isFunction(handler) ? handler : ref ? resolve(ref) : undefined;
    if (!fn) return undefined;
    const list = byEvent.get(event.value);
    if (list) list.push(fn);
    else byEvent.set(event.value, [fn]);
    return undefined;
  });
  return byEvent;
}

/**
 * `() => this.onError()` registered by `this.on('error', …)` in a class that emits 'error' on
 * itself from a failure path: the listener's call is the emit's way on (ownListeners), not a
 * use of its own.
 */
export function forwardsOwnEvent(call: TSESTree.CallExpression, keys: VisitorKeys): boolean {
  const listener = call.parent?.type === 'ExpressionStatement' ? call.parent.parent?.parent : call.parent;
  if (!listener || !isFunction(listener)) return false;
  if (listener.body !== call && !(listener.body.type === 'BlockStatement' && listener.body.body.length === 1 && listener.body.body[0] === call.parent)) return false;
  const registration = listener.parent;
  return registration?.type === 'CallExpression' && registration.arguments[1] === listener && registersOwnEvent(registration, keys);
}

/**
 * `this.on('failed', this.onFailed.bind(this))` in a class that emits 'failed' on itself from a
 * failure path: the handler's use is the emit's way on (ownListeners), not a use of its own.
 */
export function registersOwnEvent(registration: TSESTree.CallExpression, keys: VisitorKeys): boolean {
  if (schedulerKind(registration) !== 'listener') return false;
  const callee = unwrap(registration.callee);
  const event = registration.arguments[0] && unwrap(registration.arguments[0] as Node);
  if (callee.type !== 'MemberExpression' || unwrap(callee.object).type !== 'ThisExpression' || event?.type !== 'Literal' || typeof event.value !== 'string') return false;
  const cls = thisClass(callee);
  return cls !== undefined && emitted(cls, keys).has(event.value);
}

const emittedByClass = new WeakMap<Node, Set<string>>();

function emitted(cls: Node, keys: VisitorKeys): Set<string> {
  let events = emittedByClass.get(cls);
  if (events) return events;
  events = new Set();
  const found = events;
  walk(cls, keys, (node) => {
    if (node.type !== 'CallExpression') return undefined;
    const event = failureEvent(node);
    if (event !== undefined && thisClass(node.callee) === cls) found.add(event);
    return undefined;
  });
  emittedByClass.set(cls, events);
  return events;
}
