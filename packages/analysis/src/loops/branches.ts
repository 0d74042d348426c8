import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, isFunction, operands, unwrap, walk, type Node, type RetryLoopNode } from '../ast.js';
import type { Env } from '../evaluate.js';
import { isOperationCall, waitsInside, type AttemptScan } from '../scan.js';
import type { Sleep } from '../sleep.js';
import type { Variable } from '../context.js';
import { soleDefinition } from '../definitions/bodies.js';
import { outcomeCheck } from '../checks.js';
import { containsContinue, textOf, type LoopRetry } from './loop-retry.js';
import { endsInContinue } from './forms.js';

/**
 * Which branch of a loop's failure path waits, and what does the other way round do: go again
 * at once, leave the loop, skip ahead, or hand the error on?
 */

/**
 * The wait sits in one branch of an `if` on the caught error (`if (isOverloaded(err)) await
 * sleep(backoff)`) and the other way through the catch goes round to the next attempt with no
 * wait of any kind: that `if`, whose other errors are retried at once. Only on a straight path
 * through the catch (no other branch around the `if`), with nothing after it that always leaves
 * the loop, no other awaited call on the way round that may wait (besides the attempt's own
 * setup run again, `server = await pick()` as before the loop) and no wait inside the operation.
 */
export function waitingBranch(sleep: Sleep, retry: LoopRetry, scan: AttemptScan, loop: RetryLoopNode, env: Env): TSESTree.IfStatement | undefined {
  const handler = retry.failurePath.parent;
  if (handler?.type !== 'CatchClause' || handler.param?.type !== 'Identifier' || retry.failurePath.type !== 'BlockStatement') return undefined;
  if (sleep.node.parent?.type !== 'AwaitExpression' || !contains(retry.failurePath, sleep.node)) return undefined;
  const thrown = env.ctx.variableOf(handler.param);
  if (!thrown) return undefined;
  // The innermost `if` around the wait, and only blocks from it up to the catch.
  let branch: Node | undefined;
  let ifStatement: TSESTree.IfStatement | undefined;
  let child: Node = sleep.node.parent;
  for (let p: Node | undefined = child.parent; p && child !== retry.failurePath; child = p, p = p.parent) {
    if (isFunction(p) || p.type === 'SwitchCase' || p.type === 'ConditionalExpression' || p.type === 'LogicalExpression' || p.type === 'TryStatement' || p.type === 'CatchClause') return undefined;
    if (p.type === 'IfStatement') {
      if (ifStatement || child === p.test) return undefined;
      ifStatement = p;
      branch = child;
    } else if (ifStatement && p.type !== 'BlockStatement') return undefined;
  }
  const tryStatement = handler.parent;
  if (tryStatement?.type !== 'TryStatement' || tryStatement.finalizer) return undefined;
  // An awaited call on the way round that skips the wait, other than the attempt's setup run again, may wait.
  const waitsOnTheWay = (skips: (call: TSESTree.CallExpression) => boolean) =>
    scan.calls.some(
      (call) =>
        call !== retry.operation &&
        call.parent?.type === 'AwaitExpression' &&
        contains(retry.failurePath, call) &&
        skips(call) &&
        !onLeavingBranch(call, loop) &&
        !setsUpAgain(call, retry.operation, loop, env),
    ) ||
    scan.calls.some((call) => (call === retry.operation || (skips(call) && !onLeavingBranch(call, loop))) && waitsInside(call, env.ctx)) ||
    // `fail(err);` on the way: a call handed the error as a statement may throw it (`delegatesError`).
    scan.calls.some((call) => contains(retry.failurePath, call) && skips(call) && !onLeavingBranch(call, loop) && handsOnError(call, thrown, env));
  if (!ifStatement || !branch) {
    // `if (isConflict(err)) continue;` before the wait: the errors it takes go round without it.
    const skip = ifStatement ? undefined : skipBefore(sleep, retry.failurePath, thrown, scan, env);
    if (!skip || waitsOnTheWay((call) => call.range[0] < skip.range[1])) return undefined;
    return skip;
  }
  if (!namesVariable(ifStatement.test, thrown, env)) return undefined;
  const other = branch === ifStatement.consequent ? ifStatement.alternate : ifStatement.consequent;
  if (other && (leavesLoop(other) || containsContinue(other))) return undefined;
  // Every wait of the attempt is in the waiting branch.
  const waiting = branch;
  if (scan.sleeps.some((s) => !contains(waiting, s.node))) return undefined;
  // From the `if` to the end of the catch, and from the try to the end of the loop body, nothing always leaves.
  if (!fallsThrough(ifStatement, retry.failurePath) || !fallsThrough(tryStatement, loop.body)) return undefined;
  if (waitsOnTheWay((call) => !contains(waiting, call))) return undefined;
  // `while (n <= max && status === 429)` after `status = err.statusCode; if (err.statusCode == 429) await wait()`:
  // the loop's own test lets only the waiting errors go round.
  if (branch === ifStatement.consequent && loopTestRequires(loop, ifStatement.test, retry.failurePath, env)) return undefined;
  return ifStatement;
}

