import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, handedArguments, isFunction, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { movesToNextAlternative } from '../alternatives.js';
import type { AnalysisContext, Variable } from '../context.js';
import { evaluate, type Env } from '../evaluate.js';
import { parameterVariables } from '../functions/local-function.js';
import { prototypeSlot } from '../prototype-slots.js';
import { drainedStore, requeuedBefore, sameStore } from '../requeue.js';
import { scanAttempt } from '../scan.js';
import type { Wait } from '../graph/schedules.js';
import { waitsOnSignal, type Sleep } from '../sleep.js';
import { sleepValue } from '../sleep-value.js';
import { num, UNKNOWN, type Value } from '../value.js';
import { firstDefinition, soleDefinition } from '../definitions/bodies.js';
import { readUpdate, solveRecurrence, type UpdateReader } from '../evolution/recurrence.js';
import { parameterSlots } from '../evolution/parameter-slots.js';
import { inlinedUpdate } from '../evaluation/written-values.js';
import type { Reentry } from './reentry.js';
import { failurePath, withTimer, type FailurePath } from './failure-path.js';
import { throughWait, waitsElsewhere } from './through-wait.js';
import { countStep } from '../variables/count-step.js';

/**
 * What does a way back in amount to: the call that reaches the retrying function again, the
 * counters it steps, the bindings it hands on, and the wait before the next attempt; and does
 * a self-call repeat the same operation rather than fall back to another one?
 */

/** What a way back in through a second function amounts to, read once for the site. */
interface WayBack {
  through: FunctionNode;
  /** The call in `through` that reaches the retrying function again. */
  back: Node;
  /** Parameters of the retrying function that the way back steps (`a(++attempt)` with `attempt` handed to `b`). */
  counters: Set<Variable>;
  /** Parameters of `through` that hold such a counter. */
  throughCounters: Set<Variable>;
  /** Parameters of `through` bound to what the failure path hands it (a fresh error: unknown). */
  bindings: Map<Variable, Value>;
  /** The wait in `through` before the way back: a setTimeout around it or a sleep before it. */
  timer?: TSESTree.CallExpression;
  opaqueTimer?: boolean;
  sleep?: Sleep;
  waits: boolean;
  /**
   * `b` waits somewhere else too (`setTimeout(this.resume.bind(this), wait)` on another
   * branch): another way back the analysis does not follow, so the wait is not known.
   */
  otherWait: boolean;
  /** Through two functions, the middle one when the wait sits there (`setTimeout(() => this.start(), delay)`). */
  waitIn?: FunctionNode;
}

/**
 * The self-call repeats the same operation: each argument passes its parameter on, steps a
 * counter or a wait (`attempt + 1`, `delay * 2`), or is a flag (`true`). A different string
 * (`trigger('error', e)` inside `trigger(name)`) or a rewritten input (`'http://' + url`)
 * is another operation, a fallback.
 */
export function sameOperation(fn: FunctionNode, call: Node, ctx: AnalysisContext): boolean {
  if (call.type !== 'CallExpression') return true;
  const args = handedArguments(call);
  return fn.params.every((param, i) => {
    const arg = args[i];
    const id = param.type === 'AssignmentPattern' ? param.left : param;
    if (!arg || id.type !== 'Identifier') return true;
    const a = unwrap(arg);
    if (a.type === 'Literal') return typeof a.value !== 'string' || isStringDefault(param);
    if (a.type === 'Identifier' || a.type === 'ThisExpression' || a.type === 'MemberExpression') return true;
    // `find(resolve(dir, '..'))`: the parameter joined with a text into another value (the parent
    // folder, a sibling path) asks for another input, as `'http://' + url` does.
    if (a.type === 'CallExpression' && a.arguments.some((x) => x.type === 'Identifier' && x.name === id.name) && a.arguments.some((x) => isString(x as Node))) return false;
    // `'http://' + url`, `` `${base}/v2` ``, `'http://'.concat(url)`: a rewritten input.
    return !containsString(a, ctx);
  });
}

