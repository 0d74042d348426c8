import type { TSESTree } from '@typescript-eslint/utils';
import { enclosingFunction, propertyName, unwrap, walk, type Node, type RetryLoopNode } from './ast.js';
import { isFailureArgument } from './exits.js';
import type { Env } from './evaluate.js';
import { methodsReached } from './functions/methods.js';
import { localFunction } from './functions/local-function.js';
import { memberWritesWithin } from './classes/class-members.js';
import { writtenOnlyOnSortedStop } from './strategy-stops.js';

/**
 * `while (this.#isOpen && !this.#isReady)`: every part of the loop's condition is a done flag
 * the body sets when it is finished (`isDoneFlag`) or a flag of the owner (`this.#isOpen`) that
 * the loop does not set and that only its owner's other methods (close, destroy) clear, with at
 * least one done flag. Such a loop ends when it succeeds or its owner closes, not when the retry
 * gives up: on its own it never does. A method the loop calls that clears the owner's flag may
 * do so only under a test that sorts failures (`if (retryIn === false)` where the strategy answers
 * false only for a timeout); any other write there may be a count the analysis does not read.
 */
export function doneOrOwnerFlags(test: Node, loop: RetryLoopNode, env: Env, isDoneFlag: (part: Node) => boolean): boolean {
  const parts = conjuncts(test);
  if (parts.length < 2) return false;
  let done = 0;
  for (const part of parts) {
    if (isDoneFlag(part)) done++;
    else if (!ownerFlag(part, loop, env)) return false;
  }
  return done > 0;
}

function conjuncts(test: Node): Node[] {
  const n = unwrap(test);
  if (n.type === 'LogicalExpression' && n.operator === '&&') return [...conjuncts(n.left), ...conjuncts(n.right)];
  return [n];
}

function ownerFlag(part: Node, loop: RetryLoopNode, env: Env): boolean {
  const n = unwrap(part);
  const target = n.type === 'UnaryExpression' && n.operator === '!' ? unwrap(n.argument) : n;
  if (target.type !== 'MemberExpression' || target.computed || unwrap(target.object).type !== 'ThisExpression') return false;
  const name = propertyName(target);
  if (name === undefined) return false;
  const dotted = `this.${name}`;
  const fn = enclosingFunction(loop);
  // (Set by the loop itself: a done flag or a stop, not the owner's.)
  if (memberWritesWithin(dotted, { ...env, region: loop.body }).length > 0) return false;
  for (const body of methodsReached(loop.body, env)) {
    const method = body.parent;
    if (!method || method === fn) continue;
    const writes = memberWritesWithin(dotted, { ...env, region: body });
    if (writes.length === 0) continue;
    if (method.type !== 'FunctionExpression' && method.type !== 'ArrowFunctionExpression' && method.type !== 'FunctionDeclaration') return false;
    const calls = callsOf(method, loop, env);
    for (const write of writes) {
      if (enclosingFunction(write) !== method || !writtenOnlyOnSortedStop(write, method, calls, env, (arg) => isFailureArgument(arg, loop.body, env))) return false;
    }
  }
  return true;
}

/** The calls of `fn` the loop body makes itself. */
function callsOf(fn: Node, loop: RetryLoopNode, env: Env): TSESTree.CallExpression[] {
  const calls: TSESTree.CallExpression[] = [];
  walk(loop.body, env.ctx.keys, (node) => {
    if (node.type === 'CallExpression' && unwrap(node.callee).type === 'MemberExpression' && localFunction(node, env) === fn) calls.push(node);
    return undefined;
  });
  return calls;
}
