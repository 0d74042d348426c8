import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { containsExit } from './rewrite-checked.js';
import { alwaysLeaves, delayOptions, reindent, type RewriteContext } from './rewrite-loop.js';
import { delayLines, planForBound, rewriteSuggestion } from './rewrite-render.js';
import { readsOwnThisOrArguments } from './rewrite-recursion.js';
import { nameTaken, resolveVariable, type Variable } from './rewrite-scope.js';
import { indentOf, statementLines, within } from './text.js';
import type { Node, SourceCode, Suggestion } from './types.js';
import { selfCallAt } from './wait-before-retry.js';

type Statement = TSESTree.Statement;
type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

/**
 * A node-style callback retry: a function whose one statement starts an operation with a
 * callback `(err, …results) => …`, and whose callback, on an error, calls the function again
 * later through `setTimeout`. Built from the site's facts, whatever the order of its parts:
 *
 *   - the operation: the call the callback is given to (its last argument);
 *   - the failure test: the callback's `if (err) {…}` (the branch that holds the re-entry), or
 *     `if (err && <attempts left>) return setTimeout(…)` with the give-up in the code after it;
 *   - the wait: the timer's delay (retry()'s baseMs/factor/capMs, as every rewrite);
 *   - the bound: a counter passed on (`n - 1`, `tries + 1`) or one closed over (`attempts += 1`)
 *     and the test that gives up; none: the rewrite adds one and says so in its title;
 *   - the give-up: the guard's own exit (`return cb(err)`), the code after the failure test,
 *     or, for an unbounded retry, the function's callback called with the error.
 *
 * The function keeps its callback interface: the operation becomes retry()'s attempt (wrapped
 * in a promise that rejects on the callback's error), and the original callback, less its way
 * back in, runs once with the outcome (`settle`): the value's arguments as the operation
 * passed them, or the last error. Side effects on the failure path run before each retry
 * (onRetry) and, those before the guard, on the last failure too (kept in `settle`).
 * JavaScript files only (`settle`'s parameters would need the operation's types).
 */
export function rewriteCallbackRecursion(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'recursion' || site.through || site.viaLibrary || site.abortAware || site.deadlineBound || ctx.typescript) return undefined;
  const plan = planForBound(planCache, site, ctx.bound, () => planCallback(site, ctx));
  if (!plan) return undefined;
  return rewriteSuggestion(ctx, plan.range, () => (plan.text ??= render(plan, ctx.sourceCode)), plan.removed, plan.addsBound ? ` (stops after ${ctx.bound} attempts)` : '');
}

const planCache = new WeakMap<RetrySite, Map<number, CallbackPlan | null>>();

interface CallbackPlan {
  /** The function body's one statement: the operation's call. */
  range: [number, number];
  operation: TSESTree.CallExpression;
  callback: TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression;
  /** The callback's text with its way back in taken out: what runs once with the outcome. */
  settle: string;
  errorName: string;
  /** onRetry reads the error. */
  readsError: boolean;
  /** Run before each retry. */
  onRetry: Statement[];
  maxAttempts: string;
  addsBound: boolean;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  removed: Node[];
  text?: string;
}

interface Counter {
  variable: Variable;
  /** A parameter passed on as `p - 1` or `p + 1`, or a variable closed over and raised on each failure. */
  kind: 'down' | 'up' | 'closure';
  /** The closure counter's start and its update (dropped with the guard). */
  start?: number;
  update?: Statement;
  declaration?: TSESTree.VariableDeclaration;
}

