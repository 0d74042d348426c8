import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, dottedName, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { guardsIn } from './bounds.js';
import { merge, type Bound } from './exits/bound.js';
import type { AnalysisContext } from './context.js';
import { evaluate, type Env } from './evaluate.js';
import { mayStopBefore } from './exits.js';
import { timedReentrySite } from './policy.js';
import { prototypeMethod, prototypeSlot } from './prototype-slots.js';
import { pastSentinelStops, type SentinelWay } from './sentinel-stops.js';
import type { RetrySite } from './types.js';
import { UNKNOWN } from './value.js';
import { soleDefinition } from './definitions/bodies.js';

/**
 * A failure handed to an emitter the retrying object keeps, which puts the attempt back on a
 * timer through an event the object listens for:
 *
 *   Call.prototype.start = function () { this.backoff = new Backoff(); this.backoff.on('ready', this.run.bind(this)); … }
 *   Call.prototype.run = function () { this.fn(this.done.bind(this)) }
 *   Call.prototype.done = function (err) { if (err) this.backoff.backoff(err); else … }
 *
 * with, in the emitter's module (`Backoff`, an ES5 constructor function that inherits from
 * Node's EventEmitter), `Backoff.prototype.backoff` arming a timer whose callback — a method of
 * the prototype, bound or held in an object the constructor fills — emits `'ready'` on the
 * instance. The failure path's call (`this.backoff.backoff(err)`) is the way back in: the
 * event's listener (`run`) hands the callback (`done`) to the operation again.
 *
 * Everything on the way is read, not guessed: the listener is a method of the object that
 * hands the callback on (its only mention) to a call; the field holds instances of one class
 * (a `new` of it, or of what a factory the caller may pass makes instead: read as left out);
 * the class's method arms the timer itself; the timer's method emits the event the object
 * listens for. The wait and the limits are read in the emitter's method (its timer's delay,
 * the tests before it) and on the way in this file; what cannot be read stays unknown.
 */

export interface EmitterTools {
  /** The function of this file an expression names (`this.run`, a sibling method). */
  resolve: (expression: Node) => FunctionNode | undefined;
  /** The constructor function an identifier names, of this file or of a module of the project, with its module's context. */
  constructorOf: (id: TSESTree.Identifier) => { fn: FunctionNode; ctx: AnalysisContext } | undefined;
  /** The call sits on the failure path of its function (recursion.ts). */
  onFailure: (call: Node, fn: FunctionNode, ctx: AnalysisContext) => boolean;
}

const LISTEN = /^(on|addListener|prependListener)$/;
const LISTEN_ANY = /^(on|once|addListener|prependListener|prependOnceListener|off|removeListener|removeAllListeners|emit)$/;

/** `this.x` (non-computed, read off `this`): the field's name. */
function thisField(node: Node): string | undefined {
  const n = unwrap(node);
  return n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier' && unwrap(n.object).type === 'ThisExpression' ? n.property.name : undefined;
}

export function emitterReentrySites(calls: readonly TSESTree.CallExpression[], ctx: AnalysisContext, tools: EmitterTools, taken: ReadonlySet<Node>): RetrySite[] {
  // Cheap first: `this.x.on('name', listener)` registrations; most files have none.
  let registrations: { call: TSESTree.CallExpression; field: string; event: string }[] | undefined;
  for (const call of calls) {
    const callee = call.callee;
    if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || !LISTEN.test(callee.property.name)) continue;
    const field = thisField(callee.object);
    const event = call.arguments[0];
    if (field === undefined || event?.type !== 'Literal' || typeof event.value !== 'string' || !call.arguments[1]) continue;
    (registrations ??= []).push({ call, field, event: event.value });
  }
  if (!registrations) return [];
  const sites: RetrySite[] = [];
  for (const { call: registration, field, event } of registrations) {
    const listener = listenerOf(registration.arguments[1] as Node, tools);
    const owner = listener && ownerOf(listener);
    if (!listener || !owner || taken.has(listener) || sites.some((s) => s.node === listener)) continue;
    // The failure paths' calls of the emitter: `this.x.m(…)` in a method of the same owner.
    for (const call of calls) {
      const callee = call.callee;
      if (call === registration || callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || thisField(callee.object) !== field) continue;
      if (LISTEN_ANY.test(callee.property.name)) continue;
      const handler = methodAround(call);
      if (!handler || handler === listener || ownerOf(handler) !== owner || !(tools.onFailure(call, handler, ctx) || errorFirstTest(call, handler, ctx))) continue;
      const handOver = handedBy(handler, listener, ctx);
      if (!handOver) continue;
      const emitter = emitterClass(field, owner, ctx, tools);
      if (!emitter) continue;
      const armed = armsTimerFor(emitter, callee.property.name, event);
      if (!armed) continue;
      const site = siteOf(call, handler, listener, handOver, armed, ctx, { ctx, owner, field });
      if (site) {
        sites.push(site);
        break;
      }
    }
  }
  return sites;
}

