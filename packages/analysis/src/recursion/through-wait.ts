import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import type { Env } from '../evaluate.js';
import { branchNotTaken } from '../evaluation/branches.js';
import { localFunction } from '../functions/local-function.js';
import { racedTimeout } from '../raced-timeouts.js';
import { scanAttempt } from '../scan.js';
import { asSleep, computesWait, type Sleep } from '../sleep.js';
import { CANCELS_TIMER, TIMER_LIKE, withTimer } from './failure-path.js';

/**
 * Does a second function on the way back in wait: a timer around its call back, a sleep before
 * it, or a wait elsewhere in it that the analysis does not follow?
 */

/** Any timer call (`setTimeout`, `setInterval`, `setImmediate`, a scheduler by name) that the call sits in. */
export function hasTimerAround(call: Node, fn: FunctionNode): boolean {
  for (let p = call.parent; p && p !== fn; p = p.parent) {
    if (p.type === 'CallExpression' && /^(setTimeout|setInterval|setImmediate)$/.test(calleeName(p) ?? '')) return true;
    if (p.type === 'CallExpression' && TIMER_LIKE.test(calleeName(p) ?? '')) return true;
  }
  return false;
}

type ThroughWait = { waits: boolean; timer?: TSESTree.CallExpression; opaqueTimer?: boolean; sleep?: Sleep };

/** Read once per call back in: choosing the way back and describing it ask the same question. */
const throughWaits = new WeakMap<Node, ThroughWait>();

/** A setTimeout around the call back in, inside `b`, or a sleep in `b` before it. */
export function throughWait(back: Node, through: FunctionNode, ctx: AnalysisContext): ThroughWait {
  let wait = throughWaits.get(back);
  if (!wait) throughWaits.set(back, (wait = findThroughWait(back, through, ctx)));
  return wait;
}

function findThroughWait(back: Node, through: FunctionNode, ctx: AnalysisContext): ThroughWait {
  const path = withTimer({ container: through }, back, through, ctx);
  if (path.timer) return { waits: true, timer: path.timer };
  const sleeps = scanAttempt(through.body, ctx).sleeps.filter((s) => s.node.range[0] < back.range[0] && !contains(s.node, back));
  const sleep = sleeps[sleeps.length - 1];
  if (sleep) return { waits: true, sleep, ...(path.opaqueTimer ? { opaqueTimer: true } : {}) };
  return path.opaqueTimer ? { waits: true, opaqueTimer: true } : { waits: false };
}

/** A sleep or timer in `b` (callbacks included) other than the one before the way back. */
export function waitsElsewhere(through: FunctionNode, own: Node | undefined, ctx: AnalysisContext): boolean {
  let found = false;
  let env: Env | undefined;
  walk(through.body, ctx.keys, (node) => {
    if (found) return false;
    if (node === own) return false;
    // `Promise.race([work, new Promise(r => setTimeout(() => r(TIMED_OUT), left))])`: a timeout, no wait.
    if (node.type === 'NewExpression' && racedTimeout(node, ctx)) return false;
    // `new Promise((resolve) => setTimeout(() => resolve(a(n)), ms))`: the promise of the wait itself, no other one.
    if (node.type === 'NewExpression' && own !== undefined && contains(node, own)) return undefined;
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