function planCallback(site: RetrySite, ctx: RewriteContext): CallbackPlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const fn = site.node;
  if (fn.type !== 'FunctionDeclaration' && fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') return undefined;
  if (fn.async || fn.generator || fn.body.type !== 'BlockStatement' || readsOwnThisOrArguments(fn, sourceCode)) return undefined;
  const name = functionName(fn, sourceCode);
  if (!name) return undefined;

  // The wait: a global setTimeout whose callback is the function itself or `() => f(…)`.
  const timer = site.sleep;
  if (timer?.type !== 'CallExpression' || timer.callee.type !== 'Identifier' || timer.callee.name !== 'setTimeout' || timer.arguments.length !== 2) return undefined;
  if ((resolveVariable(timer.callee, sourceCode)?.defs.length ?? 0) !== 0) return undefined;
  const target = timer.arguments[0] as Node;
  let selfCall: TSESTree.CallExpression | undefined;
  if (target.type === 'ArrowFunctionExpression' && target.params.length === 0 && target.body.type === 'CallExpression') selfCall = target.body;
  else if (!(target.type === 'Identifier' && target.name === name.name && fn.params.length === 0)) return undefined;
  if (selfCall && (selfCall !== selfCallAt(site, sourceCode) || selfCall.callee.type !== 'Identifier' || selfCall.callee.name !== name.name)) return undefined;
  // The function's name is used only by the way back in (and its own declaration).
  const fnVariable = name.variable;
  const ways = fnVariable.references.filter((r) => within(r.identifier, fn));
  if (ways.length !== 1 || !within(ways[0]!.identifier, timer) || fnVariable.references.some((r) => r.isWrite() && !r.init)) return undefined;

  // The operation: the body's one statement, a call whose last argument is the callback.
  if (fn.body.body.length !== 1) return undefined;
  const only = fn.body.body[0] as Statement;
  if (only.type !== 'ExpressionStatement' || only.expression.type !== 'CallExpression') return undefined;
  const operation = only.expression;
  const callback = operation.arguments[operation.arguments.length - 1];
  if ((callback?.type !== 'ArrowFunctionExpression' && callback?.type !== 'FunctionExpression') || callback.async || callback.generator || callback.body.type !== 'BlockStatement') return undefined;
  if (!within(timer, callback) || operation.arguments.slice(0, -1).some((a) => within(timer, a) || a.type === 'SpreadElement')) return undefined;
  if (callback.type === 'FunctionExpression' && readsOwnThisOrArguments(callback, sourceCode)) return undefined;
  if (callback.params.length === 0 || !callback.params.every((p) => p.type === 'Identifier')) return undefined;
  const errorName = (callback.params[0] as TSESTree.Identifier).name;
  for (const taken of ['retry', 'settle', 'resolve', 'reject', 'results', 'error']) if (nameTaken(fn, fn, taken, sourceCode)) return undefined;

  // The way back in: `[return] setTimeout(…);` [`return;`].
  const reentry = timer.parent;
  if (!reentry || (reentry.type !== 'ExpressionStatement' && reentry.type !== 'ReturnStatement')) return undefined;
  const body = callback.body.body;

  const counterOf = (): Counter | undefined | null => {
    if (!selfCall) return undefined;
    const params = fn.params;
    if (selfCall.arguments.length !== params.length) return null;
    let counter: Counter | undefined;
    for (let i = 0; i < params.length; i++) {
      const p = params[i] as Node;
      const id = p.type === 'AssignmentPattern' ? p.left : p;
      if (id.type !== 'Identifier') return null;
      const variable = sourceCode.getDeclaredVariables(fn).find((v) => v.name === id.name);
      if (!variable || variable.references.some((r) => r.isWrite() && !r.init)) return null;
      const arg = selfCall.arguments[i] as Node;
      if (arg.type === 'Identifier' && arg.name === id.name) continue;
      const step = arg.type === 'BinaryExpression' && (arg.operator === '-' || arg.operator === '+') && arg.left.type === 'Identifier' && arg.left.name === id.name && arg.right.type === 'Literal' && arg.right.value === 1;
      if (!step || counter) return null;
      counter = { variable, kind: (arg as TSESTree.BinaryExpression).operator === '-' ? 'down' : 'up' };
    }
    return counter;
  };
  let counter = counterOf();
  if (counter === null) return undefined;

  const text = sourceCode.text;
  let settle: string;
  let onRetry: Statement[] = [];
  let maxAttempts: string;
  let addsBound = false;
  let readsError = false;
  const cbStart = callback.range[0];
  const splice = (from: number, to: number, replacement: string) => text.slice(cbStart, from) + replacement + text.slice(to, callback.range[1]);

  const parent = reentry.parent;
  const failure = parent?.type === 'BlockStatement' ? parent.parent : parent;
  if (failure?.type !== 'IfStatement' || failure.alternate || failure.parent !== callback.body) return undefined;
  const test = failure.test;
  if (test.type === 'Identifier' && test.name === errorName && parent?.type === 'BlockStatement') {
    // `if (err) { [effects] [if (give up) exit;] [effects] [return] setTimeout(…); [return;] }`
    const block = parent.body;
    const end = block.indexOf(reentry as Statement);
    const after = block.slice(end + 1);
    if (after.length > 1 || (after[0] && !(after[0].type === 'ReturnStatement' && !after[0].argument))) return undefined;
    // Past the failure branch the callback runs its success code: the branch must leave.
    if (reentry.type !== 'ReturnStatement' && after.length === 0 && body[body.length - 1] !== failure) return undefined;
    const before = block.slice(0, end);
    const guardAt = before.findIndex((s) => s.type === 'IfStatement');
    const guard = guardAt >= 0 ? (before[guardAt] as TSESTree.IfStatement) : undefined;
    if (guard && (guard.alternate || !alwaysLeaves(guard.consequent) || before.slice(guardAt + 1).some((s) => s.type === 'IfStatement'))) return undefined;
    let everyFailure = guard ? before.slice(0, guardAt) : before;
    const between = guard ? before.slice(guardAt + 1) : [];
    if (!counter && guard) counter = closureCounter(guard, everyFailure, fn, sourceCode);
    if (counter?.update) everyFailure = everyFailure.filter((s) => s !== counter!.update);
    if ([...everyFailure, ...between].some((s) => containsExit(s, keys) || readsOther(s, callback, errorName, sourceCode) || (counter && readsVar(s, counter.variable)))) return undefined;
    const errorVariable = sourceCode.getDeclaredVariables(callback).find((v) => v.name === errorName);
    if (guard) {
      if (!counter) return undefined;
      const limit = guardAttempts(guard.test, counter, sourceCode);
      if (!limit) return undefined;
      maxAttempts = limit;
      if (!onlyReadIn(counter, [guard, selfCall], sourceCode)) return undefined;
      const exit = guard.consequent.type === 'BlockStatement' ? guard.consequent.body : [guard.consequent];
      const kept = [...everyFailure, ...exit];
      settle = splice(parent.range[0], parent.range[1], blockText(kept, parent, sourceCode));
    } else {
      if (counter) return undefined;
      // Unbounded: the give-up calls the function's own callback with the error, as its success path calls it with null.
      const done = doneParameter(fn, callback, failure, sourceCode);
      if (!done || !errorVariable) return undefined;
      maxAttempts = String(ctx.bound);
      addsBound = true;
      const indent = indentOf(reentry, sourceCode);
      settle = splice(parent.range[0], parent.range[1], blockText(everyFailure, parent, sourceCode, `${indent}return ${done}(${errorName});`));
    }
    onRetry = [...everyFailure, ...between];
    readsError = errorVariable !== undefined && onRetry.some((s) => readsVar(s, errorVariable));
  } else if (test.type === 'LogicalExpression' && test.operator === '&&' && test.left.type === 'Identifier' && test.left.name === errorName && reentry.type === 'ReturnStatement' && (parent === failure || (parent?.type === 'BlockStatement' && parent.body.length === 1))) {
    // `if (err && <attempts left>) return setTimeout(…);` and the code after it gives up (or succeeds).
    if (!counter) return undefined;
    const limit = continueAttempts(test.right, counter, sourceCode);
    if (!limit || !onlyReadIn(counter, [test.right, selfCall], sourceCode)) return undefined;
    maxAttempts = limit;
    const [from, to] = statementLines(failure, sourceCode);
    settle = splice(from, to, '');
  } else {
    return undefined;
  }
  const delay = delayOptions(site, sourceCode, fn, counter?.kind === 'closure' ? undefined : counter?.variable.name);
  if (!delay) return undefined;
  return {
    range: only.range,
    operation,
    callback,
    settle,
    errorName,
    readsError,
    onRetry,
    maxAttempts,
    addsBound,
    delay,
    removed: counter?.declaration ? [counter.declaration] : [],
  };
}

