import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, callOf, contains, functionName, isFunction, propertyName, soleExpression, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { AnalysisContext, isReassigned } from '../context.js';
import { handedFunction, type MethodLookup } from '../prototype-methods.js';
import { prototypeSibling } from '../prototype-slots.js';
import { classMembers, soleDefinition } from '../definitions/bodies.js';
import { forwardsOwnEvent, ownListeners, registersOwnEvent } from '../graph/continuations.js';

/**
 * Which calls of a function reach the function itself again: by name, through `this`, a bound
 * method, a sibling method of its class, or a reference handed to a timer or a callback?
 */

/** The name a callee or argument is read by: `f`, or `g` of `x.g`. (Made once: mayCallLocal runs for every call.) */
const nameOf = (n: Node): string | undefined =>
  n.type === 'Identifier' ? n.name : n.type === 'MemberExpression' ? propertyName(n) : undefined;

export function mayCallLocal(call: TSESTree.CallExpression, names: ReadonlySet<string>, params: ReadonlySet<string>): boolean {
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
export function collectSelfCall(call: TSESTree.CallExpression, selfCalls: Map<FunctionNode, Node[]>, ctx: AnalysisContext, edges?: Edge[], lookup?: MethodLookup): void {
  // `this.emit('error', err)`: into the listeners the instance registers on itself for it.
  if (edges) {
    const resolve = (e: Node) => referencedFunction(e, ctx) ?? siblingMethod(e, ctx);
    for (const listener of ownListeners(call, resolve, ctx.keys)) {
      // `this.on('error', () => this.onError())`: the method the listener only forwards to.
      const target = forwardedTo(listener, resolve) ?? listener;
      if (!contains(target, call)) edges.push({ node: call, target });
      // `this.on('job', (job) => this.run(job))` emitted from `run`'s own failure path: `run` calling itself.
      else if (isFunction(target)) selfCalls.set(target, [...(selfCalls.get(target) ?? []), call]);
    }
  }
  // (Once for the call: the emit that reaches it already stands for this use.)
  const forwarded = edges !== undefined && forwardsOwnEvent(call, ctx.keys);
  const registersOwn = edges !== undefined && registersOwnEvent(call, ctx.keys);
  const candidates: Node[] = [call.callee];
  const calleeFn = referencedFunction(call.callee, ctx);
  // setTimeout(connect, 1000), promise.catch(retryLater), socket.on('close', reconnect);
  // not `Error.captureStackTrace(e, fn)` or other calls that merely mention the function.
  if (REFERENCE_TAKERS.test(calleeName(call) ?? '')) candidates.push(...call.arguments);
  // `withAuth(headers, doRequest)` with `withAuth` a function of this file that calls the
  // parameter it is handed: it runs the function handed over, as a timer or a promise does.
  else if (call.arguments.some(isReference)) {
    const taker = calleeFn ?? siblingMethod(call.callee, ctx);
    if (taker) call.arguments.forEach((arg, i) => {
      if (isReference(arg) && callsParameter(taker, i, ctx)) candidates.push(arg);
    });
  }
  for (const candidate of candidates) {
    // `setTimeout(this.connect.bind(this), wait)`: the method handed over, bound to its instance
    // (recorded as the reference `this.connect`, which is what is handed over).
    const named = candidate === call.callee ? candidate : boundMethod(candidate);
    const node = candidate === call.callee ? call : named;
    const fn = candidate === call.callee ? calleeFn : referencedFunction(named, ctx);
    if (fn && contains(fn, call)) {
      const list = selfCalls.get(fn) ?? [];
      list.push(node);
      selfCalls.set(fn, list);
      continue;
    }
    // A call of another function of this file (or of a sibling method): a way back in, maybe.
    const target = edges && (fn ?? siblingMethod(named, ctx));
    if (target && !contains(target, call) && !(forwarded && candidate === call.callee) && !(registersOwn && candidate !== call.callee)) edges.push({ node, target });
    // A parameter that stands for a method the one caller hands over (`.then(next, …)` with
    // `const next = this.run.bind(this, i)` at the call): a way back in through that method.
    const unwrapped = unwrap(named);
    const handed = edges && lookup && !target && unwrapped.type === 'Identifier' ? handedFunction(unwrapped, ctx, lookup, isHandOver) : undefined;
    if (edges && handed && !contains(handed.fn, call)) edges.push({ node, target: handed.fn, alias: handed.source });
  }
}

/** A name or member that may refer to a function (`doRequest`, `this.send`, `this.send.bind(this)`). */
function isReference(arg: Node): boolean {
  const a = unwrap(boundMethod(arg));
  return a.type === 'Identifier' || a.type === 'MemberExpression';
}

/** Per function and parameter position: whether the function calls that parameter (`op(…)`, `await op(…)`, `op.call(this)`). Read when first asked. */
const calledParameters = new WeakMap<FunctionNode, Map<number, boolean>>();

function callsParameter(fn: FunctionNode, index: number, ctx: AnalysisContext): boolean {
  let known = calledParameters.get(fn);
  if (!known) calledParameters.set(fn, (known = new Map()));
  let called = known.get(index);
  if (called === undefined) {
    const p = fn.params[index];
    const param = p?.type === 'AssignmentPattern' ? p.left : p;
    const variable = param?.type === 'Identifier' ? ctx.variableOf(param) : undefined;
    called = variable?.references.some((ref) => callOf(ref.identifier as Node) !== undefined) ?? false;
    known.set(index, called);
  }
  return called;
}

/** `() => this.onError()`, `(e) => { this.fail(e); }`: the function a one-call function forwards to. */
function forwardedTo(fn: FunctionNode, resolve: (e: Node) => FunctionNode | undefined): FunctionNode | undefined {
  const body = soleExpression(fn);
  const call = body && unwrap(body);
  return call?.type === 'CallExpression' ? resolve(call.callee) : undefined;
}

/** A call (or a function handed over) that reaches another function of this file. */
export interface Edge {
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
export function methodLookup(calls: readonly TSESTree.CallExpression[], ctx: AnalysisContext): MethodLookup {
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
    for (const node of ctx.nodesOfKind('ObjectPattern')) if (node.type === 'ObjectPattern') for (const p of node.properties) countPatternKey(p, counts);
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
export function thisBinder(node: Node, ctx: AnalysisContext): FunctionNode | undefined {
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
