import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, isFunction, keyName, propertyName, removesListener, soleExpression, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { isReassigned, type AnalysisContext } from '../context.js';
import { isOperationCall } from '../operations/operation-call.js';
import { promiseTimerCall } from './promise-timer.js';

/**
 * Is this a sleep? A sleep is code whose promise settles by resolving after a timer, and only
 * then: `new Promise((r) => setTimeout(r, ms))` and the functions that return or await one.
 * A promise whose timer rejects (a watchdog around a read), or that also settles on other
 * events (`stream.on('end', resolve)`), or whose executor starts work, is an operation with a
 * deadline: it does not wait between attempts, whatever its function is called. Cancelling
 * the wait (an abort signal's listener that rejects or resolves early) keeps it a sleep.
 */

/** The timer whose end resolves the promise, when `node` is a promise that settles only so. */
export function timerOfPromise(node: TSESTree.NewExpression, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  if (unwrap(node.callee).type !== 'Identifier' || calleeName(node) !== 'Promise') return undefined;
  const executor = node.arguments[0] && unwrap(node.arguments[0] as Node);
  if (!executor || !isFunction(executor)) return undefined;
  const resolve = executor.params[0]?.type === 'Identifier' ? executor.params[0].name : undefined;
  if (resolve === undefined) return undefined;
  const reject = executor.params[1]?.type === 'Identifier' ? executor.params[1].name : undefined;
  const timers = timersIn(executor, ctx);
  const timer = timers.find((t) => settlesThrough(t, resolve, ctx));
  if (!timer) return undefined;
  // A timer that rejects is a watchdog, whichever other timer resolves.
  if (reject !== undefined && timers.some((t) => settlesThrough(t, reject, ctx))) return undefined;
  if (settlesElsewhere(executor, timer, resolve, reject, ctx)) return undefined;
  return startsWork(executor, timer, new Set(reject === undefined ? [resolve] : [resolve, reject]), ctx) ? undefined : timer;
}

/**
 * `new Promise((resolve) => setTimeout(() => resolve(op()), ms))`: a wait, then a call whose
 * result settles the promise. The promise is a sleep; the call is work done after it, as if
 * written `await sleep(ms); await op()`.
 */
export function delayedCall(node: TSESTree.NewExpression, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  const timer = timerOfPromise(node, ctx);
  const callback = timer?.arguments[0] && unwrap(timer.arguments[0] as Node);
  const body = callback && isFunction(callback) ? soleExpression(callback) : undefined;
  const settle = body && unwrap(body);
  // `resolve(op())`, the executor's own resolve: its value is the call's result.
  const executor = node.arguments[0] && unwrap(node.arguments[0] as Node);
  const resolve = executor && isFunction(executor) && executor.params[0]?.type === 'Identifier' ? executor.params[0].name : undefined;
  if (settle?.type !== 'CallExpression' || settle.arguments.length !== 1 || calleeName(settle) !== resolve || unwrap(settle.callee).type !== 'Identifier') return undefined;
  const value = unwrap(settle.arguments[0] as Node);
  return value.type === 'CallExpression' ? value : undefined;
}

export interface SleepSummary {
  /** The timer whose end resolves the promise the function returns or awaits. */
  timer: TSESTree.CallExpression;
  /** The timer's wait: `setTimeout(resolve, ms)`'s second argument, a promise timer's first. */
  delay: Node | undefined;
}

const summaries = new WeakMap<AnalysisContext, WeakMap<FunctionNode, SleepSummary | null>>();

/**
 * The function's promise settles after a timer and only then: it returns (or, async, awaits)
 * one timer promise, in straight-line code (a loop or a try around it makes it more than a
 * wait). Read once per function and file.
 */
