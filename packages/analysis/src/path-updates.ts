import { isAnyLoop, isFunction, type Node } from './ast.js';
import { join, type Value } from './value.js';
import { composedShape } from './evolution/scalar.js';

/**
 * What several updates of one variable in one attempt make of it. Updates that run one after
 * the other on the same path compose (`d *= 2; d *= 2` is ×4 per attempt, not ×2); updates on
 * different paths (`if (slow) d *= 3; else d *= 2`) are alternatives, joined as before.
 */

/** One write of the variable in the attempt, in source order, and the value it gives alone. */
export interface PathUpdate {
  write: Node;
  value: Value;
}

/**
 * The node below `region` that decides whether `write` runs in an attempt: the branch it sits in
 * (an `if` branch, a catch clause, a `case`, a side of `?:`, the right side of `&&`/`||`/`??`), or
 * the region itself when nothing between them branches. Writes with the same one run together.
 * A loop or function between them runs the write any number of times: undefined, not composed.
 */
function branchOf(write: Node, region: Node): Node | undefined {
  let child: Node = write;
  for (let p = write.parent; p && child !== region; child = p, p = p.parent) {
    if (isFunction(p) || (isAnyLoop(p) && p !== region)) return undefined;
    if (p.type === 'IfStatement' && child !== p.test) return child;
    if (p.type === 'ConditionalExpression' && child !== p.test) return child;
    if (p.type === 'LogicalExpression' && child === p.right) return child;
    if (p.type === 'CatchClause' || p.type === 'SwitchCase') return p;
  }
  return region;
}

/** `a` then `b` on one path: factors multiply; a step added to a product keeps the product's factor. */
function compose(a: Value & { t: 'grow' }, b: Value & { t: 'grow' }): Value & { t: 'grow' } {
  const shape = composedShape(a, b);
  let factor: number | undefined;
  if (a.shape === 'exponential' && b.shape === 'exponential') factor = a.factor !== undefined && b.factor !== undefined ? a.factor * b.factor : undefined;
  else factor = a.shape === 'exponential' ? a.factor : b.shape === 'exponential' ? b.factor : undefined;
  // 2 ** 1100 and beyond: a factor too large to be a number is a factor not known.
  if (factor !== undefined && !Number.isFinite(factor)) factor = undefined;
  const result: Value & { t: 'grow' } = { ...a, shape: shape.shape, random: a.random || b.random };
  delete result.factor;
  delete result.power;
  if (shape.power !== undefined) result.power = shape.power;
  delete result.cap;
  delete result.jitter;
  if (factor !== undefined) result.factor = factor;
  // Only a cap applied last bounds what the attempt waits; growth after a cap goes past it.
  if (b.cap !== undefined) result.cap = b.cap;
  const jitter = a.jitter ?? b.jitter;
  if (jitter !== undefined) result.jitter = jitter;
  return result;
}

/**
 * The value of a variable its `updates` (in source order, one per write taken) give it over an
 * attempt of `region`: the updates of each path composed, the paths joined. Only growths compose
 * (a counter stepped twice, or a write the analysis cannot read, stays as it was read alone).
 */
export function joinAlongPaths(updates: readonly PathUpdate[], region: Node): Value | undefined {
  const groups: Value[][] = [];
  const byBranch = new Map<Node, Value[]>();
  for (const { write, value } of updates) {
    const branch = branchOf(write, region);
    const group = branch === undefined ? undefined : byBranch.get(branch);
    if (group) group.push(value);
    else {
      groups.push([value]);
      if (branch !== undefined) byBranch.set(branch, groups[groups.length - 1] as Value[]);
    }
  }
  // `++n` at the top of the attempt and again in its catch: two steps in one turn, not the one
  // step per turn a counter is (writes in one branch, or one unconditional write beside any
  // other, run in the same turn). Read as a growth the analysis does not size, as before.
  const counters = (values: readonly Value[]) => values.filter((v) => v.t === 'counter').length;
  const unconditional = byBranch.get(region);
  if (groups.some((values) => counters(values) > 1) || (unconditional && counters(unconditional) > 0 && groups.some((values) => values !== unconditional && counters(values) > 0))) {
    return { t: 'grow', shape: 'linear', random: false };
  }
  const composes = (values: readonly Value[]): values is readonly (Value & { t: 'grow' })[] => values.length > 1 && values.every((v) => v.t === 'grow');
  // Nothing to compose: the writes joined in source order, exactly as each was read alone.
  if (!groups.some(composes)) return updates.map((u) => u.value).reduce<Value | undefined>((a, b) => (a ? join(a, b) : b), undefined);
  let result: Value | undefined;
  for (const values of groups) {
    let value = values[0] as Value;
    for (const next of values.slice(1)) value = value.t === 'grow' && next.t === 'grow' && composes(values) ? compose(value, next) : join(value, next);
    result = result ? join(result, value) : value;
  }
  return result;
}
