import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, callOf, enclosingFunction, unwrap, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { isSetTimeoutCall } from './timer-sleep.js';

/**
 * Does a function defer the function it is handed? `later(cb) { setTimeout(() => cb.call(this), 5000) }`,
 * `delayed(fn) { return new Promise((ok, ko) => setTimeout(() => fn().then(ok, ko), this.wait)) }`:
 * every call it makes of its parameter is made from one timer's callback (or the parameter is
 * the timer's callback), so a call of it puts what it is handed on that timer, as `setTimeout`
 * would. Read from the function's code, whatever it is called.
 */
export interface Deferral {
  /** The timer the parameter is called from. */
  timer: TSESTree.CallExpression;
  /** The function that sets it. */
  fn: FunctionNode;
  /** The call is made under a test in the timer's callback (`if (this.shuttingDown) … else cb()`): it may not be. */
  conditional: boolean;
}

const known = new WeakMap<FunctionNode, Map<number, Deferral | 'now' | null>>();

/**
 * The timer from which `fn` calls its parameter at `index`; `'now'` when it calls it at once
 * somewhere; undefined when its code does not call it (it hands it on, keeps it).
 */
export function deferralOf(fn: FunctionNode, index: number, ctx: AnalysisContext): Deferral | 'now' | undefined {
  let byIndex = known.get(fn);
  if (!byIndex) known.set(fn, (byIndex = new Map()));
  let found = byIndex.get(index);
  if (found === undefined) {
    const timer = deferringTimer(fn, index, ctx);
    found = timer === 'now' ? timer : timer ? { timer: timer.timer, fn, conditional: timer.conditional } : null;
    byIndex.set(index, found);
  }
  return found ?? undefined;
}

function deferringTimer(fn: FunctionNode, index: number, ctx: AnalysisContext): { timer: TSESTree.CallExpression; conditional: boolean } | 'now' | undefined {
  const p = fn.params[index];
  const param = p?.type === 'AssignmentPattern' ? p.left : p;
  const variable = param?.type === 'Identifier' ? ctx.variableOf(param) : undefined;
  if (!variable) return undefined;
  let timer: TSESTree.CallExpression | undefined;
  let conditional = false;
  for (const ref of variable.references) {
    if (ref.init) continue;
    const id = ref.identifier as Node;
    const parent = id.parent;
    // `setTimeout(cb, ms)`: the timer calls it.
    if (parent?.type === 'CallExpression' && parent.arguments[0] === id && isSetTimeoutCall(parent, ctx) && setBy(parent, fn)) {
      timer ??= parent;
      continue;
    }
    const call = callOf(id);
    if (!call) continue;
    const from = timerAround(call, fn, ctx);
    // Called at once somewhere: what it is handed does not always wait.
    if (!from) return 'now';
    timer ??= from;
    if (underTest(call, from)) conditional = true;
  }
  return timer && { timer, conditional };
}

/** A branch between the call and the timer's callback, or a leave before it there (`if (closed) return;`). */
function underTest(call: Node, timer: TSESTree.CallExpression): boolean {
  const callback = timer.arguments[0];
  for (let child: Node = call, p = call.parent; p && p !== callback; child = p, p = p.parent) {
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) return true;
    if (p.type === 'LogicalExpression' && child === p.right) return true;
    if (p.type === 'BlockStatement' && p.body.slice(0, p.body.indexOf(child as never)).some((s) => s.type === 'IfStatement' && alwaysExits(s.consequent))) return true;
  }
  return false;
}

/** The timer whose callback holds `call`, set in `fn` itself. */
function timerAround(call: Node, fn: FunctionNode, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  for (let inner = enclosingFunction(call); inner && inner !== fn; inner = enclosingFunction(inner)) {
    const timer = inner.parent;
    if (timer?.type === 'CallExpression' && timer.arguments[0] === inner && isSetTimeoutCall(timer, ctx)) return setBy(timer, fn) ? timer : undefined;
  }
  return undefined;
}

/**
 * The timer is set when `fn` runs: in its body, or in the executor of a promise it makes
 * (`new Promise((ok) => setTimeout(…))`); not in a listener or callback that runs later.
 */
function setBy(timer: Node, fn: FunctionNode): boolean {
  for (let holder = enclosingFunction(timer); holder !== fn; holder = enclosingFunction(holder)) {
    const made = holder?.parent;
    if (!holder || made?.type !== 'NewExpression' || made.arguments[0] !== holder || unwrap(made.callee).type !== 'Identifier' || (unwrap(made.callee) as TSESTree.Identifier).name !== 'Promise') return false;
  }
  return true;
}
