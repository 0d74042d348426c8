import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, dottedName, outerExpression, soleExpression, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';
import { importOf } from './imports.js';
import { usesRandomness } from './randomness/uses-randomness.js';
import { localFunction, parameterVariables } from './functions/local-function.js';
import { isSetTimeoutCall, sleepSummary, timerOfPromise } from './summaries/timer-sleep.js';
import { isPromiseTimer, promiseTimerCall } from './summaries/promise-timer.js';
import { soleDefinition } from './definitions/bodies.js';

/** A wait between attempts and the expression that says how long. */
export interface Sleep {
  node: TSESTree.CallExpression | TSESTree.NewExpression;
  /** The millisecond expression; undefined when the wait is 0 (`setTimeout(r)`) or not given. */
  delay: Node | undefined;
  /** A local sleep helper, whose own setTimeout says how its argument becomes milliseconds. */
  helper?: FunctionNode;
  /** The helper's setTimeout delay, evaluated with the helper's parameters bound. */
  timerDelay?: Node;
  /** The module the helper is in, when it is imported (`import { sleep } from './util'`). */
  helperCtx?: AnalysisContext;
  /** A sleep of a library or an unknown helper: how it reads its argument is not known. */
  opaque: boolean;
  /** The sleep helper itself adds randomness. */
  jittered: boolean;
}

const SLEEP_NAMES = /^(sleep|delay|wait|pause|snooze|nap|waitForTimeout|sleepMs|delayMs|waitMs|sleepFor|delayFor|waitFor(Ms|Millis|Seconds))$/i;
const SLEEP_SUFFIX = /[a-z](Sleep|Delay|Wait|Pause)$|^(sleep|delay|wait|pause)(Abortable|Cancellable|Cancelable|WithSignal|Unref)$/;

/** Recognises every common sleep form (DESIGN.md: the retry-site model). */
export function asSleep(node: Node, ctx: AnalysisContext): Sleep | undefined {
  if (node.type === 'NewExpression') return promiseTimeout(node, ctx);
  if (node.type !== 'CallExpression') return undefined;
  const dotted = dottedName(node.callee);
  const name = calleeName(node);
  const first = node.arguments[0] as Node | undefined;
  if (dotted === 'Bun.sleep') return { node, delay: first, opaque: false, jittered: false };
  // `Atomics.wait(view, index, value, timeout)`: the timeout is the fourth argument.
  if (dotted === 'Atomics.wait') return { node, delay: node.arguments[3] as Node | undefined, opaque: false, jittered: false };
  if (name === undefined) return undefined;
  const callee = unwrap(node.callee);
  if (name === 'setTimeout' || name === 'setTimeoutPromise') {
    if (isPromiseTimer(callee, ctx)) return { node, delay: first, opaque: false, jittered: false };
    return undefined;
  }
  if (callee.type === 'Identifier') {
    const helper = ctx.functionOf(callee);
    if (helper) return sleepHelper(node, helper, ctx, name);
    // `let delay; switch (…) { case 'FIXED': delay = fixedBackoff; … }` then `const ms = delay(n, base)`:
    // a variable holding functions of this file that compute a number, its result taken as a value.
    if (usedAsValue(node) && holdsComputingFunction(callee, ctx)) return undefined;
    if (isPromiseTimer(callee, ctx)) return { node, delay: first, opaque: false, jittered: false };
  }
  // `const ms = Math.min(await this.#calculateRetryDelay(err), max)`: a method of the class named
  // like a wait, with no timer of its own, whose answer is taken as a value computes a wait.
  if (callee.type === 'MemberExpression' && computesWait(node, ctx)) return undefined;
  // `await this.timer(0.5)`: a method of the class is a sleep by its body, as a function of the
  // file is (its timer says how the argument becomes milliseconds), whatever it is called.
  if (callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression') {
    // (One with no timer of its own waits through what it calls: a delay object's, read elsewhere.)
    const method = localFunction(node, { ctx, region: node, counters: new Set(), depth: 0 });
    if (method && helperFacts(method, ctx).timer) return sleepHelper(node, method, ctx, name);
  }
  // `import { holdOff } from './util'`: a helper of the project is a sleep by what its code
  // does; its own timer says what it waits, and whether at random.
  const root = callee.type === 'Identifier' ? callee : callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' ? callee.object : undefined;
  const foreign = root ? importedSleep(node, root, ctx, name) : undefined;
  if (foreign !== undefined) return foreign ?? undefined;
  if (SLEEP_NAMES.test(name) || SLEEP_SUFFIX.test(name)) {
    // `const delay = retry.retryDelay?.(n, err) ?? 0`: an answer taken as a value, not awaited, is
    // a computed wait (a sleep gives a promise to await, not a number to use).
    if (usedAsValue(outerExpression(node) as TSESTree.CallExpression)) return undefined;
    // `sleepAbortable(signal, ms)`: the duration is the argument that is not the signal.
    const delay = node.arguments.find((arg) => !isSignal(arg as Node)) as Node | undefined;
    return { node, delay, opaque: true, jittered: /jitter|random/i.test(name) };
  }
  return undefined;
}

