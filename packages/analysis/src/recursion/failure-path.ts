import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, calleeName, contains, enclosingFunction, isFunction, propertyName, removesListener, unwrap, type FunctionNode, type Node } from '../ast.js';
import { armsAgain, timerClears } from '../exits/external.js';
import { outcomeCheck } from '../checks.js';
import type { AnalysisContext } from '../context.js';
import type { Env } from '../evaluate.js';
import { synchronousAttempt } from '../outcomes/synchronous-result.js';
import { givesUpWithError } from '../outcomes/thrown-failure.js';
import { caseOutcome } from '../outcomes/switch-cases.js';
import { scanAttempt } from '../scan.js';
import { literalFailureMethod } from '../graph/handler-objects.js';
import { soleDefinition } from '../definitions/bodies.js';
import { localFunction } from '../functions/local-function.js';
import { deferralOf } from '../summaries/deferred-call.js';
import type { Reentry } from './reentry.js';

/**
 * Is a self-call on the failure path of its function (a catch block, a rejection or error
 * callback, a failure event's listener), and which timer, if any, schedules it?
 */

// Not 'end': a stream that ended normally is not a failure.
export const FAILURE_EVENT = /^(error|close|disconnect|disconnected|exit|timeout|reconnect_failed|connect_error|connect_failed|failed)$/i;
/** A handler for a failure event by its property (`ws.onclose = …`, `client.onClose(…)`). */
const ON_FAILURE = /^on(error|close)$/i;

/** Where a self-call sits on the failure path, and the code of that path. */
export interface FailurePath {
  container: Node;
  /** The function runs as the listener of a failure event that the way back sets up (listenedOnFailure). */
  listened?: boolean;
  /** The setTimeout (or setInterval) that schedules the self-call, when it is scheduled. */
  timer?: TSESTree.CallExpression;
  /** A scheduler the analysis cannot read (`this.setTimeoutFn(…)`, `later(…)`): the wait is unknown. */
  opaqueTimer?: boolean;
  /** A function of the file that puts what it is handed on `timer` (`this.later(this.connect)`): its call. */
  deferral?: { call: TSESTree.CallExpression; fn: FunctionNode; conditional: boolean };
  /** Where the function holding the self-call is used (`scheduleRetry()`, `.catch(onError)`), when it is one. */
  via?: Node[];
}

/** A sleep on the failure path before the self-call. */
export function sleepBefore(call: Node, path: FailurePath, env: Env): boolean {
  const scope = isFunction(path.container) ? path.container.body : path.container;
  return scanAttempt(scope, env.ctx).sleeps.some((s) => s.node.range[0] < call.range[0]);
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
export function listenedOnFailure(call: Node, fn: FunctionNode, reentry: Reentry | undefined, ctx: AnalysisContext): FailurePath | undefined {
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
  return listens ? { ...withTimer({ container: fn.body }, call, fn, ctx), listened: true } : undefined;
}

/** `request(…).then((s) => { …; listen() })`: the call whose success callback holds the way back in. */
export function reissuedCall(call: Node, fn: FunctionNode): TSESTree.CallExpression | undefined {
  for (let child: Node = call, p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type !== 'CallExpression' || calleeName(p) !== 'then' || p.arguments[0] !== child) continue;
    const callee = unwrap(p.callee);
    const promise = callee.type === 'MemberExpression' ? unwrap(callee.object) : undefined;
    return promise?.type === 'CallExpression' ? promise : undefined;
  }
  return undefined;
}

