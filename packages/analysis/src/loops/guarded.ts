import type { TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, isFunction, loopTest, propertyName, unwrap, walk, type FunctionNode, type Node, type RetryLoopNode } from '../ast.js';
import { movesToNextAlternative } from '../alternatives.js';
import { loopTestMayTurn } from '../exits/external.js';
import { AnalysisContext, type Variable } from '../context.js';
import { bindArguments } from '../bind-arguments.js';
import type { Env } from '../evaluate.js';
import { readsVariable } from '../variables/writes.js';
import { localFunction } from '../functions/local-function.js';
import { enclosingClass } from '../classes/class-members.js';
import { policyFrom, serverWaitMark } from '../policy.js';
import { breaksOut, isOperationCall, scanAttempt, type AttemptScan } from '../scan.js';
import { waitsOnSignal, type Sleep } from '../sleep.js';
import { sleepValue } from '../sleep-value.js';
import type { RetrySite } from '../types.js';
import { headLoc } from './loop-retry.js';
import { lifecycleTest, loopBound } from './loop-bound.js';

/**
 * Does a loop retry by handing its operation to a guard (a function that runs it in a try and
 * waits in the catch), and what limits and waits does that retry have?
 */

/** A function a call runs, with the context of the file it is written in. */
interface Guard {
  fn: FunctionNode;
  ctx: AnalysisContext;
}

/**
 * `while (!this.closing) { const data = await this.guarded(() => this.read(id)); … }`: the loop
 * hands its operation to a function (of this file, of the class, or inherited from a class it
 * extends) that runs it in a try and, in the catch, waits before it returns without throwing.
 * Nothing in the loop leaves, so after a failure the loop goes round and runs the operation
 * again after that wait: a retry whose wait is the catch's. Only a call that is a statement of
 * the loop's own block (not in a branch), handing over a function the guard calls in its try.
 */
export function guardedSite(loop: RetryLoopNode, scan: AttemptScan, env: Env): RetrySite | undefined {
  // A loop that waits between turns of its own (`await sleep(interval)`) polls, failure or not.
  if (loop.body.type !== 'BlockStatement' || scan.sleeps.length > 0 || leavesSomewhere(loop, scan, env)) return undefined;
  for (const call of scan.calls) {
    const statement = awaitedStatement(call);
    if (!statement || statement.parent !== loop.body) continue;
    const index = call.arguments.findIndex((a) => isFunction(a as Node));
    if (index < 0) continue;
    const handed = call.arguments[index] as Node;
    if (readsFreshEachTurn(handed, loop, env) || stepsAfterFailure(handed, statement, loop, env) || movesToNextAlternative(loop.body, [call], env.ctx)) continue;
    const guard = guardOf(call, env);
    if (!guard || contains(guard.fn, loop)) continue;
    const caught = waitInCatch(guard, index);
    if (!caught || writesLoopTest(caught.handler, loop, guard.ctx, env)) continue;
    const { sleep } = caught;
    // The guard read with what this call passes (a delay argument, or the guard's default).
    const guardCtx = new AnalysisContext(guard.ctx.sourceCode);
    guardCtx.foreignFunction = guard.ctx.foreignFunction;
    guardCtx.foreignObject = guard.ctx.foreignObject;
    const { values, objects } = bindArguments(guard.fn, call, env.ctx, guardCtx);
    guardCtx.paramValues = values;
    guardCtx.paramObjects = objects;
    const delay = sleepValue(sleep, { ctx: guardCtx, region: guard.fn.body, counters: new Set(), depth: 0 });
    let bound = loopBound(loop, env);
    // `while (!this.closing)`: a flag of the owner that neither the loop nor the guard's catch sets
    // ends the loop when the owner closes, not when the retry gives up: on its own it never does.
    // (Unless another function sets it: the owner's stop is an exit, exits/external.ts.)
    if (!bound.unbounded && bound.attempts === undefined && !bound.deadline && !bound.abortAware && lifecycleTest(loop, env) && !loopTestMayTurn(loopTest(loop), loop.body, env)) bound = { ...bound, unbounded: true };
    // Other work in the catch (`this.stop()`, `await this.reconnect()`) may end the loop unseen: no claim that nothing does.
    // Work only some failures do (`if (isNotConnectionError(err)) this.emit('error', err)`, the wait
    // after the `if`) leaves the others to the wait alone: for those, nothing but the wait runs.
    const work = scanAttempt(caught.handler.body, guard.ctx).calls.some((c) => c !== sleep.node && !contains(sleep.node, c) && isOperationCall(c) && !inIfTest(c, caught.handler) && !onlyForSomeFailures(c, caught.handler, sleep.node, guard.ctx));
    if (work && bound.unbounded) bound = { ...bound, attempts: 'unknown', unbounded: false };
    return {
      kind: 'loop',
      node: loop,
      loc: headLoc(loop, env.ctx),
      operation: call,
      operationScope: loop.body,
      policy: policyFrom(delay, bound, bound.unbounded),
      fromLibraryDefault: { delay: false, jitter: false, attempts: false },
      classifiesErrors: false,
      abortAware: bound.abortAware || waitsOnSignal(sleep),
      deadlineBound: bound.deadline,
      nested: [],
      ...serverWaitMark(delay),
    };
  }
  return undefined;
}

