import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, dottedName, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { movesToNextAlternative } from '../alternatives.js';
import type { Restart } from '../restart.js';
import { guardsIn } from '../bounds.js';
import { merge, type Bound } from '../exits/bound.js';
import { mayStopBefore, stoppedFromOutside } from '../exits.js';
import { writesWithin, type AnalysisContext, type Variable } from '../context.js';
import { evaluate, numberArray, type Env } from '../evaluate.js';
import { localFunction, parameterVariables } from '../functions/local-function.js';
import { classifies } from '../loops/loop-retry.js';
import { policyFrom, serverWaitMark } from '../policy.js';
import { nextAttemptInputs } from '../inputs/next-attempt.js';
import { firstCallIn, isOperationCall, scanAttempt, waitsInside } from '../scan.js';
import { asSleep } from '../sleep.js';
import { isSetTimeoutCall } from '../summaries/timer-sleep.js';
import type { RetrySite } from '../types.js';
import { UNKNOWN } from '../value.js';
import { firstDefinition, soleDefinition } from '../definitions/bodies.js';
import { stepsNamedInput } from '../inputs/stepped-name.js';
import { constInit } from '../variables/condition-alias.js';
import { parameterSlots } from '../evolution/parameter-slots.js';
import type { Reentry } from './reentry.js';
import { reissuedCall, sleepBefore, TIMER_LIKE, withTimer, type FailurePath } from './failure-path.js';
import { requestedAgain } from './requested-again.js';
import { keepsWayOpen } from './reopened-gate.js';
import { parameterBindings, recursionDelay, reentryDelay, reentryWait, wayBack } from './way-back.js';

/**
 * What retry site does a function that calls itself again (or re-sends through a library) make:
 * its attempt, bound, wait, and what it checks before going again.
 */

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
  for (const call of calls) paths.set(call, withTimer({ container: fn }, call, fn, ctx));
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

/** Where a recursion site is reported. */
function reportedAt(call: Node, path: FailurePath, way: ReturnType<typeof wayBack>, reentry: Reentry | undefined, sleeps: boolean): Node {
  // Through two functions, where the failure path goes in (the last one's call back may be a
  // drain that a success schedules too); where the middle one holds the timer, there: the one
  // place that waits, whichever failure path went in.
  if (reentry?.via) return way?.waitIn && way.timer ? way.timer : call;
  // Through a second function that waits, where it goes back in.
  if (way?.waits) return way.back.type !== 'CallExpression' && way.timer ? way.timer : way.back;
  // Through one the failure path calls where nothing waits, there too (the call that makes the
  // attempt again); a second function handed over or listening is reported where it is handed.
  if (way && !reentry?.handed && !path.listened && !path.timer && !way.timer && !sleeps) return way.back;
  // `setTimeout(connect, 1000)` passes the function itself: report the setTimeout.
  return path.timer && call.type !== 'CallExpression' ? (path.deferral?.call ?? path.timer) : call;
}

/**
 * The site of the way back through `call`. `alongside`: other ways back in of the same function
 * (its other branches of the count, recursion/tiers.ts), which the bound counts as going round too.
 */
