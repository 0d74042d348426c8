import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, calleeName, contains, enclosingFunction, isFunction, unwrap, walk, type Node, type RetryLoopNode } from '../ast.js';
import { AnalysisContext } from '../context.js';
import type { Env } from '../evaluate.js';
import { helperEnv } from '../evaluation/helper-calls.js';
import { localFunction } from '../functions/local-function.js';
import { scanAttempt, waitsInside, type AttemptScan } from '../scan.js';
import type { Sleep } from '../sleep.js';
import { sleepValue } from '../sleep-value.js';
import type { Value } from '../value.js';
import type { LoopRetry } from './loop-retry.js';
import { madeFrom } from '../variables/made-from.js';

/**
 * How long does a loop with no sleep of its own wait: a helper on the failure path that waits,
 * a timed promise it awaits, or not at all?
 */

/**
 * No sleep in the loop, but the failure path awaits a function of this file that waits
 * (`if (await onAttemptFailure({ error, attempt, options })) attempt++`, where the function
 * throws when it gives up and else awaits `delay(computeDelay(attempt, options))`): that wait,
 * with the function's parameters bound to what the loop passes. Only a function with one awaited
 * wait of its own (not in a callback or a loop of its own), so which wait it makes is not in doubt.
 */
export function helperWait(retry: LoopRetry, scan: AttemptScan, loop: RetryLoopNode, env: Env): Value | undefined {
  for (const call of scan.calls) {
    if (call === retry.operation || call.parent?.type !== 'AwaitExpression' || !contains(retry.failurePath, call) || onExitingBranch(call, loop)) continue;
    const fn = localFunction(call, env);
    if (!fn || fn === enclosingFunction(loop) || contains(fn, loop)) continue;
    const sleeps = helperSleeps(fn, env.ctx);
    if (sleeps.length !== 1) continue;
    const args = call.arguments.filter((a) => a.type !== 'SpreadElement') as Node[];
    return sleepValue(sleeps[0] as Sleep, helperEnv(fn, args, env));
  }
  return undefined;
}

const helperSleepsCache = new WeakMap<Node, readonly Sleep[]>();

function helperSleeps(fn: Node, ctx: AnalysisContext): readonly Sleep[] {
  let sleeps = helperSleepsCache.get(fn);
  if (!sleeps) {
    const body = (fn as { body: Node }).body;
    // Awaited: the loop awaits the function, the function awaits its wait (`calculateDelay(n)`
    // named like a sleep but only computing one is not it).
    sleeps = scanAttempt(body, ctx).sleeps.filter((sleep) => sleep.node.parent?.type === 'AwaitExpression');
    helperSleepsCache.set(fn, sleeps);
  }
  return sleeps;
}

/**
 * Which wait is the loop's own: the one on the failure path. With several there, a wait whose
 * length is read from the caught error (`const wait = err.getRetryAfterMs(); if (wait) { await
 * sleep(wait); continue }`, the server's hint the error carries) is the failure's, not the
 * code's; the code's own is the one other wait, taken when the failure gives none (reported as
 * the wait "when the response has no Retry-After").
 */
export function chooseSleep(sleeps: readonly Sleep[], retry: LoopRetry, env: Env): { sleep: Sleep | undefined; givenByFailure: boolean } {
  const onPath = sleeps.filter((s) => contains(retry.failurePath, s.node));
  const handler = retry.failurePath.parent;
  if (onPath.length > 1 && handler?.type === 'CatchClause' && handler.param?.type === 'Identifier') {
    const thrown = env.ctx.variableOf(handler.param);
    const given = (s: Sleep) => s.delay !== undefined && thrown !== undefined && madeFrom(s.delay, thrown, env.ctx);
    const own = onPath.filter((s) => !given(s));
    if (own.length === 1 && own.length < onPath.length) return { sleep: own[0], givenByFailure: true };
  }
  return { sleep: onPath[0] ?? sleeps[0], givenByFailure: false };
}

/** No sleep: an immediate retry, unless the failure path awaits something that may wait. */
export function immediateOrUnknown(retry: LoopRetry, scan: AttemptScan, loop: RetryLoopNode, ctx: AnalysisContext) {
  // Awaited calls on the way out (`return await res.json()`) do not wait between attempts.
  const waitsElsewhere = scan.calls.some(
    (call) =>
      call !== retry.operation &&
      call.parent?.type === 'AwaitExpression' &&
      contains(retry.failurePath, call) &&
      !onExitingBranch(call, loop) &&
      mayWait(call, ctx),
  );
  const waitsInOperation = scan.calls.some((call) => (call === retry.operation || !onExitingBranch(call, loop)) && waitsInside(call, ctx));
  return waitsElsewhere || waitsInOperation || awaitsTimedPromise(retry.failurePath, ctx) ? { t: 'unknown' as const, random: false } : { t: 'num' as const, v: 0, random: false };
}

/**
 * `await new Promise((resolve) => { socket.write('probe'); setTimeout(resolve, ms) })` on the
 * failure path: a promise with a timer of its own that also does other work is no plain sleep,
 * but the attempt may well wait on it: not known to go again at once.
 */
