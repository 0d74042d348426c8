import { isFunction, type FunctionNode, type Node } from '../ast.js';

/**
 * Is the result a failure test reads one of a synchronous attempt? A function that is neither
 * async nor a generator, calling itself again from its own body (no callback in between: a
 * promise's, a request's, a listener's), computed its result without waiting for anything
 * outside: called again at once with what it was given, it computes the same again. A falsy
 * result there is the answer of a computation (a parser that found nothing, a walk down a
 * nested command), not a service that failed this time: going again is recursion, not a retry.
 * A thrown failure (a `catch`) is not asked about: synchronous I/O throws, and is retried so.
 */
export function synchronousAttempt(call: Node, fn: FunctionNode): boolean {
  // (`setTimeout(again, ms)` hands the function over: the call is the timer's, later.)
  if (fn.async || fn.generator || call.type !== 'CallExpression') return false;
  for (let p: Node | undefined = call.parent; p && p !== fn; p = p.parent) if (isFunction(p)) return false;
  return true;
}