/**
 * The function handed over reads a variable declared in the loop's body (`const job =
 * queue.shift()`): each turn runs it on something new, so a turn after a failure is not the
 * same call again.
 */
function readsFreshEachTurn(handed: Node, loop: RetryLoopNode, env: Env): boolean {
  let fresh = false;
  walk(handed, env.ctx.keys, (node) => {
    if (fresh) return false;
    if (node.type !== 'Identifier') return undefined;
    const variable = env.ctx.variableOf(node);
    if (variable?.defs.some((def) => contains(loop.body, def.name) && !contains(handed, def.name))) fresh = true;
    return undefined;
  });
  return fresh;
}

/**
 * The loop changes what the function handed over reads (`page++`, `this.offset = next`) on a
 * way round that a failure takes too: the next turn asks for something else. A change made
 * only under an `if` on what the guard returned (`if (batch) cursor = batch.last`) is made
 * after a success only: after a failure the same call goes again.
 */
function stepsAfterFailure(handed: Node, statement: Node, loop: RetryLoopNode, env: Env): boolean {
  const inputs = new Set<Variable>();
  const members = new Set<string>();
  walk(handed, env.ctx.keys, (node) => {
    if (node.type === 'Identifier') {
      const variable = env.ctx.variableOf(node);
      if (variable && !variable.defs.some((def) => contains(handed, def.name))) inputs.add(variable);
    } else if (node.type === 'MemberExpression' && unwrap(node.object).type === 'ThisExpression') {
      const name = propertyName(node);
      if (name !== undefined) members.add(name);
    }
    return undefined;
  });
  // The variable the guard's result lands in, which a success check reads.
  const declarator = statement.type === 'VariableDeclaration' ? statement.declarations[0] : undefined;
  const assigned = statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression' ? statement.expression.left : undefined;
  const target = declarator?.id ?? assigned;
  const result = target?.type === 'Identifier' ? env.ctx.variableOf(target) : undefined;
  const afterSuccessOnly = (write: Node): boolean => {
    if (!result) return false;
    for (let child: Node = write, p = write.parent; p && p !== loop.body; child = p, p = p.parent) {
      if (p.type === 'IfStatement' && child === p.consequent && readsVariable(p.test, result, env)) return true;
    }
    return false;
  };
  let steps = false;
  walk(loop.body, env.ctx.keys, (node) => {
    if (steps || node === handed) return false;
    let written: Node | undefined;
    if (node.type === 'AssignmentExpression') written = node.left;
    else if (node.type === 'UpdateExpression') written = node.argument;
    if (!written) return undefined;
    const w = unwrap(written);
    const hits = (w.type === 'Identifier' && inputs.has(env.ctx.variableOf(w) as Variable)) ||
      (w.type === 'MemberExpression' && unwrap(w.object).type === 'ThisExpression' && members.has(propertyName(w) ?? ''));
    if (hits && !afterSuccessOnly(node)) steps = true;
    return undefined;
  });
  return steps;
}

/** The catch sets what the loop's condition reads (`this.stopped = true`): a failure may end the loop. */
function writesLoopTest(handler: TSESTree.CatchClause, loop: RetryLoopNode, guardCtx: AnalysisContext, env: Env): boolean {
  const test = loopTest(loop);
  if (!test) return false;
  const names = new Set<string>();
  walk(test, env.ctx.keys, (node) => {
    const name = node.type === 'Identifier' || node.type === 'MemberExpression' ? dottedName(node) : undefined;
    if (name) names.add(name);
    return undefined;
  });
  let writes = false;
  walk(handler.body, guardCtx.keys, (node) => {
    if (writes) return false;
    const left = node.type === 'AssignmentExpression' ? node.left : node.type === 'UpdateExpression' ? node.argument : undefined;
    if (left && names.has(dottedName(left) ?? '')) writes = true;
    return undefined;
  });
  return writes;
}

/** The call sits in the test of an `if` (a predicate on the error), below `root`. */
function inIfTest(node: Node, root: Node): boolean {
  for (let child: Node = node, p = node.parent; p && p !== root; child = p, p = p.parent) {
    if (p.type === 'IfStatement' && child === p.test) return true;
  }
  return false;
}

/**
 * The call runs only on a branch chosen by a test of the caught error (`if (isFatal(err))`,
 * `isFatal(err) && …`) that does not hold the wait: a failure that does not take it goes
 * round on the wait alone.
 */