function containsString(node: Node, ctx: AnalysisContext): boolean {
  let found = false;
  walk(node, ctx.keys, (n) => {
    if (found || isFunction(n)) return false;
    if (n.type === 'TemplateLiteral' || (n.type === 'BinaryExpression' && n.operator === '+' && (isString(n.left) || isString(n.right)))) found = true;
    if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && isString(n.callee.object)) found = true;
    return undefined;
  });
  return found;
}

function isString(node: Node): boolean {
  const n = unwrap(node);
  return (n.type === 'Literal' && typeof n.value === 'string') || n.type === 'TemplateLiteral';
}

function isStringDefault(param: Node): boolean {
  return param.type === 'AssignmentPattern' && isString(param.right);
}

/**
 * Parameters the self-call passes a new value that is neither a counter step nor a growing
 * wait change between calls in ways not followed: they are not the same every attempt.
 */
export function parameterBindings(fn: FunctionNode, call: Node, counters: ReadonlySet<Variable>, ctx: AnalysisContext): Map<Variable, Value> {
  const bindings = accumulatorParameters(fn, call, ctx);
  if (call.type !== 'CallExpression') return bindings;
  for (const slot of parameterSlots(fn, call, ctx)) {
    if (counters.has(slot.variable) || bindings.has(slot.variable)) continue;
    if (slot.unseen) {
      bindings.set(slot.variable, UNKNOWN);
      continue;
    }
    const a = slot.arg;
    if (!a || (a.type === 'Identifier' && ctx.variableOf(a) === slot.variable)) continue;
    bindings.set(slot.variable, handedNumber(a, fn, counters, ctx));
  }
  return bindings;
}

/**
 * `send(url, attempt + 1, 2000)` for `send(url, attempt, delay)` that awaits `wait(delay)`: from
 * the second attempt on, the parameter is what the call back hands it, a number or a number
 * growing with the attempt. (Anything else stays unknown: a flag handed back is read by the
 * one-shot analyses, not here.)
 */
function handedNumber(arg: Node, fn: FunctionNode, counters: ReadonlySet<Variable>, ctx: AnalysisContext): Value {
  const value = evaluate(arg, { ctx, region: fn.body, counters, depth: 0 });
  return value.t === 'num' || value.t === 'grow' ? value : UNKNOWN;
}

/**
 * Parameters the self-call hands an update of themselves (`wait * 2`, `Math.min(wait * 2, cap)`,
 * `backoff + 1000`): the wait the next attempt gets, solved as a recurrence from the parameter's
 * default (evolution/recurrence.ts). A step of one is left to counterParameters.
 */
function accumulatorParameters(fn: FunctionNode, call: Node, ctx: AnalysisContext): Map<Variable, Value> {
  const bindings = new Map<Variable, Value>();
  if (call.type !== 'CallExpression') return bindings;
  const env: Env = { ctx, region: fn.body, counters: new Set(), depth: 0 };
  for (const { variable, arg, initial } of parameterSlots(fn, call, ctx)) {
    if (!arg || (arg.type === 'Identifier' && ctx.variableOf(arg) === variable)) continue;
    const reader = parameterReader(variable, env);
    if (!reader.mentionsSelf(arg)) continue;
    const read = readUpdate(arg, reader);
    if (read.unitStep) continue;
    const first = initial ? evaluate(initial, env) : UNKNOWN;
    bindings.set(variable, solveRecurrence(first, read.update, read.cap));
  }
  return bindings;
}

/** How the solver reads an argument that updates the parameter `variable`: the other parts as the function sees them. */
function parameterReader(variable: Variable, env: Env): UpdateReader {
  const refersTo = (node: Node): boolean => node.type === 'Identifier' && env.ctx.variableOf(node) === variable;
  return {
    isSelf: (node) => refersTo(unwrap(node)),
    mentionsSelf: (node) => {
      let found = false;
      walk(node, env.ctx.keys, (n) => {
        if (found) return false;
        if (refersTo(n)) found = true;
        return undefined;
      });
      return found;
    },
    value: (node) => evaluate(node, env),
    inline: (call) => inlinedUpdate(call, (node) => refersTo(unwrap(node)), env),
  };
}

