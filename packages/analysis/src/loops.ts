import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, enclosingFunction, dottedName, isAnyLoop, isFunction, loopTest, propertyName, unwrap, walk, type FunctionNode, type Node, type RetryLoopNode } from './ast.js';
import { movesToNextAlternative } from './alternatives.js';
import { mayStopUnseen } from './exits.js';
import { flagNeverWritten, loopTestMayTurn } from './exits/external.js';
import { doneOrOwnerFlags } from './owner-flags.js';
import { boundOf, getterCondition, guardsIn, merge } from './bounds.js';
import type { Bound } from './exits/bound.js';
import { boundKind, comparesOutcomeCode, outcomeCheck, sentinelDecidedByCallee } from './checks.js';
import { AnalysisContext } from './context.js';
import { bindArguments } from './bind-arguments.js';
import { helperEnv, numberArray, type Env } from './evaluate.js';
import { defaultTruth } from './evaluation/branches.js';
import { readsVariable } from './variables/writes.js';
import { localFunction } from './functions/local-function.js';
import { enclosingClass } from './classes/class-members.js';
import { policyFrom, serverWaitMark } from './policy.js';
import { breaksOut, firstCallIn, isOperationCall, scanAttempt, waitsInside, type AttemptScan } from './scan.js';
import { waitsOnSignal, type Sleep } from './sleep.js';
import { sleepValue } from './sleep-value.js';
import { failureBacksOff, settingsReadOutside } from './graph/schedules.js';
import type { RetrySite } from './types.js';
import { writesWithin, type Variable } from './context.js';
import { scheduleValue, type Value } from './value.js';
import { loopsWhileNeverAborted } from './never-aborted.js';
import { nodesWithin } from './source-order.js';
import { probesState } from './polling/state-probe.js';
import { throwsOtherwise } from './outcomes/thrown-failure.js';
import { pollsStoredState } from './polling/stored-state.js';
import { firstDefinition, soleDefinition } from './definitions/bodies.js';

interface LoopRetry {
  operation: TSESTree.CallExpression;
  /** Code that runs when an attempt failed (a catch block, or the loop body after a failed check). */
  failurePath: Node;
  /** Success leaves only as the options' defaults read (`until: () => true`). */
  byDefaults?: true;
  /** The test that decides whether the attempt worked (the loop's condition, or the `if` that leaves). */
  check?: Node;
}

/** A loop that runs the same operation again after it failed, or undefined. */
export function loopSite(loop: RetryLoopNode, ctx: AnalysisContext): RetrySite | undefined {
  if (iteratesCollection(loop, ctx)) return undefined;
  const env: Env = { ctx, region: loop, counters: new Set(), depth: 0 };
  let schedule: number[] | undefined;
  if (loop.type === 'ForOfStatement') {
    // `for (const wait of [0, 250, 500])` / `for (const attempt of [1, 2, 3])`: a fixed schedule.
    schedule = numberArray(loop.right, env);
    const binding = scheduleBinding(loop, schedule, ctx);
    if (!schedule || !binding) return undefined;
    env.bindings = binding;
  }
  const scan = scanAttempt(loop.body, ctx);
  // `while (!(await lock.tryAcquire()))`: the operation sits in the condition.
  const test = loopTest(loop);
  if (test && loop.type !== 'ForStatement') scan.calls.push(...scanAttempt(test, ctx).calls);
  if (scan.calls.length === 0) return undefined;
  const retry = tryForm(loop, scan, env) ?? checkForm(loop, scan, env) ?? continuedFromInner(loop, scan, env);
  if (!retry && !schedule) return guardedSite(loop, scan, env);
  if (!retry || advancesThroughItems(loop, retry.operation, env) || movesToNextAlternative(loop.body, retry.operation, ctx)) return undefined;

  const bound = schedule ? { attempts: schedule.length, deadline: false, abortAware: false, unbounded: false } : loopBound(loop, env);
  // `let res = await op(); for (…) { …; res = await op(); }`: the first attempt was made before the loop.
  if (typeof bound.attempts === 'number' && firstAttemptBefore(loop, retry.operation, ctx)) bound.attempts += 1;
  // Going round while a probe answers "not yet", up to a deadline or a count: waiting for a state.
  if (retry.check && (bound.deadline || typeof bound.attempts === 'number') && probesState(retry.check, env)) return undefined;
  // Going round after a success until a state the operation reports is reached: polling.
  if (!(retry.check && comparesOutcomeCode(retry.check, env)) && pollsStoredState(loop, retry.operation, ctx)) return undefined;
  const sleep = chooseSleep(scan.sleeps, retry.failurePath);
  const delay = sleep ? sleepValue(sleep, env) : (helperWait(retry, scan, loop, env) ?? immediateOrUnknown(retry, scan, loop, ctx));
  const site: RetrySite = {
    kind: 'loop',
    node: loop,
    loc: headLoc(loop, ctx),
    operation: retry.operation,
    operationScope: loop.body,
    policy: policyFrom(delay, bound, bound.unbounded),
    fromLibraryDefault: { delay: false, jitter: false, attempts: false },
    classifiesErrors: classifies(retry.failurePath, env),
    abortAware: bound.abortAware || (sleep !== undefined && waitsOnSignal(sleep)),
    deadlineBound: bound.deadline,
    nested: [],
    ...serverWaitMark(delay),
  };
  if (retry.byDefaults) site.byDefaults = true;
  if (sleep) {
    site.sleep = sleep.node;
    if (sleep.delay) site.delayExpression = sleep.delay;
    const waitsOnlyIf = waitingBranch(sleep, retry, scan, loop, env);
    if (waitsOnlyIf) site.immediateUnless = waitsOnlyIf;
  }
  return site;
}

