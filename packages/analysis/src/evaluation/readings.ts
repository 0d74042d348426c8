import type { TSESTree } from '@typescript-eslint/utils';
import type { FunctionNode } from '../ast.js';
import type { AnalysisContext, Env } from '../context.js';
import type { Value } from '../value.js';

/**
 * Which readings outside this folder's reach may the evaluation ask while it runs? Modules that
 * evaluate values themselves (strategy objects, factory choices) register here so that the
 * evaluator can call them without importing them.
 */

/**
 * Readings that evaluate values themselves while the evaluation asks them: what a strategy
 * object's member answers (strategy-objects.ts), which function a factory's call hands back
 * (factory-choice.ts). They register here (analyze.ts wires them), so that this module imports
 * neither and the modules stay free of import cycles; unregistered, the evaluation knows less.
 */
export interface EvaluationReadings {
  strategyAnswer(member: TSESTree.MemberExpression, env: Env): Value | undefined;
  factoryChoice(callee: TSESTree.Identifier, env: Env): { fn: FunctionNode; ctx: AnalysisContext }[] | undefined;
}

export const readings: Partial<EvaluationReadings> = {};

export function registerEvaluationReadings(more: Partial<EvaluationReadings>): void {
  Object.assign(readings, more);
}
