import type { FunctionNode, Node } from '../ast.js';

/**
 * What does a predicate of early returns answer, step by step? The body read as a chain of
 * `if (test) return value` ending in one `return value`, for the analyses that read what the
 * answer says (the outcome a status test names, the limit a retry test keeps).
 */

/** One step of a guard chain: `if (test) return value`, or the final `return value` (no test). */
export interface Guard {
  test?: Node;
  value: Node;
}

/**
 * `if (!enabled) return false; if (!CODES.includes(status)) return false; return true`: a
 * body of early returns under tests, then one last return (local `const`s between them).
 * Undefined for any other statement: a loop, an assignment or a call may change what a later
 * test reads.
 */
export function guardChain(fn: FunctionNode): Guard[] | undefined {
  if (fn.body.type !== 'BlockStatement') return undefined;
  const guards: Guard[] = [];
  const statements = fn.body.body;
  for (const [i, statement] of statements.entries()) {
    if (statement.type === 'VariableDeclaration' && statement.kind === 'const') continue;
    if (statement.type === 'IfStatement' && !statement.alternate) {
      const value = returnedBy(statement.consequent);
      if (!value) return undefined;
      guards.push({ test: statement.test, value });
      continue;
    }
    if (statement.type === 'ReturnStatement' && statement.argument && i === statements.length - 1) {
      guards.push({ value: statement.argument });
      return guards;
    }
    return undefined;
  }
  return undefined;
}

/** `return x` or `{ return x }`. */
function returnedBy(node: Node): Node | undefined {
  const only = node.type === 'BlockStatement' && node.body.length === 1 ? node.body[0] : node;
  return only?.type === 'ReturnStatement' && only.argument ? only.argument : undefined;
}

/** `true` or `false` written out; undefined for anything else. */
export function booleanLiteral(node: Node): boolean | undefined {
  return node.type === 'Literal' && typeof node.value === 'boolean' ? node.value : undefined;
}
