import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, dottedName, isAnyLoop, isFunction, loopTest, unwrap, walk, type Node, type RetryLoopNode } from '../ast.js';
import { outcomeCheck } from '../checks.js';
import type { Env } from '../evaluate.js';
import { defaultTruth } from '../evaluation/branches.js';
import { localFunction } from '../functions/local-function.js';
import { breaksOut, firstCallIn, type AttemptScan } from '../scan.js';
import { sleepValue } from '../sleep-value.js';
import { failureBacksOff, settingsReadOutside } from '../graph/schedules.js';
import { switchCheck } from '../outcomes/switch-cases.js';
import { writesWithin, type Variable } from '../context.js';
import { nodesWithin } from '../source-order.js';
import { throwsOtherwise } from '../outcomes/thrown-failure.js';
import { textOf, type LoopRetry } from './loop-retry.js';

/**
 * Which form does a retry loop take: a try whose success leaves and whose failure goes round,
 * a check of the result that leaves on success, or a retry continued from an inner loop?
 */

/** `try { return await op() } catch { … }` inside the loop: success leaves, failure goes round. */
export function tryForm(loop: RetryLoopNode, scan: AttemptScan, env: Env): LoopRetry | undefined {
  for (const statement of scan.tries) {
    const handler = statement.handler;
    if (!handler || (alwaysExits(handler.body) && !hasConditionalExit(handler.body) && !endsInContinue(handler.body))) continue;
    const operation = firstCallIn(statement.block, scan.calls);
    if (!operation) continue;
    // `try { result = await op() } catch { …; continue } break;`: a success falls out of the try to the exit after it.
    // (Only when nothing after the try goes round: a `continue` there on an answer that says "not yet" is polling.)
    const exitsAfter = statement.parent === loop.body && endsInContinue(handler.body) && leavesAfter(statement, loop) && !goesRoundAfter(statement, loop, env);
    // `if (config.until(result)) return result` leaves on every success only by default.
    const byDefaults = !exitsAfter && !successExitIn(statement.block, loop, scan, env);
    if (byDefaults && !successExitIn(statement.block, loop, scan, env, true)) {
      // A periodic loop: a success goes round after its own wait, a failure after another (graph/schedules.ts).
      const waitsOf = (sleeps: typeof scan.sleeps) => sleeps.map((sleep) => ({ value: sleepValue(sleep, env), expression: sleep.delay }));
      const waits = (root: Node) => waitsOf(scan.sleeps.filter((sleep) => contains(root, sleep.node)));
      let readOutside: Set<string> | undefined;
      const outside = (setting: string) => (readOutside ??= settingsReadOutside(loop, [handler.body], env.ctx.keys)).has(setting);
      // The schedule's waits: the try's, and those after it when a failure goes round from the catch (they run on success only).
      const scheduleWaits = endsInContinue(handler.body) ? waitsOf(scan.sleeps.filter((sleep) => contains(loop.body, sleep.node) && !contains(handler.body, sleep.node))) : waits(statement.block);
      if (!handlerSteersAttempt(statement, env) && failureBacksOff(scheduleWaits, waits(handler.body), outside)) return { operation, failurePath: handler.body };
      // A work loop that goes round at once after a success and only after a wait after a
      // failure (a consumer that backs off while its source fails) retries the failed step on
      // that wait, as recursion.ts reads the same shape.
      const successWaits = scan.sleeps.filter((sleep) => contains(loop.body, sleep.node) && !contains(handler.body, sleep.node));
      if (successWaits.length === 0 && waits(handler.body).length > 0 && !handlerSteersAttempt(statement, env)) return { operation, failurePath: handler.body };
      continue;
    }
    if (handlerSteersAttempt(statement, env)) continue;
    return byDefaults ? { operation, failurePath: handler.body, byDefaults } : { operation, failurePath: handler.body };
  }
  return undefined;
}

