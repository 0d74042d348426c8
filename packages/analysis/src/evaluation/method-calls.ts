import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap, type Node } from '../ast.js';
import type { Env, Variable } from '../context.js';
import { join, type Value } from '../value.js';
import { deeper } from './state.js';
import { evaluate } from './evaluator.js';
import { inlineHelper } from './helper-calls.js';
import { constructionBindings, dispatchedMethods } from '../functions/dispatch.js';
import { instanceMethod } from '../functions/methods.js';

/**
 * What does a method call of a class of this file evaluate to? `this.delayFor(n)` is any of the
 * bodies the object's class may run (an abstract method's implementations included, joined);
 * `backoff.next()` on `new Backoff(200)` runs with the constructor's parameters holding the
 * construction's arguments. Undefined when no body of this file answers.
 */
export function methodCallValue(call: TSESTree.CallExpression, args: readonly Node[], env: Env): Value | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  if (unwrap(callee.object).type === 'ThisExpression') {
    const bodies = dispatchedMethods(call, env.ctx);
    return bodies.length > 0 ? bodies.map((fn) => inlineHelper(fn, args, env)).reduce(join) : undefined;
  }
  const instance = instanceMethod(callee, env);
  if (!instance) return undefined;
  const made = constructionBindings<Value>(instance.made, env.ctx, (arg, bound) => evaluate(arg, deeper(withBindings(env, bound))));
  return inlineHelper(instance.fn, args, withBindings(env, made));
}

function withBindings(env: Env, bound: ReadonlyMap<Variable, Value>): Env {
  return bound.size === 0 ? env : { ...env, bindings: new Map([...(env.bindings ?? []), ...bound]) };
}
