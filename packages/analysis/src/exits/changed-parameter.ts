import { unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { Env } from '../evaluate.js';
import { parameterVariables } from '../functions/local-function.js';

/**
 * `if (error && !canRetry) return failed` before `return this.post(events, false)`: a test that
 * leaves on the way to the call back and reads a parameter the call hands another value. The
 * next attempt may answer it otherwise and stop, by a count or a flag the analysis may not read:
 * the retry may stop there.
 */
export function readsParameterChangedBy(test: Node, call: Node, fn: FunctionNode, env: Env): boolean {
  if (call.type !== 'CallExpression') return false;
  const params = parameterVariables(fn, env.ctx);
  const changed = new Set(
    params.filter((variable, i) => {
      const arg = call.arguments[i];
      const a = arg && unwrap(arg as Node);
      return variable !== undefined && a !== undefined && !(a.type === 'Identifier' && env.ctx.variableOf(a) === variable);
    }),
  );
  if (changed.size === 0) return false;
  let reads = false;
  walk(test, env.ctx.keys, (n) => {
    if (reads) return false;
    if (n.type === 'Identifier' && changed.has(env.ctx.variableOf(n))) reads = true;
    return undefined;
  });
  return reads;
}
