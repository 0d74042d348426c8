import { contains, isFunction, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';

/**
 * `ws.on('close', () => { currentTest++; nextTest() })` with `` `runCase?case=${currentTest}` ``
 * in `nextTest`: the way back steps a value the attempt writes into the text of what it asks for,
 * so the next call asks for something else (the next case, the next name): a walk, not a retry.
 * Only a value kept outside the function counts (a parameter stepped is read by counterParameters),
 * and only a read into a template or a joined string (a count handed on as a number is a count).
 */
export function stepsNamedInput(fn: FunctionNode, failure: Node, ctx: AnalysisContext): boolean {
  const stepped = new Set<Variable>();
  walk(failure, ctx.keys, (node) => {
    if (node.type !== 'UpdateExpression' && !(node.type === 'AssignmentExpression' && (node.operator === '+=' || node.operator === '-='))) return undefined;
    const target = node.type === 'UpdateExpression' ? node.argument : node.left;
    const variable = target.type === 'Identifier' ? ctx.variableOf(target) : undefined;
    if (variable && !variable.defs.some((def) => contains(fn, def.name))) stepped.add(variable);
    return undefined;
  });
  if (stepped.size === 0) return false;
  let named = false;
  walk(fn.body, ctx.keys, (node) => {
    if (named || node === failure || (node !== fn.body && isFunction(node) && contains(node, failure))) return node === failure ? false : undefined;
    if (node.type !== 'Identifier') return undefined;
    const variable = ctx.variableOf(node);
    if (!variable || !stepped.has(variable)) return undefined;
    const parent = node.parent;
    const text = parent?.type === 'TemplateLiteral' || (parent?.type === 'BinaryExpression' && parent.operator === '+' && isText(parent.left === node ? parent.right : parent.left));
    if (text && asksWith(parent as Node)) named = true;
    return undefined;
  });
  return named;
}

/**
 * The text is handed to a call or a construction whose result the function uses (`ws = new
 * WebSocket(url)`, `await fetch(url)`): what it asks for. A call made for its effect alone
 * (`console.log(\`attempt ${n}\`)`) tells, it asks nothing.
 */
function asksWith(text: Node): boolean {
  for (let child: Node = text, p = text.parent; p && !isFunction(p); child = p, p = p.parent) {
    if ((p.type === 'CallExpression' || p.type === 'NewExpression') && p.arguments.includes(child as never)) return p.parent?.type !== 'ExpressionStatement';
  }
  return false;
}

/** A string, or a string joined onto (`base + '/parts/'`). */
function isText(node: Node): boolean {
  if (node.type === 'BinaryExpression' && node.operator === '+') return isText(node.left as Node) || isText(node.right);
  return (node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral';
}
