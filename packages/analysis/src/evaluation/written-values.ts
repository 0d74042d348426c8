import type { TSESTree } from '@typescript-eslint/utils';
import { isAnyLoop, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { writesWithin, type Env, type Variable } from '../context.js';
import { join, num, UNKNOWN, withRandom, type Value } from '../value.js';
import { joinAlongPaths, type PathUpdate } from '../path-updates.js';
import { combine, growth } from '../evolution/scalar.js';
import { compoundUpdate, readUpdate, solveRecurrence, type UpdateReader } from '../evolution/recurrence.js';
import { firstDefinition } from '../definitions/bodies.js';
import { deeper, idOf, MAX_DEPTH, memoised, stateOf } from './state.js';
import { localFunction, parameterVariables } from '../functions/local-function.js';
import { usesRandomness } from '../randomness/uses-randomness.js';
import { declaredOutside, defaultsItself, inLoopWithin, isSelf, mentions } from '../variables/writes.js';
import { closedOverMethod } from '../functions/methods.js';
import { notTaken } from './helper-calls.js';
import { evaluate } from './evaluator.js';

/**
 * What value does a variable or member hold where it is read, given the writes that reach the
 * read: each write's value joined with the start, steps solved as recurrences. Part of the
 * evaluator's recursive core: it calls evaluate() back through evaluator.ts.
 */

/** A value written inside the per-attempt region: a counter, an accumulator, or a fresh value. */
export function writesValue(writes: TSESTree.Identifier[], initial: Value, env: Env, name: string): Value {
  // Once per list of writes: each of the k reads of a variable written k times asks for the same list.
  const state = stateOf(env.ctx);
  const what = `s${writes.map((w) => idOf(state, w)).join(' ')},${idOf(state, initial)},${name}`;
  return memoised(state, what, env, () => joinWrites(writes, initial, env, name), undefined);
}

/** The writes' values, composed along each path (joinAlongPaths), leaving out writes in branches the code shows are not taken. */
export function joinWrites(writes: readonly Node[], initial: Value, env: Env, name: string): Value {
  const taken: PathUpdate[] = [];
  let pruned = false;
  // `n = n || 0` beside the steps that move `n`: it only gives the start, and changes no count.
  const moving = writes.filter((write) => !defaultsItself(write, name));
  for (const write of moving.length > 0 ? moving : writes) {
    if (notTaken(write, env, name)) {
      pruned = true;
      continue;
    }
    taken.push({ write, value: writeValue(write, initial, env, name) });
  }
  // Every write sits in a branch the defaults do not take: the value it starts with.
  return joinAlongPaths(taken, env.region) ?? (pruned ? initial : UNKNOWN);
}

/** One write's value, once per write, start value and environment: every read of a variable written k times asks for all k. */
function writeValue(target: Node, initial: Value, env: Env, name: string): Value {
  const state = stateOf(env.ctx);
  return memoised(state, `w${idOf(state, target)},${idOf(state, initial)},${name}`, env, () => computeWriteValue(target, initial, env, name), undefined);
}

function computeWriteValue(target: Node, initial: Value, env: Env, name: string): Value {
  const parent = target.parent;
  if (parent?.type === 'UpdateExpression') return { t: 'counter', random: false };
  if (parent?.type !== 'AssignmentExpression' || parent.left !== target) return UNKNOWN;
  // `d = d * 2` is read by its shape (selfReferentialValue), not by evaluating `d` again: that
  // would join every write of `d` once more per level of depth.
  if (parent.operator === '=') return assignedValue(target, parent, initial, env, name);
  const right = evaluate(parent.right, deeper(env));
  // `let ms = base; ms *= 2 ** n` inside the attempt: declared afresh each time, so one product, not an accumulation.
  const local = target.type === 'Identifier' ? env.ctx.variableOf(target) : undefined;
  if (local && firstDefinition(local)?.type === 'Variable' && !declaredOutside(local, env.region) && /^([*+-]|\*\*)=$/.test(parent.operator) && !inLoopWithin(parent, env.region)) {
    return combine(parent.operator.slice(0, -1), initial, right);
  }
  if ((parent.operator === '+=' || parent.operator === '-=') && right.t === 'num' && Math.abs(right.v) === 1 && !right.random) return { t: 'counter', random: false };
  return solveRecurrence(initial, compoundUpdate(parent.operator, right));
}

/** The value of a plain assignment `x = …` to a variable or member named `name`. */
function assignedValue(target: Node, parent: TSESTree.AssignmentExpression, initial: Value, env: Env, name: string): Value {
  // `let d = base; d = jitter(d)` inside the attempt: `d` on the right is this attempt's
  // value, not the last attempt's (the declaration runs again each time): no growth.
  const variable = target.type === 'Identifier' ? env.ctx.variableOf(target) : undefined;
  if (variable && !declaredOutside(variable, env.region) && firstDefinition(variable)?.type === 'Variable' && mentions(parent.right, name, env)) {
    return evaluate(parent.right, deeper(env, { bindings: new Map([...(env.bindings ?? []), [variable, reachingValue(variable, parent, initial, env, name)]]) }));
  }
  return selfReferentialValue(heldJustBefore(parent, name, env), name, initial, env) ?? evaluate(parent.right, deeper(env));
}

/**
 * The value `x` holds where `x = f(x)` reads it, the variable declared in the attempt: its start,
 * or what a write earlier in the text gave it (`let d = 0; if (…) d = 100 * 2 ** n; d = Math.min(d, cap)`),
 * leaving out writes in branches not taken. With a loop between the write and the declaration a
 * later write may reach it too: then the start alone, as before.
 */
function reachingValue(variable: Variable, write: TSESTree.AssignmentExpression, initial: Value, env: Env, name: string): Value {
  const declaration = firstDefinition(variable)?.node as Node | undefined;
  for (let p: Node | undefined = write.parent; p && p !== declaration?.parent?.parent; p = p.parent) {
    if (isAnyLoop(p)) return initial;
  }
  // Read once, not through the earlier writes' own earlier writes: those are read with the start.
  if (env.bindings?.has(variable)) return initial;
  const earlier = writesWithin(variable, env.region).filter((w) => w.range[1] <= write.range[0]);
  if (earlier.length === 0) return initial;
  const bound = deeper(env, { bindings: new Map([...(env.bindings ?? []), [variable, initial]]) });
  let result = initial;
  // Each earlier write may be skipped on some path: joined with the start.
  for (const w of earlier) if (!notTaken(w, bound, name)) result = join(result, writeValue(w, initial, bound, name));
  return result;
}

/**
 * `d = d * 2`, `d = Math.min(d * 2, cap)`, `d = d + 500`, `d = adjust(d)`: the update solved as a
 * recurrence from the first value (evolution/recurrence.ts). Undefined when the right side does
 * not read the last value (a fresh value each attempt, evaluated as such).
 */
function selfReferentialValue(expr: Node, name: string, first: Value, env: Env): Value | undefined {
  if (!mentions(expr, name, env)) return undefined;
  const read = readUpdate(expr, updateReader(name, env));
  // `d = min(cap, base + random * (d * 3 - base))`: randomness anywhere in the update is jitter
  // (decorrelated when the wait is drawn relative to the last one).
  if (usesRandomness(expr, env)) {
    if (read.update.kind === 'affine' && read.update.factor.t === 'num' && read.update.factor.v < 1 && !read.update.factor.random) return UNKNOWN;
    const value: Value = growth('exponential', first.t === 'num' ? first.v : undefined, undefined);
    if (read.cap !== undefined && value.t === 'grow') value.cap = read.cap;
    return withRandom(value, true, 'decorrelated');
  }
  // `n = n + 1`, `config.tries = (config.tries || 0) + 1`: a step of one, as `n += 1` is.
  if (read.unitStep) return { t: 'counter', random: false };
  return solveRecurrence(first, read.update, read.cap);
}

/** How the recurrence solver reads an update of the variable or member named `name`. */
function updateReader(name: string, env: Env): UpdateReader {
  return {
    isSelf: (node) => isSelf(node, name),
    mentionsSelf: (node) => mentions(node, name, env),
    value: (node) => evaluate(node, deeper(env)),
    inline: (call) => inlinedUpdate(call, (node) => isSelf(node, name), env),
  };
}

/**
 * `nextDelay(delay)` where `nextDelay` is a function of the file that returns one expression:
 * that expression, read with the parameter that receives the last value as the last value and
 * the other parameters bound to the call's other arguments.
 */
export function inlinedUpdate(call: Node, isLast: (node: Node) => boolean, env: Env): { expression: Node; reader: UpdateReader } | undefined {
  if (call.type !== 'CallExpression' || env.depth > MAX_DEPTH) return undefined;
  const fn = localFunction(call, env);
  if (!fn || fn.async || fn.generator) return undefined;
  const expression = returnedExpression(fn);
  if (!expression) return undefined;
  const args = call.arguments;
  const at = args.findIndex((a) => a.type !== 'SpreadElement' && isLast(a as Node));
  if (at < 0 || args.some((a, i) => i !== at && (a.type === 'SpreadElement' || mentionsNode(a as Node, isLast, env)))) return undefined;
  const params = parameterVariables(fn, env.ctx);
  const self = params[at];
  if (!self) return undefined;
  const bindings = new Map(env.bindings ?? []);
  params.forEach((variable, i) => {
    const arg = args[i];
    if (variable && i !== at && arg) bindings.set(variable, evaluate(arg as Node, deeper(env)));
  });
  const inner: Env = { ...deeper(env), region: fn.body ?? fn, bindings };
  const refersTo = (node: Node) => node.type === 'Identifier' && env.ctx.variableOf(node) === self;
  const reader: UpdateReader = {
    isSelf: (node) => refersTo(unwrap(node)),
    mentionsSelf: (node) => mentionsNode(node, refersTo, env),
    value: (node) => evaluate(node, deeper(inner)),
    inline: (next) => inlinedUpdate(next, (node) => refersTo(unwrap(node)), inner),
  };
  return { expression, reader };
}

/** The one expression a function returns: an arrow's body, or a block of a single `return`. */
function returnedExpression(fn: FunctionNode): Node | undefined {
  if (fn.body?.type !== 'BlockStatement') return fn.body ?? undefined;
  const [only, ...rest] = fn.body.body;
  return rest.length === 0 && only?.type === 'ReturnStatement' && only.argument ? only.argument : undefined;
}

function mentionsNode(root: Node, test: (node: Node) => boolean, env: Env): boolean {
  let found = false;
  walk(root, env.ctx.keys, (n) => {
    if (found) return false;
    if (test(n)) found = true;
    return undefined;
  });
  return found;
}

/**
 * A write of `this.name` made elsewhere during the attempt, read only by shapes that say how it
 * moves the value on: a step (`this.n++`, `this.delay *= 2`, `+= 500`), a literal
 * (`this.delay = 1000`), or the value grown from itself with nothing of the method's own
 * (`this.delay = Math.min(this.delay * 2, 30000)`). A value the method was handed or
 * computed is not known here: unknown.
 */
export function elsewhereWriteValue(target: Node, initial: Value, env: Env, name: string): Value {
  const parent = target.parent;
  if (parent?.type === 'UpdateExpression') return { t: 'counter', random: false };
  if (parent?.type !== 'AssignmentExpression' || parent.left !== target) return UNKNOWN;
  const written = parent.operator === '=' ? heldJustBefore(parent, name, env) : parent.right;
  if (!closedOverMethod(written, env)) return UNKNOWN;
  const right = unwrap(written);
  const literal = right.type === 'Literal' && typeof right.value === 'number';
  if (parent.operator === '=') {
    if (literal) return num(right.value as number);
    return selfReferentialValue(written, name, initial, env) ?? UNKNOWN;
  }
  return literal && /^([*+-]|<<)=$/.test(parent.operator) ? computeWriteValue(target, initial, env, name) : UNKNOWN;
}

/**
 * `const attempt = this.attempt + 1; this.attempt = attempt;`: a `const` of the same block,
 * declared before the write with no write of the member between, holds its initialiser there;
 * the write is read as `this.attempt = this.attempt + 1`. Anything else is the value written.
 */
function heldJustBefore(write: TSESTree.AssignmentExpression, name: string, env: Env): Node {
  const value = unwrap(write.right);
  const variable = value.type === 'Identifier' ? env.ctx.variableOf(value) : undefined;
  const def = firstDefinition(variable);
  if (!variable || variable.defs.length !== 1 || def?.type !== 'Variable' || def.parent?.kind !== 'const' || def.node.id !== def.name || !def.node.init) return write.right;
  const declaration = def.parent as Node;
  const statement = write.parent;
  const block = declaration.parent;
  if (statement?.type !== 'ExpressionStatement' || statement.parent !== block || (block?.type !== 'BlockStatement' && block?.type !== 'Program')) return write.right;
  const body = block.body as Node[];
  const [from, to] = [body.indexOf(declaration), body.indexOf(statement)];
  if (from < 0 || to <= from) return write.right;
  let rewritten = false;
  for (const between of body.slice(from + 1, to)) {
    walk(between, env.ctx.keys, (n) => {
      if (rewritten) return false;
      const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : undefined;
      if (target && isSelf(target, name)) rewritten = true;
      return undefined;
    });
  }
  return rewritten ? write.right : def.node.init;
}
