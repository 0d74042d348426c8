import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext, Env } from '../context.js';
import type { Polarity } from './status-tests.js';

/**
 * What a field of a result object says, read from the function that made the object, not from
 * the field's name or its values: `{ kind: 'retryable', error }` returned only from a `catch`
 * (or a branch on a failed outcome) makes `'retryable'` a failure value of `kind`; `{ kind:
 * 'ok', body }` returned only outside them makes `'ok'` a success value. `result.kind === 'ok'`,
 * `result.kind !== 'retryable'`, `switch (result.kind)` and `if (!result.success)` are then
 * tests of the attempt's outcome, as `res.ok` is. A field whose values are all returned on
 * plain paths (a job's `state`) says nothing: that is a state, read by polling.
 */

type Value = string | number | boolean;

/** Per field: the values returned only on a failure path, and those returned only elsewhere. */
interface FieldValues {
  failure: Set<Value>;
  success: Set<Value>;
}

type Fields = ReadonlyMap<string, FieldValues>;

/**
 * Reads whether a return is on the callee's failure path: a `catch`, or a branch whose test the
 * outcome analysis reads as a failure. Handed in by checks.ts (which this module cannot import).
 */
export type BranchOutcome = (test: Node, env: Env) => Polarity | undefined;

const fieldsByFunction = new WeakMap<FunctionNode, Fields | null>();

/** The result fields of a function: read once per function, and not again while being read. */
export function resultFields(fn: FunctionNode, ctx: AnalysisContext, branch: BranchOutcome): Fields | undefined {
  if (fieldsByFunction.has(fn)) return fieldsByFunction.get(fn) ?? undefined;
  // A function whose branches test what it calls itself is being read: no answer meanwhile.
  fieldsByFunction.set(fn, null);
  const fields = readFields(fn, ctx, branch);
  fieldsByFunction.set(fn, fields);
  return fields ?? undefined;
}

function readFields(fn: FunctionNode, ctx: AnalysisContext, branch: BranchOutcome): Fields | null {
  const seen = new Map<string, Map<Value, { failure: boolean; plain: boolean }>>();
  const env: Env = { ctx, region: fn, counters: new Set(), depth: 0 };
  const record = (object: Node, onFailure: boolean) => {
    const o = unwrap(object);
    if (o.type !== 'ObjectExpression') return;
    for (const property of o.properties) {
      if (property.type !== 'Property' || property.computed || property.kind !== 'init') continue;
      const key = keyOf(property);
      const value = unwrap(property.value as Node);
      if (key === undefined || value.type !== 'Literal' || !isValue(value.value)) continue;
      let values = seen.get(key);
      if (!values) seen.set(key, (values = new Map()));
      const entry = values.get(value.value) ?? { failure: false, plain: false };
      if (onFailure) entry.failure = true;
      else entry.plain = true;
      values.set(value.value, entry);
    }
  };
  if (fn.body.type !== 'BlockStatement') record(fn.body, false);
  else {
    walk(fn.body, ctx.keys, (node) => {
      if (isFunction(node)) return false;
      if (node.type === 'ReturnStatement' && node.argument) record(node.argument, onFailurePath(node, fn, env, branch));
      return undefined;
    });
  }
  const fields = new Map<string, FieldValues>();
  for (const [key, values] of seen) {
    const field: FieldValues = { failure: new Set(), success: new Set() };
    for (const [value, where] of values) {
      if (where.failure && !where.plain) field.failure.add(value);
      else if (where.plain && !where.failure) field.success.add(value);
    }
    // Both kinds, or the field tells nothing about the outcome.
    if (field.failure.size > 0 && field.success.size > 0) fields.set(key, field);
  }
  return fields.size > 0 ? fields : null;
}

function keyOf(property: TSESTree.Property): string | undefined {
  const key = property.key;
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

function isValue(v: unknown): v is Value {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** In a `catch` of the function, or in the branch of an `if` taken when the outcome it tests failed. */
function onFailurePath(node: Node, fn: FunctionNode, env: Env, branch: BranchOutcome): boolean {
  for (let child: Node = node, p = node.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type === 'CatchClause') return true;
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) {
      const polarity = branch(p.test, env);
      if ((polarity === 'failure' && child === p.consequent) || (polarity === 'success' && child === p.alternate)) return true;
    }
  }
  return false;
}

/**
 * The field a test reads and the function whose call made the object: `result.kind` of `const
 * result = await attempt()`, or `kind` of `const { kind } = await attempt()`.
 */
export type FieldMaker = (field: Node) => { key: string; fn: FunctionNode; ctx: AnalysisContext } | undefined;

/**
 * `result.kind === 'ok'` (either side, `!==` too) or a bare `result.success` test, where `result`
 * was made by `fn`: the polarity the function's own returns give the value.
 */
export function fieldTest(test: Node, made: FieldMaker, branch: BranchOutcome): Polarity | undefined {
  const n = unwrap(test);
  if (n.type === 'MemberExpression' || n.type === 'Identifier') return compared(n, true, '===', made, branch);
  if (n.type !== 'BinaryExpression' || !/^[!=]==?$/.test(n.operator) || n.left.type === 'PrivateIdentifier') return undefined;
  const left = unwrap(n.left);
  const right = unwrap(n.right);
  const [field, literal] = left.type === 'Literal' ? [right, left] : [left, right];
  if (literal.type !== 'Literal' || !isValue(literal.value)) return undefined;
  return compared(field, literal.value, n.operator, made, branch);
}

function compared(field: Node, value: Value, operator: string, made: FieldMaker, branch: BranchOutcome): Polarity | undefined {
  const maker = made(field);
  const values = maker ? resultFields(maker.fn, maker.ctx, branch)?.get(maker.key) : undefined;
  if (!values) return undefined;
  // A bare `result.success` is a truth test: only boolean fields answer it.
  if (value === true && ![...values.failure, ...values.success].every((v) => typeof v === 'boolean')) return undefined;
  // Equal to the one value returned on plain paths: it worked. With two such values (`'done'`,
  // `'pending'`) the others are states too: a test for one of them polls.
  const polarity: Polarity | undefined = values.failure.has(value) ? 'failure' : values.success.has(value) && values.success.size === 1 ? 'success' : undefined;
  if (!polarity) return undefined;
  return operator.startsWith('!') ? (polarity === 'success' ? 'failure' : 'success') : polarity;
}
