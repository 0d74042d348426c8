import type { TSESTree } from '@typescript-eslint/utils';
import { keyName, unwrap, writtenProperty, type Node } from '../ast.js';
import type { AnalysisContext, Env, Variable } from '../context.js';
import { UNKNOWN, type Value } from '../value.js';
import { tooLongToInline } from '../functions/local-function.js';
import { evaluate } from './evaluator.js';
import { helperRandomness, inlineBody } from './helper-calls.js';
import { passedObjectRead } from '../options/callers.js';

/**
 * What does a call of a function the caller handed in answer (`delay_({ count })` in a retry
 * helper, `delay_` bound to the caller's `({ count }) => (1 << count) * 150`)? What the function
 * returns, read in the file it is written in, its parameters bound to what the call
 * gives: a plain parameter to its argument, a destructured one (`{ count }`) to the property
 * an object literal argument gives it. Undefined when the callee is no such function.
 */
export function closureCall(call: TSESTree.CallExpression, env: Env): Value | undefined {
  const callee = unwrap(call.callee);
  // `retry.retryDelay(n, err)` with `retry` bound to an options object whose key holds a function.
  const member = callee.type === 'MemberExpression' && !callee.computed ? passedObjectRead(callee, env) : undefined;
  if (callee.type !== 'Identifier' && (member === undefined || member === 'absent')) return undefined;
  const variable = callee.type === 'Identifier' ? env.ctx.variableOf(callee) : undefined;
  const bound = member !== undefined && member !== 'absent' ? member : variable && (env.bindings?.get(variable) ?? env.ctx.paramValues?.get(variable));
  const closure = bound?.closure;
  if (!closure || env.depth > 6) return undefined;
  const ctx = closure.scope as AnalysisContext;
  if (tooLongToInline(closure.fn)) return UNKNOWN;
  const bindings = new Map<Variable, Value>();
  closure.fn.params.forEach((param, i) => {
    const arg = call.arguments[i];
    if (!arg || arg.type === 'SpreadElement') return;
    const target = param.type === 'AssignmentPattern' ? param.left : param;
    if (target.type === 'Identifier') {
      const own = ctx.variableOf(target);
      if (own) bindings.set(own, evaluate(arg as Node, env));
      return;
    }
    const given = unwrap(arg as Node);
    if (target.type !== 'ObjectPattern' || given.type !== 'ObjectExpression') return;
    for (const property of target.properties) {
      if (property.type !== 'Property' || property.computed) continue;
      const local = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
      const key = keyName(property.key);
      const own = local.type === 'Identifier' ? ctx.variableOf(local) : undefined;
      const value = key === undefined ? undefined : writtenProperty(given, key);
      if (own && value) bindings.set(own, evaluate(value, env));
    }
  });
  const inner: Env = { ctx, region: closure.fn.body, counters: new Set(), depth: env.depth + 1, bindings };
  // Its returns joined (a branch shown not taken left out), its randomness kept.
  return helperRandomness(inlineBody(closure.fn, inner, inner), closure.fn, inner, inner);
}
