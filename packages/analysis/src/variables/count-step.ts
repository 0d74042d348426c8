import { unwrap, type Node } from '../ast.js';

/**
 * `n + 1`, `n - 2`, `++n`: a count handed on stepped, the variable it is stepped from and by how
 * much; undefined for anything else.
 */
export function countStep(node: Node): { base: Node; by: number } | undefined {
  const a = unwrap(node);
  if (a.type === 'UpdateExpression') return { base: unwrap(a.argument), by: a.operator === '++' ? 1 : -1 };
  if (a.type !== 'BinaryExpression' || (a.operator !== '+' && a.operator !== '-')) return undefined;
  const right = unwrap(a.right);
  if (right.type !== 'Literal' || typeof right.value !== 'number') return undefined;
  return { base: unwrap(a.left as Node), by: a.operator === '+' ? right.value : -right.value };
}
