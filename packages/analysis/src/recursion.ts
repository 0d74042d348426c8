import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, calleeName, contains, dottedName, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { movesToNextAlternative } from './alternatives.js';
import { restartAfterExhaustion, type Restart } from './restart.js';
import { guardsIn, merge } from './bounds.js';
import type { Bound } from './exits/bound.js';
import { mayStopBefore } from './exits.js';
import { outcomeCheck } from './checks.js';
import { writesWithin, type AnalysisContext, type Variable } from './context.js';
import type { Env } from './evaluate.js';
import { evaluate, numberArray } from './evaluate.js';
import { branchNotTaken } from './evaluation/branches.js';
import { localFunction, parameterVariables } from './functions/local-function.js';
import { classifies } from './loops.js';
import { policyFrom, serverWaitMark } from './policy.js';
import { prototypeSlot } from './prototype-slots.js';
import { racedTimeout } from './raced-timeouts.js';
import { drainedStore, requeuedBefore, sameStore } from './requeue.js';
import { nextAttemptInputs } from './inputs/next-attempt.js';
import { synchronousAttempt } from './outcomes/synchronous-result.js';
import { firstCallIn, isOperationCall, scanAttempt, waitsInside } from './scan.js';
import { failureBacksOff, settingsReadOutside, type Wait } from './graph/schedules.js';
import { literalFailureMethod } from './graph/handler-objects.js';
import { asSleep, computesWait, waitsOnSignal, type Sleep } from './sleep.js';
import { sleepValue } from './sleep-value.js';
import type { RetrySite } from './types.js';
import { UNKNOWN, num, type Value } from './value.js';
import { firstDefinition, soleDefinition } from './definitions/bodies.js';
import { readUpdate, solveRecurrence, type UpdateReader } from './evolution/recurrence.js';
import { parameterSlots } from './evolution/parameter-slots.js';

// Not 'end': a stream that ended normally is not a failure.
export const FAILURE_EVENT = /^(error|close|disconnect|disconnected|exit|timeout|reconnect_failed|connect_error|connect_failed|failed)$/i;

/**
 * A way back in through a second function: the call `a()` makes of `b()` on its failure
 * path (the self-call's place), `b` itself, and the calls in `b` that reach `a` again.
 */
export interface Reentry {
  through: FunctionNode;
  backs: Node[];
  /** The uses of `b` outside `a`, with the function each sits in: each must be a failure's. */
  others: { node: Node; holder: FunctionNode | undefined }[];
  /** The retrying function hands the second one on to code that calls it on failure only (handed.ts). */
  handed?: boolean;
  /**
   * Two functions in between (analyze.ts, twoHopReentry): the failure path calls `via.fn`, whose
   * call `via.call` of `through` leads back in. What `through` is handed comes from that call.
   */
  via?: { fn: FunctionNode; call: Node };
}

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

/** Where a self-call sits on the failure path, and the code of that path. */
interface FailurePath {
  container: Node;
  /** The function runs as the listener of a failure event that the way back sets up (listenedOnFailure). */
  listened?: boolean;
  /** The setTimeout (or setInterval) that schedules the self-call, when it is scheduled. */
  timer?: TSESTree.CallExpression;
  /** A scheduler the analysis cannot read (`this.setTimeoutFn(…)`, `later(…)`): the wait is unknown. */
  opaqueTimer?: boolean;
  /** Where the function holding the self-call is used (`scheduleRetry()`, `.catch(onError)`), when it is one. */
  via?: Node[];
}

/**
 * A function that calls itself again from its failure path — a catch block, a `.catch()`
 * or `.then(_, onError)` callback, an error callback, an `error`/`close` event handler —
 * directly or through `setTimeout`.
 *
 * Not a retry: a function that also calls itself on success (a poller, a scheduler), or
 * whose self-call is another operation (`trigger('error', e)` inside `trigger`,
 * `validate('http://' + url)`: a fallback with a new input).
 */