function awaitsTimedPromise(failurePath: Node, ctx: AnalysisContext): boolean {
  let found = false;
  walk(failurePath, ctx.keys, (node) => {
    if (found || (node !== failurePath && isFunction(node))) return false;
    if (node.type === 'AwaitExpression' && node.argument.type === 'NewExpression' && node.argument.callee.type === 'Identifier' && node.argument.callee.name === 'Promise') {
      const executor = node.argument.arguments[0];
      if (executor && isFunction(executor)) {
        walk(executor.body, ctx.keys, (inner) => {
          if (inner.type === 'CallExpression' && inner.callee.type === 'Identifier' && /^set(Timeout|Interval)$/.test(inner.callee.name)) found = true;
          return !found;
        });
      }
    }
    return !found;
  });
  return found;
}

/**
 * Might an awaited call on the failure path be the wait between attempts? Not when the code
 * reads what it resolves to (`const row = await repo.get(id)`, `if (await isFree())`): a wait
 * resolves to nothing worth reading, so that is an operation of the attempt. Not when its body
 * is known (a function of this file or of the project) and neither sleeps nor awaits, with the
 * result dropped, a call that might. A call whose body is not known (`await pause()` of a
 * package, `await this.cursor.close()`), or known only deeper than a few calls, may be one.
 */
function mayWait(call: TSESTree.CallExpression, ctx: AnalysisContext, depth = 0): boolean {
  const env = { ctx, region: call, counters: new Set<never>(), depth: 0 };
  const local = localFunction(call, env);
  const body = local ? { fn: local, ctx } : ctx.foreignFunction?.(call);
  // (A timer in it waits, whatever it resolves to: `const cancelled = await waitWithCancel(ms, stop)`.)
  if (body && holdsTimer(body.fn, body.ctx)) return true;
  if (!resultDropped(call)) return false;
  if (!body || depth > 2) return true;
  return awaitsPossibleWait(body.fn, body.ctx, depth);
}

/** The body awaits (result dropped) a call that may wait: read once per function (a function met again while read is taken not to). */
function awaitsPossibleWait(fn: Node, ctx: AnalysisContext, depth: number): boolean {
  const known = possibleWaiters.get(fn);
  if (known !== undefined) return known;
  possibleWaiters.set(fn, false);
  let waits = false;
  walk((fn as { body: Node }).body, ctx.keys, (node) => {
    if (waits || isFunction(node)) return false;
    if (node.type === 'CallExpression' && mayWait(node, ctx, depth + 1)) waits = true;
    if (node.type === 'NewExpression' && handsResolveAway(node, ctx)) waits = true;
    return undefined;
  });
  possibleWaiters.set(fn, waits);
  return waits;
}

const possibleWaiters = new WeakMap<Node, boolean>();

/**
 * `new Promise((resolve) => timer(resolve, ms))` with `timer` not known here: the promise
 * settles when code the analysis cannot read calls back, which may be after a wait.
 */
function handsResolveAway(node: TSESTree.NewExpression, ctx: AnalysisContext): boolean {
  const executor = node.arguments[0] && unwrap(node.arguments[0] as Node);
  if (unwrap(node.callee).type !== 'Identifier' || calleeName(node) !== 'Promise' || !executor || !isFunction(executor)) return false;
  const resolve = executor.params[0]?.type === 'Identifier' ? executor.params[0].name : undefined;
  if (resolve === undefined) return false;
  let handed = false;
  walk(executor.body, ctx.keys, (inner) => {
    if (handed) return false;
    if (inner.type !== 'CallExpression' || !inner.arguments.some((a) => a.type === 'Identifier' && a.name === resolve)) return undefined;
    const env = { ctx, region: inner, counters: new Set<never>(), depth: 0 };
    if (!localFunction(inner, env) && !ctx.foreignFunction?.(inner)) handed = true;
    return undefined;
  });
  return handed;
}

/** A sleep, or a timer of any kind (`setInterval` polling the clock until `ms` have passed), anywhere in its body. */
function holdsTimer(fn: Node, ctx: AnalysisContext): boolean {
  const known = timerHolders.get(fn);
  if (known !== undefined) return known;
  const body = (fn as { body: Node }).body;
  let found = scanAttempt(body, ctx).sleeps.length > 0;
  walk(body, ctx.keys, (node) => {
    if (found) return false;
    // The global timers (not a method of some object that shares the name).
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && /^set(Timeout|Interval)$/.test(node.callee.name) && !ctx.variableOf(node.callee)?.defs.length) found = true;
    return undefined;
  });
  timerHolders.set(fn, found);
  return found;
}

/** Read once per function: every loop that awaits a helper asks of the same body. */
const timerHolders = new WeakMap<Node, boolean>();

/** Awaited or returned to be awaited, and what it resolves to is not read. */
function resultDropped(call: TSESTree.CallExpression): boolean {
  let node: Node = call;
  if (node.parent?.type === 'AwaitExpression') node = node.parent;
  const parent = node.parent;
  if (parent?.type === 'ReturnStatement') return true;
  return node !== call && parent?.type === 'ExpressionStatement';
}

function onExitingBranch(node: Node, loop: RetryLoopNode): boolean {
  for (let p = node.parent; p && p !== loop; p = p.parent) {
    if (p.type === 'BlockStatement' && p.parent?.type === 'IfStatement' && alwaysExits(p)) return true;
    if (p.type === 'ReturnStatement') return true;
  }
  return false;
}