/**
 * The wait sits in one branch of an `if` on the caught error (`if (isOverloaded(err)) await
 * sleep(backoff)`) and the other way through the catch goes round to the next attempt with no
 * wait of any kind: that `if`, whose other errors are retried at once. Only on a straight path
 * through the catch (no other branch around the `if`), with nothing after it that always leaves
 * the loop, no other awaited call on the way round that may wait (besides the attempt's own
 * setup run again, `server = await pick()` as before the loop) and no wait inside the operation.
 */
function waitingBranch(sleep: Sleep, retry: LoopRetry, scan: AttemptScan, loop: RetryLoopNode, env: Env): TSESTree.IfStatement | undefined {
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
  return ifStatement;
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

/** The loop variable of a schedule: each wait, or the attempt number when it counts 1, 2, 3. */
function scheduleBinding(loop: TSESTree.ForOfStatement, schedule: number[] | undefined, ctx: AnalysisContext) {
  const left = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : undefined;
  if (!schedule || schedule.length < 2 || left?.type !== 'Identifier') return undefined;
  const variable = ctx.sourceCode.getScope(loop).set.get(left.name) ?? ctx.variableOf(left);
  if (!variable) return undefined;
  const counting = schedule.every((n, i) => i === 0 || n === (schedule[i - 1] as number) + 1);
  return new Map<Variable, Value>([[variable, counting ? { t: 'counter', random: false } : scheduleValue(schedule)]]);
}

/** `for (let i = 0; i < items.length; i++)` over items, or a body indexing `items[i]`. */
function iteratesCollection(loop: RetryLoopNode, ctx: AnalysisContext): boolean {
  if (loop.type !== 'ForStatement') return false;
  const test = loop.test ? unwrap(loop.test) : undefined;
  if (test?.type === 'BinaryExpression') {
    const right = unwrap(test.right);
    // `i <= DELAYS.length` over a list of numbers counts the waits of a schedule, not items.
    if (right.type === 'MemberExpression' && !right.computed && right.property.type === 'Identifier' && /^(length|size|count)$/.test(right.property.name)) {
      if (numberArray(right.object, { ctx, region: loop, counters: new Set(), depth: 0 }) === undefined) return true;
    }
  }
  const counters = new Set<string>();
  if (loop.init?.type === 'VariableDeclaration') {
    for (const d of loop.init.declarations) if (d.id.type === 'Identifier') counters.add(d.id.name);
  }
  // Only an index declared in the head can walk a list: without one the body need not be read.
  if (counters.size === 0) return false;
  // `items[i]` is written with a bracket: a body without one indexes nothing.
  if (!textOf(loop.body, ctx).includes('[')) return false;
  let indexes = false;
  const env: Env = { ctx, region: loop, counters: new Set(), depth: 0 };
  walk(loop.body, ctx.keys, (node) => {
    if (indexes) return false;
    // `items[i]` walks a list; `DELAYS[i]` (numbers) is a schedule of waits.
    if (node.type === 'MemberExpression' && node.computed && node.property.type === 'Identifier' && counters.has(node.property.name)) {
      indexes = numberArray(node.object, env) === undefined;
    }
    return undefined;
  });
  return indexes;
}

/**
 * The operation is called with something the loop moves on each turn (`node = node.parent`,
 * `dir = dirname(dir)`, `url = nextMirror()`): that walks through items or alternatives, it
 * does not repeat one operation.
 */
function advancesThroughItems(loop: RetryLoopNode, operation: TSESTree.CallExpression, env: Env): boolean {
  const isStep = (write: TSESTree.Identifier): boolean => {
    const parent = write.parent;
    if (parent?.type !== 'AssignmentExpression' || parent.left !== write || parent.operator !== '=') return false;
    // `res = await fetch(…)` stores the operation's own result: not a step.
    return unwrap(parent.right) !== operation;
  };
  const inputs = new Set<Variable>();
  const addInputs = (root: Node, depth: number): void => {
    walk(root, env.ctx.keys, (node) => {
      if (node.type !== 'Identifier') return undefined;
      const variable = env.ctx.variableOf(node);
      if (!variable || inputs.has(variable)) return undefined;
      inputs.add(variable);
      // `const pkgPath = join(basedir, 'package.json')` inside the loop: follow it.
      const def = firstDefinition(variable);
      if (depth < 2 && def?.type === 'Variable' && def.node.init && contains(loop, def.node)) addInputs(def.node.init, depth + 1);
      return undefined;
    });
  };
  for (const arg of operation.arguments) addInputs(arg, 0);
  const callee = unwrap(operation.callee);
  if (callee.type === 'MemberExpression') addInputs(callee.object, 0);
  // Only what carries over to the next attempt: a variable declared inside the body restarts.
  const carriesOver = (variable: Variable) => !variable.defs.some((def) => contains(loop.body, def.name));
  const steps = [...inputs].filter(carriesOver).flatMap((variable) => writesWithin(variable, loop).filter(isStep));
  if (steps.some((step) => !conditionalWithin(step, loop, true))) return true;
  // Steps taken only on some paths (`if (serverOffset > offset) offset = serverOffset`) leave
  // the others retrying the same input, unless every way round takes one (a redirect:
  // `client = redirectTo; continue` on ASK and MOVED, a throw otherwise).
  // A loop that also waits between turns is backing off a retry, whatever else it moves.
  return steps.length > 0 && everyWayRoundSteps(loop, steps, env) && scanAttempt(loop.body, env.ctx).sleeps.length === 0;
}

function everyWayRoundSteps(loop: RetryLoopNode, steps: readonly Node[], env: Env): boolean {
  const stepBefore = (node: Node): boolean => {
    let child: Node = node;
    for (let p = node.parent; p && p !== loop; child = p, p = p.parent) {
      if (p.type !== 'BlockStatement') continue;
      const earlier = p.body.slice(0, p.body.indexOf(child as TSESTree.Statement));
      if (earlier.some((statement) => steps.some((step) => contains(statement, step)))) return true;
    }
    return false;
  };
  let ok = true;
  walk(loop.body, env.ctx.keys, (node) => {
    if (!ok || isFunction(node) || (node !== loop.body && isAnyLoop(node))) return false;
    if (node.type === 'ContinueStatement' && !stepBefore(node)) ok = false;
    // A catch that falls through to the next turn must step too.
    if (node.type === 'CatchClause' && !alwaysExits(node.body) && !steps.some((step) => contains(node.body, step) && !conditionalWithin(step, node.body, false))) ok = false;
    return undefined;
  });
  return ok;
}

/** Whether `node` runs only on some paths below `root` (a branch; a catch too, when asked). */
function conditionalWithin(node: Node, root: Node, catchIsBranch: boolean): boolean {
  for (let p = node.parent; p && p !== root; p = p.parent) {
    if (p.type === 'IfStatement' || p.type === 'ConditionalExpression' || p.type === 'SwitchCase' || (catchIsBranch && p.type === 'CatchClause')) return true;
  }
  return false;
}

/** `try { return await op() } catch { … }` inside the loop: success leaves, failure goes round. */
function tryForm(loop: RetryLoopNode, scan: AttemptScan, env: Env): LoopRetry | undefined {
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
      const waits = (root: Node) => scan.sleeps.filter((sleep) => contains(root, sleep.node)).map((sleep) => ({ value: sleepValue(sleep, env), expression: sleep.delay }));
      const outside = (setting: string) => settingsReadOutside(loop, [handler.body], env.ctx.keys).has(setting);
      if (!handlerSteersAttempt(statement, env) && failureBacksOff(waits(statement.block), waits(handler.body), outside)) return { operation, failurePath: handler.body };
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
  const result: Node[] = [];
  const consider = (node: Node) => {
    if (node.type === 'AssignmentExpression' && names.has(dottedName(node.left) ?? '')) {
      const right = unwrap(node.right);
      // `done = true` after the work is a success flag; `isVisible = await el.isDisplayed()`
      // reads a state, so the loop polls it (unless the name says it holds an outcome).
      const readsState = right.type === 'CallExpression' && !SUCCESS_FLAG.test((dottedName(node.left) ?? '').split('.').pop() ?? '');
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
function checkForm(loop: RetryLoopNode, scan: AttemptScan, env: Env): LoopRetry | undefined {
  for (const statement of scan.ifs) {
    const polarity = outcomeCheck(statement.test, env);
    if (!polarity) continue;
    const onSuccess = polarity === 'success' ? statement.consequent : statement.alternate;
    const onFailure = polarity === 'success' ? statement.alternate : statement.consequent;
    const leavesOnSuccess = onSuccess ? successExitIn(onSuccess, loop, scan, env) : leavesAfter(statement, loop);
    const retriesOnFailure = !onFailure || !alwaysExits(onFailure) || endsInContinue(onFailure) || hasConditionalExit(onFailure);
    if (!leavesOnSuccess || !retriesOnFailure) continue;
    const operation = firstCallIn(loop.body, scan.calls);
    if (operation) return { operation, failurePath: onFailure ?? loop.body, check: statement.test };
  }
  const test = loopTest(loop);
  if (test && outcomeCheck(test, env) === 'failure') {
    const operation = firstCallIn(loop.body, scan.calls) ?? firstCallIn(test, scan.calls);
    if (operation) return { operation, failurePath: loop.body, check: test };
  }
  return undefined;
}

/**
 * `outer: for (…) { for (…) { try { … } catch { if (last) continue outer; … } } }`: an inner
 * retry that gives up by going round the outer loop again makes the outer loop a retry of
 * the same work (and the inner one a retry nested in it).
 */
function continuedFromInner(loop: RetryLoopNode, scan: AttemptScan, env: Env): LoopRetry | undefined {
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

function endsInContinue(node: Node): boolean {
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

/** The limits of a loop: its condition and the give-up guards in its body. */
function loopBound(loop: RetryLoopNode, env: Env): Bound & { unbounded: boolean } {
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
    if (kind) bound = boundOf(kind, condition, env, giveUp, loop.type === 'DoWhileStatement', getter ? test : undefined);
    unbounded = kind === 'time' || kind === 'abort' || (!kind && (outcomeCheck(test, env) !== undefined || isFlag(test, loop, env) || doneOrOwnerFlags(test, loop, env, (part) => isFlag(part, loop, env)) || flagNeverWritten(test, loop.body, env)));
  }
  const guards = guardsIn(loop.body, env, (node) => node !== loop.body && isAnyLoop(node), containsContinue);
  if (guards) bound = merge(bound, guards);
  const result: Bound = bound ?? { deadline: false, abortAware: false };
  // A give-up branch whose condition the analysis cannot count may still end the loop (a deadline
  // or an abort that already bounds it says more than "an unknown number").
  if (unbounded && result.attempts === undefined && !result.abortAware && !result.deadline && (mayStopUnseen(loop.body, env, containsContinue) || (test !== undefined && sentinelDecidedByCallee(test, env)))) {
    result.attempts = 'unknown';
  }
  return { ...result, unbounded: unbounded && result.attempts === undefined };
}

/**
 * The statement just before the loop gives the variable the loop's operation writes
 * (`res = await op()`) the same call (`let res = await op()`): the first attempt, made before
 * the loop, which each turn then repeats.
 */
function firstAttemptBefore(loop: RetryLoopNode, operation: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  let write: Node = operation;
  if (write.parent?.type === 'AwaitExpression') write = write.parent;
  const assignment = write.parent;
  if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.right !== write || assignment.left.type !== 'Identifier') return false;
  const holder = loop.parent?.type === 'LabeledStatement' ? loop.parent : loop;
  const block = holder.parent;
  if (block?.type !== 'BlockStatement' && block?.type !== 'Program') return false;
  const previous = block.body[block.body.indexOf(holder as never) - 1] as Node | undefined;
  let first: Node | undefined;
  if (previous?.type === 'VariableDeclaration') {
    const declarator = previous.declarations.find((d) => d.id.type === 'Identifier' && d.id.name === (assignment.left as TSESTree.Identifier).name);
    first = declarator?.init ?? undefined;
  } else if (previous?.type === 'ExpressionStatement' && previous.expression.type === 'AssignmentExpression' && previous.expression.operator === '=') {
    const left = previous.expression.left;
    if (left.type === 'Identifier' && left.name === assignment.left.name) first = previous.expression.right;
  }
  if (!first) return false;
  const call = unwrap(first);
  return call.type === 'CallExpression' && textOf(call, ctx) === textOf(operation, ctx);
}

/**
 * `while (!this.closing)` / `while (this.running)`: the loop's whole condition is a flag of
 * `this` that the loop does not set (isFlag) — the owner's state, set when it closes.
 */
function lifecycleTest(loop: RetryLoopNode, env: Env): boolean {
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
    if (node.type === 'AssignmentExpression' && sameTarget(node.left, target)) written = true;
    return !written;
  });
  return written;
}

function sameTarget(a: Node, b: Node): boolean {
  const x = unwrap(a);
  const y = unwrap(b);
  if (x.type === 'Identifier' && y.type === 'Identifier') return x.name === y.name;
  if (x.type === 'MemberExpression' && y.type === 'MemberExpression') {
    return x.object.type === y.object.type && !x.computed && !y.computed && x.property.type === y.property.type && (x.property.type === 'Identifier' || x.property.type === 'PrivateIdentifier') && x.property.name === (y.property as { name: string }).name;
  }
  return false;
}

/**
 * No sleep in the loop, but the failure path awaits a function of this file that waits
 * (`if (await onAttemptFailure({ error, attempt, options })) attempt++`, where the function
 * throws when it gives up and else awaits `delay(computeDelay(attempt, options))`): that wait,
 * with the function's parameters bound to what the loop passes. Only a function with one awaited
 * wait of its own (not in a callback or a loop of its own), so which wait it makes is not in doubt.
 */
function helperWait(retry: LoopRetry, scan: AttemptScan, loop: RetryLoopNode, env: Env): Value | undefined {
  for (const call of scan.calls) {
    if (call === retry.operation || call.parent?.type !== 'AwaitExpression' || !contains(retry.failurePath, call) || onExitingBranch(call, loop)) continue;
    const fn = localFunction(call, env);
    if (!fn || fn === enclosingFunction(loop) || contains(fn, loop)) continue;
    const sleeps = helperSleeps(fn, env.ctx);
    if (sleeps.length !== 1) continue;
    const args = call.arguments.filter((a) => a.type !== 'SpreadElement') as Node[];
    return sleepValue(sleeps[0] as Sleep, helperEnv(fn, args, env));
  }
  return undefined;
}

const helperSleepsCache = new WeakMap<Node, readonly Sleep[]>();

function helperSleeps(fn: Node, ctx: AnalysisContext): readonly Sleep[] {
  let sleeps = helperSleepsCache.get(fn);
  if (!sleeps) {
    const body = (fn as { body: Node }).body;
    // Awaited: the loop awaits the function, the function awaits its wait (`calculateDelay(n)`
    // named like a sleep but only computing one is not it).
    sleeps = scanAttempt(body, ctx).sleeps.filter((sleep) => sleep.node.parent?.type === 'AwaitExpression');
    helperSleepsCache.set(fn, sleeps);
  }
  return sleeps;
}

function chooseSleep(sleeps: readonly Sleep[], failurePath: Node): Sleep | undefined {
  return sleeps.find((s) => contains(failurePath, s.node)) ?? sleeps[0];
}

/** No sleep: an immediate retry, unless the failure path awaits something that may wait. */
function immediateOrUnknown(retry: LoopRetry, scan: AttemptScan, loop: RetryLoopNode, ctx: AnalysisContext) {
  // Awaited calls on the way out (`return await res.json()`) do not wait between attempts.
  const waitsElsewhere = scan.calls.some(
    (call) =>
      call !== retry.operation &&
      call.parent?.type === 'AwaitExpression' &&
      contains(retry.failurePath, call) &&
      !onExitingBranch(call, loop),
  );
  const waitsInOperation = scan.calls.some((call) => (call === retry.operation || !onExitingBranch(call, loop)) && waitsInside(call, ctx));
  return waitsElsewhere || waitsInOperation || awaitsTimedPromise(retry.failurePath, ctx) ? { t: 'unknown' as const, random: false } : { t: 'num' as const, v: 0, random: false };
}

/**
 * `await new Promise((resolve) => { socket.write('probe'); setTimeout(resolve, ms) })` on the
 * failure path: a promise with a timer of its own that also does other work is no plain sleep,
 * but the attempt may well wait on it: not known to go again at once.
 */
function awaitsTimedPromise(failurePath: Node, ctx: AnalysisContext): boolean {
  let found = false;
  walk(failurePath, ctx.keys, (node) => {
    if (found || (node !== failurePath && isFunction(node))) return false;
    if (node.type === 'AwaitExpression' && node.argument.type === 'NewExpression' && node.argument.callee.type === 'Identifier' && node.argument.callee.name === 'Promise') {
      const executor = node.argument.arguments[0];
      if (executor && isFunction(executor)) {
        walk(executor.body, ctx.keys, (inner) => {
          if (inner.type === 'CallExpression' && inner.callee.type === 'Identifier' && /^set(Timeout|Interval)$/.test(inner.callee.name)) found = true;
          return !found;
        });
      }
    }
    return !found;
  });
  return found;
}

function onExitingBranch(node: Node, loop: RetryLoopNode): boolean {
  for (let p = node.parent; p && p !== loop; p = p.parent) {
    if (p.type === 'BlockStatement' && p.parent?.type === 'IfStatement' && alwaysExits(p)) return true;
    if (p.type === 'ReturnStatement') return true;
  }
  return false;
}

/** The failure path looks at the error before going round (status, code, type, a classifier). */
export function classifies(failurePath: Node, env: Env): boolean {
  // Every look below names one of these words (`\u`: an escaped identifier the text would not show).
  if (!/instanceof|status|code|name|retr|transient|\\u/i.test(textOf(failurePath, env.ctx))) return false;
  let found = false;
  walk(failurePath, env.ctx.keys, (node) => {
    if (found) return false;
    if (node.type === 'IfStatement' || node.type === 'ConditionalExpression') {
      walk(node.test, env.ctx.keys, (inner) => {
        if (inner.type === 'BinaryExpression' && inner.operator === 'instanceof') found = true;
        if (inner.type === 'MemberExpression' && inner.property.type === 'Identifier' && /^(status|statusCode|code|name|retryable|isRetryable|transient)$/.test(inner.property.name)) found = true;
        if (inner.type === 'CallExpression' && /retry|retriable|retryable|transient/i.test(inner.callee.type === 'Identifier' ? inner.callee.name : inner.callee.type === 'MemberExpression' && inner.callee.property.type === 'Identifier' ? inner.callee.property.name : '')) found = true;
        return !found;
      });
    }
    return undefined;
  });
  return found;
}

/** The source text of a node (a slice: cheap to look into, where walking the node is not). */
function textOf(node: Node, ctx: AnalysisContext): string {
  return ctx.sourceCode.text.slice(node.range[0], node.range[1]);
}

/** The loop's head: `while (…)`, `for (…)`, or the `do` keyword. */
function headLoc(loop: RetryLoopNode, ctx: AnalysisContext): TSESTree.SourceLocation {
  const start = loop.range[0];
  let end = loop.type === 'DoWhileStatement' ? start + 2 : loop.body.range[0];
  const text = ctx.sourceCode.text;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return { start: ctx.sourceCode.getLocFromIndex(start), end: ctx.sourceCode.getLocFromIndex(end) };
}

function containsContinue(node: Node): boolean {
  let found = false;
  const stack: Node[] = [node];
  while (stack.length && !found) {
    const n = stack.pop() as Node;
    if (n.type === 'ContinueStatement') found = true;
    else if (n.type === 'BlockStatement') stack.push(...n.body);
    else if (n.type === 'IfStatement') stack.push(n.consequent, ...(n.alternate ? [n.alternate] : []));
  }
  return found;
}

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
function guardedSite(loop: RetryLoopNode, scan: AttemptScan, env: Env): RetrySite | undefined {
  // A loop that waits between turns of its own (`await sleep(interval)`) polls, failure or not.
  if (loop.body.type !== 'BlockStatement' || scan.sleeps.length > 0 || leavesSomewhere(loop, scan, env)) return undefined;
  for (const call of scan.calls) {
    const statement = awaitedStatement(call);
    if (!statement || statement.parent !== loop.body) continue;
    const index = call.arguments.findIndex((a) => isFunction(a as Node));
    if (index < 0) continue;
    const handed = call.arguments[index] as Node;
    if (readsFreshEachTurn(handed, loop, env) || stepsAfterFailure(handed, statement, loop, env) || movesToNextAlternative(loop.body, call, env.ctx)) continue;
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