export function recursionSites(fn: FunctionNode, selfCalls: readonly Node[], ctx: AnalysisContext, reentries?: ReadonlyMap<Node, Reentry>): RetrySite[] {
  const baseEnv: Env = { ctx, region: fn.body, counters: new Set(), depth: 0 };
  const paths = new Map<Node, FailurePath>();
  /** Self-calls made when the attempt succeeded that go again at once (a work loop's next step). */
  const onSuccessAtOnce: Node[] = [];
  // A failover walk whose every step failed starts over from its exhausted branch: that call
  // retries the walk, and the steps to the next alternative are not retries.
  const restart = reentries && selfCalls.some((c) => reentries.has(c)) ? undefined : restartAfterExhaustion(fn, selfCalls, (c) => failurePath(c, fn, baseEnv) !== undefined, ctx);
  if (restart) {
    const restartPaths = new Map([[restart.call, withTimer({ container: restart.branch }, undefined, restart.call, fn)]]);
    const site = siteFor(restart.call, fn, restartPaths, selfCalls, baseEnv, undefined, undefined, restart);
    return site ? [site] : [];
  }
  // Each call's way back in on a failure. With none, the function retries nothing whatever the
  // defaults or timers say (every branch below ends in no site): most recursion is a walk or a
  // parser, and reading the defaults for each of its calls cost more than the rest of this.
  const failurePaths = new Map<Node, FailurePath>();
  for (const call of selfCalls) {
    const path = failurePath(call, fn, baseEnv) ?? listenedOnFailure(call, fn, reentries?.get(call)) ?? (reentries?.get(call)?.handed ? withTimer({ container: fn.body }, undefined, call, fn) : undefined);
    if (path) failurePaths.set(call, path);
  }
  if (failurePaths.size === 0) return [];
  let byDefaults = false;
  /** The stores drained after a success (their next item), each needing a failure path that queues the failed input there. */
  const drains: Node[] = [];
  const schedules: Node[] = [];
  for (const call of selfCalls) {
    // A way back in under a branch the options' defaults never take (`else if (typeof retryOn
    // === 'function')` with `retryOn: []`): what the function does with a caller's option, not by default.
    if (branchNotTaken(call, fn, baseEnv)) {
      byDefaults = true;
      continue;
    }
    const path = failurePaths.get(call);
    if (path) paths.set(call, path);
    else if (!insideGuardedBranch(call, fn)) {
      if (!goesAtOnce(call, fn, baseEnv, reentries?.get(call))) {
        // A drain of a queue (the next item, on a timer) after a success: not this call again,
        // when the failure path queues the failed input in that store (requeue.ts).
        const drained = drainOf(reentries?.get(call), ctx);
        // A way back on success that waits first schedules the task again (through another
        // function too: a connection's later drop); its failure path may still back off (below).
        if (drained) drains.push(drained);
        else schedules.push(call);
        continue;
      }
      onSuccessAtOnce.push(call);
    }
  }
  // A periodic task: the success path's way back is its schedule (no finding), the failure path's a retry when it waits otherwise (graph/schedules.ts).
  if (schedules.length > 0) {
    const failureRegions = [...paths.values()].map((p) => p.container).filter((c) => c !== fn && c !== fn.body);
    const outside = (setting: string) => (readOutside ??= settingsReadOutside(fn.body, failureRegions, ctx.keys)).has(setting);
    let readOutside: Set<string> | undefined;
    if (!failureBacksOff(schedules.map((c) => waitOf(c, paths.get(c), fn, baseEnv)), [...paths.keys()].map((c) => (reentries?.has(c) ? { value: UNKNOWN } : waitOf(c, paths.get(c), fn, baseEnv))), outside)) return [];
  }
  if (drains.length > 0 && !drains.every((store) => [...paths].some(([c, path]) => requeuesInto(c, path, fn, reentries?.get(c), store, ctx)))) return [];
  // A work loop that goes on at once after a success and only after a timer after a failure
  // (`.then(() => this.next(), () => setTimeout(() => this.next(), interval))`) retries its failed
  // step on that timer; one whose failure path goes again at once as well is a loop, not a retry.
  if (onSuccessAtOnce.length > 0 && ![...paths].some(([call, path]) => scheduledOnFailure(call, path, reentries?.get(call), baseEnv))) return [];
  const candidates = [...paths.keys()].filter((call) => {
    const reentry = reentries?.get(call);
    return reentry ? reentry.backs.some((back) => sameOperation(fn, back, ctx)) && !walksOn(reentry, baseEnv) : sameOperation(fn, call, ctx);
  });
  if (candidates.length === 0) return [];
  const waiting = new Map<Node, boolean>();
  const waits = (c: Node): boolean => {
    let w = waiting.get(c);
    if (w === undefined) waiting.set(c, (w = Boolean(paths.get(c)?.timer) || sleepBefore(c, paths.get(c) as FailurePath, baseEnv) || Boolean(reentryWait(c, reentries, baseEnv))));
    return w;
  };
  // Of several ways back in, the one that waits says how this function retries.
  // (A way through a second function that cannot be followed — used where nothing failed — gives way
  // to one that can: the `.catch(err => this.onClose(err))` beside an `on('close', this.onClose)`.)
  const followable = (c: Node) => !reentries?.has(c) || wayBack(reentries.get(c) as Reentry, c, fn, baseEnv, paths.get(c)) !== undefined;
  const call = candidates.find((c) => waits(c) && followable(c)) ?? candidates.find(waits) ?? (candidates[0] as Node);
  const main = siteFor(call, fn, paths, selfCalls, baseEnv, reentries?.get(call));
  if (!main) return [];
  if (byDefaults) main.byDefaults = true;
  // Another way back in that goes again at once (`if (res === null) return this.send(…)` beside
  // a 429 that sleeps first) is a second policy of the same function: its own site, when the
  // analysis sees that it does not wait.
  const immediate = waits(call) && !reentries?.has(call) ? candidates.find((c) => !reentries?.has(c) && !waits(c) && sameCallAs(c, call, ctx) && !splitByCondition(c, call, baseEnv)) : undefined;
  const second = immediate && siteFor(immediate, fn, paths, selfCalls, baseEnv);
  return second && second.policy.delay.kind === 'none' && !second.sleep ? [main, second] : [main];
}

/**
 * A self-call (or a call of a second function that comes back in) that no timer, scheduler
 * or sleep holds back: neither one around it or before it in its function, nor one in the
 * second function on its way back.
 */
function goesAtOnce(call: Node, fn: FunctionNode, env: Env, reentry: Reentry | undefined): boolean {
  const path = withTimer({ container: fn }, undefined, call, fn);
  if (path.timer || path.opaqueTimer || hasTimerAround(call, fn)) return false;
  // A sleep before it, in the callback that holds it (`.then(async () => { await sleep(ms); again() })`) or in the function.
  const sleepsBefore = (root: Node) => scanAttempt(root, env.ctx).sleeps.some((s) => s.node.range[0] < call.range[0]);
  let holder: FunctionNode = fn;
  for (let p = call.parent; p && p !== fn; p = p.parent) {
    if (isFunction(p)) {
      holder = p;
      break;
    }
  }
  if (sleepsBefore(fn.body) || (holder !== fn && sleepsBefore(holder.body))) return false;
  return !reentry || !reentry.backs.some((b) => throughWait(b, reentry.through, env.ctx).waits || hasTimerAround(b, reentry.through));
}

/** Any timer call (`setTimeout`, `setInterval`, `setImmediate`, a scheduler by name) that the call sits in. */
function hasTimerAround(call: Node, fn: FunctionNode): boolean {
  for (let p = call.parent; p && p !== fn; p = p.parent) {
    if (p.type === 'CallExpression' && /^(setTimeout|setInterval|setImmediate)$/.test(calleeName(p) ?? '')) return true;
    if (p.type === 'CallExpression' && TIMER_LIKE.test(calleeName(p) ?? '')) return true;
  }
  return false;
}

/**
 * The failure path schedules the way back on a setTimeout: around the self-call in the
 * failure path, or, through a second function, around its call back in.
 */
function scheduledOnFailure(call: Node, path: FailurePath, reentry: Reentry | undefined, env: Env): boolean {
  if (path.timer) return true;
  return reentry !== undefined && reentry.backs.some((b) => throughWait(b, reentry.through, env.ctx).timer !== undefined);
}

/**
 * Two self-calls that go again with the same arguments, but for a counter's step
 * (`send(req, retries)` and `send(req, ++retries)`). One that hands on something the
 * attempt has used (`this._refresh(hostIterator)` beside `this._refresh()`) goes elsewhere.
 */
function sameCallAs(a: Node, b: Node, ctx: AnalysisContext): boolean {
  if (a.type !== 'CallExpression' || b.type !== 'CallExpression' || a.arguments.length !== b.arguments.length) return false;
  const text = (n: Node) => {
    const u = unwrap(n);
    const base = u.type === 'UpdateExpression' ? u.argument : u.type === 'BinaryExpression' && /^[+-]$/.test(u.operator) && unwrap(u.right).type === 'Literal' ? u.left : u;
    return ctx.sourceCode.text.slice(base.range[0], base.range[1]);
  };
  return a.arguments.every((arg, i) => text(arg) === text(b.arguments[i] as Node));
}

/**
 * The two calls sit in the two arms of a condition that is not the attempt's outcome
 * (`if (retryDelay) setTimeout(again, retryDelay); else again();`): one policy whose wait
 * may be zero, not a second way to retry.
 */
function splitByCondition(a: Node, b: Node, env: Env): boolean {
  for (let p = a.parent; p; p = p.parent) {
    if (!contains(p, b)) continue;
    return (p.type === 'IfStatement' || p.type === 'ConditionalExpression') && !contains(p.test, a) && !contains(p.test, b) && outcomeCheck(p.test, env, false) === undefined;
  }
  return false;
}