/**
 * The call sits in the `if` taken when the callback's first argument is set: `if (err) …`,
 * `if (err && retriable(err)) …`, with `err` the function's first parameter, `arguments[0]`, or
 * `args[0]` of `args = Array.prototype.slice.call(arguments)`. Asked only of a method the
 * operation is handed as its callback (handedBy), where that argument is the failure.
 */
function errorFirstTest(call: Node, fn: FunctionNode, ctx: AnalysisContext): boolean {
  let child: Node = call;
  for (let p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if (isFunction(p)) return false;
    if (p.type === 'IfStatement' && child === p.consequent) {
      let test = unwrap(p.test);
      while (test.type === 'LogicalExpression' && test.operator === '&&') test = unwrap(test.left);
      return test.type === 'Identifier' && firstArgument(test, fn, ctx);
    }
  }
  return false;
}

function firstArgument(id: TSESTree.Identifier, fn: FunctionNode, ctx: AnalysisContext): boolean {
  const variable = ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || variable.references.some((r) => r.isWrite() && !r.init)) return false;
  if (def?.type === 'Parameter') return def.node === fn && fn.params[0] === def.name;
  if (def?.type !== 'Variable' || !def.node.init || def.node.id !== def.name) return false;
  const init = unwrap(def.node.init);
  if (init.type !== 'MemberExpression' || !init.computed || unwrap(init.property).type !== 'Literal' || (unwrap(init.property) as TSESTree.Literal).value !== 0) return false;
  const list = unwrap(init.object);
  if (isArguments(list, fn)) return true;
  // `var args = Array.prototype.slice.call(arguments)`, never written again.
  const listVar = list.type === 'Identifier' ? ctx.variableOf(list) : undefined;
  const listDef = soleDefinition(listVar);
  if (!listVar || listDef?.type !== 'Variable' || !listDef.node.init || listVar.references.some((r) => r.isWrite() && !r.init)) return false;
  const made = unwrap(listDef.node.init);
  return made.type === 'CallExpression' && /^(Array\.prototype\.slice\.call|\[\]\.slice\.call|Array\.from)$/.test(sliceName(made.callee)) && made.arguments.length === 1 && isArguments(unwrap(made.arguments[0] as Node), fn);
}

function sliceName(callee: Node): string {
  const c = unwrap(callee);
  if (c.type === 'MemberExpression' && propertyName(c) === 'call' && unwrap(c.object).type === 'MemberExpression' && unwrap((unwrap(c.object) as TSESTree.MemberExpression).object).type === 'ArrayExpression') return '[].slice.call';
  return dottedName(c) ?? '';
}

/** `arguments` of the function itself (not of a function inside it, nor a variable of that name). */
function isArguments(node: Node, fn: FunctionNode): boolean {
  if (node.type !== 'Identifier' || node.name !== 'arguments') return false;
  for (let p: Node | undefined = node.parent; p; p = p.parent) if (isFunction(p) && p.type !== 'ArrowFunctionExpression') return p === fn;
  return false;
}

