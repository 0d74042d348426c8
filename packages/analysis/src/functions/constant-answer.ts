import { alwaysExits, isFunction, unwrap, walk, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';

/**
 * `() => false`, `function () { return true }`: a callback whose every answer is the same
 * boolean literal, whatever it is asked (`retry: () => false` retries nothing, as `retry: false`
 * does). Undefined for anything else, a function that may answer otherwise or fall off its end.
 */
export function constantAnswer(node: Node, ctx: AnalysisContext): boolean | undefined {
  const fn = unwrap(node);
  if (!isFunction(fn) || fn.async || fn.generator) return undefined;
  if (fn.body.type !== 'BlockStatement') return literalBoolean(fn.body);
  if (!alwaysExits(fn.body)) return undefined;
  const answers = new Set<boolean | undefined>();
  walk(fn.body, ctx.keys, (n) => {
    if (isFunction(n)) return false;
    if (n.type === 'ThrowStatement') answers.add(undefined);
    if (n.type === 'ReturnStatement') answers.add(n.argument ? literalBoolean(n.argument) : undefined);
    return undefined;
  });
  const [only] = answers;
  return answers.size === 1 ? only : undefined;
}

function literalBoolean(node: Node): boolean | undefined {
  const n = unwrap(node);
  return n.type === 'Literal' && typeof n.value === 'boolean' ? n.value : undefined;
}