/** A test on the way to the call that lets it go at most once more (a flag set before it), when the caller knows one. */
export type OnceTest = (call: Node, fn: FunctionNode) => ((node: Node) => boolean) | undefined;

/**
 * A function that goes again through a library rather than by calling itself: a client's error
 * interceptor re-sending the failed request (interceptors.ts). The whole function runs on
 * failure; `calls` are the re-sends in it (or, with `reentry`, its calls of a second function
 * that re-sends). The one that waits says how it retries.
 */
export function resendSite(fn: FunctionNode, calls: readonly Node[], ctx: AnalysisContext, options: ResendOptions): RetrySite | undefined {
  const baseEnv: Env = { ctx, region: fn.body, counters: new Set(), depth: 0, handedFailures: options.failures };
  const paths = new Map<Node, FailurePath>();
  for (const call of calls) paths.set(call, withTimer({ container: fn }, undefined, call, fn));
  const reentries = options.reentry ? new Map(calls.map((c) => [c, options.reentry as Reentry])) : undefined;
  const waits = (c: Node) => Boolean(paths.get(c)?.timer) || sleepBefore(c, paths.get(c) as FailurePath, baseEnv) || Boolean(reentryWait(c, reentries, baseEnv));
  const call = calls.find(waits) ?? calls[0];
  return call && siteFor(call, fn, paths, calls, baseEnv, reentries?.get(call), options);
}

export interface ResendOptions {
  reentry?: Reentry;
  /** The failure the function is handed (an interceptor's error and its aliases). */
  failures: ReadonlySet<Variable>;
  once?: OnceTest;
  /** Something on the way may count attempts where the analysis does not read it (state kept on the request). */
  mayCount?: (call: Node, fn: FunctionNode) => boolean;
}

function siteFor(call: Node, fn: FunctionNode, paths: ReadonlyMap<Node, FailurePath>, selfCalls: readonly Node[], baseEnv: Env, reentry?: Reentry, resend?: ResendOptions, restart?: Restart): RetrySite | undefined {
  const { ctx } = baseEnv;
  const path = paths.get(call) as FailurePath;
  // Through a second function, the call that comes back in is the one whose arguments count.
  const way = reentry && wayBack(reentry, call, fn, baseEnv, path);
  if (reentry && !way) return undefined;
  const back = way?.back ?? call;
  // A way back that closes itself behind a changed input goes at most once more: another request
  // when the attempt reads that input (no retry), the same one bounded by a one-shot flag when not.
  const next = resend ? 'same' : nextAttemptInputs({ fn, back, leaves: call, failure: path.container, ...(way ? { through: way.through } : {}), ctx });
  if (next === 'other-request') return undefined;
  const counters = way ? way.counters : counterParameters(fn, call, ctx);
  // (A walk started over once exhausted moves through its alternatives on purpose: its restart is the retry.)
  if (!restart && (walksAlternatives(fn, counters, baseEnv) || (way && walksAlternatives(way.through, way.throughCounters, baseEnv)))) return undefined;
  // A failure listener's retried call is the request whose result sets the listener up again.
  const reissued = path.listened ? reissuedCall(call, fn) : undefined;
  const operation = restart ? restart.operation : (reissued ?? firstCallIn(fn.body, scanAttempt(fn.body, ctx).calls.filter((c) => c !== call && !contains(c, call))));
  if (!restart && movesToNextAlternative(fn.body, operation, ctx, selfCalls)) return undefined;
  const decrementing = new Set([...counters].filter((v) => decrements(v, back)));
  const env: Env = { ...baseEnv, counters, decrementing, bindings: parameterBindings(fn, back, counters, ctx) };
  const isRetry = (node: Node) => contains(node, call) || (path.via?.some((use) => contains(node, use)) ?? false);
  let bound = guardsIn(fn.body, env, () => false, isRetry);
  // An abort check at the top (`if (ctx.aborted) throw …`) does not hide the count the failure
  // callback checks (`.catch((err) => { if (ctx.aborted || ctx.left === 0) throw err; … })`).
  if (bound?.attempts === undefined) {
    const inCallbacks = guardsInCallbacks(fn, env, isRetry);
    if (inCallbacks) bound = merge(bound, inCallbacks);
  }
  const recovery = recoversFirst(call, path, fn, env, selfCalls);
  let delay = recursionDelay(call, path, env, fn);
  if (way) {
    // A repair the second function awaits before it goes back in (`await this.createBucket(); return this.create()`)
    // takes its own time, as one on the failure path itself does.
    if (!recovery.awaited && recoversFirst(way.back, { container: way.through }, way.through, { ...env, region: way.through.body }, selfCalls).awaited) recovery.awaited = true;
    const throughEnv: Env = { ...env, region: way.through.body, counters: way.throughCounters, bindings: way.bindings };
    bound ??= guardsIn(way.through.body, throughEnv, () => false, (node) => contains(node, way.back));
    // Through two functions, the middle one's guards on the way to its call of the last.
    const via = reentry?.via;
    if (via) {
      const middle = guardsIn(via.fn.body, { ...env, region: via.fn.body, counters: new Set(), bindings: new Map() }, () => false, (node) => contains(node, via.call));
      // An abort test in the retrying function does not hide the count the middle one keeps.
      if (middle) bound = merge(bound, middle);
    }
    const waitEnv: Env = way.waitIn ? { ...env, region: way.waitIn.body, counters: new Set(), bindings: new Map() } : throughEnv;
    delay = reentryDelay(delay, way, env, waitEnv, fn);
  }
  // A recovery step awaited before going again (re-initialise, refresh a token) takes its own time.
  const waitsInOperation = operation !== undefined && waitsInside(operation, ctx);
  // (The request a failure listener re-issues is the attempt itself, not a step before it.)
  if (((recovery.awaited && !reissued) || waitsInOperation) && delay.value.t === 'num' && delay.value.v === 0 && !delay.sleep) delay = { value: UNKNOWN };
  const limits: Bound = bound ?? { deadline: false, abortAware: false };
  let afterStateChange = false;
  // A deadline or an abort already bounds it: an exit of unknown count would say less.
  const otherwiseBounded = limits.deadline || limits.abortAware;
  if (limits.attempts === undefined) {
    // `send(req, true)` guarded by `!isRetry`, or a 409/401 that re-reads state: at most once more.
    // A 404 or 409 on the way back in through `b` re-reads state: at most once more, as in `a`.
    const flag = resend?.once?.(call, fn);
    if (next === 'one-shot' || retriesOnce(fn, call, env) || (way && testedOnTheWay(way.back, way.through, (node) => isStateChangingStatus(node), env)) || (flag && testedOnTheWay(call, fn, flag, env))) limits.attempts = 2;
    else if (recovery.changesCondition) limits.attempts = recovery.fromError ? 'unknown' : 2;
    if (limits.attempts === 2) afterStateChange = true;
    else if (resend?.mayCount?.(call, fn)) limits.attempts = 'unknown';
    else if (!otherwiseBounded && mayStopBefore(call, fn, env, way ? call : undefined)) limits.attempts = 'unknown';
    // The second function may give up on the way back (`if (remaining <= 0) throw error`).
    else if (!otherwiseBounded && way && mayStopBefore(way.back, way.through, { ...env, region: way.through.body, counters: way.throughCounters, bindings: way.bindings, handedFailures: failureParameters(call, way.through, path, env, reentry?.handed) })) limits.attempts = 'unknown';
    // Or the middle one of two, on the way to its call of the last.
    else if (!otherwiseBounded && reentry?.via && mayStopBefore(reentry.via.call, reentry.via.fn, { ...env, region: reentry.via.fn.body, counters: new Set(), bindings: new Map() })) limits.attempts = 'unknown';
  }
  const site: RetrySite = {
    kind: 'recursion',
    node: fn,
    // `setTimeout(connect, 1000)` passes the function itself: report the setTimeout. Through a
    // second function that waits, where it goes back in.
    // Through two functions, where the failure path goes in (the last one's call back may be a
    // drain that a success schedules too).
    // Where the middle one holds the timer, there: the one place that waits, whichever failure path went in.
    loc: reentry?.via ? (way?.waitIn && way.timer ? way.timer : call).loc : way?.waits ? (way.back.type !== 'CallExpression' && way.timer ? way.timer : way.back).loc : (path.timer && call.type !== 'CallExpression' ? path.timer : call).loc,
    operationScope: fn.body,
    policy: policyFrom(delay.value, limits, limits.attempts === undefined),
    fromLibraryDefault: { delay: false, jitter: false, attempts: false },
    classifiesErrors: classifies(path.container, env),
    abortAware: limits.abortAware || delay.onSignal === true,
    deadlineBound: limits.deadline,
    nested: [],
    ...serverWaitMark(delay.value),
  };
  if (operation) site.operation = operation;
  if (delay.sleep) site.sleep = delay.sleep;
  if (delay.expression) site.delayExpression = delay.expression;
  if (way) site.through = reentry?.via?.fn ?? way.through;
  if (afterStateChange) site.afterStateChange = true;
  if (afterStateChange && recovery.awaited) site.repairsFirst = true;
  if (path.listened) listenerSites.add(site);
  return site;
}