export function siteFor(call: Node, fn: FunctionNode, paths: ReadonlyMap<Node, FailurePath>, selfCalls: readonly Node[], baseEnv: Env, reentry?: Reentry, resend?: ResendOptions, restart?: Restart, alongside: readonly Node[] = []): RetrySite | undefined {
  const { ctx } = baseEnv;
  const path = paths.get(call) as FailurePath;
  // Another caller's request, taken up once this attempt ends, is no retry of its failure.
  if (!reentry && requestedAgain(call, fn, ctx)) return undefined;
  // Through a second function, the call that comes back in is the one whose arguments count.
  const way = reentry && wayBack(reentry, call, fn, baseEnv, path);
  if (reentry && !way) return undefined;
  const back = way?.back ?? call;
  // A way back that closes itself behind a changed input goes at most once more: another request
  // when the attempt reads that input (no retry), the same one bounded by a one-shot flag when not.
  const next = resend ? 'same' : nextAttemptInputs({ fn, back, leaves: call, failure: path.container, ...(way ? { through: way.through } : {}), ctx });
  // (`currentTest++` on the way back, read into the URL the attempt opens: the next case, not this one again.)
  if (next === 'other-request' || stepsNamedInput(fn, path.container, ctx)) return undefined;
  const counters = way ? way.counters : counterParameters(fn, call, ctx);
  // `startServer(port + 1)` with `server.listen(port)`: the stepped value is what the attempt
  // works on, not how often it tried: the next call asks for something else.
  if (!way && [...counters].some((counter) => positionOnly(counter, fn, call, path.container, ctx))) return undefined;
  // (A walk started over once exhausted moves through its alternatives on purpose: its restart is the retry.)
  if (!restart && (walksAlternatives(fn, counters, baseEnv) || (way && walksAlternatives(way.through, way.throughCounters, baseEnv)))) return undefined;
  // A failure listener's retried call is the request whose result sets the listener up again.
  const reissued = path.listened ? reissuedCall(call, fn) : undefined;
  const operation = restart ? restart.operation : (reissued ?? firstCallIn(fn.body, scanAttempt(fn.body, ctx).calls.filter((c) => c !== call && !contains(c, call))));
  const carrier = restart ? undefined : callbackCarrier(call, fn);
  if (!restart && movesToNextAlternative(fn.body, [operation, carrier].filter((c) => c !== undefined), ctx, selfCalls)) return undefined;
  const decrementing = new Set([...counters].filter((v) => decrements(v, back, ctx)));
  const env: Env = { ...baseEnv, counters, decrementing, bindings: parameterBindings(fn, back, counters, ctx) };
  const isRetry = (node: Node) => contains(node, call) || (path.via?.some((use) => contains(node, use)) ?? false) || alongside.some((other) => contains(node, other));
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
    else if (recovery.changesCondition) limits.attempts = recovery.fromError || recovery.opaque ? 'unknown' : 2;
    if (limits.attempts === 2) afterStateChange = true;
    else if (resend?.mayCount?.(call, fn)) limits.attempts = 'unknown';
    // (A function that defers the call back may not make it, `if (this.shuttingDown) return` in its timer: a stop of its own.)
    else if (!otherwiseBounded && (path.deferral?.conditional || mayStopBefore(call, fn, env, way ? call : undefined, alongside))) limits.attempts = 'unknown';
    // The second function may give up on the way back (`if (remaining <= 0) throw error`).
    else if (!otherwiseBounded && way && mayStopBefore(way.back, way.through, { ...env, region: way.through.body, counters: way.throughCounters, bindings: way.bindings, handedFailures: failureParameters(call, way.through, path, env, reentry?.handed) })) limits.attempts = 'unknown';
    // Or the middle one of two, on the way to its call of the last.
    else if (!otherwiseBounded && reentry?.via && mayStopBefore(reentry.via.call, reentry.via.fn, { ...env, region: reentry.via.fn.body, counters: new Set(), bindings: new Map() })) limits.attempts = 'unknown';
  } else if (limits.attempts === Infinity && !otherwiseBounded) {
    // A limit that is Infinity counts nothing, but the owner may still stop the way back from
    // outside (its `unsubscribe()` clearing the timer the failure path arms).
    const throughEnv = way && { ...env, region: way.through.body, counters: way.throughCounters, bindings: way.bindings };
    if (stoppedFromOutside(call, fn, env) || (way && throughEnv && stoppedFromOutside(way.back, way.through, throughEnv))) limits.attempts = 'unknown';
  }
  // Going again only once a repair answered that it worked: a re-send after a change of state.
  if (recovery.gated) afterStateChange = true;
  const site: RetrySite = {
    kind: 'recursion',
    node: fn,
    loc: reportedAt(call, path, way, reentry, delay.sleep !== undefined).loc,
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
  if ((afterStateChange || recovery.renews) && recovery.awaited) site.repairsFirst = true;
  if (path.listened) listenerSites.add(site);
  return site;
}

/**
 * What the failure path does before going again. `awaited`: an awaited or chained
 * operation (`await this.reinit()`, `runScript('init').then(() => runScript(name))`), which
 * takes its own time, so the retry is not immediate. `changesCondition`: it changes what a
 * condition on the way to the self-call reads (`this.cache.removeAccessToken()` under
 * `if (this.cache.hasAccessToken)`: the next call takes another way, so it runs at most
 * twice), or moves state on from the error (`this.offset = err.offset`: progress, with no
 * count the analysis can see). `opaque`: a function kept in a field of the instance is called
 * (an owner's callback): it may change the condition, by no count the analysis can see.
 */
