import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, type Node } from '../ast.js';
import { writesWithin, type AnalysisContext } from '../context.js';
import type { Polarity } from './status-tests.js';

/**
 * What a boolean the attempt sets says, read from where the code sets it, not from its name:
 * `true` written only on the failure path (in a `catch` of the attempt) says the attempt failed
 * (`failed = true` with `do { … } while (failed)`); `true` written only in the `try`, after the
 * call that may throw, says it succeeded (`delivered = true`). Every write in the attempt must be
 * a `true` or `false` literal, outside any callback (which may run at another time); a flag
 * written otherwise, or `true` on both paths, says nothing.
 */
export function flagOutcome(id: TSESTree.Identifier, region: Node, ctx: AnalysisContext): Polarity | undefined {
  const variable = ctx.variableOf(id);
  if (!variable) return undefined;
  const writes = writesWithin(variable, region);
  if (writes.length === 0) return undefined;
  let trueOnFailure = false;
  let trueOnSuccess = false;
  for (const target of writes) {
    const write = target.parent;
    if (write?.type !== 'AssignmentExpression' || write.operator !== '=' || write.left !== target) return undefined;
    const value = write.right;
    if (value.type !== 'Literal' || typeof value.value !== 'boolean') return undefined;
    const path = pathOf(write, region);
    if (path === undefined) return undefined;
    if (!value.value) continue;
    if (path === 'failure') trueOnFailure = true;
    else if (path === 'success') trueOnSuccess = true;
    else return undefined;
  }
  if (trueOnFailure && !trueOnSuccess) return 'failure';
  if (trueOnSuccess && !trueOnFailure) return 'success';
  return undefined;
}

/** The innermost `try` part a write is in, within the attempt: its `catch`, its block, or neither; undefined inside a callback. */
function pathOf(write: Node, region: Node): 'failure' | 'success' | 'plain' | undefined {
  let child: Node = write;
  for (let p = write.parent; p && child !== region; child = p, p = p.parent) {
    if (isFunction(p)) return undefined;
    if (p.type === 'CatchClause') return 'failure';
    if (p.type === 'TryStatement' && p.block === child) return 'success';
  }
  return 'plain';
}