/**
 * A self-call off the failure path that runs only under a condition of its own (`if (more)
 * next()`) leaves the question open; one that runs whenever the attempt succeeds — a
 * `.then(() => again())`, a reschedule after the work — makes the function a poller.
 */
function insideGuardedBranch(call: Node, fn: FunctionNode): boolean {
  // `p.then(onValue, onError)` handing the function (or the one that calls it back) on: it goes
  // again when the attempt succeeds, whatever guard the `.then` sits under.
  const host = call.parent;
  if (host?.type === 'CallExpression' && calleeName(host) === 'then' && host.arguments[0] === call) return false;
  for (let p = call.parent; p && p !== fn; p = p.parent) {
    if (p.type === 'IfStatement' || p.type === 'ConditionalExpression' || p.type === 'LogicalExpression' || p.type === 'SwitchCase') {
      // A guard inside a success callback still reschedules on success.
      for (let q: Node | undefined = p.parent; q && q !== fn; q = q.parent) if (isSuccessCallback(q)) return false;
      return true;
    }
  }
  return false;
}

function isSuccessCallback(node: Node): boolean {
  const parent = node.parent;
  return isFunction(node) && parent?.type === 'CallExpression' && calleeName(parent) === 'then' && parent.arguments[0] === node;
}

/**
 * The self-call repeats the same operation: each argument passes its parameter on, steps a
 * counter or a wait (`attempt + 1`, `delay * 2`), or is a flag (`true`). A different string
 * (`trigger('error', e)` inside `trigger(name)`) or a rewritten input (`'http://' + url`)
 * is another operation, a fallback.
 */
