import type { TSESTree } from '@typescript-eslint/utils';
import { isAnyLoop, isFunction, loopTest, unwrap, walk, type Node, type RetryLoopNode } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';

/**
 * Does the loop go round on success, waiting for a state the operation reports? Its test reads
 * a variable that the success path sets from a field of what the operation returned
 * (`stage = deployment.latest_stage` with `while (stage?.status !== 'success')`): a call that
 * went through does not leave the loop, a state reached does. That is polling, whatever the
 * failures do (a poll that shrugs off a failed read goes round on those too). A loop whose test
 * asks whether the operation has answered at all (`while (!res) { res = await fetch(u) … }`)
 * keeps the result itself, not a state in it: that goes round only on failure, a retry.
 */
export function pollsStoredState(loop: RetryLoopNode, operation: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const test = loopTest(loop);
  if (!test) return false;
  const tested = new Set<Variable>();
  walk(test, ctx.keys, (node) => {
    if (isFunction(node)) return false;
    if (node.type === 'Identifier') {
      const variable = ctx.variableOf(node);
      if (variable) tested.add(variable);
    }
    return undefined;
  });
  if (tested.size === 0) return false;
  const result = resultVariable(operation, ctx);
  let polls = false;
  walk(loop.body, ctx.keys, (node) => {
    // An inner loop's writes are its own attempts' (and walking into every one is quadratic in a nest).
    if (polls || isFunction(node) || node.type === 'CatchClause' || (node !== loop.body && isAnyLoop(node))) return false;
    if (node.type !== 'AssignmentExpression' || node.operator !== '=' || node.left.type !== 'Identifier') return undefined;
    const target = ctx.variableOf(node.left);
    if (target && tested.has(target) && readsFieldOf(node.right, operation, result, ctx)) polls = true;
    return undefined;
  });
  return polls;
}

/** `const deployment = await op()`: the variable the operation's result is kept in. */
function resultVariable(operation: TSESTree.CallExpression, ctx: AnalysisContext): Variable | undefined {
  let node: Node = operation;
  while (node.parent && (node.parent.type === 'AwaitExpression' || node.parent.type === 'TSAsExpression' || node.parent.type === 'TSNonNullExpression')) node = node.parent;
  const declarator = node.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== node || declarator.id.type !== 'Identifier') return undefined;
  return ctx.variableOf(declarator.id);
}

/** `deployment.latest_stage`, `(await op()).state`, `res?.body.status`: a field of the operation's result. */
function readsFieldOf(expr: Node, operation: TSESTree.CallExpression, result: Variable | undefined, ctx: AnalysisContext): boolean {
  let reads = false;
  walk(expr, ctx.keys, (node) => {
    if (reads || isFunction(node)) return false;
    if (node.type !== 'MemberExpression') return undefined;
    let object = unwrap(node.object);
    while (object.type === 'MemberExpression') object = unwrap(object.object);
    if (object.type === 'AwaitExpression') object = unwrap(object.argument);
    if (object === operation || (object.type === 'Identifier' && result !== undefined && ctx.variableOf(object) === result)) reads = true;
    return reads ? false : undefined;
  });
  return reads;
}
