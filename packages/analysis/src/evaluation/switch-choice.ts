import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, type FunctionNode, type Node } from '../ast.js';
import { writesWithin, type Env } from '../context.js';
import { soleDefinition } from '../definitions/bodies.js';
import type { Value } from '../value.js';
import { deeper, MAX_DEPTH } from './state.js';
import { evaluate } from './evaluator.js';

/**
 * `switch (config.backoff) { case 'FIXED': delay = fixedBackoff; break; … }` before the retry,
 * with the discriminant known (an option's default): the function of this file the matching
 * case (or the default one) gives the variable. Undefined unless every write of the variable
 * sits in that one switch, before the region.
 */
export function switchChosen(id: TSESTree.Identifier, env: Env): FunctionNode | undefined {
  const variable = env.ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.node.init || env.depth > MAX_DEPTH) return undefined;
  const writes = writesWithin(variable, env.ctx.sourceCode.ast as Node);
  let statement: TSESTree.SwitchStatement | undefined;
  for (const write of writes) {
    const assignment = write.parent;
    const switchCase = assignment?.parent?.parent;
    if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.parent?.type !== 'ExpressionStatement' || switchCase?.type !== 'SwitchCase') return undefined;
    const owner = switchCase.parent as TSESTree.SwitchStatement;
    if ((statement && owner !== statement) || write.range[1] > env.region.range[0]) return undefined;
    statement = owner;
  }
  if (!statement) return undefined;
  const inner = deeper(env);
  const discriminant = evaluate(statement.discriminant, inner);
  const same = (v: Value) => (discriminant.text !== undefined ? v.text === discriminant.text : discriminant.t === 'num' && !discriminant.random && v.t === 'num' && v.v === discriminant.v);
  if (discriminant.text === undefined && discriminant.t !== 'num') return undefined;
  // Every case test known, so that the one taken is known.
  const tests = statement.cases.map((c) => (c.test ? evaluate(c.test, inner) : undefined));
  if (tests.some((t) => t !== undefined && t.text === undefined && t.t !== 'num')) return undefined;
  let index = tests.findIndex((t) => t !== undefined && same(t));
  if (index < 0) index = statement.cases.findIndex((c) => !c.test);
  // Falling through to the next case's statements until the write: take the first write from the matching case on.
  for (let i = index; i >= 0 && i < statement.cases.length; i++) {
    const body = (statement.cases[i] as TSESTree.SwitchCase).consequent;
    const write = writes.find((w) => body.includes(w.parent?.parent as TSESTree.Statement));
    if (write) return env.ctx.functionIn((write.parent as TSESTree.AssignmentExpression).right);
    if (body.some((st) => alwaysExits(st))) return undefined;
  }
  return undefined;
}