function onlyForSomeFailures(node: Node, handler: TSESTree.CatchClause, sleep: Node, ctx: AnalysisContext): boolean {
  const param = handler.param;
  const caught = param?.type === 'Identifier' ? ctx.variableOf(param) : undefined;
  if (!caught) return false;
  const readsCaught = (test: Node) => {
    let reads = false;
    walk(test, ctx.keys, (n) => {
      if (reads || isFunction(n)) return false;
      if (n.type === 'Identifier' && ctx.variableOf(n) === caught) reads = true;
      return undefined;
    });
    return reads;
  };
  for (let child: Node = node, p = node.parent; p && p !== handler; child = p, p = p.parent) {
    if (isFunction(p)) return false;
    if (contains(p, sleep)) return false;
    if (p.type === 'IfStatement' && child !== p.test && readsCaught(p.test)) return true;
    if (p.type === 'LogicalExpression' && child === p.right && readsCaught(p.left)) return true;
  }
  return false;
}

/** `await f(…);`, `const x = await f(…);`, `x = await f(…);`: the statement, else undefined. */
function awaitedStatement(call: TSESTree.CallExpression): Node | undefined {
  const holder = call.parent?.type === 'AwaitExpression' ? call.parent.parent : undefined;
  if (holder?.type === 'ExpressionStatement') return holder;
  if (holder?.type === 'VariableDeclarator' && holder.parent?.type === 'VariableDeclaration' && holder.parent.declarations.length === 1) return holder.parent;
  if (holder?.type === 'AssignmentExpression' && holder.operator === '=' && holder.parent?.type === 'ExpressionStatement') return holder.parent;
  return undefined;
}

/** A return, a throw, or a break or labelled continue out of the loop, anywhere in its body. */
function leavesSomewhere(loop: RetryLoopNode, scan: AttemptScan, env: Env): boolean {
  if (scan.returns.length > 0 || scan.breaks.some((b) => breaksOut(b, loop))) return true;
  let leaves = false;
  walk(loop.body, env.ctx.keys, (node) => {
    if (leaves || isFunction(node)) return false;
    if (node.type === 'ThrowStatement' || (node.type === 'ContinueStatement' && node.label)) leaves = true;
    return undefined;
  });
  return leaves;
}

/** `guard(…)`, `this.guard(…)` of the class, or a method of a class it extends (of this file or, through the context, another module). */
function guardOf(call: TSESTree.CallExpression, env: Env): Guard | undefined {
  const local = localFunction(call, env);
  if (local) return { fn: local, ctx: env.ctx };
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.object.type !== 'ThisExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const cls = enclosingClass(callee);
  return cls && env.ctx.inheritedMethod?.(cls, callee.property.name);
}

/**
 * The guard calls its parameter at `index` in a try block, and that try's catch awaits one wait
 * and never throws: the wait after a failure. Undefined for anything else.
 */
function waitInCatch(guard: Guard, index: number): { sleep: Sleep; handler: TSESTree.CatchClause } | undefined {
  // Once per guard and position: every loop that calls the guard asks.
  let byIndex = caughtWaits.get(guard.fn);
  if (!byIndex) caughtWaits.set(guard.fn, (byIndex = new Map()));
  let known = byIndex.get(index);
  if (known === undefined) byIndex.set(index, (known = readWaitInCatch(guard, index) ?? null));
  return known ?? undefined;
}

const caughtWaits = new WeakMap<FunctionNode, Map<number, { sleep: Sleep; handler: TSESTree.CatchClause } | null>>();

function readWaitInCatch(guard: Guard, index: number): { sleep: Sleep; handler: TSESTree.CatchClause } | undefined {
  const param = guard.fn.params[index];
  const variable = param?.type === 'Identifier' ? guard.ctx.sourceCode.getScope(guard.fn).set.get(param.name) : undefined;
  if (!variable || variable.references.some((r) => r.isWrite() && !r.init)) return undefined;
  const ctx = guard.ctx;
  let found: { sleep: Sleep; handler: TSESTree.CatchClause } | undefined;
  let doubt = false;
  walk(guard.fn.body, ctx.keys, (node) => {
    if (doubt || isFunction(node)) return false;
    if (node.type !== 'TryStatement' || !node.handler) return undefined;
    let callsParam = false;
    walk(node.block, ctx.keys, (n) => {
      if (callsParam || isFunction(n)) return false;
      const callee = n.type === 'CallExpression' ? unwrap(n.callee) : undefined;
      if (callee?.type === 'Identifier' && ctx.variableOf(callee) === variable) callsParam = true;
      return undefined;
    });
    if (!callsParam) return undefined;
    let throws = false;
    walk(node.handler.body, ctx.keys, (n) => {
      if (throws || isFunction(n)) return false;
      if (n.type === 'ThrowStatement') throws = true;
      return undefined;
    });
    const sleeps = scanAttempt(node.handler.body, ctx).sleeps.filter((s) => s.node.parent?.type === 'AwaitExpression');
    if (throws || sleeps.length !== 1 || found) doubt = true;
    else found = { sleep: sleeps[0] as Sleep, handler: node.handler };
    return false;
  });
  return doubt ? undefined : found;
}
