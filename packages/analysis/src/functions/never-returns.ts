import type { TSESTree } from '@typescript-eslint/utils';
import type { FunctionNode, Node } from '../ast.js';

/**
 * Does a function of the file ever return normally? Declared to return `never`, or with a body
 * that throws on every way through it (directly, or by calling another such function of the
 * file, which `resolve` names by scope: graph/resolve.ts localResolve): a call of it ends a
 * block as a `throw` does.
 */

export function neverReturns(fn: FunctionNode, resolve: (call: TSESTree.CallExpression) => FunctionNode | undefined, seen = new Set<FunctionNode>()): boolean {
  if (seen.has(fn)) return false;
  seen.add(fn);
  if (fn.returnType?.typeAnnotation.type === 'TSNeverKeyword') return true;
  return fn.body.type === 'BlockStatement' && alwaysThrows(fn.body, resolve, seen);
}

function alwaysThrows(node: Node | null | undefined, resolve: (call: TSESTree.CallExpression) => FunctionNode | undefined, seen: Set<FunctionNode>): boolean {
  if (!node) return false;
  switch (node.type) {
    case 'ThrowStatement':
      return true;
    case 'BlockStatement':
      return node.body.some((s) => alwaysThrows(s, resolve, seen));
    case 'IfStatement':
      return alwaysThrows(node.consequent, resolve, seen) && alwaysThrows(node.alternate, resolve, seen);
    case 'ExpressionStatement': {
      const call = node.expression.type === 'CallExpression' ? node.expression : undefined;
      const fn = call && resolve(call);
      return fn !== undefined && neverReturns(fn, resolve, seen);
    }
    default:
      return false;
  }
}
