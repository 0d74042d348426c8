import { dottedName, unwrap, type Node } from '../ast.js';
import { UNKNOWN, num, withRandom, type Value } from '../value.js';
import { accumulated, combine, growth, minMax } from './scalar.js';

/**
 * A wait carried from one attempt to the next: its first value and an update that computes the
 * next from the last (`d *= 2`, `d = Math.min(d * 2, cap)`, `this.wait += step`, the argument
 * `wait * 2` a recursion hands itself). The solver reads the update as an affine map of the last
 * value, x' = a·x + b, and solves it in the classes of scalar.ts:
 * - a > 1: geometric (the offset b dropped, as scalar.ts drops offsets);
 * - a = 1, b fixed: affine; b growing with the attempt: b summed (accumulated);
 * - a = 1, b = 0: the first value, every attempt;
 * - anything else (a < 1, x passed to code that is not read, x twice): not a growth of ours, unknown.
 * A cap (`Math.min(…, cap)`) around the update caps the growth.
 */

/** The update as an affine map of the last value: x' = factor · x + step. */
export type Update =
  | { kind: 'affine'; factor: Value; step: Value | undefined }
  /** The last value passed where it cannot be followed (`adjust(d)`, `d * d`): no class. */
  | { kind: 'opaque' };

/** How the solver reads the parts of an update that are not the last value. */
export interface UpdateReader {
  /** The node is the last value itself (or it with a zero default, `(d || 0)`). */
  isSelf(node: Node): boolean;
  /** The node reads the last value somewhere inside. */
  mentionsSelf(node: Node): boolean;
  /** The value of a part that does not read the last value. */
  value(node: Node): Value;
  /**
   * `nextDelay(d)`, a function of the file handed the last value: its returned expression,
   * with a reader for it (the parameter is the last value). Undefined where it cannot be read.
   */
  inline?(call: Node): { expression: Node; reader: UpdateReader } | undefined;
}

/** What an update expression says: the map, a cap around it, and whether it is a step of exactly one. */
export interface ReadUpdate {
  update: Update;
  cap?: number;
  /** `n = n + 1`, `n = n - 1`: the counter itself, not a wait. */
  unitStep?: boolean;
}

const ONE: Value = num(1);
const MAX_DEPTH = 8;

/** The update `expr` makes to the last value, read by its shape. */
export function readUpdate(expr: Node, reader: UpdateReader, depth = 0): ReadUpdate {
  let cap: number | undefined;
  let n = unwrap(expr);
  // `delay = nextDelay(delay)`: the update the function makes, read in its body.
  if (n.type === 'CallExpression' && reader.inline && depth < 2 && reader.mentionsSelf(n)) {
    const inlined = reader.inline(n);
    if (inlined) return readUpdate(inlined.expression, inlined.reader, depth + 1);
  }
  // Caps and roundings around the map: `Math.min(d * 2, cap)`, `Math.floor(d * 1.5)`.
  for (let guard = 0; guard < 4; guard++) {
    const callee = n.type === 'CallExpression' ? dottedName(n.callee) : undefined;
    if (n.type === 'CallExpression' && callee === 'Math.min' && n.arguments.length === 2) {
      const [a, b] = n.arguments as [Node, Node];
      const aSelf = reader.mentionsSelf(a);
      if (aSelf === reader.mentionsSelf(b)) return { update: { kind: 'opaque' } };
      const capValue = reader.value(aSelf ? b : a);
      if (capValue.t === 'num') cap = cap === undefined ? capValue.v : Math.min(cap, capValue.v);
      n = unwrap(aSelf ? a : b);
      continue;
    }
    if (n.type === 'CallExpression' && /^Math\.(floor|ceil|round|trunc)$/.test(callee ?? '') && n.arguments.length === 1) {
      n = unwrap(n.arguments[0] as Node);
      continue;
    }
    break;
  }
  const unitStep = isUnitStep(n, reader);
  const update = affineMap(n, reader, 0);
  return { update, ...(cap !== undefined ? { cap } : {}), ...(unitStep ? { unitStep } : {}) };
}

/** `x + 1`, `1 + x`, `x - 1`: the step of a counter. */
function isUnitStep(n: Node, reader: UpdateReader): boolean {
  if (n.type !== 'BinaryExpression' || (n.operator !== '+' && n.operator !== '-')) return false;
  const left = n.left as Node;
  const selfLeft = reader.isSelf(left);
  if (!selfLeft && !(n.operator === '+' && reader.isSelf(n.right))) return false;
  const other = reader.value(selfLeft ? n.right : left);
  return other.t === 'num' && Math.abs(other.v) === 1 && !other.random;
}

