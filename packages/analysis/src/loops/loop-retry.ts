import type { TSESTree } from '@typescript-eslint/utils';
import { walk, type Node, type RetryLoopNode } from '../ast.js';
import { AnalysisContext } from '../context.js';
import type { Env } from '../evaluate.js';

/**
 * What does every reading of a retry loop share: the shape of a loop's retry (its operation,
 * failure path, check), the loop's head and source text, and whether a failure path looks at
 * the error before going round.
 */

export interface LoopRetry {
  operation: TSESTree.CallExpression;
  /** Code that runs when an attempt failed (a catch block, or the loop body after a failed check). */
  failurePath: Node;
  /** Success leaves only as the options' defaults read (`until: () => true`). */
  byDefaults?: true;
  /** The test that decides whether the attempt worked (the loop's condition, or the `if` that leaves). */
  check?: Node;
}

/** The failure path looks at the error before going round (status, code, type, a classifier). */
export function classifies(failurePath: Node, env: Env): boolean {
  // Every look below names one of these words (`\u`: an escaped identifier the text would not show).
  if (!/instanceof|status|code|name|retr|transient|\\u/i.test(textOf(failurePath, env.ctx))) return false;
  let found = false;
  walk(failurePath, env.ctx.keys, (node) => {
    if (found) return false;
    if (node.type === 'IfStatement' || node.type === 'ConditionalExpression') {
      walk(node.test, env.ctx.keys, (inner) => {
        if (inner.type === 'BinaryExpression' && inner.operator === 'instanceof') found = true;
        if (inner.type === 'MemberExpression' && inner.property.type === 'Identifier' && /^(status|statusCode|code|name|retryable|isRetryable|transient)$/.test(inner.property.name)) found = true;
        if (inner.type === 'CallExpression' && /retry|retriable|retryable|transient/i.test(inner.callee.type === 'Identifier' ? inner.callee.name : inner.callee.type === 'MemberExpression' && inner.callee.property.type === 'Identifier' ? inner.callee.property.name : '')) found = true;
        return !found;
      });
    }
    return undefined;
  });
  return found;
}

/** The source text of a node (a slice: cheap to look into, where walking the node is not). */
export function textOf(node: Node, ctx: AnalysisContext): string {
  return ctx.sourceCode.text.slice(node.range[0], node.range[1]);
}

/** The loop's head: `while (…)`, `for (…)`, or the `do` keyword. */
export function headLoc(loop: RetryLoopNode, ctx: AnalysisContext): TSESTree.SourceLocation {
  const start = loop.range[0];
  let end = loop.type === 'DoWhileStatement' ? start + 2 : loop.body.range[0];
  const text = ctx.sourceCode.text;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return { start: ctx.sourceCode.getLocFromIndex(start), end: ctx.sourceCode.getLocFromIndex(end) };
}

export function containsContinue(node: Node): boolean {
  let found = false;
  const stack: Node[] = [node];
  while (stack.length && !found) {
    const n = stack.pop() as Node;
    if (n.type === 'ContinueStatement') found = true;
    else if (n.type === 'BlockStatement') stack.push(...n.body);
    else if (n.type === 'IfStatement') stack.push(n.consequent, ...(n.alternate ? [n.alternate] : []));
  }
  return found;
}