export function failurePath(call: Node, fn: FunctionNode, env: Env, depth = 0): FailurePath | undefined {
  let timer: TSESTree.CallExpression | undefined;
  let deadline: FailurePath | undefined;
  let child: Node = call;
  for (let p = call.parent; p && p !== fn; child = p, p = p.parent) {
    switch (p.type) {
      case 'VariableDeclarator':
        // `const scheduleRetry = () => setTimeout(() => retry(n + 1), wait)`, called from a catch.
        if (p.init === child && isFunction(child)) return namedCallbackPath(p, child, call, fn, env, depth);
        break;
      case 'CatchClause':
        return withTimer({ container: p.body }, call, fn, env.ctx);
      case 'Property':
        // A method of an object literal handed over as a handler, run on a failure (graph/handler-objects.ts).
        if (p.value === child && isFunction(child) && literalFailureMethod(call, fn, env.ctx, onFailurePath)) return withTimer({ container: child }, call, fn, env.ctx);
        break;
      case 'CallExpression': {
        if (!p.arguments.includes(child as TSESTree.CallExpressionArgument)) break;
        const name = calleeName(p);
        // `this.deadline = setTimeout(() => this.fail('timeout'), ms)` cleared when the attempt answers, armed
        // outside any failure path: its callback runs only when the answer did not come (read when the walk ends).
        if (name === 'setTimeout' && p.arguments[0] === child && !timer && isDeadline(p, fn, env.ctx)) deadline = { container: child };
        if (name === 'setTimeout' && p.arguments[0] === child) timer = p;
        else if (name === 'catch') return withTimer({ container: child }, call, fn, env.ctx);
        else if (name === 'then' && p.arguments[1] === child) return withTimer({ container: child }, call, fn, env.ctx);
        else if (/^(on|once|addListener|addEventListener|prependListener)$/.test(name ?? '')) {
          const event = p.arguments[0];
          if (event?.type === 'Literal' && typeof event.value === 'string' && FAILURE_EVENT.test(event.value)) return withTimer({ container: child }, call, fn, env.ctx);
        } else if (p.arguments.length === 1 && unwrap(p.callee).type === 'MemberExpression' && ON_FAILURE.test(name ?? '')) {
          // `client.onClose(() => …)`: the handler registered for the event, as `ws.onclose = () => …` is.
          return withTimer({ container: child }, call, fn, env.ctx);
        }
        break;
      }
      case 'AssignmentExpression': {
        const target = p.left;
        if (p.right === child && target.type === 'MemberExpression' && target.property.type === 'Identifier' && ON_FAILURE.test(target.property.name)) {
          return withTimer({ container: child }, call, fn, env.ctx);
        }
        break;
      }
      case 'BlockStatement':
      case 'Program': {
        // `if (res.ok) return res;` earlier in the block: what follows runs on failure.
        const index = p.body.indexOf(child as never);
        const earlier = p.body.slice(0, Math.max(index, 0));
        const leavesOnSuccess = (s: Node) => s.type === 'IfStatement' && alwaysExits(s.consequent) && outcomeCheck(s.test, env, false) === 'success';
        // Or inside a try before it (`try { const r = await send(); if (r.ok) return r; … } catch (e) { error = e }`):
        // the try falls through only when the answer was no success, and the catch only on an error.
        if (earlier.some((s) => leavesOnSuccess(s) || (s.type === 'TryStatement' && s.block.body.some(leavesOnSuccess)))) {
          return !timer && synchronousAttempt(call, fn) ? undefined : withTimer({ container: p }, call, fn, env.ctx);
        }
        break;
      }
      case 'SwitchCase': {
        // `switch (status) { case 200: …; default: setTimeout(() => send(n - 1), d) }`: as the `if` chain it stands for.
        if (child === p.test) break;
        const polarity = caseOutcome(p, env);
        if (polarity === 'failure') return !timer && synchronousAttempt(call, fn) ? undefined : withTimer({ container: p }, call, fn, env.ctx);
        if (polarity) return undefined;
        break;
      }
      case 'IfStatement':
      case 'ConditionalExpression': {
        if (child === p.test) break;
        const polarity = outcomeCheck(p.test, env, false);
        const inConsequent = child === p.consequent;
        if ((inConsequent && polarity === 'failure') || (!inConsequent && polarity === 'success')) return !timer && synchronousAttempt(call, fn) ? undefined : withTimer({ container: child }, call, fn, env.ctx);
        if (polarity) return undefined;
        // The branch gives up with an error when the count the call steps runs out: its own word for a failure.
        if (p.type === 'IfStatement' && call.type === 'CallExpression' && givesUpWithError(child, call, fn, env.ctx)) return withTimer({ container: child }, call, fn, env.ctx);
        break;
      }
    }
  }
  return deadline;
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
  // Taking the listener off again (`socket.removeEventListener('close', onClose)`, in itself too) runs nothing.
  const uses = variable.references.filter((ref) => !ref.init && !takenOff(ref.identifier as Node));
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
  return withTimer(path, call, fn, env.ctx);
}

