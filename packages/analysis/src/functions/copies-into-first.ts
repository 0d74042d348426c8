import { isFunction, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';

/**
 * Does the function fill the object it is handed first and give that object back? It writes
 * properties of its first parameter by computed key (`object[key] = source[key]`) and every
 * `return` returns that parameter (also after `object = Object(object)`): a merge, however it
 * picks which source wins (`defaults`, `assign`, `extend` written out in the project). Read
 * from the body, whatever the function is called.
 */
export function copiesIntoFirst(fn: FunctionNode, ctx: AnalysisContext): boolean {
  const first = fn.params[0];
  const target = first?.type === 'Identifier' ? ctx.variableOf(first) : undefined;
  if (!target || fn.body.type !== 'BlockStatement') return false;
  const isTarget = (node: Node | null | undefined): boolean => {
    const n = node && unwrap(node);
    return n?.type === 'Identifier' && ctx.variableOf(n) === target;
  };
  let copies = false;
  let returnsOther = false;
  let returns = false;
  walk(fn.body, ctx.keys, (node) => {
    if (returnsOther || isFunction(node)) return false;
    if (node.type === 'ReturnStatement') {
      returns = true;
      if (!isTarget(node.argument)) returnsOther = true;
    }
    if (node.type === 'AssignmentExpression' && node.operator === '=') {
      const left = unwrap(node.left);
      if (left.type === 'MemberExpression' && left.computed && isTarget(left.object)) copies = true;
      // `object = Object(object)`: still the object handed in.
      else if (isTarget(left) && !keepsTarget(node.right, target, ctx)) returnsOther = true;
    }
    return undefined;
  });
  return copies && returns && !returnsOther;
}

/** `Object(object)` or `object || {}`: the same object (or a fresh one where none was handed). */
function keepsTarget(value: Node, target: Variable, ctx: AnalysisContext): boolean {
  const n = unwrap(value);
  const isTarget = (x: Node) => {
    const u = unwrap(x);
    return u.type === 'Identifier' && ctx.variableOf(u) === target;
  };
  if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'Object' && n.arguments.length === 1) return isTarget(n.arguments[0] as Node);
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) return isTarget(n.left) && unwrap(n.right).type === 'ObjectExpression';
  return isTarget(n);
}
