import { dottedName, unwrap, type Node } from '../ast.js';
import { join, markOffByDefault, offByDefault, type Value } from '../value.js';

/**
 * Which values does the evaluator know without reading code (true, false, an invariant, an
 * empty list, a function), and what do they say as a test, under `typeof` or a comparison?
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
