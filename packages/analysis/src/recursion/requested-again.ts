import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, operands, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { firstDefinition } from '../definitions/bodies.js';

/**
 * Is this way back taken because another request came in while the attempt ran, rather than
 * because the attempt failed? `this.pending = false; … catch (err) { if (this.pending) return
 * this.build() }`: the function clears the flag before its attempt and nothing on the way from
 * there sets it, so only a concurrent call (one that set it and returned) makes the test true.
 * The call serves that request: coalesced work, not a retry of this failure, whatever the
 * flag is called.
 */
export function requestedAgain(call: Node, fn: FunctionNode, ctx: AnalysisContext): boolean {
  if (fn.body.type !== 'BlockStatement') return false;
  const body = fn.body.body as readonly Node[];
  const top = body.find((statement) => statement.range[0] <= call.range[0] && call.range[1] <= statement.range[1]);
  if (!top) return false;
  for (let child: Node = call, p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type !== 'IfStatement' || p.consequent !== child) continue;
    // Going on takes every part of the test: one flag among them is enough.
    for (const part of operands(p.test as Node, '&&')) {
      const flag = unwrap(part);
      if ((flag.type === 'Identifier' || flag.type === 'MemberExpression') && clearedBefore(flag, body, top, fn, ctx)) return true;
    }
  }
  return false;
}

/** `flag = false` as a statement of the function's own body before `top`, and no truthy write of it after that in the function. */
function clearedBefore(flag: TSESTree.Identifier | TSESTree.MemberExpression, body: readonly Node[], top: Node, fn: FunctionNode, ctx: AnalysisContext): boolean {
  const name = flag.type === 'MemberExpression' ? dottedName(flag) : undefined;
  const variable = flag.type === 'Identifier' ? ctx.variableOf(flag) : undefined;
  if (name === undefined && !variable) return false;
  // A flag each call declares anew is no request of another caller.
  const def = variable && firstDefinition(variable);
  if (variable && (!def || (fn.range[0] <= def.name.range[0] && def.name.range[1] <= fn.range[1]))) return false;
  const same = (target: Node) => (name !== undefined ? target.type === 'MemberExpression' && dottedName(target) === name : target.type === 'Identifier' && ctx.variableOf(target) === variable);
  const reset = body.findIndex((statement) => statement.range[1] <= top.range[0] && statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression' && statement.expression.operator === '=' && same(statement.expression.left) && falsy(statement.expression.right));
  if (reset < 0) return false;
  const from = (body[reset] as Node).range[1];
  let setAfter = false;
  walk(fn.body, ctx.keys, (node) => {
    if (setAfter) return false;
    if (node.range[1] <= from) return false;
    const target = node.type === 'AssignmentExpression' ? node.left : node.type === 'UpdateExpression' ? node.argument : undefined;
    if (target && same(target) && !(node.type === 'AssignmentExpression' && node.operator === '=' && falsy(node.right))) setAfter = true;
    return undefined;
  });
  return !setAfter;
}

function falsy(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'Literal') return !n.value;
  return n.type === 'Identifier' && n.name === 'undefined';
}