/** The node as x' = factor · x + step, read through `*`, `/`, `+` and `-` with the last value on one side. */
function affineMap(node: Node, reader: UpdateReader, depth: number): Update {
  const n = unwrap(node) as Node;
  if (reader.isSelf(n)) return { kind: 'affine', factor: ONE, step: undefined };
  if (depth > MAX_DEPTH || n.type !== 'BinaryExpression' || n.left.type === 'PrivateIdentifier') return { kind: 'opaque' };
  const leftSelf = reader.mentionsSelf(n.left);
  const rightSelf = reader.mentionsSelf(n.right);
  if (leftSelf === rightSelf) return { kind: 'opaque' };
  // `k - x` and `k / x` turn the last value around: no growth of ours.
  if (rightSelf && (n.operator === '-' || n.operator === '/')) return { kind: 'opaque' };
  const inner = affineMap(leftSelf ? n.left : n.right, reader, depth + 1);
  if (inner.kind === 'opaque') return inner;
  const other = reader.value(leftSelf ? n.right : n.left);
  switch (n.operator) {
    case '*':
      return { kind: 'affine', factor: combine('*', inner.factor, other), step: inner.step && combine('*', inner.step, other) };
    case '/':
      if (other.t !== 'num' || other.v === 0) return { kind: 'opaque' };
      return { kind: 'affine', factor: combine('/', inner.factor, other), step: inner.step && combine('/', inner.step, other) };
    case '+':
    case '-':
      return { kind: 'affine', factor: inner.factor, step: inner.step ? combine(n.operator, inner.step, other) : n.operator === '-' ? combine('*', num(-1), other) : other };
    default:
      return { kind: 'opaque' };
  }
}

/** The compound assignment `x op= right` as the update `x = x op right`. */
export function compoundUpdate(operator: string, right: Value): Update {
  switch (operator) {
    case '*=':
      return { kind: 'affine', factor: right, step: undefined };
    case '/=':
      return right.t === 'num' && right.v !== 0 ? { kind: 'affine', factor: num(1 / right.v), step: undefined } : { kind: 'opaque' };
    case '<<=':
      return right.t === 'num' ? { kind: 'affine', factor: num(2 ** right.v), step: undefined } : { kind: 'affine', factor: { t: 'invariant', random: false }, step: undefined };
    case '+=':
      return { kind: 'affine', factor: ONE, step: right };
    case '-=':
      return { kind: 'affine', factor: ONE, step: combine('*', num(-1), right) };
    default:
      return { kind: 'opaque' };
  }
}

/**
 * The wait the recurrence gives, from its first value: the class of the solution of
 * x' = factor · x + step, capped at `cap`. Randomness in the factor or the step is jitter.
 */
export function solveRecurrence(first: Value, update: Update, cap?: number): Value {
  if (update.kind === 'opaque') return UNKNOWN;
  const { factor, step } = update;
  const base = first.t === 'num' ? first.v : undefined;
  const random = factor.random || (step?.random ?? false);
  const jitter = factor.jitter ?? step?.jitter ?? 'proportional';
  const capped = (value: Value): Value => (cap !== undefined && value.t === 'grow' ? minMax(true, value, num(cap)) : value);
  let value: Value;
  if (factor.t === 'num' && factor.v === 1 && !factor.random) value = stepped(first, step);
  else if (factor.t === 'num' && factor.v > 1) value = growth('exponential', base, factor.v);
  // `d = d * retry.delayMultiplier`, `d *= 1 + Math.random()`: a factor fixed before the retry (or drawn) still multiplies.
  else if (factor.t === 'invariant' || factor.t === 'rand' || (factor.t === 'num' && factor.random && factor.v >= 1)) value = growth('exponential', base, undefined);
  // A factor growing with the attempt (`d *= attempt`): faster than any geometric, still geometric to us.
  else if (factor.t === 'grow' || factor.t === 'counter') value = growth('exponential', base, undefined);
  // A factor below 1 shrinks the wait, an unknown one may do anything.
  else value = UNKNOWN;
  return value.t === 'unknown' ? value : withRandom(capped(value), random, jitter);
}

/** x' = x + step: the first value when there is no step, affine for a fixed step, summed for a growing one. */
function stepped(first: Value, step: Value | undefined): Value {
  if (!step || (step.t === 'num' && step.v === 0)) return first;
  const summed = accumulated(step);
  if (summed) return summed;
  if (step.t === 'num' && step.v < 0) return UNKNOWN;
  // x_n = x_0 + step·n: the step is the leading term (the first value is an offset, dropped).
  if (step.t === 'num') return growth('linear', step.v, undefined);
  if (step.t === 'invariant' || step.t === 'rand') return growth('linear', undefined, undefined);
  return UNKNOWN;
}
