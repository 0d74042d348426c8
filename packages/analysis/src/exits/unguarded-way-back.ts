import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, isAnyLoop, isFunction, walk, type Node, type RetryLoopNode } from '../ast.js';
import { boundKind } from '../checks.js';
import type { Env } from '../evaluate.js';
import { isAbortCheck } from './abort-check.js';
import { oneShotGuard } from './one-shot-flag.js';
import { predicateBound } from './predicate-bound.js';

/**
 * Does some way round a retry loop skip every limit? A limit in one branch bounds only the
 * attempts that go round through that branch: `catch { if (n < 3) { n++; continue } throw e }`
 * beside `if (res.status === 503) { n++; continue }` stops thrown failures after three tries and
 * never stops the 503s. Each `continue` of the loop is read with the tests on its own path: the
 * `if`s it sits in (a limit, a predicate that keeps one, a one-shot flag) and the give-ups before
 * it in each enclosing block, also inside a branch that runs on past its statement.
 */

/** `isRetry`: does a branch go round (the loop's own reading, as guardsIn is handed it). */
export function unguardedWayBack(loop: RetryLoopNode, env: Env, isRetry: (node: Node) => boolean): boolean {
  const ways: TSESTree.ContinueStatement[] = [];
  walk(loop.body, env.ctx.keys, (node) => {
    if (isFunction(node) || (node !== loop.body && isAnyLoop(node))) return false;
    if (node.type === 'ContinueStatement' && (!node.label || (loop.parent?.type === 'LabeledStatement' && loop.parent.label.name === node.label.name))) ways.push(node);
    return undefined;
  });
  // With one way round (or none written out) every limit in the body is on it.
  if (ways.length < 2) return false;
  // The statements before one way are before the others too: each is read once.
  const givesUp = new Map<Node, boolean>();
  return ways.some((way) => !guarded(way, loop, env, isRetry, givesUp));
}

function guarded(way: TSESTree.ContinueStatement, loop: RetryLoopNode, env: Env, isRetry: (node: Node) => boolean, givesUp: Map<Node, boolean>): boolean {
  const limits = (test: Node, goOnWhenTrue: boolean): boolean => boundKind(test, env) !== undefined || predicateBound(test, goOnWhenTrue, env) !== undefined;
  let child: Node = way;
  for (let p: Node | undefined = way.parent; p && child !== loop.body; child = p, p = p.parent) {
    if (p.type === 'IfStatement' && child !== p.test) {
      if (limits(p.test, child === p.consequent) || oneShotGuard(p, loop, env.ctx, isRetry)) return true;
    }
    if (p.type === 'BlockStatement') {
      for (const before of p.body.slice(0, p.body.indexOf(child as TSESTree.Statement))) {
        let known = givesUp.get(before);
        if (known === undefined) givesUp.set(before, (known = givesUpWithin(before, env, isRetry, (test) => limits(test, false))));
        if (known) return true;
      }
    }
  }
  return false;
}

/**
 * `if (attempt >= max) return` in a statement that runs before the way round, itself or inside a
 * branch that goes on past the statement (`if (!gotAny) { attempt++; if (attempt >= max) return; … }`).
 * A give-up inside a branch that always leaves (a catch that goes round or throws) is on that
 * branch's way, not on the ways that run past it.
 */
function givesUpWithin(statement: Node, env: Env, isRetry: (node: Node) => boolean, limits: (test: Node) => boolean): boolean {
  let found = false;
  walk(statement, env.ctx.keys, (node) => {
    if (found || isFunction(node) || isAnyLoop(node)) return false;
    if (node !== statement && node.type === 'BlockStatement' && alwaysExits(node)) return false;
    if (node.type === 'IfStatement' && alwaysExits(node.consequent) && !isRetry(node.consequent) && limits(node.test)) found = true;
    // `signal.throwIfAborted()` before the way round: an abort ends it (as guardsIn reads it).
    if (isAbortCheck(node)) found = true;
    return !found;
  });
  return found;
}