/**
 * The catch hands what was thrown to a function of this file that sets the state the try
 * block dispatches on (`switch (suspendedReason)`): the next turn resumes a state machine
 * (React's work loop), it does not run the failed call again.
 */
function handlerSteersAttempt(statement: TSESTree.TryStatement, env: Env): boolean {
  const param = statement.handler?.param;
  if (!statement.handler || param?.type !== 'Identifier') return false;
  // Nothing to dispatch on without a `switch` in the text: no walk of the block (every try of every loop asks).
  if (!textOf(statement.block, env.ctx).includes('switch')) return false;
  const dispatched = new Set<Variable>();
  walk(statement.block, env.ctx.keys, (node) => {
    if (isFunction(node)) return false;
    if (node.type === 'SwitchStatement') {
      walk(node.discriminant, env.ctx.keys, (n) => {
        const variable = n.type === 'Identifier' ? env.ctx.variableOf(n) : undefined;
        if (variable) dispatched.add(variable);
        return undefined;
      });
    }
    return undefined;
  });
  if (dispatched.size === 0) return false;
  const thrown = env.ctx.variableOf(param);
  let steers = false;
  walk(statement.handler.body, env.ctx.keys, (node) => {
    if (steers || isFunction(node)) return false;
    if (node.type !== 'CallExpression') return undefined;
    const handsOn = node.arguments.some((a) => {
      const arg = unwrap(a);
      return arg.type === 'Identifier' && thrown !== undefined && env.ctx.variableOf(arg) === thrown;
    });
    const fn = handsOn ? localFunction(node, env) : undefined;
    if (fn && [...dispatched].some((v) => writesWithin(v, fn).length > 0)) steers = true;
    return undefined;
  });
  return steers;
}

/** The branch decides whether to go on (`if (attempt === max) throw`), so it can retry. */
function hasConditionalExit(branch: Node): boolean {
  return branch.type === 'IfStatement' || (branch.type === 'BlockStatement' && branch.body.some((s) => s.type === 'IfStatement'));
}

/** A return, a break out of the loop, or a success flag set, reached only when the attempt worked. */
function successExitIn(block: Node, loop: RetryLoopNode, scan: AttemptScan, env: Env, byDefaults = false): boolean {
  const exits: Node[] = [
    ...scan.returns.filter((r) => contains(block, r)),
    ...scan.breaks.filter((b) => contains(block, b) && breaksOut(b, loop)),
    ...flagAssignments(block, loop, env),
  ];
  return exits.some((exit) => guardedBySuccess(exit, block, env, byDefaults));
}

/**
 * Names the loop test requires to be `undefined` or `null` to go round (`updates === undefined`,
 * `res == null`); `while (cursor !== undefined)` goes round while one is there (a page walk).
 */
function absenceTested(test: Node): Set<string> {
  const names = new Set<string>();
  const isAbsent = (x: Node) => (x.type === 'Identifier' && x.name === 'undefined') || (x.type === 'Literal' && x.value === null);
  const visit = (n: Node): void => {
    const node = unwrap(n);
    if (node.type === 'LogicalExpression') {
      visit(node.left);
      visit(node.right);
    } else if (node.type === 'BinaryExpression' && /^==?=$/.test(node.operator) && node.left.type !== 'PrivateIdentifier') {
      const [a, b] = [unwrap(node.left), unwrap(node.right)];
      const other = isAbsent(b) ? a : isAbsent(a) ? b : undefined;
      const name = other && (other.type === 'Identifier' || other.type === 'MemberExpression') ? dottedName(other) : undefined;
      if (name) names.add(name);
    }
  };
  visit(test);
  return names;
}

const SUCCESS_FLAG = /^(ok|success|succeeded|successful|done|acquired|locked|connected|sent|delivered|published|result|res|response)$/i;

