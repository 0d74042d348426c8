import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';
import { parameterVariables } from '../functions/local-function.js';

/**
 * The other way past the `if` throws: its other branch always throws, or (with no other branch)
 * the statement after it is a `throw`. Inside the attempt's `try`, that throw is the failure.
 */
export function throwsOtherwise(statement: TSESTree.IfStatement, taken: Node): boolean {
  const other = taken === statement.consequent ? statement.alternate : statement.consequent;
  if (other) return alwaysThrows(other);
  const parent = statement.parent;
  if (parent?.type !== 'BlockStatement') return false;
  const next = parent.body[parent.body.indexOf(statement) + 1];
  return next?.type === 'ThrowStatement';
}

/** The statement ends in a `throw` (through blocks, however deep: a loop, not recursion). */
function alwaysThrows(node: Node): boolean {
  let current: Node | undefined = node;
  while (current?.type === 'BlockStatement') current = current.body[current.body.length - 1];
  return current?.type === 'ThrowStatement';
}

/**
 * `if (!cookie) { if (retries > 3) throw new Error('…'); await sleep(retries); return fetchCookie(url, retries + 1) }`:
 * the branch that calls its function back also gives up with an error once the count the call
 * steps runs out. The code itself says what this branch answers: a failure, whatever its test
 * reads (a value that is missing, a state).
 */
export function givesUpWithError(branch: Node, call: TSESTree.CallExpression, fn: FunctionNode, ctx: AnalysisContext): boolean {
  if (branch.type !== 'BlockStatement') return false;
  const params = parameterVariables(fn, ctx);
  // The parameters the call back in steps (`retries + 1`, `left - 1`).
  const stepped = new Set<Variable>();
  call.arguments.forEach((arg, i) => {
    const param = params[i];
    const a = unwrap(arg as Node);
    const operand = a.type === 'BinaryExpression' && (a.operator === '+' || a.operator === '-') ? unwrap(a.left as Node) : a.type === 'UpdateExpression' ? unwrap(a.argument) : undefined;
    if (param && operand?.type === 'Identifier' && ctx.variableOf(operand) === param) stepped.add(param);
  });
  if (stepped.size === 0) return false;
  for (const statement of branch.body) {
    if (statement.range[0] >= call.range[0]) break;
    if (statement.type !== 'IfStatement' || !alwaysThrows(statement.consequent)) continue;
    let counts = false;
    walk(statement.test, ctx.keys, (n) => {
      if (n.type === 'Identifier' && stepped.has(ctx.variableOf(n) as Variable)) counts = true;
      return !counts;
    });
    if (counts) return true;
  }
  return false;
}
