import { isFunction, unwrap, walk, type Node } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';
import { asSleep } from '../sleep.js';

/**
 * `for (waited = 0; waited < total; waited += delay) { …; await sleep(delay) }`, `spent += 1000`
 * beside `await sleep(1000)`, `timeLeft -= pause` beside `sleep(pause)`: a local only ever stepped
 * by what a sleep of its function waits adds up the time spent waiting (or left to wait), so a
 * test of it is a time budget, not a count. Each step must be the sleep's own wait (the same
 * variable, or the same number), whatever the local is called.
 */
export function sumsWaits(id: Node, ctx: AnalysisContext): boolean {
  return waitSum(id, ctx) !== undefined;
}

/**
 * How the local adds up the waits: counting up from its start (`waited += delay`) or down
 * (`timeLeft -= sleep`, a budget spent), with the value it starts from.
 */
export function waitSum(id: Node, ctx: AnalysisContext): WaitSum | undefined {
  const n = unwrap(id);
  if (n.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(n);
  if (!variable) return undefined;
  // Once per variable and context (what a sleep is may depend on the imports it reads): every
  // bound test of a loop asks of each side.
  let byVariable = sums.get(ctx);
  if (!byVariable) sums.set(ctx, (byVariable = new WeakMap()));
  let known = byVariable.get(variable);
  if (known === undefined) {
    known = readWaitSum(variable, ctx) ?? null;
    byVariable.set(variable, known);
  }
  return known ?? undefined;
}

interface WaitSum {
  down: boolean;
  start: Node | undefined;
}

const sums = new WeakMap<AnalysisContext, WeakMap<Variable, WaitSum | null>>();

function readWaitSum(variable: Variable, ctx: AnalysisContext): WaitSum | undefined {
  const steps: Node[] = [];
  const operators = new Set<string>();
  for (const ref of variable.references) {
    if (ref.init || !ref.isWrite()) continue;
    const write = ref.identifier.parent;
    if (write?.type !== 'AssignmentExpression' || (write.operator !== '+=' && write.operator !== '-=') || write.left !== ref.identifier) return undefined;
    operators.add(write.operator);
    steps.push(write.right);
  }
  if (steps.length === 0 || operators.size > 1) return undefined;
  const scope = variable.scope.variableScope.block as Node;
  const waits: Node[] = [];
  walk(scope, ctx.keys, (node) => {
    if (node !== scope && isFunction(node)) return false;
    const sleep = asSleep(node, ctx);
    if (sleep?.delay && !sleep.opaque) waits.push(sleep.delay);
    return undefined;
  });
  if (!steps.every((step) => waits.some((wait) => sameValue(step, wait, ctx)))) return undefined;
  const def = variable.defs[0];
  const start = def?.type === 'Variable' && def.node.id === def.name ? (def.node.init as Node | null) ?? undefined : undefined;
  return { down: operators.has('-='), start };
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
