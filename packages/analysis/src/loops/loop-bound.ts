import type { TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, isAnyLoop, loopTest, propertyName, unwrap, walk, type Node, type RetryLoopNode } from '../ast.js';
import { memberWritesWithin } from '../classes/class-members.js';
import { mayStopUnseen } from '../exits.js';
import { flagNeverWritten } from '../exits/external.js';
import { doneOrOwnerFlags } from '../owner-flags.js';
import { unguardedWayBack } from '../exits/unguarded-way-back.js';
import { getterCondition, guardsIn } from '../bounds.js';
import { boundOf } from '../exits/comparison-bound.js';
import { merge, type Bound } from '../exits/bound.js';
import { boundKind, outcomeCheck, sentinelDecidedByCallee } from '../checks.js';
import { AnalysisContext, writesWithin, type Variable } from '../context.js';
import type { Env } from '../evaluate.js';
import { loopsWhileNeverAborted } from '../never-aborted.js';
import { containsContinue, textOf } from './loop-retry.js';
import { afterOperationInTry } from './success-writes.js';
import { sameTarget } from './flag-exits.js';

/**
 * What limits a retry loop: its condition and the give-up guards in its body, a lifecycle flag,
 * and a first attempt made before the loop starts?
 */

/** The limits of a loop: its condition and the give-up guards in its body. */
export function loopBound(loop: RetryLoopNode, env: Env, operation?: Node): Bound & { unbounded: boolean } {
  const raw = loopTest(loop);
  const test = raw ? unwrap(raw) : undefined;
  let bound: Bound | undefined;
  // Without an attempt count the loop is unbounded in attempts, even when a deadline stops it.
  let unbounded = false;
  if (!test || (test.type === 'Literal' && Boolean(test.value)) || loopsWhileNeverAborted(test, env)) {
    unbounded = true;
  } else {
    // `while (!this.limitReached)` with a getter returning `this.attempt >= this.max`: its condition.
    const getter = boundKind(test, env) ? undefined : getterCondition(test);
    const [condition, giveUp] = getter ? [getter.condition, getter.negated] : [test, false];
    const kind = boundKind(condition, env);
    // `while (i < items.length)` with `i++` only after a success: a count of successes, no limit on failures.
    const successesOnly = kind !== 'time' && kind !== 'abort' && operation !== undefined && movedOnlyOnSuccess(test, loop, operation, env);
    if (kind && !successesOnly) bound = boundOf(kind, condition, env, giveUp, loop.type === 'DoWhileStatement', getter ? test : undefined);
    unbounded = kind === 'time' || kind === 'abort' || successesOnly || (!kind && (outcomeCheck(test, env) !== undefined || isFlag(test, loop, env) || doneOrOwnerFlags(test, loop, env, (part) => isFlag(part, loop, env)) || flagNeverWritten(test, loop.body, env)));
  }
  const guards = guardsIn(loop.body, env, (node) => node !== loop.body && isAnyLoop(node), containsContinue);
  // Limits on only some ways round limit those ways: the loop goes round as its condition lets the others.
  if (guards && !unguardedWayBack(loop, env, containsContinue)) bound = merge(bound, guards);
  const result: Bound = bound ?? { deadline: false, abortAware: false };
  // A give-up branch whose condition the analysis cannot count may still end the loop (a deadline
  // or an abort that already bounds it says more than "an unknown number"); so may one beside a
  // limit that is Infinity, which counts nothing.
  if (((unbounded && result.attempts === undefined) || result.attempts === Infinity) && !result.abortAware && !result.deadline && (mayStopUnseen(loop.body, env, containsContinue) || (test !== undefined && sentinelDecidedByCallee(test, env)))) {
    result.attempts = 'unknown';
  }
  return { ...result, unbounded: unbounded && result.attempts === undefined };
}

/**
 * `while (offset < size) { try { await send(offset); offset = next } catch { await sleep(ms) } }`:
 * what the condition reads is written only in the `try`, after the operation, so a failure leaves
 * it as it was and goes round again: on failure the condition never ends the loop.
 */