function recoversFirst(call: Node, path: FailurePath, fn: FunctionNode, env: Env, selfCalls: readonly Node[] = []): { awaited: boolean; changesCondition: boolean; fromError: boolean; opaque: boolean; renews: boolean; gated: boolean } {
  const container = isFunction(path.container) ? path.container.body : path.container;
  const read = conditionReads(call, fn, env);
  let awaited = false;
  let changesCondition = false;
  let fromError = false;
  let opaque = false;
  let renews = false;
  // The recovery is the function itself (`this.run('init').then(() => this.run(name))`) and
  // waits nowhere in it: it takes an attempt's time, and any wait of the function is the site's own.
  let itselfWaits: boolean | undefined;
  const attemptOfItself = (node: Node) => selfCalls.includes(node) && !(itselfWaits ??= waitsAnywhere(fn, selfCalls, env.ctx));
  const touches = (target: Node) => {
    const name = dottedName(target);
    if (name && [...read].some((r) => r === name || r.startsWith(`${name}.`))) changesCondition = true;
  };
  const answers = new Set<Variable>();
  walk(container, env.ctx.keys, (node) => {
    if (node.range[0] >= call.range[0]) return false;
    if (isFunction(node) && !contains(node, call)) return false;
    if (node.type === 'CallExpression' && node !== call && !contains(node, call) && isOperationCall(node) && !asSleep(node, env.ctx)) {
      if (node.parent?.type === 'AwaitExpression' && !attemptOfItself(node)) {
        awaited = true;
        if (!renews && renewsInput(node.parent, container, fn, env)) renews = true;
        // `const outcome = await refresh()`: the repair's answer, if a test on the way back reads it.
        const declarator = node.parent.parent;
        if (declarator?.type === 'VariableDeclarator' && declarator.init === node.parent && declarator.id.type === 'Identifier') {
          const variable = env.ctx.variableOf(declarator.id);
          if (variable) answers.add(variable);
        }
      }
      const callee = unwrap(node.callee);
      if (callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression') {
        // `this.reset()`: a method of the class changes what it writes; a function kept in a field
        // (`this.onChange?.(false)`, handed in by the owner) may change anything of the instance.
        const method = localFunction(node, env);
        if (method) for (const written of thisWrites(method, env)) touches(written);
        else if ([...read].some((r) => r.startsWith('this.'))) changesCondition = opaque = true;
      } else if (callee.type === 'MemberExpression') touches(callee.object);
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
        if (!keepsWayOpen(node as TSESTree.AssignmentExpression | TSESTree.UnaryExpression, call, fn, env)) touches(target);
        if (node.type === 'AssignmentExpression' && readsError(node.right, path, env)) changesCondition = fromError = true;
      }
    }
    return undefined;
  });
  return { awaited, changesCondition, fromError, opaque, renews, gated: answers.size > 0 && gatedBy(call, container, answers, env) };
}

/** The members of the instance a method writes (`this.closing = true`, `this.count++`, `delete this.token`). */
function thisWrites(method: FunctionNode, env: Env): Node[] {
  const written: Node[] = [];
  walk(method.body, env.ctx.keys, (n) => {
    const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : n.type === 'UnaryExpression' && n.operator === 'delete' ? n.argument : undefined;
    const member = target && unwrap(target);
    if (member?.type === 'MemberExpression' && unwrap(member.object).type === 'ThisExpression') written.push(member);
    return undefined;
  });
  return written;
}

/**
 * `this.#session = await this.#newSession(props)` before going again: the repair's answer
 * replaces an input the attempt reads, and its failure is not caught on the way, so it leaves
 * the function. In an outage the repair fails first and the way back is not taken: a re-send
 * after a repair, not a layer that multiplies the attempts of the retry inside.
 */