/**
 * The loop's test needs (one of its `&&` parts is) the condition `test` of the failure path: a
 * name written on the failure path before that `if` from the same value counts as it
 * (`code = err.statusCode` for `err.statusCode`).
 */
function loopTestRequires(loop: RetryLoopNode, test: Node, failurePath: Node, env: Env): boolean {
  const loopTest = 'test' in loop ? loop.test : undefined;
  if (!loopTest) return false;
  const aliases = new Map<Variable, Node>();
  walk(failurePath, env.ctx.keys, (node) => {
    if (isFunction(node) || node.range[0] >= test.range[0]) return false;
    if (node.type === 'AssignmentExpression' && node.operator === '=' && node.left.type === 'Identifier') {
      const variable = env.ctx.variableOf(node.left);
      if (variable) aliases.set(variable, node.right);
    }
    return undefined;
  });
  const shape = (node: Node): string => {
    const n = unwrap(node);
    if (n.type === 'Identifier') {
      const variable = env.ctx.variableOf(n);
      const alias = variable && aliases.get(variable);
      if (alias) return shape(alias);
    }
    if (n.type === 'BinaryExpression' && /^[!=]==?$/.test(n.operator)) return `${shape(n.left as Node)}${n.operator.slice(0, 2)}${shape(n.right)}`;
    if (n.type === 'MemberExpression' && !n.computed) return `${shape(n.object)}.${propertyNameOf(n)}`;
    return textOf(n, env.ctx).replace(/\s+/g, '');
  };
  const wanted = shape(test);
  return operands(loopTest, '&&').some((part) => shape(part) === wanted);
}

function propertyNameOf(member: TSESTree.MemberExpression): string {
  return member.property.type === 'Identifier' || member.property.type === 'PrivateIdentifier' ? member.property.name : '?';
}

/**
 * On a straight path through the catch to the wait, an `if` on the caught error before it whose
 * branch goes round (`continue`) with nothing awaited or slept in it, and no `else`.
 */
function skipBefore(sleep: Sleep, failurePath: Node, thrown: Variable, scan: AttemptScan, env: Env): TSESTree.IfStatement | undefined {
  const statement = sleep.node.parent?.parent;
  if (statement?.type !== 'ExpressionStatement') return undefined;
  for (let s: Node = statement; s !== failurePath; ) {
    const block: Node | undefined = s.parent;
    if (block?.type !== 'BlockStatement') return undefined;
    for (const earlier of block.body.slice(0, block.body.indexOf(s as TSESTree.Statement))) {
      if (earlier.type !== 'IfStatement' || earlier.alternate || !endsInContinue(earlier.consequent) || leavesLoop(earlier.consequent)) continue;
      if (!namesVariable(earlier.test, thrown, env) || scan.sleeps.some((z) => contains(earlier, z.node))) continue;
      if (hasLabelledContinue(earlier.consequent)) continue;
      return earlier;
    }
    s = block;
  }
  return undefined;
}

/**
 * `try { const res = await fetch(url); if (res.status === 503) continue; return res } catch {
 * await sleep(backoff) }`: a failed result checked in the try goes round with `continue`, past
 * the catch and its wait. That `if` lets those failures go again at once.
 */
