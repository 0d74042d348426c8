import type { TSESTree } from '@typescript-eslint/utils';
import type { Node } from '../ast.js';

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
