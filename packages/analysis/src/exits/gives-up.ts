import { calleeName, enclosingFunction, isFunction, unwrap, walk, type Node } from '../ast.js';
import { insideCatch } from './placement.js';
import type { Env } from '../evaluate.js';

/**
 * Does a branch end the retry? It throws, rejects, calls back, breaks, or returns nothing (or,
 * in a catch, returns anything: a fallback is no success of the attempt).
 */
export function givesUp(branch: Node, env: Env): boolean {
  let found = false;
  walk(branch, env.ctx.keys, (node) => {
    if (found || isFunction(node)) return false;
    if (node.type === 'ThrowStatement' || node.type === 'BreakStatement') found = true;
    if (node.type === 'ReturnStatement') {
      const value = node.argument ? unwrap(node.argument) : undefined;
      if (!value || (value.type === 'Literal' && (value.value === null || value.value === false)) || (value.type === 'Identifier' && value.name === 'undefined')) found = true;
      if (value?.type === 'CallExpression' && /^(reject|callback|cb|done)$|^throw[A-Z]/.test(calleeName(value) ?? '')) found = true;
      // In a catch, whatever is returned (`return {}`, a fallback) leaves the retry: no attempt made it succeed.
      if (value && inCatch(node)) found = true;
    }
    if (node.type === 'CallExpression' && /^(reject|cb|callback|done|fail|abort)$|^throw[A-Z]/.test(calleeName(node) ?? '')) found = true;
    return undefined;
  });
  return found;
}

/** In a `catch` block of the function it is in. */
function inCatch(node: Node): boolean {
  const home = enclosingFunction(node);
  return home !== undefined && insideCatch(node, home);
}
