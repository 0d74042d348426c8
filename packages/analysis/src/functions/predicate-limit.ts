import { isFunction, unwrap, type FunctionNode, type Node } from '../ast.js';
import { evaluate, type Env } from '../evaluate.js';
import { truthOf } from '../evaluation/known-values.js';
import { booleanLiteral, guardChain } from './guard-chain.js';
import { parameterVariables } from './local-function.js';
import type { Value } from '../value.js';

/** How far a count is followed before a predicate is taken to keep no limit of its own. */
const MAX_COUNT = 1_000;

/**
 * `retry: (failureCount, error) => { if (failureCount > 10) return false; return isTransient(error) }`:
 * a predicate a library asks after each failure, with its `countIndex` parameter counting the
 * failures from `start`. Read by following the count: the first count at which the answer is
 * "no" whatever else it reads ends the retry, and the attempts are the ones before it plus the
 * first. Undefined where no count gives a sure "no", or where an answer that may be "yes" comes
 * before the test of the count (`if (isNetwork(error)) return true`: no limit for those).
 */
export function predicateAttempts(node: Node, countIndex: number, start: number, env: Env): number | undefined {
  const fn = unwrap(node);
  if (!isFunction(fn) || fn.async || fn.generator) return undefined;
  const count = parameterVariables(fn as FunctionNode, env.ctx)[countIndex];
  // (A predicate that never reads the count keeps no limit on it: nothing to follow.)
  if (!count || count.references.length === 0) return undefined;
  const guards = fn.body.type === 'BlockStatement' ? guardChain(fn) : [{ value: fn.body }];
  if (!guards) return undefined;
  for (let n = start; n < start + MAX_COUNT; n++) {
    const inner: Env = { ...env, region: fn, bindings: new Map([...(env.bindings ?? []), [count, { t: 'num', v: n, random: false } as Value]]), depth: env.depth + 1 };
    const answer = answerAt(guards, inner);
    if (answer === false) return n - start + 1;
    if (answer === undefined) return undefined;
  }
  return undefined;
}

/** The chain's answer for one count: false (sure no), true (it goes on, or may), undefined (a "yes" that may come before any limit). */
function answerAt(guards: NonNullable<ReturnType<typeof guardChain>>, env: Env): boolean | undefined {
  for (const guard of guards) {
    const literal = booleanLiteral(unwrap(guard.value));
    if (!guard.test) {
      const truth = literal ?? truthOf(evaluate(guard.value, env));
      // (`return isTransient(error)`: it may go on; whether it stops later is read at the next count.)
      return truth === false ? false : true;
    }
    const holds = truthOf(evaluate(guard.test, env));
    if (holds === false) continue;
    if (holds === true) return literal === false ? false : true;
    // A test the count does not decide: a "no" there may stop some failures early; a "yes" may go on for ever.
    if (literal !== false) return undefined;
  }
  return true;
}