function sameOperation(fn: FunctionNode, call: Node, ctx: AnalysisContext): boolean {
  if (call.type !== 'CallExpression') return true;
  return fn.params.every((param, i) => {
    const arg = call.arguments[i];
    const id = param.type === 'AssignmentPattern' ? param.left : param;
    if (!arg || id.type !== 'Identifier') return true;
    const a = unwrap(arg);
    if (a.type === 'Literal') return typeof a.value !== 'string' || isStringDefault(param);
    if (a.type === 'Identifier' || a.type === 'ThisExpression' || a.type === 'MemberExpression') return true;
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

/** A sleep on the failure path before the self-call. */
function sleepBefore(call: Node, path: FailurePath, env: Env): boolean {
  const scope = isFunction(path.container) ? path.container.body : path.container;
  return scanAttempt(scope, env.ctx).sleeps.some((s) => s.node.range[0] < call.range[0]);
}

/**
 * Parameters the self-call passes a new value that is neither a counter step nor a growing
 * wait change between calls in ways not followed: they are not the same every attempt.
 */
function parameterBindings(fn: FunctionNode, call: Node, counters: ReadonlySet<Variable>, ctx: AnalysisContext): Map<Variable, Value> {
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
    bindings.set(slot.variable, UNKNOWN);
  }
  return bindings;
}

/**
 * What the failure path does before going again. `awaited`: an awaited or chained
 * operation (`await this.reinit()`, `runScript('init').then(() => runScript(name))`), which
 * takes its own time, so the retry is not immediate. `changesCondition`: it changes what a
 * condition on the way to the self-call reads (`this.cache.removeAccessToken()` under
 * `if (this.cache.hasAccessToken)`: the next call takes another way, so it runs at most
 * twice), or moves state on from the error (`this.offset = err.offset`: progress, with no
 * count the analysis can see).
 */
function recoversFirst(call: Node, path: FailurePath, fn: FunctionNode, env: Env, selfCalls: readonly Node[] = []): { awaited: boolean; changesCondition: boolean; fromError: boolean } {
  const container = isFunction(path.container) ? path.container.body : path.container;
  const read = conditionReads(call, fn, env);
  let awaited = false;
  let changesCondition = false;
  let fromError = false;
  // The recovery is the function itself (`this.run('init').then(() => this.run(name))`) and
  // waits nowhere in it: it takes an attempt's time, and any wait of the function is the site's own.
  let itselfWaits: boolean | undefined;
  const attemptOfItself = (node: Node) => selfCalls.includes(node) && !(itselfWaits ??= waitsAnywhere(fn, selfCalls, env.ctx));
  const touches = (target: Node) => {
    const name = dottedName(target);
    if (name && [...read].some((r) => r === name || r.startsWith(`${name}.`))) changesCondition = true;
  };
  walk(container, env.ctx.keys, (node) => {
    if (node.range[0] >= call.range[0]) return false;
    if (isFunction(node) && !contains(node, call)) return false;
    if (node.type === 'CallExpression' && node !== call && !contains(node, call) && isOperationCall(node) && !asSleep(node, env.ctx)) {
      if (node.parent?.type === 'AwaitExpression' && !attemptOfItself(node)) awaited = true;
      const callee = unwrap(node.callee);
      if (callee.type === 'MemberExpression') touches(callee.object);
    }
    // `x.then(() => self())`: the self-call waits for x.
    if (node.type === 'CallExpression' && calleeName(node) === 'then' && node.arguments.some((arg) => contains(arg, call))) {
      const callee = unwrap(node.callee);
      const target = callee.type === 'MemberExpression' ? unwrap(callee.object) : undefined;
      if (target?.type === 'CallExpression' && isOperationCall(target) && !asSleep(target, env.ctx) && !attemptOfItself(target)) awaited = true;
    }
    if (node.type === 'AssignmentExpression' || node.type === 'UnaryExpression') {
      const target = node.type === 'AssignmentExpression' ? node.left : node.operator === 'delete' ? node.argument : undefined;
      if (target?.type === 'MemberExpression') {
        touches(target);
        if (node.type === 'AssignmentExpression' && readsError(node.right, path, env)) changesCondition = fromError = true;
      }
    }
    return undefined;
  });
  return { awaited, changesCondition, fromError };
}

/** A sleep anywhere in the function, callbacks included, or in a function of this file it calls. */
function waitsAnywhere(fn: FunctionNode, selfCalls: readonly Node[], ctx: AnalysisContext): boolean {
  let waits = false;
  walk(fn.body, ctx.keys, (node) => {
    if (waits) return false;
    if ((node.type === 'CallExpression' || node.type === 'NewExpression') && asSleep(node, ctx)) waits = true;
    else if (node.type === 'CallExpression' && !selfCalls.includes(node) && waitsInside(node, ctx)) waits = true;
    return undefined;
  });
  return waits;
}

/** Dotted names the conditions between the function's start and the self-call read (not the methods they call). */
function conditionReads(call: Node, fn: FunctionNode, env: Env): Set<string> {
  const names = new Set<string>();
  let child: Node = call;
  for (let p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) {
      walk(p.test, env.ctx.keys, (n) => {
        // `if (opts.shouldRetry())`: a predicate's answer, not state a recovery is seen to change.
        if (n.type === 'MemberExpression' && !(n.parent?.type === 'CallExpression' && n.parent.callee === n)) {
          const name = dottedName(n);
          if (name) names.add(name);
        }
        return undefined;
      });
    }
  }
  return names;
}

function readsError(node: Node, path: FailurePath, env: Env): boolean {
  let found = false;
  walk(node, env.ctx.keys, (n) => {
    if (found) return false;
    // `err.offset`, not `err` itself (recording the error is bookkeeping).
    if (n.type === 'MemberExpression' && unwrap(n.object).type === 'Identifier') {
      const def = firstDefinition(env.ctx.variableOf(unwrap(n.object) as TSESTree.Identifier));
      if (def?.type === 'CatchClause' || (def?.type === 'Parameter' && contains(path.container, def.name as Node))) found = true;
    }
    return undefined;
  });
  return found;
}

/**
 * At most one retry: the failure it answers is a specific client error that changes state
 * rather than a transient one (`status === 409` re-reads, `code === 401` refreshes). (A flag
 * passed on the way back, `send(req, true)` behind `!retried`, is a one-shot input change:
 * inputs/next-attempt.ts.)
 */
function retriesOnce(fn: FunctionNode, call: Node, env: Env): boolean {
  return testedOnTheWay(call, fn, (node) => isStateChangingStatus(node), env);
}

function testedOnTheWay(call: Node, fn: FunctionNode, matches: (node: Node) => boolean, env: Env): boolean {
  let child: Node = call;
  for (let p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression' || p.type === 'LogicalExpression') && (p.type === 'LogicalExpression' ? p.right === child : child !== p.test)) {
      let found = false;
      walk(p.type === 'LogicalExpression' ? p.left : p.test, env.ctx.keys, (n) => {
        if (found) return false;
        if (matches(n)) found = true;
        return undefined;
      });
      if (found) return true;
    }
  }
  return false;
}

/** `err.code === 409`, `res.status == 401`: a 4xx other than 408 and 429. */
function isStateChangingStatus(node: Node): boolean {
  if (node.type !== 'BinaryExpression' || !/^[!=]==?$/.test(node.operator) || node.operator.startsWith('!') || node.left.type === 'PrivateIdentifier') return false;
  const sides = [unwrap(node.left), unwrap(node.right)];
  const code = sides.find((n) => n.type === 'Literal' && typeof n.value === 'number');
  const member = sides.find((n) => n.type === 'MemberExpression' && /^(status|statusCode|code)$/.test(propertyName(n) ?? ''));
  const value = code?.type === 'Literal' ? (code.value as number) : undefined;
  return member !== undefined && value !== undefined && value >= 400 && value < 500 && value !== 408 && value !== 429;
}

/**
 * `parsers[index]` with `index` moved on each call: falling back through a list of
 * alternatives, not retrying one operation (a numeric table of waits is a schedule).
 */
function walksAlternatives(fn: FunctionNode, counters: ReadonlySet<Variable>, env: Env): boolean {
  let found = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (found) return false;
    if (node.type !== 'MemberExpression' || !node.computed || node.property.type !== 'Identifier') return undefined;
    const variable = env.ctx.variableOf(node.property);
    if (!variable) return undefined;
    const moves = counters.has(variable) || writesWithin(variable, fn.body).length > 0;
    if (moves && numberArray(node.object, env) === undefined) found = true;
    return undefined;
  });
  return found;
}

/** Guards inside the failure callbacks (`.catch(e => { if (n <= 0) throw e; … })`). */
function guardsInCallbacks(fn: FunctionNode, env: Env, isRetry: (node: Node) => boolean) {
  let result;
  for (const callback of nestedFunctions(fn, env)) {
    const bound = guardsIn(callback.body, env, () => false, isRetry);
    if (bound) result = bound;
  }
  return result;
}

function nestedFunctions(fn: FunctionNode, env: Env): FunctionNode[] {
  const result: FunctionNode[] = [];
  walk(fn.body, env.ctx.keys, (node) => {
    if (isFunction(node)) result.push(node);
  });
  return result;
}

/** A call sits on a failure path of its function (a catch, a `.catch()` callback, an error callback). */
export function onFailurePath(call: Node, fn: FunctionNode, ctx: AnalysisContext): boolean {
  return failurePath(call, fn, { ctx, region: fn.body, counters: new Set(), depth: 0 }) !== undefined;
}