function movedOnlyOnSuccess(test: Node, loop: RetryLoopNode, operation: Node, env: Env): boolean {
  let written = 0;
  let otherwise = false;
  walk(test, env.ctx.keys, (node) => {
    if (otherwise) return false;
    // `this.items.length`: the instance's collection, written or changed in place within the loop.
    const field = node.type === 'MemberExpression' && !node.computed && unwrap(node.object).type === 'ThisExpression' ? dottedName(node) : undefined;
    if (field !== undefined) {
      for (const write of [...memberWritesWithin(field, { ...env, region: loop }), ...fieldMutationsWithin(field, loop, env)]) tally(write);
      return false;
    }
    if (node.type !== 'Identifier') return undefined;
    // (`data.length`: a property's name, not a variable.)
    const parent = node.parent;
    if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return undefined;
    const variable = env.ctx.variableOf(node);
    if (!variable) return undefined;
    for (const write of [...writesWithin(variable, loop), ...mutationsWithin(variable, loop)]) tally(write);
    return undefined;
  });
  return written > 0 && !otherwise;

  function tally(write: Node): void {
    // `round++` in a `for`'s update moves on every turn, failures too.
    if (loop.type === 'ForStatement' && loop.update && contains(loop.update, write)) otherwise = true;
    if (!contains(loop.body, write)) return;
    if (afterOperationInTry(write, operation, loop)) written++;
    else otherwise = true;
  }
}

/** `this.items.shift()` within the loop: calls that change the instance's collection in place. */
function fieldMutationsWithin(field: string, loop: Node, env: Env): Node[] {
  const found: Node[] = [];
  walk(loop, env.ctx.keys, (node) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression' || node.callee.computed) return undefined;
    if (COLLECTION_MUTATORS.has(propertyName(node.callee) ?? '') && dottedName(node.callee.object) === field) found.push(node.callee);
    return undefined;
  });
  return found;
}

/** Calls that change a collection in place (`items.shift()`, `pending.delete(id)`), made on the variable inside the loop. */
function mutationsWithin(variable: Variable, loop: Node): Node[] {
  return variable.references
    .map((ref) => ref.identifier.parent as Node | undefined)
    .filter((member): member is TSESTree.MemberExpression => member?.type === 'MemberExpression' && !member.computed && member.property.type === 'Identifier' && COLLECTION_MUTATORS.has(member.property.name) && member.parent?.type === 'CallExpression' && member.parent.callee === member && contains(loop, member));
}

const COLLECTION_MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'delete', 'clear', 'add', 'set']);

/**
 * The statement just before the loop gives the variable the loop's operation writes
 * (`res = await op()`) the same call (`let res = await op()`): the first attempt, made before
 * the loop, which each turn then repeats.
 */
export function firstAttemptBefore(loop: RetryLoopNode, operation: TSESTree.CallExpression, env: Env): boolean {
  if (!madeBeforeLoop(loop, operation, env.ctx)) return false;
  // `if (used >= 5) throw …; used += 1; res = await op()`: a give-up guard the turn reads before
  // its call was counted as read after an attempt; in the first turn that attempt is the one made
  // before the loop, so it is already in the count.
  return !countGuardBefore(loop.body, operation, env);
}

function countGuardBefore(body: Node, operation: Node, env: Env): boolean {
  let found = false;
  walk(body, env.ctx.keys, (node) => {
    if (found || node.range[0] >= operation.range[0]) return false;
    if (node !== body && (isAnyLoop(node) || node.type.endsWith('FunctionExpression') || node.type === 'FunctionDeclaration')) return false;
    if (node.type === 'IfStatement' && node.range[1] <= operation.range[0] && boundKind(node.test, env) === 'attempts') found = true;
    return undefined;
  });
  return found;
}

/** How far before the loop the first attempt's statement is looked for. */
const MAX_STATEMENTS_BACK = 3;

/** Whether a statement writes the variable (`if (!res.ok) res = await retryOnce()`): what the loop tests may come from there. */
function writesVariable(statement: Node, variable: Variable | undefined): boolean {
  return !variable || writesWithin(variable, statement).length > 0;
}