/** `x.removeEventListener('close', id)`: the listener `id` taken off again. */
function takenOff(id: Node): boolean {
  const call = id.parent;
  return call !== undefined && removesListener(call) && call.arguments[1] === id;
}

/**
 * A scheduler the analysis does not model (`defer(fn)`, `this.scheduleRetry(fn)`): the call it
 * is handed may wait, so the wait is not claimed to be none. Only ever makes a fact unknown.
 */
export const TIMER_LIKE = /timeout|timer|defer|later|schedule|delay|wait/i;

export const CANCELS_TIMER = /^clear(Timeout|Interval|Immediate)$/;

export function withTimer(path: FailurePath, call: Node | undefined, fn: FunctionNode | undefined, ctx: AnalysisContext): FailurePath {
  // The scheduler may sit inside the failure path or around the whole attempt
  // (`setTimeout(async () => { try { … } catch { this.reconnect() } }, delay)`).
  for (let child: Node | undefined = call, p = call?.parent; child && p && child !== fn; child = p, p = p.parent) {
    if (p.type !== 'CallExpression' || !isFunctionArgument(p, child)) continue;
    const name = calleeName(p) ?? '';
    // `setInterval(() => this.connect(), period)` on the failure path waits the period before each attempt.
    if ((name === 'setTimeout' || name === 'setInterval') && p.arguments[0] === child && unwrap(p.callee).type === 'Identifier') {
      path.timer ??= p;
      continue;
    }
    // A function of the file that calls what it is handed decides by its code: from a timer, or at once.
    const callee = localFunction(p, { ctx, region: p, counters: new Set(), depth: 0 });
    const deferral = callee && deferralOf(callee, p.arguments.indexOf(child as TSESTree.CallExpressionArgument), ctx);
    if (deferral && deferral !== 'now') {
      if (!path.timer) {
        path.timer = deferral.timer;
        path.deferral = { call: p, fn: deferral.fn, conditional: deferral.conditional };
      }
    } else if (!deferral && !path.timer && TIMER_LIKE.test(name)) path.opaqueTimer = true;
  }
  return path;
}

function isFunctionArgument(call: TSESTree.CallExpression, child: Node): boolean {
  if (!call.arguments.includes(child as TSESTree.CallExpressionArgument)) return false;
  // `this.connect.bind(this)`: a method handed over bound to its instance.
  const bound = child.type === 'CallExpression' && child.callee.type === 'MemberExpression' && propertyName(child.callee) === 'bind';
  return isFunction(child) || child.type === 'Identifier' || child.type === 'MemberExpression' || bound;
}

/**
 * A timer whose handle is kept (`this.deadline = setTimeout(…)`, `const t = setTimeout(…)`) and
 * cleared in a callback the arming function sets up (`ws.onopen = () => clearTimeout(t)`): a
 * deadline, whose callback runs only when what the attempt waits for did not come in time — a
 * failure (a handshake, a response that timed out). A clear in the function's own body, one only
 * an owner's `close()` makes, or one in a callback that arms the handle again
 * (`.catch(() => { clearTimeout(t); t = setTimeout(…) })`) belongs to a schedule.
 */
function isDeadline(timer: TSESTree.CallExpression, fn: FunctionNode, ctx: AnalysisContext): boolean {
  let known = deadlines.get(timer);
  if (known === undefined) {
    const held = timerClears(timer, ctx);
    known =
      held !== undefined &&
      held.clears.some((clear) => {
        if (!contains(fn, clear)) return false;
        const callback = enclosingFunction(clear);
        return callback !== undefined && callback !== fn && !disposer(callback, fn) && !armsAgain(callback, held.handle, ctx);
      });
    deadlines.set(timer, known);
  }
  return known;
}

const deadlines = new WeakMap<Node, boolean>();

/**
 * A function the arming function returns (`return () => clearTimeout(t)`: a React effect's
 * cleanup, an unsubscribe): its owner calls it to tear down, whether or not anything answered,
 * so the clear in it says nothing about an answer coming in time.
 */
function disposer(callback: FunctionNode, fn: FunctionNode): boolean {
  const parent = callback.parent;
  return parent?.type === 'ReturnStatement' ? enclosingFunction(parent) === fn : parent === fn && fn.body === callback;
}
