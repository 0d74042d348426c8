import type { TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, enclosingFunction, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';

/**
 * A failed call put back into a queue that a timer drains: the failure path stores the
 * function's own input (`await store.push(envelope)`, `this.pending.unshift(job)`) and the way
 * back in takes its item from that same store (`const found = await store.shift(); … send(found)`).
 * What goes back in is the failed work, whoever else drains the store (a success that sends the
 * next item): the way back is a retry of the failed call, not a work loop moving on.
 *
 * Read only for a way back in through a second function the retrying function also calls where
 * nothing failed (recursion.ts asks when it would otherwise drop the site).
 */

const TAKE = /^(shift|pop)$/;
const PUT = /^(push|unshift)$/;

/**
 * The store the call back in takes an argument from, with that argument's index: `found` of
 * `const found = await store.shift()` declared in `through`. Undefined for anything else.
 */
export function drainedStore(back: Node, through: FunctionNode, ctx: AnalysisContext): { store: Node; index: number } | undefined {
  if (back.type !== 'CallExpression') return undefined;
  for (let i = 0; i < back.arguments.length; i++) {
    const arg = unwrap(back.arguments[i] as Node);
    if (arg.type !== 'Identifier') continue;
    const def = ctx.variableOf(arg)?.defs;
    if (def?.length !== 1 || def[0]?.type !== 'Variable' || !contains(through, def[0].node)) continue;
    const declarator = def[0].node;
    const init = declarator.init && unwrap(declarator.init);
    const taken = init?.type === 'AwaitExpression' ? unwrap(init.argument) : init;
    if (taken?.type !== 'CallExpression' || taken.arguments.length !== 0 || taken.callee.type !== 'MemberExpression') continue;
    if (!TAKE.test(propertyName(taken.callee) ?? '')) continue;
    return { store: taken.callee.object, index: i };
  }
  return undefined;
}

/**
 * The failure path (`container`, holding `call`) puts the retrying function's parameter at
 * `index` into `store` before `call`: the failed input queued again.
 */
export function requeuedBefore(call: Node, container: Node, fn: FunctionNode, store: Node, index: number, ctx: AnalysisContext): boolean {
  const param = fn.params[index];
  const id = param?.type === 'AssignmentPattern' ? param.left : param;
  if (id?.type !== 'Identifier') return false;
  const input = ctx.variableOf(id);
  if (!input) return false;
  let found = false;
  walk(container, ctx.keys, (node) => {
    if (found || (node !== container && isFunction(node))) return false;
    if (node.type !== 'CallExpression' || node.range[1] > call.range[0] || node.callee.type !== 'MemberExpression') return undefined;
    if (!PUT.test(propertyName(node.callee) ?? '') || !sameStore(node.callee.object, store, ctx)) return undefined;
    found = node.arguments.some((arg) => {
      const a = unwrap(arg);
      return a.type === 'Identifier' && ctx.variableOf(a) === input;
    });
    return undefined;
  });
  return found;
}

/** The same store by name: `store` and `store`, `this.queue` and `this.queue`, the root resolved through scopes. */
export function sameStore(a: Node, b: Node, ctx: AnalysisContext): boolean {
  const name = dottedName(a);
  if (name === undefined || name !== dottedName(b)) return false;
  const [ra, rb] = [root(a), root(b)];
  if (ra.type === 'ThisExpression' && rb.type === 'ThisExpression') return true;
  return ra.type === 'Identifier' && rb.type === 'Identifier' && ctx.variableOf(ra) !== undefined && ctx.variableOf(ra) === ctx.variableOf(rb);
}

function root(node: Node): Node {
  let n = unwrap(node);
  while (n.type === 'MemberExpression') n = unwrap((n as TSESTree.MemberExpression).object);
  return n;
}

/**
 * The item drawn from a store (`const job = this.queue.shift()`) is put back into that store
 * (`this.queue.unshift(job)`, `push`) ahead of a call back in, in the same function: the way
 * back takes the failed item again, a requeued retry rather than a move to the next item.
 */
export function putBackBeforeReentry(item: Variable, draw: Node, selfCalls: readonly Node[], ctx: AnalysisContext): boolean {
  const taken = unwrap(draw);
  const source = taken.type === 'AwaitExpression' ? unwrap(taken.argument) : taken;
  if (source.type !== 'CallExpression' || source.callee.type !== 'MemberExpression' || !TAKE.test(propertyName(source.callee) ?? '')) return false;
  const store = source.callee.object;
  return item.references.some((ref) => {
    const put = ref.identifier.parent;
    if (put?.type !== 'CallExpression' || !put.arguments.includes(ref.identifier as TSESTree.CallExpressionArgument) || put.callee.type !== 'MemberExpression') return false;
    if (!PUT.test(propertyName(put.callee) ?? '') || !sameStore(put.callee.object, store, ctx)) return false;
    const holder = enclosingFunction(put);
    return selfCalls.some((call) => call.range[0] > put.range[1] && holder !== undefined && enclosingFunction(call) === holder);
  });
}