/** The name the function is called by: its declaration's, or the `const` it initialises. */
function functionName(fn: FunctionNode, sourceCode: SourceCode): { name: string; variable: Variable } | undefined {
  if (fn.type === 'FunctionDeclaration' && fn.id) {
    const variable = sourceCode.getDeclaredVariables(fn).find((v) => v.name === fn.id!.name);
    return variable && variable.defs.length === 1 ? { name: fn.id.name, variable } : undefined;
  }
  const declarator = fn.parent;
  if (declarator?.type === 'VariableDeclarator' && declarator.init === fn && declarator.id.type === 'Identifier' && declarator.parent.kind === 'const') {
    const variable = sourceCode.getDeclaredVariables(declarator).find((v) => v.name === (declarator.id as TSESTree.Identifier).name);
    return variable && variable.defs.length === 1 ? { name: variable.name, variable } : undefined;
  }
  return undefined;
}

/** `let attempts = 0` declared around the function (not the module), raised by 1 in the failure path before the guard. */
function closureCounter(guard: TSESTree.IfStatement, everyFailure: Statement[], fn: FunctionNode, sourceCode: SourceCode): Counter | undefined {
  const test = guard.test;
  if (test.type !== 'BinaryExpression' || test.left.type !== 'Identifier') return undefined;
  const variable = resolveVariable(test.left, sourceCode);
  const def = variable?.defs[0];
  if (!variable || variable.defs.length !== 1 || def?.type !== 'Variable' || def.parent.type !== 'VariableDeclaration' || def.parent.declarations.length !== 1) return undefined;
  if (within(def.node, fn) || variable.scope.type === 'module' || variable.scope.type === 'global') return undefined;
  const init = def.node.init;
  if (init?.type !== 'Literal' || typeof init.value !== 'number') return undefined;
  const update = everyFailure.find((s) => isRaise(s, variable.name));
  if (!update) return undefined;
  // Read and written nowhere else: the declaration, the raise, the guard.
  if (!variable.references.every((r) => r.init || within(r.identifier, update) || within(r.identifier, guard))) return undefined;
  return { variable, kind: 'closure', start: init.value, update, declaration: def.parent };
}

