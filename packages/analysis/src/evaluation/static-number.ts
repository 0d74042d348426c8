import type { Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { evaluate } from '../evaluate.js';

/**
 * Which number does an expression hold, known statically (constants, class fields, defaults)?
 */

/** A number known statically (const chains, class fields, defaults), or undefined. */
export function staticNumber(node: Node | undefined, ctx: AnalysisContext): number | undefined {
  if (!node) return undefined;
  const value = evaluate(node, { ctx, region: node, counters: new Set(), depth: 0 });
  return value.t === 'num' && !value.random ? value.v : undefined;
}