function renewsInput(awaited: TSESTree.AwaitExpression, container: Node, fn: FunctionNode, env: Env): boolean {
  const assignment = awaited.parent;
  if (assignment?.type !== 'AssignmentExpression' || assignment.right !== awaited || assignment.operator !== '=') return false;
  const name = dottedName(assignment.left);
  if (!name) return false;
  for (let p: Node | undefined = assignment.parent; p && p !== container; p = p.parent) if (p.type === 'TryStatement' && contains(p.block, assignment)) return false;
  let read = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (read || node === container) return false;
    if ((node.type === 'MemberExpression' || node.type === 'Identifier') && dottedName(node) === name && !(node.parent?.type === 'AssignmentExpression' && node.parent.left === node)) read = true;
    return !read;
  });
  return read;
}

/**
 * The way back sits in a branch whose test reads what a repair answered (`if (outcome ===
 * 'ok') return again()`): it goes again only once the repair says it worked, a re-send after a
 * change of state, not another layer of retries on the failures a caller retries.
 */
function gatedBy(call: Node, container: Node, answers: ReadonlySet<Variable>, env: Env): boolean {
  for (let child: Node = call, p = call.parent; p && child !== container; child = p, p = p.parent) {
    if (p.type !== 'IfStatement' || child === p.test) continue;
    let reads = false;
    walk(p.test, env.ctx.keys, (node) => {
      if (reads) return false;
      if (node.type === 'Identifier' && answers.has(env.ctx.variableOf(node) as Variable)) reads = true;
      return undefined;
    });
    if (reads) return true;
  }
  return false;
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
        // `if (fallback)` with `const fallback = client.fallback` read before it: the field it holds.
        if (n.type === 'Identifier') {
          const held = heldField(n, fn, env);
          if (held) names.add(held);
        }
        return undefined;
      });
    }
  }
  return names;
}

/** The field a `const` of the function was given (`const fallback = this.client.fallback`), by its dotted name. */
function heldField(id: TSESTree.Identifier, fn: FunctionNode, env: Env): string | undefined {
  const def = soleDefinition(env.ctx.variableOf(id));
  if (def?.type !== 'Variable' || def.parent.kind !== 'const' || def.node.id !== def.name || !def.node.init || !contains(fn, def.node)) return undefined;
  const init = unwrap(def.node.init);
  return init.type === 'MemberExpression' ? dottedName(init) : undefined;
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
    // An index of a function inside (`for (var m = 0; …) handle(data[m])` in a message listener) starts over with each call of it.
    if (!variable || ownedInside(variable, fn)) return undefined;
    const moves = counters.has(variable) || writesWithin(variable, fn.body).length > 0;
    if (moves && numberArray(node.object, env) === undefined) found = true;
    return undefined;
  });
  return found;
}