/** A method handed over (`this.run`, `this.run.bind(this, …)`): the function; not an inline function (it is written where it runs). */
function listenerOf(node: Node, tools: EmitterTools): FunctionNode | undefined {
  let n = unwrap(node);
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && propertyName(n.callee) === 'bind' && n.arguments[0] && unwrap(n.arguments[0] as Node).type === 'ThisExpression') n = unwrap(n.callee.object);
  return n.type === 'MemberExpression' && thisField(n) !== undefined ? tools.resolve(n) : undefined;
}

function ownerOf(fn: FunctionNode): string | undefined {
  const slot = prototypeSlot(fn);
  return slot && slot.owner;
}

/** The prototype method a node is written in (through the callbacks around it). */
function methodAround(node: Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (!isFunction(p) || p.type === 'ArrowFunctionExpression') continue;
    return prototypeSlot(p) ? p : undefined;
  }
  return undefined;
}

/**
 * The listener hands the handler to a call (the operation) and the handler is named nowhere
 * else: `var cb = this.done.bind(this); this.fn.apply(null, args.concat(cb))`, or `this.fn(this.done.bind(this))`.
 * The handler then runs only as the callback of what the listener calls. Returns that call.
 */
function handedBy(handler: FunctionNode, listener: FunctionNode, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  const name = prototypeSlot(handler)?.name;
  if (name === undefined) return undefined;
  const escaped = name.replace(/[$]/g, '\\$');
  // Its own assignment and one mention in the listener.
  if ((ctx.sourceCode.text.match(new RegExp(`\\.${escaped}\\b`, 'g'))?.length ?? 0) !== 2) return undefined;
  let mention: TSESTree.MemberExpression | undefined;
  walk(listener.body, ctx.keys, (node) => {
    if (mention) return false;
    if (node.type === 'MemberExpression' && thisField(node) === name) mention = node;
    return undefined;
  });
  if (!mention) return undefined;
  let handed: Node = mention;
  const bind = mention.parent;
  if (bind?.type === 'MemberExpression' && bind.object === mention && propertyName(bind) === 'bind' && bind.parent?.type === 'CallExpression' && bind.parent.callee === bind) {
    const receiver = bind.parent.arguments[0];
    if (!receiver || unwrap(receiver as Node).type !== 'ThisExpression') return undefined;
    handed = bind.parent;
  }
  const parent = handed.parent;
  if (parent?.type === 'CallExpression' && parent.arguments.includes(handed as TSESTree.CallExpressionArgument)) return operationCall(parent, listener);
  // `var cb = …`, used only as an argument of calls.
  if (parent?.type !== 'VariableDeclarator' || parent.init !== handed || parent.id.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(parent.id);
  const uses = variable?.references.filter((r) => !r.init) ?? [];
  if (!variable || !soleDefinition(variable) || uses.length !== 1 || uses.some((r) => r.isWrite())) return undefined;
  const use = uses[0]?.identifier as Node;
  const call = use.parent;
  return call?.type === 'CallExpression' && call.arguments.includes(use as TSESTree.CallExpressionArgument) ? operationCall(call, listener) : undefined;
}

/** The call the callback goes to, past an array `concat` that adds it to the arguments (`args.concat(cb)` handed to `fn.apply`). */
function operationCall(call: TSESTree.CallExpression, listener: FunctionNode): TSESTree.CallExpression | undefined {
  let c = call;
  if (calleeName(c) === 'concat' && c.parent?.type === 'CallExpression' && c.parent.arguments.includes(c)) c = c.parent;
  // Not a timer, a listener or a promise callback: those run the handler on their own terms.
  if (/^(setTimeout|setInterval|setImmediate|nextTick|queueMicrotask|then|catch|finally|on|once|addListener|addEventListener|concat|bind)$/.test(calleeName(c) ?? '')) return undefined;
  return contains(listener, c) ? c : undefined;
}

/**
 * The class every value the file stores in `this.field` is made by: `new C(…)`, or `factory ?
 * factory(…) : new C(…)` with `factory` a parameter of the method (the caller's, read as left
 * out). A constructor that leaves it empty (`this.field = null`) is no value. Anything else: none.
 */
function emitterClass(field: string, owner: string, ctx: AnalysisContext, tools: EmitterTools): { fn: FunctionNode; ctx: AnalysisContext } | undefined {
  let made: TSESTree.Identifier | undefined;
  let other = false;
  for (const node of ctx.nodesOfKind('AssignmentExpression')) {
    if (other || node.type !== 'AssignmentExpression' || thisField(node.left) !== field) continue;
    const value = unwrap(node.right);
    if (value.type === 'Literal' && value.value === null) continue;
    const cls = madeClass(value, node);
    if (!cls || (made && made.name !== cls.name) || !withinOwner(node, owner)) other = true;
    else made = cls;
  }
  if (other || !made) return undefined;
  const found = tools.constructorOf(made);
  return found && emitsFromEvents(found.fn, found.ctx) ? found : undefined;
}

function madeClass(value: Node, at: Node): TSESTree.Identifier | undefined {
  if (value.type === 'NewExpression') return value.callee.type === 'Identifier' ? value.callee : undefined;
  if (value.type !== 'ConditionalExpression') return undefined;
  const test = unwrap(value.test);
  const made = unwrap(value.alternate);
  const factory = unwrap(value.consequent);
  if (test.type !== 'Identifier' || made.type !== 'NewExpression' || made.callee.type !== 'Identifier') return undefined;
  if (factory.type !== 'CallExpression' || factory.callee.type !== 'Identifier' || factory.callee.name !== test.name) return undefined;
  // The factory is a parameter of the method that stores the value.
  for (let p = at.parent; p; p = p.parent) {
    if (isFunction(p)) return p.params.some((param) => param.type === 'Identifier' && param.name === test.name) ? made.callee : undefined;
  }
  return undefined;
}

/** The assignment is made by a method (or the constructor) of the owner. */
function withinOwner(node: Node, owner: string): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (!isFunction(p) || p.type === 'ArrowFunctionExpression') continue;
    const slot = prototypeSlot(p);
    if (slot) return slot.owner === owner;
    return p.type === 'FunctionDeclaration' && p.id?.name === owner;
  }
  return false;
}