/** The wait before the self-call: the setTimeout delay, or a sleep on the failure path. */
export function recursionDelay(call: Node, path: FailurePath, env: Env, fn: FunctionNode): { value: Value; sleep?: Node; expression?: Node; onSignal?: boolean } {
  if (path.deferral && path.timer) return deferredDelay(path.deferral, path.timer, env, fn);
  if (path.timer) {
    const ms = path.timer.arguments[1] as Node | undefined;
    const result: { value: Value; sleep?: Node; expression?: Node } = { value: ms ? evaluate(ms, env) : num(0), sleep: path.timer };
    if (ms) result.expression = ms;
    return result;
  }
  const container = path.container;
  const scope = isFunction(container) ? container.body : container;
  const before = (root: Node) => scanAttempt(root, env.ctx).sleeps.filter((s) => s.node.range[0] < call.range[0]);
  let sleeps = before(scope);
  // Wait first: `await sleep(ms); try { … } catch { return attempt(…) }`.
  if (sleeps.length === 0) sleeps = before(fn.body).filter((s) => !contains(s.node, call));
  const sleep = sleeps[sleeps.length - 1];
  if (!sleep) return { value: path.opaqueTimer ? UNKNOWN : num(0) };
  const result: { value: Value; sleep?: Node; expression?: Node; onSignal?: boolean } = { value: sleepValue(sleep, env), sleep: sleep.node, onSignal: waitsOnSignal(sleep) };
  if (sleep.delay) result.expression = sleep.delay;
  return result;
}

/**
 * The wait of a function that puts what it is handed on a timer (`this.later(this.connect)`): its
 * parameter read as what the call hands it (`later(cb, ms)` called with `2000 * n`), anything else
 * read in it (`this.attempts += 1` there steps it), and again over the code holding both: a value
 * that differs is not known. Reported at the call that defers.
 */
function deferredDelay(deferral: NonNullable<FailurePath['deferral']>, timer: TSESTree.CallExpression, env: Env, fn: FunctionNode): ReturnType<typeof recursionDelay> {
  const ms = timer.arguments[1] && unwrap(timer.arguments[1] as Node);
  if (!ms) return { value: num(0), sleep: deferral.call };
  const params = parameterVariables(deferral.fn, env.ctx);
  const index = ms.type === 'Identifier' ? params.indexOf(env.ctx.variableOf(ms)) : -1;
  const arg = index >= 0 ? deferral.call.arguments[index] : undefined;
  if (arg && arg.type !== 'SpreadElement') return { value: evaluate(arg, env), expression: arg, sleep: deferral.call };
  if (index >= 0 || mentionsAny(ms, params, env.ctx)) return { value: UNKNOWN, sleep: deferral.call };
  const own: Env = { ...env, region: deferral.fn.body };
  const value = evaluate(ms, own);
  const wider = commonAncestor(fn, deferral.fn);
  const again = wider ? evaluate(ms, { ...own, region: readRegion(wider, deferral.fn, fn) }) : value;
  return { value: sameValue(value, again) ? value : UNKNOWN, sleep: deferral.call };
}

/** `ms` reads one of the variables. */
function mentionsAny(ms: Node, variables: readonly (Variable | undefined)[], ctx: AnalysisContext): boolean {
  let found = false;
  walk(ms, ctx.keys, (n) => {
    if (found) return false;
    if (n.type === 'Identifier' && variables.includes(ctx.variableOf(n))) found = true;
    return undefined;
  });
  return found;
}

/** The wait before a direct self-call goes again, with the parameters it passes bound, and its expression. */
export function waitOf(call: Node, path: FailurePath | undefined, fn: FunctionNode, env: Env): Wait {
  const bindings = parameterBindings(fn, call, new Set(), env.ctx);
  const { value, expression } = recursionDelay(call, path ?? withTimer({ container: fn.body }, call, fn, env.ctx), { ...env, bindings }, fn);
  return { value, expression };
}