/** The self-call is reached only when an attempt failed. */
/**
 * The way back in hands the function to an event emitter as the listener of a failure
 * (`source.on('error', this.onSourceError)` in the second function): the function runs when
 * the source fails, so all of it is a failure path, and the call that sets the listener up
 * again on a new source (`this.open(offset).then((s) => { this.source = s; this.listen() })`)
 * goes round to it after the next failure.
 */
function listenedOnFailure(call: Node, fn: FunctionNode, reentry: Reentry | undefined): FailurePath | undefined {
  // Only the way back through the request's success callback: a timer there is another shape (its own site).
  if (!reentry || fn.body.type !== 'BlockStatement' || !reissuedCall(call, fn)) return undefined;
  const listens = reentry.backs.some((back) => {
    // `this.onError`, or `this.onError.bind(this)` as handed over.
    let handed: Node = back;
    const member = back.parent;
    if (member?.type === 'MemberExpression' && member.object === back && propertyName(member) === 'bind' && member.parent?.type === 'CallExpression' && member.parent.callee === member) handed = member.parent;
    const registration = handed.parent;
    if (registration?.type !== 'CallExpression' || registration.callee === handed || !/^(on|once|addListener|addEventListener|prependListener)$/.test(calleeName(registration) ?? '')) return false;
    const event = registration.arguments[0];
    return registration.arguments[1] === handed && event?.type === 'Literal' && typeof event.value === 'string' && FAILURE_EVENT.test(event.value);
  });
  return listens ? { ...withTimer({ container: fn.body }, undefined, call, fn), listened: true } : undefined;
}

/** Sites of failure listeners that go back in through the function that sets them up (listenedOnFailure). */
export const listenerSites = new WeakSet<RetrySite>();

/** `request(…).then((s) => { …; listen() })`: the call whose success callback holds the way back in. */
function reissuedCall(call: Node, fn: FunctionNode): TSESTree.CallExpression | undefined {
  for (let child: Node = call, p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type !== 'CallExpression' || calleeName(p) !== 'then' || p.arguments[0] !== child) continue;
    const callee = unwrap(p.callee);
    const promise = callee.type === 'MemberExpression' ? unwrap(callee.object) : undefined;
    return promise?.type === 'CallExpression' ? promise : undefined;
  }
  return undefined;
}

function failurePath(call: Node, fn: FunctionNode, env: Env, depth = 0): FailurePath | undefined {
  let timer: TSESTree.CallExpression | undefined;
  let child: Node = call;
  for (let p = call.parent; p && p !== fn; child = p, p = p.parent) {
    switch (p.type) {
      case 'VariableDeclarator':
        // `const scheduleRetry = () => setTimeout(() => retry(n + 1), wait)`, called from a catch.
        if (p.init === child && isFunction(child)) return namedCallbackPath(p, child, call, fn, env, depth);
        break;
      case 'CatchClause':
        return withTimer({ container: p.body }, timer, call, fn);
      case 'Property':
        // A method of an object literal handed over as a handler, run on a failure (graph/handler-objects.ts).
        if (p.value === child && isFunction(child) && literalFailureMethod(call, fn, env.ctx, onFailurePath)) return withTimer({ container: child }, timer, call, fn);
        break;
      case 'CallExpression': {
        if (!p.arguments.includes(child as TSESTree.CallExpressionArgument)) break;
        const name = calleeName(p);
        if (name === 'setTimeout' && p.arguments[0] === child) timer = p;
        else if (name === 'catch') return withTimer({ container: child }, timer, call, fn);
        else if (name === 'then' && p.arguments[1] === child) return withTimer({ container: child }, timer, call, fn);
        else if (/^(on|once|addListener|addEventListener|prependListener)$/.test(name ?? '')) {
          const event = p.arguments[0];
          if (event?.type === 'Literal' && typeof event.value === 'string' && FAILURE_EVENT.test(event.value)) return withTimer({ container: child }, timer, call, fn);
        }
        break;
      }
      case 'AssignmentExpression': {
        const target = p.left;
        if (p.right === child && target.type === 'MemberExpression' && target.property.type === 'Identifier' && /^on(error|close)$/.test(target.property.name)) {
          return withTimer({ container: child }, timer, call, fn);
        }
        break;
      }
      case 'BlockStatement':
      case 'Program': {
        // `if (res.ok) return res;` earlier in the block: what follows runs on failure.
        const index = p.body.indexOf(child as never);
        const earlier = p.body.slice(0, Math.max(index, 0));
        if (earlier.some((s) => s.type === 'IfStatement' && alwaysExits(s.consequent) && outcomeCheck(s.test, env, false) === 'success')) {
          return !timer && synchronousAttempt(call, fn) ? undefined : withTimer({ container: p }, timer, call, fn);
        }
        break;
      }
      case 'IfStatement':
      case 'ConditionalExpression': {
        if (child === p.test) break;
        const polarity = outcomeCheck(p.test, env, false);
        const inConsequent = child === p.consequent;
        if ((inConsequent && polarity === 'failure') || (!inConsequent && polarity === 'success')) return !timer && synchronousAttempt(call, fn) ? undefined : withTimer({ container: child }, timer, call, fn);
        if (polarity) return undefined;
        break;
      }
    }
  }
  return undefined;
}

/**
 * A function of the retrying function, held in a const, that makes the self-call: the
 * self-call is on the failure path when every use of the const is (a call from a catch, a
 * `.catch(onError)`). A use elsewhere (on success too) makes it something else.
 */