/** `new Promise(r => setTimeout(r, ms))` and its longer spellings: a promise that settles only on its timer. */
function promiseTimeout(node: TSESTree.NewExpression, ctx: AnalysisContext): Sleep | undefined {
  const timer = timerOfPromise(node, ctx);
  return timer && { node, delay: timer.arguments[1] as Node | undefined, opaque: false, jittered: false };
}

function findTimeout(fn: FunctionNode, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  let found: TSESTree.CallExpression | undefined;
  walk(fn.body, ctx.keys, (n) => {
    if (found) return false;
    // (A promise timer under another name, `later(ms)` for timers/promises' setTimeout, is one too.)
    if (n.type === 'CallExpression' && (isSetTimeoutCall(n, ctx) || promiseTimerCall(n, ctx))) found = n;
    return undefined;
  });
  return found;
}

/**
 * `Math.min(await this.#calculateRetryDelay(err), max)`: a method of the class (`this.name()`),
 * with no timer of its own, whose answer (awaited or not) is taken as a value: it computes a
 * wait, whatever it is called; it does not make one.
 */
export function computesWait(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || unwrap(callee.object).type !== 'ThisExpression') return false;
  const method = localFunction(call, { ctx, region: call, counters: new Set(), depth: 0 });
  return method !== undefined && !helperFacts(method, ctx).timer && usedAsValue(call.parent?.type === 'AwaitExpression' ? call.parent : call);
}

/** A local function that is a sleep: named like one, or returning a Promise around setTimeout. */
/** A variable declared with no value, assigned a function of this file that has no timer of its own. */
function holdsComputingFunction(id: TSESTree.Identifier, ctx: AnalysisContext): boolean {
  const variable = ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.node.init) return false;
  return variable.references.some((ref) => {
    const assignment = ref.identifier.parent;
    if (!ref.isWrite() || assignment?.type !== 'AssignmentExpression' || assignment.left !== ref.identifier) return false;
    const fn = ctx.functionIn(assignment.right);
    return fn !== undefined && !helperFacts(fn, ctx).timer;
  });
}

function sleepHelper(call: TSESTree.CallExpression, helper: FunctionNode, ctx: AnalysisContext, name: string): Sleep | undefined {
  const facts = helperFacts(helper, ctx);
  const named = SLEEP_NAMES.test(name) || SLEEP_SUFFIX.test(name);
  // A helper with a timer of its own is a sleep when its summary says so, whatever it is
  // called: a watchdog (`readWithDeadline`), a retry function that also sleeps, or a promise
  // that settles on other events is an operation.
  // `function sleepSync(ms) { Atomics.wait(view, 0, 0, ms) }`: a helper whose one statement is a wait waits that.
  const summary = facts.timer ? sleepSummary(helper, ctx) : blockingWait(helper, ctx);
  const timer = summary?.timer;
  if (facts.timer && !timer) return undefined;
  if (!timer && (!named || computesNumber(helper))) return undefined;
  // `const d = computeDelay(n)`: a function of this file named like a wait, with no timer of its
  // own, whose result is taken as a value computes a wait; it does not make one.
  if (!timer && usedAsValue(call)) return undefined;
  const jittered = /jitter|random/i.test(name) || (facts.random ??= usesRandomness(helper, { ctx, region: helper, counters: new Set(), depth: 0 }));
  const timerDelay = summary?.delay;
  const sleep: Sleep = { node: call, delay: timerDelay ? durationArgument(call, helper, timerDelay, ctx) : (call.arguments[0] as Node | undefined), helper, opaque: !timer, jittered };
  if (timerDelay) sleep.timerDelay = timerDelay;
  return sleep;
}

