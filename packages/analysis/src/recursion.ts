import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, calleeName, contains, isFunction, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { movesToNextAlternative } from './alternatives.js';
import { guardsIn, type Bound } from './bounds.js';
import { mayStopBefore } from './exits.js';
import { outcomeCheck } from './checks.js';
import { writesWithin, type AnalysisContext, type Variable } from './context.js';
import type { Env } from './evaluate.js';
import { evaluate, numberArray } from './evaluate.js';
import { classifies } from './loops.js';
import { policyFrom } from './policy.js';
import { firstCallIn, scanAttempt } from './scan.js';
import { sleepValue } from './sleep.js';
import type { RetrySite } from './types.js';
import { num, type Value } from './value.js';

// Not 'end': a stream that ended normally is not a failure.
const FAILURE_EVENT = /^(error|close|disconnect|disconnected|exit|timeout|reconnect_failed|connect_error|connect_failed|failed)$/i;

/** Where a self-call sits on the failure path, and the code of that path. */
interface FailurePath {
  container: Node;
  /** The setTimeout that schedules the self-call, when it is scheduled. */
  timer?: TSESTree.CallExpression;
}

/**
 * A function that calls itself again from its failure path — a catch block, a `.catch()`
 * or `.then(_, onError)` callback, an error callback, an `error`/`close` event handler —
 * directly or through `setTimeout`.
 */
export function recursionSite(fn: FunctionNode, selfCalls: readonly Node[], ctx: AnalysisContext): RetrySite | undefined {
  for (const call of selfCalls) {
    const baseEnv: Env = { ctx, region: fn.body, counters: new Set(), depth: 0 };
    const path = failurePath(call, fn, baseEnv);
    if (!path) continue;
    const counters = counterParameters(fn, call, ctx);
    if (walksAlternatives(fn, counters, baseEnv)) return undefined;
    const operation = firstCallIn(fn.body, scanAttempt(fn.body, ctx).calls.filter((c) => c !== call && !contains(c, call)));
    if (movesToNextAlternative(fn.body, operation, ctx, selfCalls)) return undefined;
    const decrementing = new Set([...counters].filter((v) => decrements(v, call)));
    const env: Env = { ...baseEnv, counters, decrementing, bindings: accumulatorParameters(fn, call, ctx) };
    const isRetry = (node: Node) => contains(node, call);
    const bound = guardsIn(fn.body, env, () => false, isRetry) ?? guardsInCallbacks(fn, env, isRetry);
    const delay = recursionDelay(call, path, env);
    const limits: Bound = bound ?? { deadline: false, abortAware: false };
    if (limits.attempts === undefined && mayStopBefore(call, fn, env)) limits.attempts = 'unknown';
    const site: RetrySite = {
      kind: 'recursion',
      node: fn,
      // `setTimeout(connect, 1000)` passes the function itself: report the setTimeout.
      loc: (path.timer && call.type !== 'CallExpression' ? path.timer : call).loc,
      operationScope: fn.body,
      policy: policyFrom(delay.value, limits, limits.attempts === undefined),
      fromLibraryDefault: { delay: false, jitter: false, attempts: false },
      classifiesErrors: classifies(path.container, env),
      abortAware: limits.abortAware,
      deadlineBound: limits.deadline,
      nested: [],
    };
    if (operation) site.operation = operation;
    if (delay.sleep) site.sleep = delay.sleep;
    if (delay.expression) site.delayExpression = delay.expression;
    return site;
  }
  return undefined;
}

/**
 * `parsers[index]` with `index` moved on each call: falling back through a list of
 * alternatives, not retrying one operation (a numeric table of waits is a schedule).
 */
function walksAlternatives(fn: FunctionNode, counters: ReadonlySet<Variable>, env: Env): boolean {
  let found = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (found) return false;
    if (node.type !== 'MemberExpression' || !node.computed || node.property.type !== 'Identifier') return undefined;
    const variable = env.ctx.variableOf(node.property);
    if (!variable) return undefined;
    const moves = counters.has(variable) || writesWithin(variable, fn.body).length > 0;
    if (moves && numberArray(node.object, env) === undefined) found = true;
    return undefined;
  });
  return found;
}

/** Guards inside the failure callbacks (`.catch(e => { if (n <= 0) throw e; … })`). */
function guardsInCallbacks(fn: FunctionNode, env: Env, isRetry: (node: Node) => boolean) {
  let result;
  for (const callback of nestedFunctions(fn, env)) {
    const bound = guardsIn(callback.body, env, () => false, isRetry);
    if (bound) result = bound;
  }
  return result;
}

function nestedFunctions(fn: FunctionNode, env: Env): FunctionNode[] {
  const result: FunctionNode[] = [];
  walk(fn.body, env.ctx.keys, (node) => {
    if (isFunction(node)) result.push(node);
  });
  return result;
}

