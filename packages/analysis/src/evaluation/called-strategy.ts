import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type FunctionNode } from '../ast.js';
import type { Env } from '../context.js';
import { foreignDefault } from '../options/option-source.js';
import { strategyFunction } from './helper-calls.js';

/**
 * Which function does a call to a strategy (a function held in options) run, with what
 * environment?
 */

/**
 * The strategy function a call of an option invokes, where the analysis can read it: a
 * function of this file held in an object it builds (`options.retryStrategy(n)`), or one that
 * another module's defaults give (`this.options.retryStrategy.call(this, ++n)`), with the
 * environment to read it in. Undefined for anything else (a caller's function included).
 */
export function calledStrategy(call: TSESTree.CallExpression, env: Env): { fn: FunctionNode; env: Env } | undefined {
  let callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression' && !callee.computed && propertyName(callee) === 'call' && call.arguments.length > 0) callee = unwrap(callee.object);
  if (callee.type !== 'MemberExpression' || callee.computed || unwrap(callee.object).type === 'ThisExpression') return undefined;
  const direct = callee === unwrap(call.callee) ? call : { ...call, callee: callee as TSESTree.Expression, arguments: call.arguments.slice(1) };
  const local = strategyFunction(direct, env);
  if (local) return local;
  const prop = propertyName(callee);
  const foreign = prop !== undefined ? foreignDefault(callee.object, prop, env) : undefined;
  const fn = foreign && foreign.env.ctx.functionIn(foreign.node);
  return foreign && fn ? { fn, env: { ...foreign.env, region: fn.body } } : undefined;
}