export function sleepSummary(fn: FunctionNode, ctx: AnalysisContext): SleepSummary | undefined {
  let byFn = summaries.get(ctx);
  if (!byFn) summaries.set(ctx, (byFn = new WeakMap()));
  let summary = byFn.get(fn);
  if (summary === undefined) {
    summary = summarise(fn, ctx) ?? null;
    byFn.set(fn, summary);
  }
  return summary ?? undefined;
}

function summarise(fn: FunctionNode, ctx: AnalysisContext): SleepSummary | undefined {
  if (fn.generator || !straightLine(fn, ctx)) return undefined;
  // (A timer that calls back a function handed in schedules that function: a way back, not a wait.)
  const settled = settledPromises(fn, ctx);
  if (settled.length !== 1) return undefined;
  const promise = settled[0] as Node;
  // `await setTimeout(1000 * s)` from timers/promises: the promise is the timer's own.
  const promised = promiseTimerCall(promise, ctx);
  if (promised) return { timer: promised, delay: promised.arguments[0] as Node | undefined };
  const timer = promise.type === 'NewExpression' ? timerOfPromise(promise, ctx) : undefined;
  return timer && { timer, delay: timer.arguments[1] as Node | undefined };
}

/**
 * The promises whose settling is the function's: what it returns, and in an async function
 * what it awaits as a statement. Early outs that give nothing back (`return;`,
 * `return Promise.resolve()`, either branch of `ms > 0 ? wait : Promise.resolve()`) and, in
 * an async function, plain values it returns once it has waited (`return true`) are left out.
 */
function settledPromises(fn: FunctionNode, ctx: AnalysisContext): Node[] {
  // (unwrap also looks through `await`.)
  if (fn.body.type !== 'BlockStatement') return returned(fn.body, fn, ctx);
  const found: Node[] = [];
  walk(fn.body, ctx.keys, (n) => {
    if (n !== fn.body && isFunction(n)) return false;
    if (n.type === 'ReturnStatement') {
      if (n.argument) found.push(...returned(n.argument, fn, ctx));
      return false;
    }
    if (fn.async && n.type === 'ExpressionStatement' && n.expression.type === 'AwaitExpression') found.push(unwrap(n.expression));
    return undefined;
  });
  return found;
}

function returned(node: Node, fn: FunctionNode, ctx: AnalysisContext): Node[] {
  const n = unwrap(node);
  if (nothing(n)) return [];
  if (n.type === 'ConditionalExpression') return [...returned(n.consequent, fn, ctx), ...returned(n.alternate, fn, ctx)];
  if (fn.async && node.type !== 'AwaitExpression' && plain(n, ctx)) return [];
  return [n];
}

/** A value computed without calling anything: `true`, `ms`, `{ waited: ms }`. */
function plain(node: Node, ctx: AnalysisContext): boolean {
  let calls = false;
  walk(node, ctx.keys, (n) => {
    if (isFunction(n) || n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'AwaitExpression' || n.type === 'TaggedTemplateExpression') calls = true;
    return !calls;
  });
  return !calls;
}

/** `undefined`, `void 0`, `Promise.resolve()`: an early out that gives nothing back. */
function nothing(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'Identifier') return n.name === 'undefined';
  if (n.type === 'UnaryExpression') return n.operator === 'void';
  return n.type === 'CallExpression' && n.arguments.length === 0 && n.callee.type === 'MemberExpression' && unwrap(n.callee.object).type === 'Identifier' && (unwrap(n.callee.object) as TSESTree.Identifier).name === 'Promise' && propertyName(n.callee) === 'resolve';
}

function straightLine(fn: FunctionNode, ctx: AnalysisContext): boolean {
  let branches = false;
  walk(fn.body, ctx.keys, (n) => {
    if (n !== fn.body && isFunction(n)) return false;
    if ((n.type === 'TryStatement' && !cleanupOnly(n, ctx)) || n.type === 'ForStatement' || n.type === 'WhileStatement' || n.type === 'DoWhileStatement' || n.type === 'ForOfStatement' || n.type === 'ForInStatement') branches = true;
    return !branches;
  });
  return !branches;
}