/** `util.inherits(C, events.EventEmitter)` (or `inherits(C, EventEmitter)`) in C's module, and no `emit`/`on` of its own. */
function emitsFromEvents(fn: FunctionNode, ctx: AnalysisContext): boolean {
  const name = fn.type !== 'ArrowFunctionExpression' && fn.id ? fn.id.name : undefined;
  if (!name || prototypeMethod(ctx, name, 'emit') || prototypeMethod(ctx, name, 'on')) return false;
  let inherits = false;
  for (const node of ctx.nodesOfKind('CallExpression')) {
    if (inherits || node.type !== 'CallExpression' || !/(^|\.)inherits$/.test(dottedName(node.callee) ?? '')) continue;
    const [sub, sup] = node.arguments;
    if (sub?.type === 'Identifier' && sub.name === name && /(^|\.)EventEmitter$/.test(sup ? (dottedName(sup as Node) ?? '') : '')) inherits = true;
  }
  return inherits;
}

interface Armed {
  ctx: AnalysisContext;
  method: FunctionNode;
  timer: TSESTree.CallExpression;
  /** The function the timer runs, and its `this.emit(event, …)`. */
  fires: FunctionNode;
  emit: TSESTree.CallExpression;
}

/**
 * `C.prototype.m` arms a timer in its own body whose callback emits `event` on the instance:
 * `setTimeout(this.onTimer.bind(this), wait)`, `setTimeout(() => this.onTimer(), wait)`, or
 * `setTimeout(this.handlers.t, wait)` with the constructor's `this.handlers = { t: this.onTimer.bind(this) }`;
 * the method then runs `this.emit(event, …)` in its own body.
 */
