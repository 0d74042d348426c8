import { isFunction, unwrap, walk, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { asSleep } from '../sleep.js';

/**
 * `for (waited = 0; waited < total; waited += delay) { …; await sleep(delay) }`, `spent += 1000`
 * beside `await sleep(1000)`: a local only ever stepped by what a sleep of its function waits
 * adds up the time spent waiting, so a test of it is a time budget, not a count. Each step must
 * be the sleep's own wait (the same variable, or the same number), whatever the local is called.
 */
export function sumsWaits(id: Node, ctx: AnalysisContext): boolean {
  const n = unwrap(id);
  if (n.type !== 'Identifier') return false;
  const variable = ctx.variableOf(n);
  if (!variable) return false;
  const steps: Node[] = [];
  for (const ref of variable.references) {
    if (ref.init || !ref.isWrite()) continue;
    const write = ref.identifier.parent;
    if (write?.type !== 'AssignmentExpression' || write.operator !== '+=' || write.left !== ref.identifier) return false;
    steps.push(write.right);
  }
  if (steps.length === 0) return false;
  const scope = variable.scope.variableScope.block as Node;
  const waits: Node[] = [];
  walk(scope, ctx.keys, (node) => {
    if (node !== scope && isFunction(node)) return false;
    const sleep = asSleep(node, ctx);
    if (sleep?.delay && !sleep.opaque) waits.push(sleep.delay);
    return undefined;
  });
  return steps.every((step) => waits.some((wait) => sameValue(step, wait, ctx)));
}

/** The same local read twice, or the same number written twice. */
function sameValue(a: Node, b: Node, ctx: AnalysisContext): boolean {
  const [x, y] = [unwrap(a), unwrap(b)];
  if (x.type === 'Identifier' && y.type === 'Identifier') {
    const variable = ctx.variableOf(x);
    return variable !== undefined && variable === ctx.variableOf(y) && variable.references.every((ref) => ref.init || !ref.isWrite());
  }
  return x.type === 'Literal' && y.type === 'Literal' && typeof x.value === 'number' && x.value === y.value;
}