/**
 * `try { await timer } finally { signal?.removeEventListener('abort', abort) }`: no catch, and a
 * finally that only takes listeners off or clears timers; the function settles when the try does.
 */
function cleanupOnly(n: TSESTree.TryStatement, ctx: AnalysisContext): boolean {
  if (n.handler || !n.finalizer) return false;
  let work = false;
  walk(n.finalizer, ctx.keys, (x) => {
    if (work || isFunction(x)) return false;
    if (x.type === 'CallExpression' && calleeName(x) !== 'clearTimeout' && !removesListener(x) && isOperationCall(x)) work = true;
    if (x.type === 'AwaitExpression' || x.type === 'ReturnStatement' || x.type === 'ThrowStatement') work = true;
    return undefined;
  });
  return !work;
}

/** The `setTimeout(…)` calls of the executor, its callbacks included. */
function timersIn(executor: FunctionNode, ctx: AnalysisContext): TSESTree.CallExpression[] {
  const timers: TSESTree.CallExpression[] = [];
  walk(executor.body, ctx.keys, (n) => {
    if (n.type === 'CallExpression' && isSetTimeoutCall(n, ctx)) timers.push(n);
    return undefined;
  });
  return timers;
}

/** The timer's callback is `settle` itself or calls it. */
function settlesThrough(timer: TSESTree.CallExpression, settle: string, ctx: AnalysisContext): boolean {
  const callback = timer.arguments[0] && unwrap(timer.arguments[0] as Node);
  if (!callback) return false;
  if (callback.type === 'Identifier') return callback.name === settle;
  if (!isFunction(callback)) return false;
  let calls = false;
  walk(callback.body, ctx.keys, (n) => {
    if (n.type === 'CallExpression' && unwrap(n.callee).type === 'Identifier' && calleeName(n) === settle) calls = true;
    return !calls;
  });
  return calls;
}

/**
 * The promise may settle other than by the timer: `resolve` or `reject` named outside the
 * timer's callback, except where an abort cancels the wait (a listener for 'abort', an
 * `onabort` handler, a branch on `aborted`) or either is called outright, before any wait
 * (`if (ms <= 0) return resolve()`): a wait of nothing, not another event.
 */
function settlesElsewhere(executor: FunctionNode, timer: TSESTree.CallExpression, resolve: string, reject: string | undefined, ctx: AnalysisContext): boolean {
  const handlers = abortHandlers(executor, ctx);
  let elsewhere = false;
  walk(executor.body, ctx.keys, (n) => {
    if (elsewhere || n === timer || cancels(n) || (isFunction(n) && (handlers.has(n) || clearsTimer(n, timer, ctx)))) return false;
    if (n.type !== 'Identifier' || (n.name !== resolve && n.name !== reject)) return undefined;
    // `reject = rej`, kept for an abort to call: the wait can only fail early, never end early.
    if (n.name === reject && n.parent?.type === 'AssignmentExpression' && n.parent.right === n) return undefined;
    const call = n.parent;
    const outright = call?.type === 'CallExpression' && call.callee === n && (call.parent?.type === 'ExpressionStatement' || call.parent?.type === 'ReturnStatement') && !insideCallback(call, executor);
    if (!outright) elsewhere = true;
    return undefined;
  });
  return elsewhere;
}

/**
 * `this.stop = () => { clearTimeout(timeout); resolve(); }` with `const timeout = setTimeout(resolve, ms)`:
 * a function kept (assigned) that clears the wait's own timer ends the wait early, a
 * cancellation whatever it is called or wherever it is kept.
 */
