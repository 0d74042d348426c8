import { contains, isFunction, type Node } from '../ast.js';

/**
 * `try { await send(chunk(offset)); offset = next } catch { await sleep(ms) }`: a node in the
 * `try`, after the operation there, runs only when the operation did not throw. A write there
 * moves on after a success; a failure leaves it as it was.
 */
export function afterOperationInTry(node: Node, operation: Node, loop: Node): boolean {
  for (let child: Node = node, p = node.parent; p && p !== loop; child = p, p = p.parent) {
    if (isFunction(p)) return false;
    if (p.type === 'TryStatement' && child === p.block && p.handler && contains(p.block, operation) && operation.range[1] <= node.range[0]) return true;
  }
  return false;
}