/**
 * The wait a call into a second function that sets the timer (`this._schedule(5000 * 2 **
 * this.failures)` with `_schedule(delay) { setTimeout(() => this._run(), delay) }`) hands it:
 * the argument at the timer's parameter, read where the call is made. Undefined otherwise.
 */
export function handedWait(call: Node, reentry: Reentry, fn: FunctionNode, env: Env): Wait | undefined {
  if (call.type !== 'CallExpression' || reentry.via) return undefined;
  for (const back of reentry.backs) {
    const timer = throughWait(back, reentry.through, env.ctx).timer;
    const ms = timer?.arguments[1] && unwrap(timer.arguments[1] as Node);
    const index = ms?.type === 'Identifier' ? parameterVariables(reentry.through, env.ctx).indexOf(env.ctx.variableOf(ms)) : -1;
    const arg = index >= 0 ? call.arguments[index] : undefined;
    if (!arg || arg.type === 'SpreadElement') continue;
    return { value: valueWhereHanded(arg, fn, env.ctx), expression: arg };
  }
  return undefined;
}

/** An argument read in the function that hands it over, where the failure path steps what it reads (`this.failures += 1`). */
function valueWhereHanded(arg: Node, holder: FunctionNode, ctx: AnalysisContext): Value {
  return evaluate(arg, { ctx, region: holder.body, counters: new Set(), depth: 0 });
}

/**
 * The way back in through `b`: the call in `b` that reaches the retrying function with the same
 * operation (preferring one that waits), the counters it steps, and `b`'s parameters bound to
 * what the failure path passes. Undefined when `b` is also used where nothing failed.
 */