function clearsTimer(fn: FunctionNode, timer: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  // Kept for the owner to call; one handed to a listener (`body.on('end', …)`) ends the wait on that event.
  if (fn.parent?.type !== 'AssignmentExpression' || fn.parent.right !== fn) return false;
  const holder = timer.parent?.type === 'VariableDeclarator' && timer.parent.init === timer && timer.parent.id.type === 'Identifier' ? ctx.variableOf(timer.parent.id) : undefined;
  if (!holder) return false;
  let clears = false;
  walk(fn.body, ctx.keys, (n) => {
    if (clears) return false;
    const cleared = n.type === 'CallExpression' && calleeName(n) === 'clearTimeout' ? n.arguments[0] : undefined;
    if (cleared?.type === 'Identifier' && ctx.variableOf(cleared) === holder) clears = true;
    return undefined;
  });
  return clears;
}

/** A node inside a function the executor hands on (a callback), not run by the executor itself. */
function insideCallback(node: Node, executor: FunctionNode): boolean {
  for (let p = node.parent; p && p !== executor; p = p.parent) if (isFunction(p)) return true;
  return false;
}

/**
 * The executor's named functions registered only as abort listeners:
 * `const onAbort = () => { clearTimeout(t); reject(signal.reason); }` with
 * `signal.addEventListener('abort', onAbort, { once: true })`.
 */
function abortHandlers(executor: FunctionNode, ctx: AnalysisContext): Set<Node> {
  const named = new Map<string, FunctionNode>();
  const registered = new Set<string>();
  const otherUses = new Set<string>();
  walk(executor.body, ctx.keys, (n) => {
    if (n.type === 'VariableDeclarator' && n.id.type === 'Identifier' && n.init && isFunction(unwrap(n.init))) named.set(n.id.name, unwrap(n.init) as FunctionNode);
    if (n.type === 'FunctionDeclaration' && n.id) named.set(n.id.name, n);
    if (n.type === 'Identifier') {
      const p = n.parent;
      const listener = (p?.type === 'CallExpression' && cancels(p) && p.arguments[1] === n) || (p?.type === 'AssignmentExpression' && cancels(p) && p.right === n);
      const declaring = (p?.type === 'VariableDeclarator' && p.id === n) || (p?.type === 'FunctionDeclaration' && p.id === n);
      // Taking the listener off again (`removeEventListener('abort', onAbort)`) is no other use.
      const removing = p !== undefined && removesListener(p) && p.arguments[1] === n;
      if (listener) registered.add(n.name);
      else if (!declaring && !removing) otherUses.add(n.name);
    }
    return undefined;
  });
  return new Set([...named].flatMap(([name, fn]) => (registered.has(name) && !otherUses.has(name) ? [fn] : [])));
}

/** Code that runs when the wait is cancelled: `signal.addEventListener('abort', …)`, `x.onabort = …`, `if (signal.aborted) …`. */
function cancels(n: Node): boolean {
  if (n.type === 'CallExpression') {
    const event = n.arguments[0] && unwrap(n.arguments[0] as Node);
    return /^(addEventListener|once|on)$/.test(calleeName(n) ?? '') && event?.type === 'Literal' && event.value === 'abort';
  }
  if (n.type === 'AssignmentExpression') return n.left.type === 'MemberExpression' && propertyName(n.left) === 'onabort';
  if (n.type === 'IfStatement') {
    const test = unwrap(n.test);
    return test.type === 'MemberExpression' && propertyName(test) === 'aborted';
  }
  return false;
}

/**
 * The executor does more than wait: a call that may do I/O (`socket.write(d)`), or an async
 * executor. Arithmetic and bookkeeping, clearing or unref-ing the timer, registering the
 * cancellation, or a synchronous function of the file whose own calls are all such, are not work.
 */
function startsWork(executor: FunctionNode, timer: TSESTree.CallExpression, settles: ReadonlySet<string>, ctx: AnalysisContext): boolean {
  let work = false;
  walk(executor.body, ctx.keys, (n) => {
    if (work || (n !== executor.body && isFunction(n)) || cancels(n)) return false;
    if (n.type === 'CallExpression' && n !== timer && !contains(n, timer) && !contains(timer, n) && !/^(clearTimeout|unref|ref|addEventListener|removeEventListener|once|on)$/.test(calleeName(n) ?? '') && !computesInExecutor(n, executor, settles, ctx)) work = true;
    return undefined;
  });
  return work;
}

