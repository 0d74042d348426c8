import { calleeName, walk, type Node } from '../ast.js';
import type { Env } from '../context.js';
import type { Jitter } from '../value.js';
import { localFunction } from '../functions/local-function.js';

/**
 * Does a piece of code draw random numbers, itself or through the helpers it calls?
 */

export const RANDOM_CALL = /^(random|randomInt|getRandomValues|randomBytes|randomFloat|rand|uniform)$/i;

export function jitterFromName(name: string): Jitter | undefined {
  const lower = name.toLowerCase();
  if (!lower.includes('jitter')) return undefined;
  if (lower.includes('full')) return 'full';
  if (lower.includes('equal')) return 'equal';
  if (lower.includes('decorrelated')) return 'decorrelated';
  return 'unknown';
}

/**
 * usesRandomness by node, with and without following helpers. The answer depends on the file
 * alone (localFunction reads scopes and classes, never bindings): a helper inlined at each of
 * many call sites, each inlining others, was walked again every time.
 */
const randomnessSeen = new WeakMap<Node, { follow?: boolean; own?: boolean }>();

/** Randomness anywhere under `root`, following calls into local helpers (one level). */
export function usesRandomness(root: Node, env: Env, followHelpers = true): boolean {
  let seen = randomnessSeen.get(root);
  if (!seen) randomnessSeen.set(root, (seen = {}));
  const known = followHelpers ? seen.follow : seen.own;
  if (known !== undefined) return known;
  const found = findRandomness(root, env, followHelpers);
  if (followHelpers) seen.follow = found;
  else seen.own = found;
  return found;
}

function findRandomness(root: Node, env: Env, followHelpers: boolean): boolean {
  let found = false;
  walk(root, env.ctx.keys, (node) => {
    if (found) return false;
    if (node.type === 'CallExpression') {
      const name = calleeName(node) ?? '';
      if (RANDOM_CALL.test(name) || jitterFromName(name)) found = true;
      const helper = followHelpers && !found ? localFunction(node, env) : undefined;
      if (helper && helper !== root && usesRandomness(helper.body, env, false)) found = true;
    }
    return undefined;
  });
  return found;
}