/** The self-call is reached only when an attempt failed. */
function failurePath(call: Node, fn: FunctionNode, env: Env): FailurePath | undefined {
  let timer: TSESTree.CallExpression | undefined;
  let child: Node = call;
  for (let p = call.parent; p && p !== fn; child = p, p = p.parent) {
    switch (p.type) {
      case 'CatchClause':
        return withTimer({ container: p.body }, timer);
      case 'CallExpression': {
        if (!p.arguments.includes(child as TSESTree.CallExpressionArgument)) break;
        const name = calleeName(p);
        if (name === 'setTimeout' && p.arguments[0] === child) timer = p;
        else if (name === 'catch') return withTimer({ container: child }, timer);
        else if (name === 'then' && p.arguments[1] === child) return withTimer({ container: child }, timer);
        else if (/^(on|once|addListener|addEventListener|prependListener)$/.test(name ?? '')) {
          const event = p.arguments[0];
          if (event?.type === 'Literal' && typeof event.value === 'string' && FAILURE_EVENT.test(event.value)) return withTimer({ container: child }, timer);
        }
        break;
      }
      case 'AssignmentExpression': {
        const target = p.left;
        if (p.right === child && target.type === 'MemberExpression' && target.property.type === 'Identifier' && /^on(error|close)$/.test(target.property.name)) {
          return withTimer({ container: child }, timer);
        }
        break;
      }
      case 'BlockStatement':
      case 'Program': {
        // `if (res.ok) return res;` earlier in the block: what follows runs on failure.
        const index = p.body.indexOf(child as never);
        const earlier = p.body.slice(0, Math.max(index, 0));
        if (earlier.some((s) => s.type === 'IfStatement' && alwaysExits(s.consequent) && outcomeCheck(s.test, env, false) === 'success')) {
          return withTimer({ container: p }, timer);
        }
        break;
      }
      case 'IfStatement':
      case 'ConditionalExpression': {
        if (child === p.test) break;
        const polarity = outcomeCheck(p.test, env, false);
        const inConsequent = child === p.consequent;
        if ((inConsequent && polarity === 'failure') || (!inConsequent && polarity === 'success')) return withTimer({ container: child }, timer);
        if (polarity) return undefined;
        break;
      }
    }
  }
  return undefined;
}

function withTimer(path: FailurePath, timer: TSESTree.CallExpression | undefined): FailurePath {
  if (timer) path.timer = timer;
  return path;
}

/** Parameters the self-call changes by a step (`attempt + 1`, `retries - 1`): the attempt counters. */
function counterParameters(fn: FunctionNode, call: Node, ctx: AnalysisContext): Set<Variable> {
  const counters = new Set<Variable>();
  if (call.type !== 'CallExpression') return counters;
  const scope = ctx.sourceCode.getScope(fn);
  fn.params.forEach((param, i) => {
    const id = param.type === 'AssignmentPattern' ? param.left : param;
    if (id.type !== 'Identifier') return;
    const arg = call.arguments[i];
    if (!arg) return;
    const a = unwrap(arg);
    const steps =
      (a.type === 'BinaryExpression' && (a.operator === '+' || a.operator === '-') && a.left.type === 'Identifier' && a.left.name === id.name) ||
      (a.type === 'UpdateExpression' && a.argument.type === 'Identifier' && a.argument.name === id.name);
    const variable = scope.set.get(id.name);
    if (steps && variable) counters.add(variable);
  });
  return counters;
}

/** Parameters the self-call multiplies (`delay * 2`): an exponential wait from their default. */
function accumulatorParameters(fn: FunctionNode, call: Node, ctx: AnalysisContext): Map<Variable, Value> {
  const bindings = new Map<Variable, Value>();
  if (call.type !== 'CallExpression') return bindings;
  const scope = ctx.sourceCode.getScope(fn);
  fn.params.forEach((param, i) => {
    const id = param.type === 'AssignmentPattern' ? param.left : param;
    const arg = call.arguments[i] && unwrap(call.arguments[i] as Node);
    if (id.type !== 'Identifier' || arg?.type !== 'BinaryExpression' || arg.operator !== '*') return;
    const self = [arg.left, arg.right].find((side) => side.type === 'Identifier' && side.name === id.name);
    const factorNode = self === arg.left ? arg.right : arg.left;
    const variable = scope.set.get(id.name);
    if (!self || !variable || factorNode.type !== 'Literal' || typeof factorNode.value !== 'number') return;
    const fallback = param.type === 'AssignmentPattern' && param.right.type === 'Literal' && typeof param.right.value === 'number' ? param.right.value : undefined;
    const value: Value = { t: 'grow', shape: 'exponential', factor: factorNode.value, random: false };
    if (fallback !== undefined) value.base = fallback;
    bindings.set(variable, value);
  });
  return bindings;
}

function decrements(variable: Variable, call: Node): boolean {
  if (call.type !== 'CallExpression') return false;
  return call.arguments.some((arg) => {
    const a = unwrap(arg);
    if (a.type === 'BinaryExpression' && a.operator === '-' && a.left.type === 'Identifier') return a.left.name === variable.name;
    return a.type === 'UpdateExpression' && a.operator === '--' && a.argument.type === 'Identifier' && a.argument.name === variable.name;
  });
}

/** The wait before the self-call: the setTimeout delay, or a sleep on the failure path. */
function recursionDelay(call: Node, path: FailurePath, env: Env): { value: Value; sleep?: Node; expression?: Node } {
  if (path.timer) {
    const ms = path.timer.arguments[1] as Node | undefined;
    const result: { value: Value; sleep?: Node; expression?: Node } = { value: ms ? evaluate(ms, env) : num(0), sleep: path.timer };
    if (ms) result.expression = ms;
    return result;
  }
  const container = path.container;
  const scope = isFunction(container) ? container.body : container;
  const sleeps = scanAttempt(scope, env.ctx).sleeps.filter((s) => s.node.range[0] < call.range[0]);
  const sleep = sleeps[sleeps.length - 1];
  if (!sleep) return { value: num(0) };
  const result: { value: Value; sleep?: Node; expression?: Node } = { value: sleepValue(sleep, env), sleep: sleep.node };
  if (sleep.delay) result.expression = sleep.delay;
  return result;
}