function namedCallbackPath(declarator: TSESTree.VariableDeclarator, callback: FunctionNode, call: Node, fn: FunctionNode, env: Env, depth: number): FailurePath | undefined {
  if (depth >= 2 || declarator.id.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(declarator.id);
  if (!variable || !soleDefinition(variable)) return undefined;
  const uses = variable.references.filter((ref) => !ref.init);
  if (uses.length === 0 || uses.some((ref) => ref.isWrite())) return undefined;
  let found: FailurePath | undefined;
  for (const ref of uses) {
    const id = ref.identifier as Node;
    if (!contains(fn, id) || contains(callback, id)) return undefined;
    const parent = id.parent;
    // Called (`scheduleRetry()`), or handed over (`.catch(onError)`): where that happens decides.
    const use = parent?.type === 'CallExpression' && parent.callee === id ? parent : id;
    const path = failurePath(use, fn, env, depth + 1);
    if (!path) return undefined;
    found ??= path;
  }
  if (!found) return undefined;
  // The callback's own body is what runs on failure before the self-call.
  const path: FailurePath = { container: callback, via: [...(found.via ?? []), ...uses.map((ref) => ref.identifier as Node)] };
  return withTimer(path, undefined, call, fn);
}

/**
 * A scheduler the analysis does not model (`defer(fn)`, `this.scheduleRetry(fn)`): the call it
 * is handed may wait, so the wait is not claimed to be none. Only ever makes a fact unknown.
 */
const TIMER_LIKE = /timeout|timer|defer|later|schedule|delay|wait/i;
const CANCELS_TIMER = /^clear(Timeout|Interval|Immediate)$/;

function withTimer(path: FailurePath, _timer: TSESTree.CallExpression | undefined, call?: Node, fn?: FunctionNode): FailurePath {
  // The scheduler may sit inside the failure path or around the whole attempt
  // (`setTimeout(async () => { try { … } catch { this.reconnect() } }, delay)`).
  for (let child: Node | undefined = call, p = call?.parent; child && p && child !== fn; child = p, p = p.parent) {
    if (p.type !== 'CallExpression' || !isFunctionArgument(p, child)) continue;
    const name = calleeName(p) ?? '';
    // `setInterval(() => this.connect(), period)` on the failure path waits the period before each attempt.
    if ((name === 'setTimeout' || name === 'setInterval') && p.arguments[0] === child && unwrap(p.callee).type === 'Identifier') {
      path.timer ??= p;
    } else if (!path.timer && TIMER_LIKE.test(name)) path.opaqueTimer = true;
  }
  return path;
}

function isFunctionArgument(call: TSESTree.CallExpression, child: Node): boolean {
  if (!call.arguments.includes(child as TSESTree.CallExpressionArgument)) return false;
  // `this.connect.bind(this)`: a method handed over bound to its instance.
  const bound = child.type === 'CallExpression' && child.callee.type === 'MemberExpression' && propertyName(child.callee) === 'bind';
  return isFunction(child) || child.type === 'Identifier' || child.type === 'MemberExpression' || bound;
}

/** Parameters the self-call changes by a step (`attempt + 1`, `retries - 1`, `{ attempt: attempt + 1 }`): the attempt counters. */
function counterParameters(fn: FunctionNode, call: Node, ctx: AnalysisContext): Set<Variable> {
  const counters = new Set<Variable>();
  if (call.type !== 'CallExpression') return counters;
  const isSelf = (n: Node, variable: Variable) => n.type === 'Identifier' && ctx.variableOf(n) === variable;
  for (const { variable, arg: a } of parameterSlots(fn, call, ctx)) {
    if (!a) continue;
    const steps =
      (a.type === 'BinaryExpression' && (a.operator === '+' || a.operator === '-') && isSelf(a.left as Node, variable)) ||
      (a.type === 'UpdateExpression' && isSelf(a.argument, variable));
    if (steps) counters.add(variable);
  }
  return counters;
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
  };
}

function decrements(variable: Variable, call: Node): boolean {
  if (call.type !== 'CallExpression') return false;
  // An argument, or a property of an object literal passed (`{ left: left - 1 }`).
  const passed = call.arguments.flatMap((arg) => (arg.type === 'ObjectExpression' ? arg.properties.flatMap((p) => (p.type === 'Property' ? [p.value as Node] : [])) : [arg as Node]));
  return passed.some((arg) => {
    const a = unwrap(arg);
    if (a.type === 'BinaryExpression' && a.operator === '-' && a.left.type === 'Identifier') return a.left.name === variable.name;
    return a.type === 'UpdateExpression' && a.operator === '--' && a.argument.type === 'Identifier' && a.argument.name === variable.name;
  });
}

