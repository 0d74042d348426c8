import type { TSESTree } from '@typescript-eslint/utils';
import type { FunctionNode, Node } from '../ast.js';
import type { AnalysisContext, Env, Variable } from '../context.js';
import { UNKNOWN, type Value } from '../value.js';
import { deeper } from './state.js';
import { parameterVariables } from '../functions/local-function.js';
import { evaluate } from '../evaluate.js';

/**
 * In what environment does a helper of another file run for one call: its parameters bound to
 * the values of the call's arguments.
 */

/**
 * `sleep(ms)` of another module: its parameters, read in that module, bound to the caller's
 * arguments evaluated here. Values carry what they depend on (the attempt), not the scopes.
 */
export function foreignHelperEnv(fn: FunctionNode, fnCtx: AnalysisContext, args: readonly Node[], env: Env): Env {
  const bindings = new Map<Variable, Value>();
  const home: Env = { ctx: fnCtx, region: fn.body, counters: new Set(), depth: env.depth + 1 };
  parameterVariables(fn, fnCtx).forEach((variable, i) => {
    if (!variable) return;
    const param = fn.params[i] as TSESTree.Parameter;
    const given = args[i];
    const fallback = param.type === 'AssignmentPattern' ? param.right : undefined;
    // A default may name an earlier parameter (`(s, ms = s * 1000) =>`).
    bindings.set(variable, given ? evaluate(given, deeper(env)) : fallback ? evaluate(fallback, { ...home, bindings: new Map(bindings) }) : UNKNOWN);
  });
  return { ...home, bindings };
}