function armsTimerFor(emitter: { fn: FunctionNode; ctx: AnalysisContext }, name: string, event: string): Armed | undefined {
  const { fn: ctor, ctx } = emitter;
  const cls = ctor.type !== 'ArrowFunctionExpression' && ctor.id ? ctor.id.name : undefined;
  const method = cls ? prototypeMethod(ctx, cls, name) : undefined;
  if (!cls || !method) return undefined;
  let armed: Armed | undefined;
  walk(method.body, ctx.keys, (node) => {
    if (armed || (node !== method.body && isFunction(node))) return false;
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'setTimeout' || ctx.variableOf(node.callee)?.defs.length) return undefined;
    const fires = timerCallback(node.arguments[0] as Node | undefined, ctor, cls, ctx);
    const emit = fires && emitOf(fires, event, ctx);
    if (fires && emit) armed = { ctx, method, timer: node, fires, emit };
    return undefined;
  });
  return armed;
}

function timerCallback(arg: Node | undefined, ctor: FunctionNode, cls: string, ctx: AnalysisContext): FunctionNode | undefined {
  if (!arg) return undefined;
  const a = unwrap(arg);
  if (isFunction(a)) {
    // `() => this.onTimer()`: one call, of a method of the class.
    const body = a.body.type === 'BlockStatement' && a.body.body.length === 1 && a.body.body[0]?.type === 'ExpressionStatement' ? a.body.body[0].expression : a.body;
    const call = unwrap(body as Node);
    if (a.type === 'ArrowFunctionExpression' && call.type === 'CallExpression' && call.callee.type === 'MemberExpression') {
      const name = thisField(call.callee);
      return name === undefined ? undefined : prototypeMethod(ctx, cls, name);
    }
    return undefined;
  }
  const bound = boundMethodName(a);
  if (bound !== undefined) return prototypeMethod(ctx, cls, bound);
  // `this.handlers.t`: the constructor's `this.handlers = { t: this.onTimer.bind(this) }`, the field written nowhere else.
  if (a.type !== 'MemberExpression' || a.computed || a.property.type !== 'Identifier') return undefined;
  const holder = thisField(a.object);
  if (holder === undefined || ctx.isMutableMember(holder)) return undefined;
  const key = a.property.name;
  let value: Node | undefined;
  let writes = 0;
  for (const node of ctx.nodesOfKind('AssignmentExpression')) {
    if (node.type !== 'AssignmentExpression' || thisField(node.left) !== holder) continue;
    writes++;
    const right = unwrap(node.right);
    const statement = node.parent;
    if (right.type !== 'ObjectExpression' || statement?.type !== 'ExpressionStatement' || statement.parent !== ctor.body) continue;
    for (const p of right.properties) {
      if (p.type === 'Property' && !p.computed && p.kind === 'init' && ((p.key.type === 'Identifier' && p.key.name === key) || (p.key.type === 'Literal' && p.key.value === key))) value = p.value as Node;
    }
  }
  const name = writes === 1 && value ? boundMethodName(unwrap(value)) : undefined;
  return name === undefined ? undefined : prototypeMethod(ctx, cls, name);
}

/** `this.m.bind(this)` or `this.m`: `m`. */
function boundMethodName(n: Node): string | undefined {
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && propertyName(n.callee) === 'bind' && n.arguments.length === 1 && unwrap(n.arguments[0] as Node).type === 'ThisExpression') return thisField(n.callee.object);
  return undefined;
}

/** `this.emit(event, …)` as a statement of the function's own body (it runs whenever the function does). */
function emitOf(fn: FunctionNode, event: string, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  if (fn.body.type !== 'BlockStatement') return undefined;
  for (const statement of fn.body.body) {
    // Only plain statements before it: a test that may leave first (`if (this.stopped) return`) is a way it may not fire.
    if (statement.type !== 'ExpressionStatement' && statement.type !== 'VariableDeclaration') return undefined;
    const e = statement.type === 'ExpressionStatement' ? unwrap(statement.expression) : undefined;
    if (e?.type !== 'CallExpression' || e.callee.type !== 'MemberExpression' || propertyName(e.callee) !== 'emit' || unwrap(e.callee.object).type !== 'ThisExpression') continue;
    const name = e.arguments[0];
    if (name?.type === 'Literal' && name.value === event) return e;
  }
  void ctx;
  return undefined;
}

