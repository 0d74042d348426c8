import { unwrap, type Node } from '../ast.js';
import { isReassigned, type AnalysisContext } from '../context.js';
import { soleDefinition, type ClassNode } from '../definitions/bodies.js';

/** The class an expression names: a class declaration or expression, or a binding of one. */
export function classIn(node: Node, ctx: AnalysisContext): ClassNode | undefined {
  const n = unwrap(node);
  if (n.type === 'ClassDeclaration' || n.type === 'ClassExpression') return n;
  if (n.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(n);
  const def = soleDefinition(variable);
  if (!variable || !def) return undefined;
  if (def.type === 'ClassName' && def.node.type === 'ClassDeclaration') return def.node;
  if (def.type === 'Variable' && def.node.id === def.name && def.node.init?.type === 'ClassExpression' && !isReassigned(variable)) return def.node.init;
  return undefined;
}
