import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, walk, type Node } from '../ast.js';
import type { Env } from '../evaluate.js';
import { isOperationCall } from '../operations/operation-call.js';
import { asSleep } from '../sleep.js';

/**
 * `try { await sleep(d); if (this.allowReconnect) await this.open() } catch { await again(n + 1) }`:
 * every operation of the try runs only while a state holds (`ownerAllows`: one its owner clears,
 * `close()` setting `allowReconnect = false`). Once it does not, nothing fails and nothing goes
 * again: the owner stops the retry there.
 */
export function attemptGatedBy(handler: TSESTree.CatchClause, env: Env, ownerAllows: (test: Node) => boolean): boolean {
  const attempt = handler.parent;
  if (attempt?.type !== 'TryStatement') return false;
  let operations = 0;
  let ungated = false;
  walk(attempt.block, env.ctx.keys, (node) => {
    if (ungated || isFunction(node)) return false;
    if (node.type === 'IfStatement' && !node.alternate && ownerAllows(node.test)) {
      operations++;
      return false;
    }
    // The wait (and what works it out) is no attempt; any other operation, awaited or not, may fail whatever the state.
    if (node.type === 'CallExpression' && asSleep(node, env.ctx)) return false;
    if (node.type === 'CallExpression' && isOperationCall(node)) ungated = true;
    return undefined;
  });
  return operations > 0 && !ungated;
}
