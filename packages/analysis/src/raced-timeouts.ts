import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, dottedName, isFunction, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';

/**
 * `new Promise(resolve => { id = setTimeout(() => resolve(TIMED_OUT), left); })` whose only use
 * is as a contender of `Promise.race([work, timeoutPromise])`: the race settles no later than
 * the work does, so the timer bounds the work, it adds no wait before another attempt. A
 * timeout wrapper is not a sleep.
 *
 * Asked only of a `new Promise(…)` met while judging whether a function waits elsewhere than
 * at its retry's own wait; the test starts from the node type and the callee's name.
 */
export function racedTimeout(node: TSESTree.NewExpression, ctx: AnalysisContext): boolean {
  if (unwrap(node.callee).type !== 'Identifier' || calleeName(node) !== 'Promise') return false;
  const executor = node.arguments[0];
  if (!executor || !isFunction(executor)) return false;
  if (!timersOnlySettle(executor, ctx)) return false;
  if (raceContender(node)) return true;
  const declarator = node.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== node || declarator.id.type !== 'Identifier') return false;
  const variable = ctx.variableOf(declarator.id);
  if (!variable) return false;
  const reads = variable.references.filter((ref) => ref.identifier !== declarator.id);
  return reads.length > 0 && reads.every((ref) => !ref.isWrite() && raceContender(ref.identifier as Node));
}

/** An element of the array handed to `Promise.race(…)`. */
function raceContender(node: Node): boolean {
  const array = node.parent;
  if (array?.type !== 'ArrayExpression' || !array.elements.includes(node as TSESTree.Expression)) return false;
  const call = array.parent;
  return call?.type === 'CallExpression' && call.arguments[0] === array && dottedName(call.callee) === 'Promise.race';
}

/**
 * Every setTimeout in the executor calls back only the executor's own resolve or reject (with
 * any value), and there is at least one: the timer's sole effect is to settle the promise.
 */
function timersOnlySettle(executor: FunctionNode, ctx: AnalysisContext): boolean {
  const settlers = new Set(executor.params.flatMap((p) => (p.type === 'Identifier' ? [p.name] : [])));
  if (settlers.size === 0) return false;
  let timers = 0;
  let other = false;
  walk(executor.body, ctx.keys, (n) => {
    if (other) return false;
    if (n.type !== 'CallExpression' || calleeName(n) !== 'setTimeout' || unwrap(n.callee).type !== 'Identifier') return undefined;
    timers++;
    const callback = n.arguments[0] && unwrap(n.arguments[0] as Node);
    if (callback?.type === 'Identifier') {
      if (!settlers.has(callback.name)) other = true;
      return false;
    }
    if (!callback || !isFunction(callback)) {
      other = true;
      return false;
    }
    let settles = false;
    walk(callback.body, ctx.keys, (c) => {
      if (other) return false;
      if (c !== callback.body && isFunction(c)) {
        other = true;
        return false;
      }
      if (c.type === 'CallExpression') {
        const callee = unwrap(c.callee);
        if (callee.type === 'Identifier' && settlers.has(callee.name) && (c.parent?.type === 'ExpressionStatement' || c.parent === callback)) settles = true;
        else other = true;
      }
      return undefined;
    });
    if (!settles) other = true;
    return false;
  });
  return timers > 0 && !other;
}