/**
 * A sleep imported from a module of the project (`sleep(ms)`, `util.sleep(ms)` of a namespace or
 * a required module), read there as a sleep of that file is: its
 * timer's delay with its parameters bound to this call's arguments, and its randomness. A
 * helper read there with no timer of its own (it calls a package's sleep) stays a sleep by
 * name; one whose timer is not a sleep's is null: not a sleep.
 */
function importedSleep(call: TSESTree.CallExpression, root: TSESTree.Identifier, ctx: AnalysisContext, name: string): Sleep | null | undefined {
  if (!ctx.foreignFunction || importOf(root, ctx) === undefined) return undefined;
  const foreign = ctx.foreignFunction(call);
  if (!foreign) return undefined;
  // Read there with a timer that is not a sleep's (a watchdog): an operation, whatever its name (null).
  if (helperFacts(foreign.fn, foreign.ctx).timer && !sleepSummary(foreign.fn, foreign.ctx)) return null;
  // `export const getRetryDelay = (n) => Math.min(1000 * 2 ** n, 30000)`: it computes a wait, it does not make one.
  if (computesNumber(foreign.fn)) return null;
  const sleep = sleepHelper(call, foreign.fn, foreign.ctx, name);
  if (!sleep?.timerDelay) return undefined;
  sleep.helperCtx = foreign.ctx;
  return sleep;
}

/**
 * A function whose every answer is arithmetic (`Math.min(base * 2 ** n, cap)`, `n * 250`, a
 * number, a choice between such): it computes a number, so a call of it waits for nothing,
 * whatever it is called. (A sleep answers with a promise; an async function always does.)
 */
function computesNumber(fn: FunctionNode): boolean {
  if (fn.async || fn.generator) return false;
  if (fn.body.type !== 'BlockStatement') return arithmetic(fn.body);
  const returns: TSESTree.ReturnStatement[] = [];
  const stack: Node[] = [fn.body];
  while (stack.length) {
    const n = stack.pop() as Node;
    if (n.type === 'ReturnStatement') returns.push(n);
    else if (n.type === 'BlockStatement') stack.push(...n.body);
    else if (n.type === 'IfStatement') stack.push(n.consequent, ...(n.alternate ? [n.alternate] : []));
  }
  return returns.length > 0 && returns.every((r) => r.argument !== null && arithmetic(r.argument));
}

function arithmetic(node: Node): boolean {
  const n = unwrap(node);
  switch (n.type) {
    case 'Literal':
      return typeof n.value === 'number';
    case 'BinaryExpression':
      return /^([-+*/%]|\*\*|<<|>>>?|[&|^])$/.test(n.operator);
    case 'UnaryExpression':
      return n.operator === '-' || n.operator === '~';
    case 'ConditionalExpression':
      return arithmetic(n.consequent) && arithmetic(n.alternate);
    case 'CallExpression':
      return dottedName(n.callee)?.startsWith('Math.') === true;
    default:
      return false;
  }
}

/**
 * The call's result is stored or computed with (`const d = computeDelay(n)`, `base + jitterDelay()`,
 * `sleep(computeDelay(n))`): a value, not a wait the code waits on (that is awaited, chained,
 * or a statement of its own, as a blocking `sleep(ms);` is).
 */
