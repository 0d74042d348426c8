import { operands, unwrap, type Node } from '../ast.js';
import { boundKind } from '../checks.js';
import { evaluate, type Env } from '../evaluate.js';
import { localFunction, parameterVariables } from '../functions/local-function.js';
import { booleanLiteral, guardChain } from '../functions/guard-chain.js';
import type { Value } from '../value.js';
import { merge, type Bound } from './bound.js';
import { boundOf } from './comparison-bound.js';

/**
 * `if (shouldRetry(res.status, attempt)) continue` with `shouldRetry` a predicate of the file
 * that answers `false` once `attempt >= MAX_RETRIES`: the limit the predicate keeps, read in its
 * body with each parameter standing for the argument the call hands it (the loop's counter).
 */

/**
 * The bound a call of a predicate keeps when `goOnWhenTrue` says which answer goes round
 * (true for `if (p()) continue`, false for `if (p()) throw`); `!p()` and the parts of
 * `a && p()` (going on) or `a || p()` (giving up) are read the same way. Undefined when no
 * predicate with a limit is called.
 */
export function predicateBound(test: Node, goOnWhenTrue: boolean, env: Env): Bound | undefined {
  const n = unwrap(test);
  if (n.type === 'UnaryExpression' && n.operator === '!') return predicateBound(n.argument, !goOnWhenTrue, env);
  if (n.type === 'LogicalExpression' && n.operator === (goOnWhenTrue ? '&&' : '||')) {
    let bound: Bound | undefined;
    for (const part of operands(n, n.operator)) {
      const b = part === n ? undefined : predicateBound(part, goOnWhenTrue, env);
      if (b) bound = merge(bound, b);
    }
    return bound;
  }
  if (n.type !== 'CallExpression' || env.depth > 2) return undefined;
  const fn = localFunction(n, env);
  if (!fn || fn.async || fn.generator) return undefined;
  const chain = guardChain(fn);
  if (!chain) return undefined;
  const bindings = new Map(env.bindings ?? []);
  parameterVariables(fn, env.ctx).forEach((param, i) => {
    const arg = n.arguments[i];
    if (param && arg && arg.type !== 'SpreadElement') bindings.set(param, evaluate(arg, env) as Value);
  });
  const inner: Env = { ...env, region: fn, bindings, depth: env.depth + 1 };
  let bound: Bound | undefined;
  for (const guard of chain) {
    const literal = booleanLiteral(unwrap(guard.value));
    // `if (t) return L`: the call answers L when t holds; `return e`: it answers e.
    const condition = guard.test ?? (literal === undefined ? guard.value : undefined);
    if (!condition) continue;
    const answer = guard.test ? literal : true;
    if (answer === undefined) continue;
    const kind = boundKind(condition, inner);
    if (kind) bound = merge(bound, boundOf(kind, condition, inner, answer !== goOnWhenTrue, true, test));
  }
  return bound;
}
