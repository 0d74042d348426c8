import { dottedName, type Node } from '../ast.js';

/**
 * `signal.throwIfAborted()`, `this.signal.throwIfAborted()`: AbortSignal's own check, which throws
 * once the signal is aborted. Before a way round, an abort ends the retry there.
 */
export function isAbortCheck(node: Node): boolean {
  return node.type === 'CallExpression' && /(^|\.)throwIfAborted$/.test(dottedName(node.callee) ?? '');
}