function usedAsValue(call: TSESTree.CallExpression | TSESTree.AwaitExpression): boolean {
  const parent = call.parent;
  if (!parent) return false;
  if (parent.type === 'VariableDeclarator') return parent.init === call;
  if (parent.type === 'AssignmentExpression') return parent.right === call;
  if (parent.type === 'BinaryExpression') return true;
  if (parent.type === 'LogicalExpression') return parent.left === call || usedAsValue(parent as never);
  // `const ms = header ? seconds * 1000 : computeDelay(n)`: a branch of a value is a value.
  if (parent.type === 'ConditionalExpression') return parent.test !== call && usedAsValue(parent as never);
  return (parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.arguments.includes(call as TSESTree.CallExpressionArgument);
}

/**
 * The argument the helper's timer waits on: `sleep(2)` whose timer waits `s * 1000` is given
 * its duration as `2`; `onError(err, opts)` whose timer waits `opts.interval` is given no
 * duration of its own (the wait is an option of an object it is handed).
 */
function durationArgument(call: TSESTree.CallExpression, helper: FunctionNode, timerDelay: Node, ctx: AnalysisContext): Node | undefined {
  const params = parameterVariables(helper, ctx);
  let index = -1;
  walk(timerDelay, ctx.keys, (n) => {
    if (index !== -1) return false;
    const parent = n.parent;
    if (parent?.type === 'MemberExpression' && (parent.object === n || (parent.property === n && !parent.computed))) return undefined;
    if (n.type === 'Identifier') {
      const variable = ctx.variableOf(n);
      index = variable ? params.indexOf(variable) : -1;
    }
    return undefined;
  });
  return index === -1 ? undefined : (call.arguments[index] as Node | undefined);
}

/**
 * What a sleep helper's body says, read once per helper and file: every call of a file's
 * `sleep(ms)` asks the same questions of the same body.
 */
interface HelperFacts {
  timer: TSESTree.CallExpression | undefined;
  random?: boolean;
}

const helperFactsCache = new WeakMap<AnalysisContext, WeakMap<FunctionNode, HelperFacts>>();

function helperFacts(helper: FunctionNode, ctx: AnalysisContext): HelperFacts {
  let byHelper = helperFactsCache.get(ctx);
  if (!byHelper) helperFactsCache.set(ctx, (byHelper = new WeakMap()));
  let facts = byHelper.get(helper);
  if (!facts) byHelper.set(helper, (facts = { timer: findTimeout(helper, ctx) }));
  return facts;
}

/** A function with no timer whose body is one blocking wait (`Atomics.wait(view, 0, 0, ms)`): that wait, its timeout. */
function blockingWait(helper: FunctionNode, ctx: AnalysisContext): { timer: TSESTree.CallExpression; delay: Node | undefined } | undefined {
  const body = helper.async ? undefined : soleExpression(helper);
  const call = body && unwrap(body);
  if (call?.type !== 'CallExpression' || dottedName(call.callee) !== 'Atomics.wait') return undefined;
  return { timer: call, delay: call.arguments[3] as Node | undefined };
}

/**
 * The wait is handed an AbortSignal (`sleep(ms, signal)`, `sleepAbortable(signal, ms)`,
 * `delay(ms, { signal })`): aborting stops the retry in its wait.
 */
export function waitsOnSignal(sleep: Sleep): boolean {
  if (sleep.node.type !== 'CallExpression') return false;
  return sleep.node.arguments.some((arg) => arg !== sleep.delay && isSignal(arg as Node));
}

function isSignal(n: Node): boolean {
  const u = unwrap(n);
  if (u.type === 'Identifier') return /^signal$|Signal$/.test(u.name);
  if (u.type === 'MemberExpression') return /^signal$|Signal$/.test(propertyNameOf(u) ?? '');
  if (u.type === 'ObjectExpression') return u.properties.some((p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'signal');
  return false;
}

function propertyNameOf(member: TSESTree.MemberExpression): string | undefined {
  return !member.computed && member.property.type === 'Identifier' ? member.property.name : undefined;
}
