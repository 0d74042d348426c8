import { isFunction, rejectionHandler, walk, type Node } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';
import { join, markPartlyRandom, withRandom, type Value } from '../value.js';

/**
 * Can a read of `variable` still see the value it was declared with, past its writes? Only
 * when every write is a plain `=` of a value not made from the variable itself, sitting in a
 * branch of its own below the declaration that the failure decides (`let wait = backoff; if (retryAfter) wait = …; else
 * if (status === 429) wait = …;`): the path that takes no branch keeps the declared value, a
 * wait of its own beside the branches'. Updates (`d *= 2`, `d = d * 2`) are the recurrence's;
 * a write on every path replaces the declared value.
 */
export function mayKeepInitial(variable: Variable, writes: readonly Node[], ctx: AnalysisContext): boolean {
  const declarator = variable.defs.length === 1 ? (variable.defs[0]?.node as Node | undefined) : undefined;
  if (declarator?.type !== 'VariableDeclarator' || !declarator.init) return false;
  const block = declarator.parent?.parent;
  if (!block) return false;
  return writes.length > 0 && writes.every((write) => {
    if (!plainWrite(write, variable, ctx)) return false;
    const test = branchTestBelow(write, block);
    return test !== undefined && readsFailure(test, ctx);
  });
}

/**
 * The test reads the failure: a caught error (a `catch` binding, a rejection handler's
 * parameter) or a value made from one (`const retryAfter = err.retryAfterMs`). Which branch
 * runs is then the failure's, not a caller's option: the path past the branches is a way a
 * failure really takes.
 */
function readsFailure(test: Node, ctx: AnalysisContext, depth = 0): boolean {
  let reads = false;
  walk(test, ctx.keys, (node) => {
    if (reads || isFunction(node)) return false;
    if (node.type !== 'Identifier') return undefined;
    const variable = ctx.variableOf(node);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (!def) return undefined;
    if (def.type === 'CatchClause' || (def.type === 'Parameter' && rejectionHandler(def.node as Node))) reads = true;
    else if (depth < 2 && def.node.type === 'VariableDeclarator' && def.node.init && readsFailure(def.node.init as Node, ctx, depth + 1)) reads = true;
    return reads ? false : undefined;
  });
  return reads;
}

function plainWrite(write: Node, variable: Variable, ctx: AnalysisContext): boolean {
  const assignment = write.parent;
  if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.left !== write) return false;
  let self = false;
  walk(assignment.right, ctx.keys, (node) => {
    if (self || isFunction(node)) return false;
    if (node.type === 'Identifier' && ctx.variableOf(node) === variable) self = true;
    return self ? false : undefined;
  });
  return !self;
}

/** The test of the innermost branch (an `if`'s arm, a `?:` arm, the right of `&&`/`||`) between the write and the declaration's block. */
function branchTestBelow(write: Node, block: Node): Node | undefined {
  for (let child: Node = write, p = write.parent; p && p !== block; child = p, p = p.parent) {
    if (isFunction(p)) return undefined;
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) return p.test;
    if (p.type === 'LogicalExpression' && child === p.right) return p.left;
  }
  return undefined;
}

/**
 * The wait past the branches and the branches' waits together. When one of them has randomness
 * and the other is a known wait with none, the failures of the plain one wait exactly that: the
 * value is that wait, marked random on some paths only (its jitter the other's, for the herd).
 */
export function keptOrWritten(initial: Value, written: Value): Value {
  const known = (v: Value) => v.t !== 'unknown';
  if (initial.random === written.random || !known(initial) || !known(written)) return markPartlyRandom(join(initial, written), initial, written, true);
  const [plain, random] = initial.random ? [written, initial] : [initial, written];
  return { ...withRandom(plain, true, random.jitter), partlyRandom: true };
}
