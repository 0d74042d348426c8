import { unwrap, type Node } from '../ast.js';
import type { Env } from '../context.js';

/**
 * Is a value read off the failure itself? A wait the failure carries is the server's say, as a
 * Retry-After header is, not the code's own wait.
 */

/** A field read off the caught error (`err.parameters?.retry_after`, `error.retryAfter`): what the failure carries. */
export function carriedByFailure(node: Node, env: Env): boolean {
  let n = unwrap(node);
  if (n.type !== 'MemberExpression') return false;
  while (n.type === 'MemberExpression') n = unwrap(n.object);
  for (let depth = 0; n.type === 'Identifier' && depth < 4; depth++) {
    const variable = env.ctx.variableOf(n);
    if (!variable) return false;
    if (variable.defs.some((def) => def.type === 'CatchClause') || env.handedFailures?.has(variable)) return true;
    // `const err = error as ApiError`: the caught error under another name.
    const def = variable.defs.length === 1 ? variable.defs[0] : undefined;
    const init = def?.type === 'Variable' && def.node.id === def.name ? def.node.init : undefined;
    if (!init) return false;
    n = unwrap(init);
  }
  return false;
}