/** `done = true` where the loop runs `while (!done)`. */
function flagAssignments(block: Node, loop: RetryLoopNode, env: Env): Node[] {
  const test = loopTest(loop);
  if (!test) return [];
  // Flags by name: `done`, or `this.connected` as a dotted name.
  const names = new Set<string>();
  walk(test, env.ctx.keys, (node) => {
    if (node.type === 'Identifier' || node.type === 'MemberExpression') {
      const name = dottedName(node);
      if (name) names.add(name);
    }
  });
  const absent = absenceTested(test);
  const result: Node[] = [];
  const consider = (node: Node) => {
    if (node.type === 'AssignmentExpression' && names.has(dottedName(node.left) ?? '')) {
      const right = unwrap(node.right);
      // `done = true` after the work is a success flag; `isVisible = await el.isDisplayed()`
      // reads a state, so the loop polls it (unless the name says it holds an outcome).
      const name = dottedName(node.left) ?? '';
      // (`while (updates === undefined)`: any answer ends it, whatever it holds; a call that
      // answered at all succeeded.)
      const readsState = right.type === 'CallExpression' && !absent.has(name) && !SUCCESS_FLAG.test(name.split('.').pop() ?? '');
      if (!(right.type === 'Literal' && right.value === false) && !readsState) result.push(node);
    }
  };
  if (names.size === 0) return result;
  // The file's assignments inside the block, not a walk of it: every loop around it asks too.
  const assignments = nodesWithin('AssignmentExpression', block, env.ctx);
  if (assignments) assignments.forEach(consider);
  else walk(block, env.ctx.keys, (node) => void consider(node));
  return result;
}

/** Every `if` between the exit and the block is an outcome check that lets success through. */
function guardedBySuccess(exit: Node, block: Node, env: Env, byDefaults: boolean): boolean {
  let child: Node = exit;
  for (let p = exit.parent; p && p !== block; child = p, p = p.parent) {
    if (p.type === 'IfStatement' && child !== p.test) {
      const polarity = outcomeCheck(p.test, env);
      const inConsequent = child === p.consequent;
      // `if (config.until(result)) return result` with `until: () => true` by default: a test
      // that, read with the options' defaults, lets every success through.
      if (!((inConsequent && polarity === 'success') || (!inConsequent && polarity === 'failure')) && (!byDefaults || polarity !== undefined || defaultTruth(p.test, env) !== inConsequent)) {
        // `if (theme) return theme; throw new Error()`: the code itself makes the other way a failure.
        if (polarity === undefined && !byDefaults && throwsOtherwise(p, child)) continue;
        return false;
      }
    }
    if (p.type === 'CatchClause' || p.type === 'SwitchCase') return false;
  }
  return true;
}

/** `const res = await fetch(); if (res.ok) return res;` or `do { … } while (!res.ok)`. */
export function checkForm(loop: RetryLoopNode, scan: AttemptScan, env: Env): LoopRetry | undefined {
  for (const statement of scan.ifs) {
    const polarity = outcomeCheck(statement.test, env);
    if (!polarity) continue;
    const onSuccess = polarity === 'success' ? statement.consequent : statement.alternate;
    const onFailure = polarity === 'success' ? statement.alternate : statement.consequent;
    const leavesOnSuccess = onSuccess ? successExitIn(onSuccess, loop, scan, env) : leavesAfter(statement, loop);
    const retriesOnFailure = !onFailure || !alwaysExits(onFailure) || endsInContinue(onFailure) || hasConditionalExit(onFailure);
    if (!leavesOnSuccess || !retriesOnFailure) continue;
    const operation = checkedCall(statement.test, loop, scan, env) ?? firstCallIn(loop.body, scan.calls);
    if (operation) return { operation, failurePath: onFailure ?? loop.body, check: statement.test };
  }
  // `switch (res.status) { case 200: return …; case 503: await sleep(d); continue; }`: the same check, by cases.
  const byCases = switchCheck(loop, env);
  if (byCases) {
    const operation = firstCallIn(loop.body, scan.calls);
    if (operation && operation.range[0] < byCases.failurePath.range[0]) return { operation, ...byCases };
  }
  const test = loopTest(loop);
  if (test && outcomeCheck(test, env) === 'failure') {
    const operation = firstCallIn(loop.body, scan.calls) ?? firstCallIn(test, scan.calls);
    if (operation) return { operation, failurePath: loop.body, check: test };
  }
  return undefined;
}

