import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, type Node } from '../ast.js';
import type { Env } from '../context.js';
import { truthOf } from './known-values.js';
import { branchOf } from '../variables/writes.js';
import { evaluate } from '../evaluate.js';
import { steadyTest } from './helper-calls.js';

/**
 * Is a branch known not to be taken, because its test is false under the defaults every
 * attempt sees?
 */

/**
 * Whether a test holds, read with the defaults of the options it reads, when that is known: a
 * call of an option whose default is a function with a known answer (`config.until(result)`
 * with `until: () => true`), a membership test on an empty default array
 * (`Array.isArray(retryOn) && retryOn.indexOf(res.status) === -1` with `retryOn: []`),
 * `typeof` and string comparisons of defaults. Undefined when the test reads anything that
 * changes between attempts, calls anything else, or a caller may set the option it calls.
 */
export function defaultTruth(test: Node, env: Env): boolean | undefined {
  if (!steadyTest(test, env, true)) return undefined;
  return truthOf(evaluate(test, env));
}

/**
 * `node` sits below `root` in a branch that, read with the options' defaults, is never taken
 * (`else if (typeof retryOn === 'function')` with `retryOn: []`).
 */
export function branchNotTaken(node: Node, root: Node, env: Env): boolean {
  for (let child: Node = node, p = node.parent; p && p !== root; child = p, p = p.parent) {
    if (p.type === 'BlockStatement' && leftEarlier(p, child, env)) return true;
    const branch = branchOf(p, child);
    if (!branch) continue;
    const truth = defaultTruth(branch.test, env);
    if (truth !== undefined && truth !== branch.whenTrue) return true;
  }
  return false;
}

/** `if (!retryOn.includes(res.status)) return resolve(res);` before `child`, leaving whenever the defaults are read. */
function leftEarlier(block: TSESTree.BlockStatement, child: Node, env: Env): boolean {
  for (const statement of block.body) {
    if (statement === child) return false;
    if (statement.type === 'IfStatement' && !statement.alternate && alwaysExits(statement.consequent) && defaultTruth(statement.test, env) === true) return true;
  }
  return false;
}

/**
 * `node` sits below `root` in a branch the first attempt never takes with what one caller hands
 * the function (`if (retries > 0 && timedOut(err)) return again(…, retries - 1)` called with
 * `retries` 0): read only when the function is read again for that call (helpers/call-site.ts),
 * where its parameters hold what the call passes. A way back closed on the first failure is never
 * gone through: that call retries nothing.
 */
export function closedFromTheStart(node: Node, root: Node, env: Env): boolean {
  if (!env.ctx.paramValues?.size) return false;
  for (let child: Node = node, p = node.parent; p && p !== root; child = p, p = p.parent) {
    const branch = branchOf(p, child);
    if (!branch) continue;
    const truth = truthOf(evaluate(branch.test, env));
    if (truth !== undefined && truth !== branch.whenTrue) return true;
  }
  return false;
}