/** Declared in a function nested in `fn` (a local of a callback), not in `fn` or around it. */
function ownedInside(variable: Variable, fn: FunctionNode): boolean {
  const block = variable.scope.variableScope.block as Node;
  return block !== fn && contains(fn, block);
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

/** Sites of failure listeners that go back in through the function that sets them up (listenedOnFailure). */
export const listenerSites = new WeakSet<RetrySite>();

/** Parameters the self-call changes by a step (`attempt + 1`, `retries - 1`, `{ attempt: attempt + 1 }`): the attempt counters. */
function counterParameters(fn: FunctionNode, call: Node, ctx: AnalysisContext): Set<Variable> {
  const counters = new Set<Variable>();
  if (call.type !== 'CallExpression') return counters;
  const isSelf = (n: Node, variable: Variable) => n.type === 'Identifier' && ctx.variableOf(n) === variable;
  for (const { variable, arg } of parameterSlots(fn, call, ctx)) {
    // `const next = attempt + 1; … this.upload(next)`: the const is the step.
    const a = arg && stepAlias(arg, ctx);
    if (!a) continue;
    const steps =
      (a.type === 'BinaryExpression' && (a.operator === '+' || a.operator === '-') && isSelf(a.left as Node, variable)) ||
      (a.type === 'UpdateExpression' && isSelf(a.argument, variable));
    if (steps) counters.add(variable);
  }
  return counters;
}

/** A `const` argument stands for what it is set to. */
function stepAlias(arg: Node, ctx: AnalysisContext): Node {
  return constInit(arg, ctx) ?? arg;
}

function decrements(variable: Variable, call: Node, ctx: AnalysisContext): boolean {
  if (call.type !== 'CallExpression') return false;
  // An argument, or a property of an object literal passed (`{ left: left - 1 }`).
  const passed = call.arguments.flatMap((arg) => (arg.type === 'ObjectExpression' ? arg.properties.flatMap((p) => (p.type === 'Property' ? [p.value as Node] : [])) : [arg as Node]));
  return passed.some((arg) => {
    const a = stepAlias(unwrap(arg), ctx);
    if (a.type === 'BinaryExpression' && a.operator === '-' && a.left.type === 'Identifier') return a.left.name === variable.name;
    return a.type === 'UpdateExpression' && a.operator === '--' && a.argument.type === 'Identifier' && a.argument.name === variable.name;
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

/**
 * `matcher(name, (err, ok) => { if (err) return run() })`: the call the self-call's callback is
 * handed to is the attempt whose failure it hears (no other call of the body is). A scheduler
 * (`setTimeout`), a promise's `then`/`catch` or a listener's registration is not: the attempt is elsewhere.
 */
function callbackCarrier(call: Node, fn: FunctionNode): TSESTree.CallExpression | undefined {
  for (let child: Node = call, p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type !== 'CallExpression' || !isFunction(child) || !p.arguments.includes(child as TSESTree.CallExpressionArgument)) continue;
    const name = calleeName(p) ?? '';
    // (Nor a listener's registration: `conn.on('error', …)` hears the connection, set up by other code.)
    return /^(then|catch|finally|setInterval|setImmediate|nextTick|queueMicrotask|on|once|addListener|prependListener|prependOnceListener|addEventListener)$/.test(name) || TIMER_LIKE.test(name) ? undefined : p;
  }
  return undefined;
}

/**
 * A stepped parameter that the attempt (not its failure path) hands to a call as it is (`server.listen(port)`) and that
 * nothing compares or waits by, here or in the function of the file it is handed to: a position
 * the function moves through (the next port, the next page), not a count of attempts (which a
 * bound compares, a wait grows by, or only a message shows).
 */
function positionOnly(variable: Variable, fn: FunctionNode, self: Node, failure: Node, ctx: AnalysisContext): boolean {
  let handed = false;
  for (const ref of variable.references) {
    const id = ref.identifier as Node;
    if (ref.isWrite() || !contains(fn, id) || contains(self, id)) continue;
    const parent = id.parent;
    if (parent?.type === 'BinaryExpression' || parent?.type === 'UpdateExpression' || parent?.type === 'AssignmentExpression' || parent?.type === 'LogicalExpression' || parent?.type === 'ConditionalExpression' || parent?.type === 'SwitchStatement') return false;
    if (parent?.type === 'CallExpression' && parent.arguments.includes(id as TSESTree.CallExpressionArgument)) {
      // A wait worked out from it (`setTimeout(…, backoff(n))`, `sleep(n * 1000)`) makes it a count.
      if (inWait(parent, fn, ctx)) return false;
      const env: Env = { ctx, region: fn.body, counters: new Set([variable]), depth: 0 };
      const value = evaluate(parent, env);
      if (value.t !== 'unknown' || value.random) return false;
      // Handed to a function of the file that compares it (`makeRequest(…, retries)` giving up
      // when `retries === limit`): the bound is kept there, so it is a count.
      const callee = localFunction(parent, env);
      const param = callee?.params[parent.arguments.indexOf(id as TSESTree.CallExpressionArgument)];
      const received = param?.type === 'Identifier' ? ctx.variableOf(param) : param?.type === 'AssignmentPattern' && param.left.type === 'Identifier' ? ctx.variableOf(param.left) : undefined;
      if (received?.references.some((r) => r.identifier.parent?.type === 'BinaryExpression')) return false;
      // (Handed to a repair on the failure path, `await refresh(attempt)`, it is not what the attempt works on.)
      if (isOperationCall(parent) && !contains(failure, parent)) handed = true;
    }
  }
  return handed;
}

/** The call is a sleep or timer, or part of one's arguments (its delay). */
function inWait(call: Node, fn: FunctionNode, ctx: AnalysisContext): boolean {
  for (let p: Node | undefined = call; p && p !== fn; p = p.parent) {
    if (p.type === 'CallExpression' && (asSleep(p, ctx) || isSetTimeoutCall(p, ctx))) return true;
  }
  return false;
}