function madeBeforeLoop(loop: RetryLoopNode, operation: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  let write: Node = operation;
  if (write.parent?.type === 'AwaitExpression') write = write.parent;
  const assignment = write.parent;
  if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.right !== write || assignment.left.type !== 'Identifier') return false;
  const holder = loop.parent?.type === 'LabeledStatement' ? loop.parent : loop;
  const block = holder.parent;
  if (block?.type !== 'BlockStatement' && block?.type !== 'Program') return false;
  const name = assignment.left.name;
  const variable = ctx.variableOf(assignment.left);
  // The statement that stores the first result, before the loop: statements between that do not
  // write the variable (`let tries = 1`, a log of the status) are passed over; one that does ends the search.
  let first: Node | undefined;
  const index = block.body.indexOf(holder as never);
  for (let i = index - 1; i >= 0 && i >= index - MAX_STATEMENTS_BACK && !first; i--) {
    const previous = block.body[i] as Node;
    if (previous.type === 'VariableDeclaration') {
      const declarator = previous.declarations.find((d) => d.id.type === 'Identifier' && d.id.name === name);
      first = declarator?.init ?? undefined;
    } else if (previous.type === 'ExpressionStatement' && previous.expression.type === 'AssignmentExpression' && previous.expression.operator === '=') {
      const left = previous.expression.left;
      if (left.type === 'Identifier' && left.name === name) first = previous.expression.right;
    }
    if (!first && writesVariable(previous, variable)) return false;
  }
  if (!first) return false;
  const call = unwrap(first);
  return call.type === 'CallExpression' && textOf(call, ctx) === textOf(operation, ctx);
}

/**
 * `while (!this.closing)` / `while (this.running)`: the loop's whole condition is a flag of
 * `this` that the loop does not set (isFlag) — the owner's state, set when it closes.
 */
export function lifecycleTest(loop: RetryLoopNode, env: Env): boolean {
  const raw = loopTest(loop);
  if (!raw || isFlag(raw, loop, env)) return false;
  const n = unwrap(raw);
  const target = n.type === 'UnaryExpression' && n.operator === '!' ? unwrap(n.argument) : n;
  return target.type === 'MemberExpression' && !target.computed && unwrap(target.object).type === 'ThisExpression';
}

/** `while (!done)` / `while (!this.connected)`: a flag the body sets when it is finished. */
function isFlag(test: Node, loop: RetryLoopNode, env: Env): boolean {
  const n = unwrap(test);
  const target = n.type === 'UnaryExpression' && n.operator === '!' ? unwrap(n.argument) : n;
  if (target.type !== 'Identifier' && target.type !== 'MemberExpression') return false;
  let written = false;
  walk(loop.body, env.ctx.keys, (node) => {
    if (node.type === 'AssignmentExpression' && sameTarget(node.left, target, env.ctx)) written = true;
    return !written;
  });
  return written;
}

/**
 * `for (const ms of SCHEDULE) { try { return await probe(); } catch { await sleep(ms); } } return
 * probe();`: the statement after the loop makes the same call once more (the same text, so the
 * same callee and arguments, none declared in the loop), a last attempt after the last wait.
 */
export function lastAttemptAfter(loop: RetryLoopNode, operation: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const holder = loop.parent?.type === 'LabeledStatement' ? loop.parent : loop;
  const block = holder.parent;
  if (block?.type !== 'BlockStatement' && block?.type !== 'Program') return false;
  const next = block.body[block.body.indexOf(holder as never) + 1] as Node | undefined;
  let made = next?.type === 'ReturnStatement' ? next.argument : next?.type === 'ExpressionStatement' ? next.expression : undefined;
  if (made?.type === 'AwaitExpression') made = made.argument;
  if (made?.type !== 'CallExpression') return false;
  const text = (n: Node) => ctx.sourceCode.text.slice(n.range[0], n.range[1]);
  return text(made) === text(operation) && !declaredIn(loop, operation, ctx);
}

/** A name the call reads is declared inside the loop: the call after it reads another binding. */
function declaredIn(loop: RetryLoopNode, call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  let inside = false;
  walk(call, ctx.keys, (node) => {
    if (inside) return false;
    const variable = node.type === 'Identifier' ? ctx.variableOf(node) : undefined;
    if (variable?.defs.some((d) => contains(loop, d.name as Node))) inside = true;
    return undefined;
  });
  return inside;
}