export function checkedSkipInTry(sleep: Sleep, retry: LoopRetry, env: Env): TSESTree.IfStatement | undefined {
  const handler = retry.failurePath.parent;
  const statement = handler?.parent;
  if (handler?.type !== 'CatchClause' || statement?.type !== 'TryStatement' || statement.finalizer || !contains(retry.failurePath, sleep.node)) return undefined;
  for (const earlier of statement.block.body) {
    // (An `else` that does not go round is the other outcome: `else pool.markAlive(conn)`.)
    if (earlier.type !== 'IfStatement' || (earlier.alternate && containsContinue(earlier.alternate)) || earlier.range[0] < retry.operation.range[1]) continue;
    // (Its `continue` may sit under a test of the count: `if (attempts < max) { attempts++; continue }`.)
    if (!containsContinue(earlier.consequent) || leavesLoop(earlier.consequent) || hasLabelledContinue(earlier.consequent)) continue;
    let awaits = false;
    walk(earlier.consequent, env.ctx.keys, (node) => {
      if (awaits || isFunction(node)) return false;
      if (node.type === 'AwaitExpression') awaits = true;
      return undefined;
    });
    if (!awaits && outcomeCheck(earlier.test, env, false) === 'failure') return earlier;
  }
  return undefined;
}

/** `fail(err);` / `await this.resumeOrThrow(err);`: a statement handing the caught error to a call that is not a log. */
function handsOnError(call: TSESTree.CallExpression, thrown: Variable, env: Env): boolean {
  const statement = call.parent?.type === 'AwaitExpression' ? call.parent.parent : call.parent;
  if (statement?.type !== 'ExpressionStatement' || !isOperationCall(call)) return false;
  return call.arguments.some((arg) => {
    const a = unwrap(arg as Node);
    return a.type === 'Identifier' && env.ctx.variableOf(a) === thrown;
  });
}

/** In a branch that returns, throws or breaks (not one that goes round with `continue`). */
function onLeavingBranch(node: Node, loop: RetryLoopNode): boolean {
  for (let p = node.parent; p && p !== loop; p = p.parent) {
    if (p.type === 'BlockStatement' && p.parent?.type === 'IfStatement' && leavesLoop(p)) return true;
    if (p.type === 'ReturnStatement' || p.type === 'ThrowStatement') return true;
  }
  return false;
}

function hasLabelledContinue(node: Node): boolean {
  const last = node.type === 'BlockStatement' ? node.body[node.body.length - 1] : node;
  return last?.type === 'ContinueStatement' && last.label !== null;
}

function namesVariable(node: Node, variable: Variable, env: Env): boolean {
  let found = false;
  walk(node, env.ctx.keys, (n) => {
    if (found || isFunction(n)) return false;
    if (n.type === 'Identifier' && env.ctx.variableOf(n) === variable) found = true;
    return undefined;
  });
  return found;
}

/** Always returns, throws or breaks (a `continue` goes round: it does not leave). */
function leavesLoop(node: Node | null | undefined): boolean {
  if (!node) return false;
  switch (node.type) {
    case 'ReturnStatement':
    case 'ThrowStatement':
    case 'BreakStatement':
      return true;
    case 'BlockStatement':
      return node.body.some((s) => leavesLoop(s));
    case 'IfStatement':
      return leavesLoop(node.consequent) && leavesLoop(node.alternate);
    case 'TryStatement':
      return (leavesLoop(node.block) && (!node.handler || leavesLoop(node.handler.body))) || leavesLoop(node.finalizer);
    default:
      return alwaysExits(node) && !containsContinue(node);
  }
}

/** `statement` sits in blocks up to `root`, and no statement after it on the way up always leaves. */
function fallsThrough(statement: Node, root: Node): boolean {
  for (let s: Node = statement; s !== root; ) {
    const block = s.parent;
    if (block?.type !== 'BlockStatement') return false;
    const after = block.body.slice(block.body.indexOf(s as TSESTree.Statement) + 1);
    if (after.some((a) => leavesLoop(a))) return false;
    s = block;
  }
  return true;
}

/**
 * `server = await topology.pick(…)` on the way round, as `let server = await topology.pick(…)`
 * before the loop, with the operation called on `server`: the first attempt's setup run again
 * for the next one, not a wait between them.
 */
function setsUpAgain(call: TSESTree.CallExpression, operation: TSESTree.CallExpression, loop: RetryLoopNode, env: Env): boolean {
  const assignment = call.parent?.parent;
  if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.left.type !== 'Identifier') return false;
  const variable = env.ctx.variableOf(assignment.left);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || !def.node.init || contains(loop, def.node)) return false;
  const init = def.node.init;
  if (init.type !== 'AwaitExpression' || init.argument.type !== 'CallExpression' || def.node.range[1] > loop.range[0]) return false;
  if (textOf(init.argument.callee, env.ctx) !== textOf(call.callee, env.ctx)) return false;
  const callee = operation.callee;
  return callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && env.ctx.variableOf(callee.object) === variable;
}