export function wayBack(reentry: Reentry, call: Node, fn: FunctionNode, env: Env, path?: FailurePath): WayBack | undefined {
  const { ctx } = env;
  const { through } = reentry;
  const backs = reentry.backs.filter((b) => sameOperation(fn, b, ctx));
  const waitOf = (b: Node) => throughWait(b, through, ctx);
  // `b` used elsewhere too: each use on a failure path of its own (a catch, `.catch(b)`), or `b` is
  // more than a retry (a scheduler others start too), unless the failure path itself puts the call
  // of `b` on a timer (`.catch(() => setTimeout(() => this.b(), wait))`): waiting there after a
  // failure and going again is a retry, whoever else calls `b` (to start or pump the work).
  // The same when the failure path hands `b` the error (`.catch((err) => this.onClose(err))`) and `b`
  // puts its call back on a timer: `b` handles failures, and it schedules the failed work again.
  // A second function that sets the failure listener up (`listen()`, also called to start listening) is called elsewhere to start: the same.
  // The failure path queuing the failed input again in the store the way back drains says so too
  // (requeue.ts): asked only of a way back that would otherwise be dropped.
  // Through two functions, the middle one called from the failure path that puts its call of the last on a timer: the same.
  const middleTimed = reentry.via !== undefined && throughWait(reentry.via.call, reentry.via.fn, ctx).timer !== undefined;
  const scheduled = path?.timer !== undefined || path?.listened === true || middleTimed || (path !== undefined && handsFailure(call, path, env) && backs.some((b) => waitOf(b).timer !== undefined));
  if (!scheduled && reentry.others.some((other) => !other.holder || !failurePath(other.node, other.holder, { ...env, region: other.holder.body })) && !(path && requeues(call, path, fn, backs, through, ctx))) return undefined;
  const back = backs.find((b) => waitOf(b).waits) ?? backs[0];
  if (!back) return undefined;
  const fnParams = parameterVariables(fn, ctx);
  const throughParams = parameterVariables(through, ctx);
  // Through two functions, `through` is handed what the middle one passes it.
  const handing = reentry.via?.call ?? call;
  const handed = handing.type === 'CallExpression' ? handing.arguments : [];
  // `b`'s parameter j receives what the failure path passes at j.
  const indexIn = (params: readonly (Variable | undefined)[], node: Node | undefined): number => {
    const n = node && unwrap(node);
    const variable = n?.type === 'Identifier' ? ctx.variableOf(n) : undefined;
    return variable ? params.indexOf(variable) : -1;
  };
  const counters = new Set<Variable>();
  const throughCounters = new Set<Variable>();
  const passedOn = new Set<number>();
  if (back.type === 'CallExpression' && !reentry.via) {
    back.arguments.forEach((arg, i) => {
      const a = unwrap(arg);
      const stepped = countStep(a)?.base;
      const j = indexIn(throughParams, stepped ?? a);
      // Handed on to `b` from the same parameter of the retrying function, stepped there or on the way back
      // (`catch { return retryLater(url, n + 1) }` with `retryLater(url, n) { …; return send(url, n) }`).
      const into = handed[j] && unwrap(handed[j] as Node);
      const steppedInto = into && countStep(into)?.base;
      if (j < 0 || indexIn(fnParams, steppedInto ?? into) !== i) return;
      passedOn.add(j);
      const own = fnParams[i];
      const theirs = throughParams[j];
      if ((stepped || steppedInto) && own && theirs) {
        counters.add(own);
        throughCounters.add(theirs);
      }
    });
  }
  const bindings = new Map<Variable, Value>();
  throughParams.forEach((variable, j) => {
    if (!variable) return;
    if (throughCounters.has(variable)) bindings.set(variable, { t: 'counter', random: false });
    // A variable of the code around both that the way in steps (`schedule(backoff)` beside
    // `backoff = Math.min(backoff * 2, max)`): what it holds from one failure to the next.
    else if (!passedOn.has(j)) bindings.set(variable, closureValue(handed[j], handing, fn, reentry, env) ?? UNKNOWN);
    // Anything else handed over changes from one failure to the next, as far as the analysis knows.
  });
  let wait = waitOf(back);
  // Through two functions, the middle one may hold the wait around its call of the last.
  let waitIn: FunctionNode | undefined;
  if (!wait.waits && reentry.via) {
    const middle = throughWait(reentry.via.call, reentry.via.fn, ctx);
    if (middle.waits) {
      wait = middle;
      waitIn = reentry.via.fn;
    }
  }
  const way: WayBack = { through, back, counters, throughCounters, bindings, waits: wait.waits, otherWait: waitsElsewhere(waitIn ?? through, wait.timer ?? wait.sleep?.node, ctx) };
  if (waitIn) way.waitIn = waitIn;
  if (wait.timer) way.timer = wait.timer;
  if (wait.opaqueTimer) way.opaqueTimer = true;
  if (wait.sleep) way.sleep = wait.sleep;
  return way;
}

/**
 * What the failure path hands the function that goes back in, when the analysis knows it: a
 * number written at the call, or a variable of the code around the retrying function and the
 * ones it goes back in through (`schedule(backoff)`): what it holds each time, read over the function
 * that hands it (where the failure steps it), and the same read over the code holding them all
 * (a reset to its start where a send succeeded joins as the start); anything else, undefined.
 */
