import { isFunction, rejectionHandler, type Node } from '../ast.js';

/** Where a node sits relative to the code that runs once per attempt: pure AST questions the exit readings ask. */

/** Inside a block of `region` that throws or returns as one of its own statements: that path leaves anyway. */
export function onWayOut(node: Node, region: Node): boolean {
  for (let p = node.parent; p && p !== region; p = p.parent) {
    if (isFunction(p)) return false;
    if (p.type === 'BlockStatement' && p.body.some((s) => s.type === 'ThrowStatement' || s.type === 'ReturnStatement')) return true;
  }
  return false;
}

/** A throw inside a `try` block of the attempt is caught by it: it fails the attempt, not the retry. */
export function caughtWithin(node: Node, region: Node): boolean {
  let child: Node = node;
  for (let p = node.parent; p && p !== region; child = p, p = p.parent) {
    if (p.type === 'TryStatement' && p.block === child && p.handler) return true;
    if (isFunction(p)) return false;
  }
  return false;
}

/** On the failure side below `region`: in a `catch` clause, or in a function handed the rejection (`.then(ok, (err) => …)`). */
export function onFailureSide(node: Node, region: Node): boolean {
  for (let p = node.parent; p && p !== region; p = p.parent) if (p.type === 'CatchClause' || (isFunction(p) && rejectionHandler(p))) return true;
  return false;
}

/** Inside a `catch` clause below `region`. */
export function insideCatch(node: Node, region: Node): boolean {
  for (let p = node.parent; p && p !== region; p = p.parent) if (p.type === 'CatchClause') return true;
  return false;
}

/** Under a condition below `region`: an if, a conditional, a switch case, a loop, a logical expression. */
export function conditional(node: Node, region: Node): boolean {
  for (let p = node.parent; p && p !== region; p = p.parent) {
    if (/^(IfStatement|ConditionalExpression|SwitchCase|LogicalExpression|WhileStatement|DoWhileStatement|ForStatement|ForInStatement|ForOfStatement)$/.test(p.type)) return true;
  }
  return false;
}