function siteOf(call: TSESTree.CallExpression, handler: FunctionNode, listener: FunctionNode, handOver: TSESTree.CallExpression, armed: Armed, ctx: AnalysisContext, way: SentinelWay): RetrySite | undefined {
  let bound: Bound | undefined;
  let mayStop = false;
  const hops: { fn: FunctionNode; at: Node; ctx: AnalysisContext }[] = [
    { fn: listener, at: handOver, ctx },
    { fn: handler, at: call, ctx },
    // In the emitter's method, past the tests of a limit its owner's defaults never set (sentinel-stops.ts).
    { fn: armed.method, at: pastSentinelStops(armed.timer, armed.method, armed.ctx, way), ctx: armed.ctx },
  ];
  for (const hop of hops) {
    const env: Env = { ctx: hop.ctx, region: hop.fn.body, counters: new Set(), depth: 0 };
    const found = guardsIn(hop.fn.body, env, () => false, (node) => contains(node, hop.at));
    if (found) bound = merge(bound, found);
    // In the handler, the failure test that leads to the call is not a stop: what may stop is read around that `if` and inside it.
    const failure = hop.fn === handler ? failureBranch(call, handler) : undefined;
    if (mayStopBefore(failure?.statement ?? hop.at, hop.fn, env) || (failure && (underTest(hop.at, failure.branch) || exitsBefore(hop.at, failure.branch, hop.ctx)))) mayStop = true;
    // A test the way takes before it goes on (`if (n === max) { this.emit('fail') } else setTimeout(…)`): a stop the analysis
    // may not read. (The handler's own test is the failure path that leads to the call.)
    if (!mayStop && hop.fn !== handler && underTest(hop.at, hop.fn)) mayStop = true;
  }
  const env: Env = { ctx: armed.ctx, region: armed.method.body, counters: new Set(), depth: 0 };
  const ms = armed.timer.arguments[1] as Node | undefined;
  const value = ms ? evaluate(ms, env) : UNKNOWN;
  return {
    ...timedReentrySite({ node: listener, loc: call.loc, operationScope: listener.body, delay: value, bound, mayStop }),
    operation: handOver,
    through: handler,
  };
}

/** The `if` whose consequent holds the call, innermost. */
function failureBranch(call: Node, fn: FunctionNode): { statement: TSESTree.IfStatement; branch: Node } | undefined {
  let child: Node = call;
  for (let p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if (isFunction(p)) return undefined;
    if (p.type === 'IfStatement' && child === p.consequent) return { statement: p, branch: p.consequent };
  }
  return undefined;
}

/** A statement before the call in a block up to `root` that returns, throws or tests something. */
function exitsBefore(at: Node, root: Node, ctx: AnalysisContext): boolean {
  for (let child: Node = at, p = at.parent; p && child !== root; child = p, p = p.parent) {
    if (p.type !== 'BlockStatement') continue;
    for (const statement of p.body.slice(0, p.body.indexOf(child as TSESTree.Statement))) {
      let found = false;
      walk(statement, ctx.keys, (n) => {
        if (found || isFunction(n)) return false;
        if (/^(ReturnStatement|ThrowStatement|IfStatement|ConditionalExpression|LogicalExpression|BreakStatement)$/.test(n.type)) found = true;
        return undefined;
      });
      if (found) return true;
    }
  }
  return false;
}

/** The call sits under an `if`, `?:` or `&&` of its function, other than the failure test that leads to it: a branch the way may not take. */
function underTest(at: Node, fn: Node): boolean {
  let child: Node = at;
  for (let p = at.parent; p && child !== fn; child = p, p = p.parent) {
    if (p === fn) return false;
    if (isFunction(p)) return true;
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) return true;
    if (p.type === 'LogicalExpression' && child === p.right) return true;
  }
  return false;
}
