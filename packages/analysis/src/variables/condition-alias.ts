import { unwrap, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';

/**
 * `const retryable = err.name !== 'FirebaseError' && attempt < MAX; if (!retryable) throw err`:
 * a `const` that holds a condition, tested where the code decides, is that condition; a limit
 * it holds is kept there. Only a comparison, a logical or a negation is taken, never a number
 * (`const left = max - n` is a count, read as one elsewhere).
 */
export function conditionAlias(node: Node, ctx: AnalysisContext): Node | undefined {
  const init = constInit(node, ctx);
  if (!init) return undefined;
  if (init.type === 'LogicalExpression' || (init.type === 'UnaryExpression' && init.operator === '!')) return init;
  return init.type === 'BinaryExpression' && /^[<>]=?$|^[!=]==?$/.test(init.operator) ? init : undefined;
}

/** What a `const` named by `node` is set to (`const next = attempt + 1`), unwrapped; undefined for anything else. */
export function constInit(node: Node, ctx: AnalysisContext): Node | undefined {
  const n = unwrap(node);
  if (n.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(n);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name || !def.node.init) return undefined;
  return unwrap(def.node.init as Node);
}
