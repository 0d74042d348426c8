import { isFunction, walk, type Node } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';

/** Local values followed back to what they are made of, at most this deep. */
const MAX_DERIVATION = 4;

/**
 * `expr` is made from `variable`: reads it, or a local value whose initialiser does (`const
 * options = { max: input.max ?? 3 }`, `const wait = err.retryAfterMs()`), not inside a function it makes.
 */
export function madeFrom(expr: Node, variable: Variable, ctx: AnalysisContext, depth = 0, seen = new Set<Variable>()): boolean {
  let read = false;
  walk(expr, ctx.keys, (node) => {
    if (read || (node !== expr && isFunction(node))) return false;
    if (node.type !== 'Identifier') return undefined;
    const other = ctx.variableOf(node);
    if (other === variable) read = true;
    else if (other && depth < MAX_DERIVATION && !seen.has(other)) {
      seen.add(other);
      const def = other.defs.length === 1 ? other.defs[0] : undefined;
      const init = def?.node.type === 'VariableDeclarator' ? def.node.init : undefined;
      if (init && madeFrom(init as Node, variable, ctx, depth + 1, seen)) read = true;
    }
    return read ? false : undefined;
  });
  return read;
}