/** The wait before the self-call: the setTimeout delay, or a sleep on the failure path. */
function recursionDelay(call: Node, path: FailurePath, env: Env, fn: FunctionNode): { value: Value; sleep?: Node; expression?: Node; onSignal?: boolean } {
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

/** The wait before a direct self-call goes again, with the parameters it passes bound, and its expression. */
function waitOf(call: Node, path: FailurePath | undefined, fn: FunctionNode, env: Env): Wait {
  const bindings = parameterBindings(fn, call, new Set(), env.ctx);
  const { value, expression } = recursionDelay(call, path ?? withTimer({ container: fn.body }, undefined, call, fn), { ...env, bindings }, fn);
  return { value, expression };
}

/**
 * The way back in through `b`: the call in `b` that reaches the retrying function with the same
 * operation (preferring one that waits), the counters it steps, and `b`'s parameters bound to
 * what the failure path passes. Undefined when `b` is also used where nothing failed.
 */
function wayBack(reentry: Reentry, call: Node, fn: FunctionNode, env: Env, path?: FailurePath): WayBack | undefined {
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
      const stepped = a.type === 'UpdateExpression' ? unwrap(a.argument) : a.type === 'BinaryExpression' && /^[+-]$/.test(a.operator) && unwrap(a.right).type === 'Literal' ? unwrap(a.left) : undefined;
      const j = indexIn(throughParams, stepped ?? a);
      // Handed on to `b` from the same parameter of the retrying function.
      if (j < 0 || indexIn(fnParams, handed[j] as Node | undefined) !== i) return;
      passedOn.add(j);
      const own = fnParams[i];
      const theirs = throughParams[j];
      if (stepped && own && theirs) {
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
  if (a?.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(a);
  const declared = soleDefinition(variable);
  if (declared?.type !== 'Variable') return undefined;
  const functions = [fn, reentry.through, ...(reentry.via ? [reentry.via.fn] : [])];
  if (functions.some((f) => contains(f, declared.node))) return undefined;
  const holder = reentry.via?.fn ?? fn;
  const wider = commonAncestor(fn, reentry.through);
  if (!wider || !contains(wider, declared.node) || !contains(holder, handing)) return undefined;
  const value = evaluate(a, { ctx: env.ctx, region: holder.body, counters: new Set(), depth: 0 });
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
function drainOf(reentry: Reentry | undefined, ctx: AnalysisContext): Node | undefined {
  if (!reentry) return undefined;
  const stores = reentry.backs.map((back) => drainedStore(back, reentry.through, ctx)?.store);
  const first = stores[0];
  return first && stores.every((store) => store && sameStore(store, first, ctx)) ? first : undefined;
}

/** A way back in on the failure path that queues the failed input in `store` and drains it again. */
function requeuesInto(call: Node, path: FailurePath, fn: FunctionNode, reentry: Reentry | undefined, store: Node, ctx: AnalysisContext): boolean {
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

/**
 * The parameters of `b` that the failure path hands the failure (`this.#retryFromError(error, fn)`
 * from `catch (error)`): in `b` they are the failure, and a test of them only sorts failures.
 */
function failureParameters(call: Node, through: FunctionNode, path: FailurePath, env: Env, handed = false): Set<Variable> {
  const result = new Set<Variable>(env.handedFailures ?? []);
  // A handler handed on to code that calls it with what it caught (handed.ts): its first parameter.
  const first = handed ? parameterVariables(through, env.ctx)[0] : undefined;
  if (first && through.params[0]?.type === 'Identifier') result.add(first);
  if (call.type !== 'CallExpression') return result;
  const params = parameterVariables(through, env.ctx);
  call.arguments.forEach((arg, j) => {
    const a = unwrap(arg);
    const def = a.type === 'Identifier' ? firstDefinition(env.ctx.variableOf(a)) : undefined;
    const failure = def?.type === 'CatchClause' || (def?.type === 'Parameter' && isFunction(path.container) && def.node === path.container && path.container.params[0] === def.name);
    const param = params[j];
    if (failure && param && through.params[j]?.type === 'Identifier') result.add(param);
  });
  return result;
}

/** `b` moves on to another alternative before going back in (the next host, the rest of a list). */
function walksOn(reentry: Reentry, env: Env): boolean {
  return movesToNextAlternative(reentry.through.body, undefined, env.ctx, reentry.backs);
}

/** The wait of the way back in through `b`, when it has one (for choosing among self-calls). */
function reentryWait(call: Node, reentries: ReadonlyMap<Node, Reentry> | undefined, env: Env): boolean {
  const reentry = reentries?.get(call);
  if (reentry === undefined) return false;
  // Through two functions, the middle one's wait around its call of the last counts too.
  return reentry.backs.some((b) => throughWait(b, reentry.through, env.ctx).waits) || (reentry.via !== undefined && throughWait(reentry.via.call, reentry.via.fn, env.ctx).waits);
}

type ThroughWait = { waits: boolean; timer?: TSESTree.CallExpression; opaqueTimer?: boolean; sleep?: Sleep };

/** Read once per call back in: choosing the way back and describing it ask the same question. */
const throughWaits = new WeakMap<Node, ThroughWait>();

/** A setTimeout around the call back in, inside `b`, or a sleep in `b` before it. */
function throughWait(back: Node, through: FunctionNode, ctx: AnalysisContext): ThroughWait {
  let wait = throughWaits.get(back);
  if (!wait) throughWaits.set(back, (wait = findThroughWait(back, through, ctx)));
  return wait;
}

function findThroughWait(back: Node, through: FunctionNode, ctx: AnalysisContext): ThroughWait {
  const path = withTimer({ container: through }, undefined, back, through);
  if (path.timer) return { waits: true, timer: path.timer };
  const sleeps = scanAttempt(through.body, ctx).sleeps.filter((s) => s.node.range[0] < back.range[0] && !contains(s.node, back));
  const sleep = sleeps[sleeps.length - 1];
  if (sleep) return { waits: true, sleep, ...(path.opaqueTimer ? { opaqueTimer: true } : {}) };
  return path.opaqueTimer ? { waits: true, opaqueTimer: true } : { waits: false };
}

/**
 * The wait of a retry that goes back in through `b`: `b`'s own (a timer around the call back,
 * a sleep before it), or the failure path's in the retrying function; not both. It is read in
 * `b` and again over the code that holds both functions: a value that differs (a member one
 * of them moves, `this.delay *= 2` in the other) is not known.
 */
function reentryDelay(fromPath: ReturnType<typeof recursionDelay>, way: WayBack, env: Env, throughEnv: Env, fn: FunctionNode): ReturnType<typeof recursionDelay> {
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
  return JSON.stringify(value, (_, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1))) : v));
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

/** A sleep or timer in `b` (callbacks included) other than the one before the way back. */
function waitsElsewhere(through: FunctionNode, own: Node | undefined, ctx: AnalysisContext): boolean {
  let found = false;
  let env: Env | undefined;
  walk(through.body, ctx.keys, (node) => {
    if (found) return false;
    if (node === own) return false;
    // `Promise.race([work, new Promise(r => setTimeout(() => r(TIMED_OUT), left))])`: a timeout, no wait.
    if (node.type === 'NewExpression' && racedTimeout(node, ctx)) return false;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      const name = calleeName(node) ?? '';
      // (A method of the class that computes the wait, `await this.#calculateRetryDelay(err)`, makes none.)
      if (node.type === 'CallExpression' && computesWait(node, ctx)) return undefined;
      // `throw new TimeoutError(request)`: an error named after a timeout is no timer.
      if (node.type === 'NewExpression' && node.parent?.type === 'ThrowStatement') return undefined;
      // `typeof retryDelay === 'function' ? retryDelay(n) : retryDelay` with a number by default: not called.
      // (`clearTimeout(this.timer)` before setting the next one cancels a wait and makes none.)
      const timerLike = !asSleep(node, ctx) && !/^(setTimeout|setInterval|setImmediate)$/.test(name) && TIMER_LIKE.test(name) && !CANCELS_TIMER.test(name);
      if ((asSleep(node, ctx) || /^(setTimeout|setInterval|setImmediate)$/.test(name) || timerLike) && !branchNotTaken(node, through.body, (env ??= { ctx, region: through.body, counters: new Set(), depth: 0 })) && !waitsThenThrows(node) && !(timerLike && node.type === 'CallExpression' && timerFree(node, ctx, 0))) found = true;
    }
    return undefined;
  });
  return found;
}

/**
 * A wait that is a statement of its own right before a throw (`await delay(remaining); throw
 * new TimeoutError(request);`): it spends what is left of a budget and gives up, it leads
 * nowhere back in.
 */
function waitsThenThrows(node: Node): boolean {
  const awaited = node.parent?.type === 'AwaitExpression' ? node.parent : node;
  const statement = awaited.parent;
  if (statement?.type !== 'ExpressionStatement') return false;
  const block = statement.parent;
  const list: readonly Node[] | undefined = block?.type === 'BlockStatement' ? block.body : block?.type === 'SwitchCase' ? block.consequent : undefined;
  return list?.[list.indexOf(statement) + 1]?.type === 'ThrowStatement';
}

/**
 * `this.#throwIfTimedOut()`: a method of the class named like a timer whose code (and that of
 * the methods named so that it calls, a few levels down) starts no timer and sleeps nowhere: it
 * checks a budget, it schedules nothing. Asked only of calls whose name looks like a timer's.
 */
function timerFree(call: TSESTree.CallExpression, ctx: AnalysisContext, depth: number): boolean {
  const method = depth < 3 ? localFunction(call, { ctx, region: call, counters: new Set(), depth: 0 }) : undefined;
  if (!method) return false;
  let timer = false;
  walk(method.body, ctx.keys, (node) => {
    if (timer) return false;
    // A timer that only settles a promise raced against the work is a timeout (raced-timeouts.ts).
    if (node.type === 'NewExpression' && racedTimeout(node, ctx)) return false;
    if (node.type === 'NewExpression' && asSleep(node, ctx)) timer = true;
    if (node.type !== 'CallExpression') return undefined;
    const name = calleeName(node) ?? '';
    if (asSleep(node, ctx) || /^(setTimeout|setInterval|setImmediate)$/.test(name) || (TIMER_LIKE.test(name) && !CANCELS_TIMER.test(name) && !timerFree(node, ctx, depth + 1))) timer = true;
    return undefined;
  });
  return !timer;
}
