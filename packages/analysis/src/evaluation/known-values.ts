import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, unwrap, type Node } from '../ast.js';
import type { Env } from '../context.js';
import { join, markOffByDefault, offByDefault, type Value } from '../value.js';

/**
 * Which values does the evaluator know without reading code (true, false, an invariant, an
 * empty list, a function), and what do they say as a test or under a comparison?
 */

export function givesUpExpression(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'CallExpression') return /^(throwError|Promise\.reject)$/.test(dottedName(n.callee) ?? '');
  return n.type === 'Identifier' && n.name === 'EMPTY';
}

export const INVARIANT: Value = { t: 'invariant', random: false };

export const EMPTY_ARRAY: Value = { t: 'unknown', random: false, kind: 'array', empty: true };

export const A_FUNCTION: Value = { t: 'unknown', random: false, kind: 'function' };

/** What `typeof` gives for a value the analysis knows the kind of; undefined otherwise. */
export function typeOf(value: Value): string | undefined {
  if (value.random) return undefined;
  if (value.t === 'num') return 'number';
  if (value.kind === 'array') return 'object';
  if (value.kind !== undefined) return value.kind;
  return value.truth !== undefined ? 'boolean' : undefined;
}

/**
 * `true` and `false`: not numbers (arithmetic on them stays unknown), but a conditional whose
 * test is known to be one of them takes that branch.
 */
export const TRUE: Value = { t: 'unknown', random: false, truth: true };

export const FALSE: Value = { t: 'unknown', random: false, truth: false };

/**
 * `opts.x === undefined ? D : opts.x` (also `== null`, `typeof opts.x === 'undefined'`, and
 * the `!==` form with the branches swapped): D, the value when the caller leaves the option
 * out, read as the option's value (as `opts.x ??= D` is). Undefined for any other conditional.
 */
export function absentDefault(n: TSESTree.ConditionalExpression, env: Env): Node | undefined {
  const test = unwrap(n.test);
  if (test.type !== 'BinaryExpression' || !/^[!=]==?$/.test(test.operator) || test.left.type === 'PrivateIdentifier') return undefined;
  const [a, b] = [unwrap(test.left), unwrap(test.right)];
  const isAbsent = (x: Node) => (x.type === 'Identifier' && x.name === 'undefined') || (x.type === 'Literal' && (x.value === 'undefined' || (x.value === null && test.operator.length === 2)));
  const absent = isAbsent(b) ? b : isAbsent(a) ? a : undefined;
  const side = absent === b ? a : b;
  if (!absent) return undefined;
  const typeofTest = side.type === 'UnaryExpression' && side.operator === 'typeof';
  // `typeof x === 'undefined'` compares a string; `x === 'undefined'` does not test absence.
  const isString = absent.type === 'Literal' && absent.value === 'undefined';
  if (typeofTest !== isString) return undefined;
  const read = unwrap(typeofTest ? (side as TSESTree.UnaryExpression).argument : side);
  if (read.type !== 'MemberExpression') return undefined;
  const negated = test.operator.startsWith('!');
  const [fallback, kept] = negated ? [n.alternate, n.consequent] : [n.consequent, n.alternate];
  const text = (x: Node) => env.ctx.sourceCode.text.slice(x.range[0], x.range[1]);
  return text(unwrap(kept)) === text(read) ? fallback : undefined;
}

/** Whether a conditional tested on the value takes its first branch: a mark, or a known number (0 is false). */
export function truthOf(value: Value): boolean | undefined {
  if (value.truth !== undefined) return value.truth;
  return value.t === 'num' && !value.random && !Number.isNaN(value.v) ? value.v !== 0 : undefined;
}

export const COMPARISON = /^([!=]==?|[<>]=?)$/;

export function isBooleanLiteral(node: Node): boolean {
  return node.type === 'Literal' && typeof node.value === 'boolean';
}

export function compareNumbers(op: string, a: number, b: number): boolean | undefined {
  switch (op) {
    case '===': case '==': return a === b;
    case '!==': case '!=': return a !== b;
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '>=': return a >= b;
    default: return undefined;
  }
}

export function joinKeepingTruth(a: Value, b: Value): Value {
  const truth = truthOf(a);
  return truth !== undefined && truth === truthOf(b) ? a : join(a, b);
}

/** `replacement` for `value`, still marked off by default when `value` was (`const j = opts.jitter || 0`). */
export function keepOffByDefault(value: Value, replacement: Value): Value {
  return offByDefault(value) ? markOffByDefault(replacement) : replacement;
}

export function isZero(value: Value): boolean {
  return value.t === 'num' && value.v === 0 && !value.random;
}
