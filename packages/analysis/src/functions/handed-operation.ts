import type { TSESTree } from '@typescript-eslint/utils';
import { callOf, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';

/**
 * `function signWithRetry(signer: () => Promise<boolean>) { return retry(signer, opts) }`: a
 * parameter its function declares as a function (or calls itself) handed on as it is: the
 * operation a wrapper's caller chose.
 */
export function handedOperation(arg: TSESTree.Identifier, ctx: AnalysisContext): boolean {
  const def = ctx.variableOf(arg)?.defs[0];
  if (def?.type !== 'Parameter' || def.name.type !== 'Identifier') return false;
  const annotation = def.name.typeAnnotation?.typeAnnotation;
  if (annotation?.type === 'TSFunctionType') return true;
  return (ctx.variableOf(arg)?.references ?? []).some((ref) => callOf(ref.identifier as Node) !== undefined);
}