function closureValue(arg: Node | undefined, handing: Node, fn: FunctionNode, reentry: Reentry, env: Env): Value | undefined {
  const a = arg && unwrap(arg);
  // (A number written at the call is the same each time.)
  if (a?.type === 'Literal' && typeof a.value === 'number') return num(a.value);
  // `this._schedule(5000 * 2 ** this.failures)`: computed where the failure path hands it over, from what that code steps.
  const holder = reentry.via?.fn ?? fn;
  if (a && a.type !== 'Identifier' && !isFunction(a) && contains(holder, handing)) {
    const computed = valueWhereHanded(a, holder, env.ctx);
    return computed.t === 'unknown' ? undefined : computed;
  }
  if (a?.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(a);
  const declared = soleDefinition(variable);
  if (declared?.type !== 'Variable') return undefined;
  const functions = [fn, reentry.through, ...(reentry.via ? [reentry.via.fn] : [])];
  if (functions.some((f) => contains(f, declared.node))) return undefined;
  const wider = commonAncestor(fn, reentry.through);
  if (!wider || !contains(wider, declared.node) || !contains(holder, handing)) return undefined;
  const value = valueWhereHanded(a, holder, env.ctx);
  if (value.t === 'unknown') return undefined;
  // Written elsewhere only to set it back to its start (`backoff = START` after a success, in a flush).
  const start = declared.node.init ? evaluate(declared.node.init, { ctx: env.ctx, region: wider, counters: new Set(), depth: 0 }) : undefined;
  const resets = (write: TSESTree.Identifier) => {
    const parent = write.parent;
    return start?.t === 'num' && parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.left === write && sameValue(evaluate(parent.right, { ctx: env.ctx, region: wider, counters: new Set(), depth: 0 }), start);
  };
  const elsewhere = (variable as Variable).references.filter((ref) => ref.isWrite() && !ref.init && !contains(holder.body, ref.identifier));
  return elsewhere.every((ref) => ref.identifier.type === 'Identifier' && resets(ref.identifier)) ? value : undefined;
}

/** The store a way back in through a second function drains, when each of its calls back takes its item from one. */
export function drainOf(reentry: Reentry | undefined, ctx: AnalysisContext): Node | undefined {
  if (!reentry) return undefined;
  const stores = reentry.backs.map((back) => drainedStore(back, reentry.through, ctx)?.store);
  const first = stores[0];
  return first && stores.every((store) => store && sameStore(store, first, ctx)) ? first : undefined;
}

/** A way back in on the failure path that queues the failed input in `store` and drains it again. */
export function requeuesInto(call: Node, path: FailurePath, fn: FunctionNode, reentry: Reentry | undefined, store: Node, ctx: AnalysisContext): boolean {
  if (!reentry) return false;
  return reentry.backs.some((back) => {
    const drained = drainedStore(back, reentry.through, ctx);
    return drained !== undefined && sameStore(drained.store, store, ctx) && requeuedBefore(call, path.container, fn, drained.store, drained.index, ctx);
  });
}

/** The failure path queues the failed input again in the store the way back in drains (requeue.ts). */
function requeues(call: Node, path: FailurePath, fn: FunctionNode, backs: readonly Node[], through: FunctionNode, ctx: AnalysisContext): boolean {
  return backs.some((back) => {
    const drained = drainedStore(back, through, ctx);
    return drained !== undefined && requeuedBefore(call, path.container, fn, drained.store, drained.index, ctx);
  });
}

/**
 * The call of `b` on the failure path hands it the failure: the caught error or the error a
 * callback receives (`this.onClose(err)`), or `b` itself handed to `.catch(b)` / `.then(_, b)` /
 * an `error` event, which call it with the error. Not a `close` event's handler or a call that
 * passes the request on (`later(msg)`).
 */
function handsFailure(call: Node, path: FailurePath, env: Env): boolean {
  if (call.type !== 'CallExpression') {
    let child: Node = call;
    for (let p = call.parent; p; child = p, p = p.parent) {
      if (p.type !== 'CallExpression') continue;
      const name = calleeName(p) ?? '';
      // `this.onError.bind(this)` handed on: the bind call is the argument.
      if (name === 'bind' && p.callee === child) continue;
      if (!p.arguments.includes(child as TSESTree.CallExpressionArgument)) return false;
      if (name === 'catch') return true;
      if (name === 'then') return p.arguments[1] === child;
      const event = p.arguments[0];
      return /^(on|once|addListener|addEventListener|prependListener)$/.test(name) && event?.type === 'Literal' && event.value === 'error';
    }
    return false;
  }
  return call.arguments.some((arg) => {
    const a = unwrap(arg);
    if (a.type !== 'Identifier') return false;
    const def = firstDefinition(env.ctx.variableOf(a));
    return def?.type === 'CatchClause' || (def?.type === 'Parameter' && isFunction(path.container) && def.node === path.container);
  });
}

/** `b` moves on to another alternative before going back in (the next host, the rest of a list). */
export function walksOn(reentry: Reentry, env: Env): boolean {
  return movesToNextAlternative(reentry.through.body, [], env.ctx, reentry.backs);
}

/** The wait of the way back in through `b`, when it has one (for choosing among self-calls). */
export function reentryWait(call: Node, reentries: ReadonlyMap<Node, Reentry> | undefined, env: Env): boolean {
  const reentry = reentries?.get(call);
  if (reentry === undefined) return false;
  // Through two functions, the middle one's wait around its call of the last counts too.
  return reentry.backs.some((b) => throughWait(b, reentry.through, env.ctx).waits) || (reentry.via !== undefined && throughWait(reentry.via.call, reentry.via.fn, env.ctx).waits);
}

/**
 * The wait of a retry that goes back in through `b`: `b`'s own (a timer around the call back,
 * a sleep before it), or the failure path's in the retrying function; not both. It is read in
 * `b` and again over the code that holds both functions: a value that differs (a member one
 * of them moves, `this.delay *= 2` in the other) is not known.
 */
export function reentryDelay(fromPath: ReturnType<typeof recursionDelay>, way: WayBack, env: Env, throughEnv: Env, fn: FunctionNode): ReturnType<typeof recursionDelay> {
  const pathWaits = fromPath.sleep !== undefined || fromPath.value.t !== 'num' || fromPath.value.v !== 0;
  const wider = commonAncestor(fn, way.through);
  if (!way.waits) {
    if (!wider || way.otherWait) return { value: UNKNOWN };
    // Read again over both functions: a member `b` moves (`this.delay *= 2`) is not the same each
    // time. (Over the class body, the constructor's write of the starting value would count too.)
    const again = fromPath.expression ? evaluate(fromPath.expression, { ...env, region: readRegion(wider, way.through, fn) }) : fromPath.value;
    return sameValue(again, fromPath.value) ? fromPath : { ...fromPath, value: UNKNOWN };
  }
  if (way.otherWait) return { value: UNKNOWN };
  if (pathWaits || way.opaqueTimer || !wider) return { value: UNKNOWN, ...(way.timer ? { sleep: way.timer } : way.sleep ? { sleep: way.sleep.node } : {}) };
  const widerEnv: Env = { ...throughEnv, region: wider };
  if (way.timer) {
    const ms = way.timer.arguments[1] as Node | undefined;
    const value = ms ? evaluate(ms, throughEnv) : num(0);
    const result: ReturnType<typeof recursionDelay> = { value: ms && !sameValue(value, evaluate(ms, widerEnv)) ? UNKNOWN : value, sleep: way.timer };
    if (ms) result.expression = ms;
    return result;
  }
  const sleep = way.sleep as Sleep;
  const value = sleepValue(sleep, throughEnv);
  const result: ReturnType<typeof recursionDelay> = { value: sameValue(value, sleepValue(sleep, widerEnv)) ? value : UNKNOWN, sleep: sleep.node, onSignal: waitsOnSignal(sleep) };
  if (sleep.delay) result.expression = sleep.delay;
  return result;
}

/** The same value, whatever order its fields were set in (`{ ...grow, random }` and `{ random, ...grow }`). */
function sameValue(a: Value, b: Value): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: Value): string {
  // (A function a caller handed in is named by its node, which holds the whole tree: left out.)
  return JSON.stringify(value, (key, v: unknown) => (key === 'closure' ? undefined : v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1))) : v));
}

/**
 * Where to read a value again for the other function of a way back in: the code holding both,
 * or, when that is a class body, the other method alone (a class body holds the constructor,
 * whose writes set starting values); so too for two methods of one prototype (the code around
 * them holds the constructor function).
 */
function readRegion(wider: Node, other: FunctionNode, fn: FunctionNode): Node {
  if (wider.type === 'ClassBody') return other.body;
  const [a, b] = [prototypeSlot(fn), prototypeSlot(other)];
  return a && b && a.owner === b.owner ? other.body : wider;
}

/** The innermost node that holds both functions (their class body, the function around both). */
function commonAncestor(a: Node, b: Node): Node | undefined {
  for (let p = a.parent; p; p = p.parent) if (contains(p, b)) return p;
  return undefined;
}