/**
 * The call in the loop whose answer the check reads: `result = await send()` for a test of
 * `result.status`, also where the answer comes through a promise that resolves with the call
 * after a wait (`result = await new Promise((r) => schedule(() => r(send()), ms))`) and the
 * first call written is something else (a log in the success branch).
 */
function checkedCall(test: Node, loop: RetryLoopNode, scan: AttemptScan, env: Env): TSESTree.CallExpression | undefined {
  const variables = new Set<Variable>();
  walk(test, env.ctx.keys, (node) => {
    if (isFunction(node)) return false;
    const variable = node.type === 'Identifier' ? env.ctx.variableOf(node) : undefined;
    if (variable) variables.add(variable);
    return undefined;
  });
  let found: TSESTree.CallExpression | undefined;
  for (const variable of variables) {
    for (const ref of variable.references) {
      const write = ref.isWrite() ? ref.writeExpr : undefined;
      const call = write && contains(loop.body, write) ? firstCallIn(write, scan.calls) : undefined;
      if (call && (!found || call.range[0] < found.range[0])) found = call;
    }
  }
  return found;
}

/**
 * `outer: for (…) { for (…) { try { … } catch { if (last) continue outer; … } } }`: an inner
 * retry that gives up by going round the outer loop again makes the outer loop a retry of
 * the same work (and the inner one a retry nested in it).
 */
export function continuedFromInner(loop: RetryLoopNode, scan: AttemptScan, env: Env): LoopRetry | undefined {
  const label = loop.parent?.type === 'LabeledStatement' ? loop.parent.label.name : undefined;
  if (!label) return undefined;
  let result: LoopRetry | undefined;
  walk(loop.body, env.ctx.keys, (node) => {
    if (result || isFunction(node)) return false;
    if (node.type !== 'TryStatement' || !node.handler) return undefined;
    let continues = false;
    walk(node.handler.body, env.ctx.keys, (n) => {
      if (n.type === 'ContinueStatement' && n.label?.name === label) continues = true;
      return !continues && !isFunction(n);
    });
    const operation = continues ? firstCallIn(node.block, scan.calls) : undefined;
    if (operation) result = { operation, failurePath: node.handler.body };
    return undefined;
  });
  return result;
}

export function endsInContinue(node: Node): boolean {
  if (node.type === 'ContinueStatement') return true;
  if (node.type !== 'BlockStatement') return false;
  const last = node.body[node.body.length - 1];
  return last !== undefined && endsInContinue(last);
}

/** A statement after `statement` in the loop's body goes round again (a `continue` of this loop). */
function goesRoundAfter(statement: TSESTree.TryStatement, loop: RetryLoopNode, env: Env): boolean {
  const parent = statement.parent;
  if (parent?.type !== 'BlockStatement') return true;
  let found = false;
  for (const later of parent.body.slice(parent.body.indexOf(statement) + 1)) {
    walk(later, env.ctx.keys, (node) => {
      if (found || isFunction(node) || (node !== later && isAnyLoop(node))) return false;
      if (node.type === 'ContinueStatement' && (!node.label || (loop.parent?.type === 'LabeledStatement' && loop.parent.label.name === node.label.name))) found = true;
      return undefined;
    });
  }
  return found;
}

/** After a failed check that continues, the loop body returns or breaks unconditionally. */
function leavesAfter(statement: TSESTree.IfStatement | TSESTree.TryStatement, loop: RetryLoopNode): boolean {
  const parent = statement.parent;
  if (parent?.type !== 'BlockStatement') return false;
  const rest = parent.body.slice(parent.body.indexOf(statement) + 1);
  return rest.some((s) => s.type === 'ReturnStatement' || (s.type === 'BreakStatement' && breaksOut(s, loop)));
}