/**
 * A call of a synchronous executor that only works out the wait or gives it up:
 * `const after = parseRetryAfter(h)`, `Math.random() * d`, `reject(err); return;` or
 * `return resolve()` before the timer. Arithmetic and bookkeeping (not an operation call), or
 * a synchronous function of this file whose own calls are all such; what settles the wait
 * (the executor's `resolve` or `reject`, a callback handed in) called outright.
 */
function computesInExecutor(call: TSESTree.CallExpression, executor: FunctionNode, settles: ReadonlySet<string>, ctx: AnalysisContext): boolean {
  if (executor.async) return false;
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier' && settles.has(callee.name)) return call.parent?.type === 'ExpressionStatement' || call.parent?.type === 'ReturnStatement';
  if (!isOperationCall(call)) return true;
  if (callee.type !== 'Identifier') return false;
  const fn = ctx.functionOf(callee);
  if (!fn || fn.async || fn.generator) return false;
  let pure = true;
  walk(fn.body, ctx.keys, (n) => {
    if (!pure || (n !== fn.body && isFunction(n))) return false;
    if ((n.type === 'CallExpression' && isOperationCall(n)) || n.type === 'NewExpression' || n.type === 'AwaitExpression') pure = false;
    return undefined;
  });
  return pure;
}

/** The global object's names: `globalThis.setTimeout`, `window.setTimeout` are `setTimeout`. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self', 'global']);

/**
 * `setTimeout(…)`, or the same timer named through the global object, where the file declares
 * no such name; or a timer handed in whose default is that one (`schedule = setTimeout`,
 * `options = { scheduleDelay: setTimeout }`): injected so tests can run it at once, it is the
 * global timer wherever the code runs for real.
 */
export function isSetTimeoutCall(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name === 'setTimeout' || defaultsToSetTimeout(callee, undefined, ctx);
  if (callee.type !== 'MemberExpression') return false;
  const object = unwrap(callee.object);
  if (calleeName(call) === 'setTimeout' && object.type === 'Identifier' && GLOBAL_OBJECTS.has(object.name) && !ctx.variableOf(object)?.defs.length) return true;
  const key = callee.computed ? undefined : propertyName(callee);
  return object.type === 'Identifier' && key !== undefined && defaultsToSetTimeout(object, key, ctx);
}

/** A parameter (or a key of one) whose default is the global `setTimeout`. */
function defaultsToSetTimeout(id: TSESTree.Identifier, key: string | undefined, ctx: AnalysisContext): boolean {
  const variable = ctx.variableOf(id);
  const def = variable?.defs[0];
  if (def?.type !== 'Parameter' || variable?.defs.length !== 1 || isReassigned(variable)) return false;
  const name = def.name as Node;
  const pattern = name.parent;
  if (pattern?.type !== 'AssignmentPattern' || pattern.left !== name) return false;
  const fallback = unwrap(pattern.right);
  if (key === undefined) return isSetTimeoutName(fallback, ctx);
  if (fallback.type !== 'ObjectExpression') return false;
  const property = fallback.properties.find((p) => p.type === 'Property' && !p.computed && keyName(p.key) === key);
  return property?.type === 'Property' && isSetTimeoutName(unwrap(property.value as Node), ctx);
}

function isSetTimeoutName(node: Node, ctx: AnalysisContext): boolean {
  if (node.type === 'Identifier') return node.name === 'setTimeout' && !ctx.variableOf(node)?.defs.length;
  if (node.type !== 'MemberExpression' || propertyName(node) !== 'setTimeout') return false;
  const object = unwrap(node.object);
  return object.type === 'Identifier' && GLOBAL_OBJECTS.has(object.name) && !ctx.variableOf(object)?.defs.length;
}