function isRaise(s: Statement, name: string): boolean {
  if (s.type !== 'ExpressionStatement') return false;
  const e = s.expression;
  if (e.type === 'UpdateExpression') return e.operator === '++' && e.argument.type === 'Identifier' && e.argument.name === name;
  if (e.type === 'AssignmentExpression' && e.left.type === 'Identifier' && e.left.name === name) {
    if (e.operator === '+=') return e.right.type === 'Literal' && e.right.value === 1;
    return e.operator === '=' && e.right.type === 'BinaryExpression' && e.right.operator === '+' && e.right.left.type === 'Identifier' && e.right.left.name === name && e.right.right.type === 'Literal' && e.right.right.value === 1;
  }
  return false;
}

/** The attempts a give-up test allows: `tries >= N` (counting up from the caller's), `left <= 0` (down), `attempts >= N` (closure). */
function guardAttempts(test: Node, counter: Counter, sourceCode: SourceCode): string | undefined {
  if (test.type !== 'BinaryExpression' || test.left.type !== 'Identifier' || test.left.name !== counter.variable.name) return undefined;
  const limit = test.right;
  const limitText = plainText(limit, sourceCode);
  if (limitText === undefined) return undefined;
  if (counter.kind === 'down') {
    const zero = (test.operator === '<=' && isNumber(limit, 0)) || (test.operator === '<' && isNumber(limit, 1));
    return zero ? `Math.max(1, ${counter.variable.name} + 1)` : undefined;
  }
  if (counter.kind === 'up') {
    if (test.operator === '>=') return `Math.max(1, ${plus(limit, limitText, 1)} - ${counter.variable.name})`;
    if (test.operator === '>') return `Math.max(1, ${plus(limit, limitText, 2)} - ${counter.variable.name})`;
    return undefined;
  }
  // Closure: raised before the test, from `start`: the test `c >= N` fails the (N - start)th failure.
  const start = counter.start ?? 0;
  const k = test.operator === '>=' ? -start : test.operator === '>' ? 1 - start : undefined;
  if (k === undefined) return undefined;
  return limit.type === 'Literal' && typeof limit.value === 'number' ? String(Math.max(1, limit.value + k)) : `Math.max(1, ${plus(limit, limitText, k)})`;
}

/** The attempts a test to go on allows: `n > 0` / `n >= 1` (down), `tries < N` (up). */
function continueAttempts(test: Node, counter: Counter, sourceCode: SourceCode): string | undefined {
  if (test.type !== 'BinaryExpression' || test.left.type !== 'Identifier' || test.left.name !== counter.variable.name) return undefined;
  const limitText = plainText(test.right, sourceCode);
  if (limitText === undefined) return undefined;
  if (counter.kind === 'down') return (test.operator === '>' && isNumber(test.right, 0)) || (test.operator === '>=' && isNumber(test.right, 1)) ? `Math.max(1, ${counter.variable.name} + 1)` : undefined;
  if (counter.kind === 'up' && test.operator === '<') return `Math.max(1, ${plus(test.right, limitText, 1)} - ${counter.variable.name})`;
  return undefined;
}

function isNumber(n: Node, value: number): boolean {
  return n.type === 'Literal' && n.value === value;
}

