import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, unwrap, walk, type FunctionNode, type Node, type VisitorKeys } from '../ast.js';

/**
 * A function that cannot fail by throwing (nor, when async, by rejecting): its whole work runs
 * inside a `try` whose `catch` swallows what it catches (`try { return JSON.parse(read()) } catch
 * { return undefined }`), and what it does outside that `try` cannot throw either (returning a
 * literal, a variable or nothing). A call of it has no failure edge by exception, so calling it
 * again in a `catch` repeats nothing that failed (ANALYSIS.md: "always / may / never throws").
 * Decided on the code alone, memoised per function; anything not plainly safe may throw.
 */
export function neverThrows(fn: FunctionNode, keys: VisitorKeys): boolean {
  let known = memo.get(fn);
  if (known === undefined) memo.set(fn, (known = readNeverThrows(fn, keys)));
  return known;
}

const memo = new WeakMap<FunctionNode, boolean>();

function readNeverThrows(fn: FunctionNode, keys: VisitorKeys): boolean {
  // A generator's work runs as it is iterated; a parameter default is evaluated outside the body.
  if (fn.generator || fn.params.some((p) => p.type === 'AssignmentPattern' && !plainValue(p.right as Node))) return false;
  const body = fn.body;
  if (!body || body.type !== 'BlockStatement') return false;
  let guarded = false;
  for (const statement of body.body) {
    if (statement.type === 'TryStatement') {
      if (!swallows(statement, keys)) return false;
      guarded = true;
    } else if (statement.type === 'ReturnStatement') {
      if (statement.argument && !plainValue(statement.argument)) return false;
    } else if (statement.type !== 'EmptyStatement') {
      return false;
    }
  }
  return guarded;
}

/** A `try` with a `catch` that throws nothing and a `finally` (if any) that throws nothing. */
function swallows(statement: TSESTree.TryStatement, keys: VisitorKeys): boolean {
  if (!statement.handler) return false;
  return mayThrowNothing(statement.handler.body, keys) && (!statement.finalizer || mayThrowNothing(statement.finalizer, keys));
}

/**
 * The block throws nothing of its own: no `throw`, no call, no `await`, no member read of
 * something that may be missing, outside the functions it defines (which run later, if at all).
 * Plain assignments of plain values, returns of plain values and logging-free comments only.
 */
function mayThrowNothing(block: TSESTree.BlockStatement, keys: VisitorKeys): boolean {
  let safe = true;
  walk(block, keys, (node) => {
    if (!safe) return false;
    if (node !== block && isFunction(node)) return false;
    switch (node.type) {
      case 'BlockStatement':
      case 'ReturnStatement':
      case 'ExpressionStatement':
      case 'EmptyStatement':
      case 'Identifier':
      case 'Literal':
      case 'TemplateLiteral':
      case 'TemplateElement':
      case 'VariableDeclaration':
      case 'VariableDeclarator':
        return undefined;
      case 'AssignmentExpression':
        // `x = value`; a member target may be a setter, or read from something missing.
        if (node.left.type !== 'Identifier') safe = false;
        return undefined;
      default:
        safe = false;
        return false;
    }
  });
  return safe;
}

/** A value whose evaluation cannot throw: a literal, a variable, `undefined`, `null`. */
function plainValue(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'Literal' || n.type === 'Identifier' || (n.type === 'TemplateLiteral' && n.expressions.length === 0) || (n.type === 'UnaryExpression' && n.operator === 'void' && unwrap(n.argument).type === 'Literal');
}
