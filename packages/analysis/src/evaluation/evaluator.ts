import type { Node } from '../ast.js';
import type { Env } from '../context.js';
import type { Value } from '../value.js';

/**
 * Which function evaluates a node, for the parts of the evaluator's recursive core that live
 * outside evaluate.ts (written-values.ts, helper-calls.ts)? They call evaluate() back, and
 * evaluate.ts imports them: importing evaluate.ts in turn would be an import cycle. So they read
 * it here, a live binding evaluate.ts sets when it loads; the analysis's entry (analyze.ts, and
 * so index.ts) loads evaluate.ts before anything is evaluated. Unset, it throws: a module loaded
 * without the evaluator is a wiring mistake, not an unknown value.
 */
export let evaluate: (node: Node, env: Env) => Value = () => {
  throw new Error('retry-hygiene: evaluate.ts was not loaded');
};

export function registerEvaluator(fn: (node: Node, env: Env) => Value): void {
  evaluate = fn;
}