/** A literal, a name or a member read (`MAX_TRIES`, `opts.retries`): its text. */
function plainText(n: Node, sourceCode: SourceCode): string | undefined {
  if ((n.type === 'Literal' && typeof n.value === 'number') || n.type === 'Identifier' || (n.type === 'MemberExpression' && !n.computed)) return sourceCode.getText(n);
  return undefined;
}

function plus(n: Node, text: string, k: number): string {
  if (n.type === 'Literal' && typeof n.value === 'number') return String(n.value + k);
  return k === 0 ? text : `${text} ${k > 0 ? '+' : '-'} ${Math.abs(k)}`;
}

/** The counter is read only by the tests the rewrite drops and the way back in. */
function onlyReadIn(counter: Counter, places: (Node | undefined)[], _sourceCode: SourceCode): boolean {
  const where = places.filter((p): p is Node => p !== undefined);
  if (counter.update) where.push(counter.update);
  return counter.variable.references.every((r) => r.init || where.some((p) => within(r.identifier, p)));
}

function readsVar(node: Node, variable: Variable): boolean {
  return variable.references.some((r) => within(r.identifier, node));
}

/** Reads a parameter of the callback other than the error (onRetry sees the error only). */
function readsOther(node: Node, callback: FunctionNode, errorName: string, sourceCode: SourceCode): boolean {
  return sourceCode.getDeclaredVariables(callback).some((v) => v.name !== errorName && readsVar(node, v));
}

/**
 * The function's own callback: a parameter the callback's success path calls with `null` (or
 * `undefined`) first, named by no other code of the failure branch.
 */
function doneParameter(fn: FunctionNode, callback: FunctionNode, failure: TSESTree.IfStatement, sourceCode: SourceCode): string | undefined {
  for (const p of fn.params) {
    if (p.type !== 'Identifier') continue;
    const variable = sourceCode.getDeclaredVariables(fn).find((v) => v.name === p.name);
    const calls = variable?.references.filter((r) => within(r.identifier, callback) && !within(r.identifier, failure)) ?? [];
    const called = calls.some((r) => {
      const call = r.identifier.parent;
      const first = call?.type === 'CallExpression' && call.callee === r.identifier ? call.arguments[0] : undefined;
      return first !== undefined && ((first.type === 'Literal' && first.value === null) || (first.type === 'Identifier' && first.name === 'undefined'));
    });
    if (called) return p.name;
  }
  return undefined;
}

/** A block of `statements` (and `extra`) in the layout of `block`. */
function blockText(statements: Statement[], block: TSESTree.BlockStatement, sourceCode: SourceCode, extra?: string): string {
  const closing = /^\s*/.exec(sourceCode.lines[block.loc.end.line - 1] ?? '')?.[0] ?? '';
  const inner = `${closing}  `;
  const lines = statements.map((s) => inner + reindent(sourceCode.getText(s), indentOf(s, sourceCode), inner));
  if (extra !== undefined) lines.push(extra);
  return `{\n${lines.join('\n')}\n${closing}}`;
}

function render(plan: CallbackPlan, sourceCode: SourceCode): string {
  const indent = indentOf(plan.operation, sourceCode);
  const inner = `${indent}  `;
  const op = plan.operation;
  const opText = sourceCode.text.slice(op.range[0], plan.callback.range[0]) + '(...results) => (results[0] ? reject(results[0]) : resolve(results))' + sourceCode.text.slice(plan.callback.range[1], op.range[1]);
  const lines = [
    `const settle = ${plan.settle};`,
    `${indent}retry(() => new Promise((resolve, reject) => {`,
    `${inner}${reindent(opText, indent, inner)};`,
    `${indent}}), {`,
    `${inner}maxAttempts: ${plan.maxAttempts},`,
    ...delayLines(plan.delay, inner),
    `${inner}shouldRetry: () => true,`,
  ];
  if (plan.onRetry.length > 0) {
    const e = plan.errorName;
    lines.push(`${inner}onRetry: (${plan.readsError ? (e === 'error' ? '{ error }' : `{ error: ${e} }`) : ''}) => {`);
    for (const s of plan.onRetry) lines.push(`${inner}  ${reindent(sourceCode.getText(s), indentOf(s, sourceCode), `${inner}  `)}`);
    lines.push(`${inner}},`);
  }
  lines.push(`${inner}rejectWith: 'last-error',`, `${indent}}).then((results) => settle(...results), (error) => settle(error));`);
  return lines.join('\n');
}
