import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { containsExit } from './rewrite-checked.js';
import { nameTaken, resolveVariable, type Variable } from './rewrite-scope.js';
import { containsAwait, delayOptions, reindent, returnsUnawaitedCall, walk, type RewriteContext } from './rewrite-loop.js';
import { delayLines, planForBound, rewriteSuggestion } from './rewrite-render.js';
import { indentOf, within } from './text.js';
import type { Node, SourceCode, Suggestion } from './types.js';
import { selfCallAt } from './wait-before-retry.js';

type Statement = TSESTree.Statement;
type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

/**
 * A function that retries by calling itself again with the same arguments (and its counter one
 * up), in one of two shapes:
 *
 *     async function f(a, b, attempt = 0) {          // `try`: an async function
 *       [if (cached) return cached;]                  //   guards without calls, re-checked per attempt
 *       try { … } catch (err) {
 *         [if (attempt >= N) throw err;]              //   the bound (none: the rewrite adds one)
 *         [log(…);]                                   //   side effects
 *         [await sleep(d);]
 *         return f(a, b, attempt + 1);
 *       }
 *     }
 *
 *     function f(a, attempt = 1) {                    // `.catch`: the function returns a promise chain
 *       return op(a).catch((err) => {
 *         [if (attempt >= N) throw err;] [log(…);]
 *         return f(a, attempt + 1);                    //   or sleep(d).then(() => f(a, attempt + 1))
 *       });
 *     }
 *
 * The function's body becomes `return retry(…)` with the attempt being what one call did before
 * the self-call: the same calls, the same value, the last error (`rejectWith: 'last-error'`).
 * The counter parameter stays (callers may pass it): attempts left are `N + 1 - attempt`, at
 * least one (a counter passed at or past the bound still made one call).
 * Refused: other arguments than the parameters passed on, a counter read elsewhere, a second
 * self-call, a classifier or other throw in the catch, an awaited side effect before another
 * attempt, a returned promise not awaited in the `try` (its rejection was never retried).
 */
export function rewriteRecursion(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  // Back in through a second function: the attempt is spread over two functions, not one body to rewrite.
  // Through a library (an interceptor re-sending the request): the function does not call itself.
  if (site.kind !== 'recursion' || site.through || site.viaLibrary || site.abortAware || site.deadlineBound) return undefined;
  const plan = planForBound(planCache, site, ctx.bound, () => planRecursion(site, ctx));
  if (!plan) return undefined;
  return rewriteSuggestion(ctx, plan.range, () => (plan.text ??= render(plan, ctx)), [], plan.addsBound ? ` (stops after ${ctx.bound} attempts)` : '');
}

const planCache = new WeakMap<RetrySite, Map<number, RecursionPlan | null>>();

interface RecursionPlan {
  shape: 'try' | 'catch';
  fn: FunctionNode;
  /** What the rewrite replaces: the function body's statements, or the returned chain. */
  range: [number, number];
  /** `try`: guards kept at the top of the attempt. */
  pre: Statement[];
  /** `try`: the try block; `catch`: the promise the chain catches on. */
  attempt: Node;
  /** The catch parameter, when the kept side effects read it. */
  errorName: string | undefined;
  /** Side effects on every failure (kept in a catch of the attempt that rethrows). */
  everyFailure: Statement[];
  /** `catch`: the callback's block, which keeps the side effects and rethrows its parameter. */
  callbackBody: TSESTree.BlockStatement | undefined;
  callbackParam: string | undefined;
  /** `.then(onValue, onError)`: onValue, applied after retry(). */
  onValue: Node | undefined;
  /** Side effects only before another attempt (after the give-up guard): onRetry. */
  betweenAttempts: Statement[];
  maxAttempts: string;
  addsBound: boolean;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  text?: string;
}

function planRecursion(site: RetrySite, ctx: RewriteContext): RecursionPlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const fn = site.node;
  if (fn.type !== 'FunctionDeclaration' && fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') return undefined;
  if (fn.generator) return undefined;
  const call = selfCallAt(site, sourceCode);
  if (!call || !isOnlySelfCall(call, fn, sourceCode)) return undefined;
  if (readsOwnThisOrArguments(fn, sourceCode)) return undefined;
  const params = parameters(fn);
  if (!params) return undefined;
  const counter = counterArgument(call, params, sourceCode);
  if (counter === null) return undefined;
  for (const name of ['retry', 'error']) if (nameTaken(fn, fn, name, sourceCode)) return undefined;

  const shape = fn.async && fn.body.type === 'BlockStatement' ? tryShape(fn, call, sourceCode) : catchShape(fn, call, sourceCode);
  if (!shape) return undefined;
  const { handler } = shape;
  // The handler: [guard] [effects] [await sleep] return-self (a `.then` wait is in the return).
  const statements = handler.type === 'BlockStatement' ? [...handler.body] : [];
  const exit = statements.pop();
  if (handler.type === 'BlockStatement' && (exit?.type !== 'ReturnStatement' || !exit.argument || !isSelfOrWaitThenSelf(exit.argument, call, site))) return undefined;
  if (handler.type !== 'BlockStatement' && !isSelfOrWaitThenSelf(handler, call, site)) return undefined;
  const errorName = shape.param?.name;
  let guard: TSESTree.IfStatement | undefined;
  if (statements[0] && isGuard(statements[0], errorName)) guard = statements.shift() as TSESTree.IfStatement;
  const last = statements[statements.length - 1];
  if (last && site.sleep && within(site.sleep, last)) {
    if (shape.kind !== 'try' || !isAwaitOf(last, site.sleep)) return undefined;
    statements.pop();
  }
  const effects = statements;
  for (const s of effects) {
    if (containsExit(s, keys) || (counter && readsVariable(s, counter.variable))) return undefined;
  }
  if (guard && effects.some((s) => containsAwait(s, keys))) return undefined;
  // Kept in the callback, which must then rethrow what it was given (a `.catch` of its own:
  // not with `.then(onValue, …)`, whose handler did not see onValue's errors).
  if (shape.kind === 'catch' && !guard && effects.length > 0 && (!errorName || shape.onValue)) return undefined;

  // The bound: `if (attempt >= N) throw err` with the self-call passing `attempt + 1`, or none.
  let maxAttempts: string;
  let addsBound = false;
  if (guard && counter) {
    const limit = guardLimit(guard, counter.name);
    if (!limit) return undefined;
    const text = sourceCode.getText(limit);
    // A caller may pass a counter at or past the bound: the function then makes one call and
    // rethrows its failure, where maxAttempts below 1 would reject with a RangeError unsent.
    const left = limit.type === 'Literal' && typeof limit.value === 'number' ? `${limit.value + 1} - ${counter.name}` : `${limit.type === 'Identifier' || limit.type === 'MemberExpression' ? text : `(${text})`} + 1 - ${counter.name}`;
    maxAttempts = `Math.max(1, ${left})`;
  } else if (!guard && !counter) {
    maxAttempts = String(ctx.bound);
    addsBound = true;
  } else {
    return undefined;
  }
  // The counter is read by the guard and the self-call only.
  if (counter && counter.variable.references.some((ref) => !ref.init && !within(ref.identifier, guard as Node) && !within(ref.identifier, call))) return undefined;
  const delay = delayOptions(site, sourceCode, fn, counter?.name);
  if (!delay) return undefined;
  const readsError = (s: Node) => shape.paramVariable !== undefined && readsVariable(s, shape.paramVariable);
  return {
    shape: shape.kind,
    fn,
    range: shape.range,
    pre: shape.pre,
    attempt: shape.attempt,
    errorName: effects.some(readsError) ? errorName : undefined,
    everyFailure: guard ? [] : effects,
    callbackBody: shape.kind === 'catch' && shape.handler.type === 'BlockStatement' ? shape.handler : undefined,
    callbackParam: errorName,
    onValue: shape.onValue,
    betweenAttempts: guard ? effects : [],
    maxAttempts,
    addsBound,
    delay,
  };
}

interface Shape {
  kind: 'try' | 'catch';
  range: [number, number];
  pre: Statement[];
  attempt: Node;
  handler: Node;
  param: TSESTree.Identifier | undefined;
  paramVariable: Variable | undefined;
  /** `.then(onValue, …)`: applied to retry()'s value. */
  onValue?: Node | undefined;
}

/** `async function f(…) { [guards] try { … } catch (err) { … return f(…); } }`. */
function tryShape(fn: FunctionNode, call: TSESTree.CallExpression, sourceCode: SourceCode): Shape | undefined {
  const keys = sourceCode.visitorKeys;
  if (fn.body.type !== 'BlockStatement') return undefined;
  const body = fn.body.body;
  const tryStatement = body[body.length - 1];
  if (tryStatement?.type !== 'TryStatement' || !tryStatement.handler || tryStatement.finalizer || !within(call, tryStatement.handler)) return undefined;
  const param = tryStatement.handler.param;
  if (param && param.type !== 'Identifier') return undefined;
  // The try's promise returned without await was never caught here: retry() would retry it.
  if (returnsUnawaitedCall(tryStatement.block, keys)) return undefined;
  const pre = body.slice(0, -1);
  if (!pre.every((s) => isPureGuard(s, sourceCode))) return undefined;
  const first = body[0] as Statement;
  return {
    kind: 'try',
    range: [first.range[0], tryStatement.range[1]],
    pre,
    attempt: tryStatement.block,
    handler: tryStatement.handler.body,
    param: param ?? undefined,
    paramVariable: param ? sourceCode.getDeclaredVariables(tryStatement.handler)[0] : undefined,
  };
}

/**
 * `return op(…).catch((err) => …)` as the whole body (or an arrow's expression), or
 * `op(…).then(onValue, (err) => …)`: its rejection handler sees op's errors only, so op is the
 * attempt and `onValue` runs once on retry()'s value, as it ran once on the call that succeeded.
 */
function catchShape(fn: FunctionNode, call: TSESTree.CallExpression, sourceCode: SourceCode): Shape | undefined {
  let chain: Node | undefined;
  if (fn.body.type === 'BlockStatement') {
    const only = fn.body.body.length === 1 ? fn.body.body[0] : undefined;
    chain = only?.type === 'ReturnStatement' ? (only.argument ?? undefined) : undefined;
  } else {
    chain = fn.body;
  }
  if (chain?.type !== 'CallExpression' || chain.callee.type !== 'MemberExpression' || chain.callee.computed || chain.optional) return undefined;
  const property = chain.callee.property;
  const isCatch = property.type === 'Identifier' && property.name === 'catch' && chain.arguments.length === 1;
  const isThen = property.type === 'Identifier' && property.name === 'then' && chain.arguments.length === 2;
  if (!isCatch && !isThen) return undefined;
  const onValue = isThen ? chain.arguments[0] : undefined;
  const callback = chain.arguments[isThen ? 1 : 0];
  if (onValue && (onValue.type === 'SpreadElement' || within(call, onValue))) return undefined;
  if (callback?.type !== 'ArrowFunctionExpression' && callback?.type !== 'FunctionExpression') return undefined;
  if (callback.async || callback.params.length > 1 || (callback.params[0] && callback.params[0].type !== 'Identifier')) return undefined;
  const operation = chain.callee.object;
  if (within(call, operation) || !within(call, callback)) return undefined;
  const param = callback.params[0] as TSESTree.Identifier | undefined;
  return {
    kind: 'catch',
    range: chain.range,
    pre: [],
    attempt: operation,
    handler: callback.body,
    param,
    paramVariable: param ? sourceCode.getDeclaredVariables(callback).find((v) => v.name === param.name) : undefined,
    onValue: onValue as Node | undefined,
  };
}

/**
 * A function (not an arrow) that reads its own `this` or `arguments`: the self-call `f(…)` ran
 * with `this` undefined and only the parameters as `arguments`, where the attempt moved into an
 * arrow keeps the first call's for every attempt.
 */
export function readsOwnThisOrArguments(fn: FunctionNode, sourceCode: SourceCode): boolean {
  if (fn.type === 'ArrowFunctionExpression') return false;
  if ((sourceCode.getScope(fn).set.get('arguments')?.references.length ?? 0) > 0) return true;
  const stack: Node[] = [fn.body];
  while (stack.length > 0) {
    const n = stack.pop() as Node;
    if (n.type === 'ThisExpression') return true;
    if (n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration' || n.type === 'ClassBody') continue;
    for (const key of sourceCode.visitorKeys[n.type] ?? []) {
      const value = (n as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as Node).type === 'string') stack.push(child as Node);
      }
    }
  }
  return false;
}

/** The self-call is the only use of the function's name inside it, and the name is never reassigned. */
function isOnlySelfCall(call: TSESTree.CallExpression, fn: FunctionNode, sourceCode: SourceCode): boolean {
  if (call.callee.type !== 'Identifier' || call.optional) return false;
  const variable = resolveVariable(call.callee, sourceCode);
  const def = variable?.defs[0];
  if (!variable || variable.defs.length !== 1 || !def) return false;
  const names = def.type === 'FunctionName' ? def.node === fn : def.type === 'Variable' && def.node.init === fn && def.parent.type === 'VariableDeclaration' && def.parent.kind === 'const';
  if (!names) return false;
  return variable.references.every((ref) => ref.init || !within(ref.identifier, fn) || ref.identifier === call.callee) && !variable.references.some((ref) => ref.isWrite() && !ref.init);
}

interface Param {
  name: string;
  /** The default's numeric literal, for a counter. */
  start: number | undefined;
}

/** Plain parameters (`a`, `a = 1`): anything else (patterns, rest) is refused. */
function parameters(fn: FunctionNode): Param[] | undefined {
  const out: Param[] = [];
  for (const p of fn.params) {
    const id = p.type === 'AssignmentPattern' ? p.left : p;
    if (id.type !== 'Identifier') return undefined;
    const init = p.type === 'AssignmentPattern' ? p.right : undefined;
    out.push({ name: id.name, start: init?.type === 'Literal' && typeof init.value === 'number' ? init.value : undefined });
  }
  return out;
}

/**
 * The self-call passes every parameter on unchanged but one counter, passed as `counter + 1`:
 * that counter (undefined when there is none), or null when the arguments are anything else.
 */
function counterArgument(call: TSESTree.CallExpression, params: Param[], sourceCode: SourceCode): { name: string; variable: Variable } | undefined | null {
  if (call.arguments.length !== params.length) return null;
  let counter: { name: string; variable: Variable } | undefined;
  for (let i = 0; i < params.length; i++) {
    const param = params[i] as Param;
    const arg = call.arguments[i];
    const variable = arg?.type === 'Identifier' ? resolveVariable(arg, sourceCode) : undefined;
    if (arg?.type === 'Identifier' && arg.name === param.name && isParameter(variable)) {
      // Passed on: it must hold the caller's value at the self-call.
      if (variable?.references.some((ref) => ref.isWrite() && !ref.init)) return null;
      continue;
    }
    if (arg?.type === 'BinaryExpression' && arg.operator === '+' && arg.left.type === 'Identifier' && arg.left.name === param.name && arg.right.type === 'Literal' && arg.right.value === 1 && !counter && param.start !== undefined) {
      const v = resolveVariable(arg.left, sourceCode);
      if (!v || !isParameter(v) || v.references.some((ref) => ref.isWrite() && !ref.init)) return null;
      counter = { name: param.name, variable: v };
      continue;
    }
    return null;
  }
  return counter;
}

function isParameter(variable: Variable | undefined): boolean {
  return variable?.defs.length === 1 && variable.defs[0]?.type === 'Parameter';
}

/** `if (counter >= N) throw err;`: N. */
function guardLimit(guard: TSESTree.IfStatement, counter: string): Node | undefined {
  const test = guard.test;
  if (test.type !== 'BinaryExpression' || test.operator !== '>=' || test.left.type !== 'Identifier' || test.left.name !== counter) return undefined;
  return test.right;
}

/** `if (…) throw err;` rethrowing the caught error. */
function isGuard(statement: Statement, errorName: string | undefined): boolean {
  if (statement.type !== 'IfStatement' || statement.alternate || !errorName) return false;
  const exit = statement.consequent.type === 'BlockStatement' && statement.consequent.body.length === 1 ? statement.consequent.body[0] : statement.consequent;
  return exit?.type === 'ThrowStatement' && exit.argument.type === 'Identifier' && exit.argument.name === errorName;
}

/** The self-call itself, or `sleep(d).then(() => self)` with the site's sleep. */
function isSelfOrWaitThenSelf(node: Node, call: TSESTree.CallExpression, site: RetrySite): boolean {
  if (node === call) return true;
  if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression' || node.callee.property.type !== 'Identifier' || node.callee.property.name !== 'then') return false;
  const then = node.arguments[0];
  return node.arguments.length === 1 && node.callee.object === site.sleep && (then?.type === 'ArrowFunctionExpression' && then.params.length === 0 && then.body === call);
}

function isAwaitOf(statement: Node, sleep: Node): boolean {
  return statement.type === 'ExpressionStatement' && statement.expression.type === 'AwaitExpression' && statement.expression.argument === sleep;
}

function readsVariable(node: Node, variable: Variable): boolean {
  return variable.references.some((ref) => within(ref.identifier, node));
}

/**
 * `if (t) return e;` with no call, `new` or `await` in it (`Date.now()` aside): it runs again
 * in every attempt as it did in every call, and cannot throw an error the rewrite would retry.
 */
function isPureGuard(statement: Statement, sourceCode: SourceCode): boolean {
  if (statement.type !== 'IfStatement' || statement.alternate) return false;
  const exit = statement.consequent.type === 'BlockStatement' && statement.consequent.body.length === 1 ? statement.consequent.body[0] : statement.consequent;
  if (exit?.type !== 'ReturnStatement') return false;
  let pure = true;
  walk(statement, sourceCode.visitorKeys, (n) => {
    if (n.type === 'AwaitExpression' || n.type === 'NewExpression' || n.type === 'AssignmentExpression' || n.type === 'UpdateExpression') pure = false;
    if (n.type === 'CallExpression' && !isDateNow(n, sourceCode)) pure = false;
    return pure;
  });
  return pure;
}

/** `Date.now()` of the global Date (not a local binding of that name). */
function isDateNow(call: TSESTree.CallExpression, sourceCode: SourceCode): boolean {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.object.type !== 'Identifier' || callee.property.type !== 'Identifier') return false;
  if (callee.object.name !== 'Date' || callee.property.name !== 'now' || call.arguments.length !== 0) return false;
  // Unresolved, or the global TypeScript's scope manager declares from its lib (no definition in the code).
  return (resolveVariable(callee.object, sourceCode)?.defs.length ?? 0) === 0;
}

function render(plan: RecursionPlan, ctx: RewriteContext): string {
  const { sourceCode } = ctx;
  const e = plan.errorName ?? 'error';
  if (plan.shape === 'catch') {
    // `op(…).catch((err) => { effects; return f(…); })` → `retry(() => op(…).catch((err) => { effects; throw err; }), {…})`,
    // or `retry(() => op(…), {…})` when the callback did nothing but call again.
    const chain = plan.range;
    const indent = indentOf(plan.attempt, sourceCode);
    let attempt = sourceCode.getText(plan.attempt);
    if (plan.everyFailure.length > 0 && plan.callbackBody) {
      const inner = indentOf(plan.everyFailure[0] as Statement, sourceCode);
      const effects = plan.everyFailure.map((s) => inner + reindent(sourceCode.getText(s), indentOf(s, sourceCode), inner)).join('\n');
      // The closing brace keeps the indentation of its own line.
      const closing = /^\s*/.exec(sourceCode.lines[plan.callbackBody.loc.end.line - 1] ?? '')?.[0] ?? '';
      const body = `{\n${effects}\n${inner}throw ${plan.callbackParam ?? e};\n${closing}}`;
      attempt = sourceCode.text.slice(chain[0], plan.callbackBody.range[0]) + body + sourceCode.text.slice(plan.callbackBody.range[1], chain[1]);
    }
    const then = plan.onValue ? `.then(${sourceCode.getText(plan.onValue)})` : '';
    return `retry(() => ${attempt}, {\n${options(plan, `${indent}  `, sourceCode).join('\n')}\n${indent}})${then}`;
  }
  const indent = indentOf(plan.pre[0] ?? plan.attempt.parent ?? plan.attempt, sourceCode);
  const inner = `${indent}  `;
  const lines = [`return retry(async () => {`];
  for (const s of plan.pre) lines.push(inner + reindent(sourceCode.getText(s), indentOf(s, sourceCode), inner));
  const block = plan.attempt as TSESTree.BlockStatement;
  const first = block.body[0];
  const tryText = sourceCode.text.slice((sourceCode.getFirstToken(block)?.range[1] ?? block.range[0] + 1), (sourceCode.getLastToken(block)?.range[0] ?? block.range[1] - 1)).replace(/^\s*\n/, '').replace(/\s+$/, '').replace(/^[ \t]+/, '');
  const tryIndent = first ? indentOf(first, sourceCode) : inner;
  if (plan.everyFailure.length > 0) {
    lines.push(`${inner}try {`, `${inner}  ${reindent(tryText, tryIndent, `${inner}  `)}`, `${inner}} catch (${e}) {`);
    for (const s of plan.everyFailure) lines.push(`${inner}  ${reindent(sourceCode.getText(s), indentOf(s, sourceCode), `${inner}  `)}`);
    lines.push(`${inner}  throw ${e};`, `${inner}}`);
  } else {
    lines.push(inner + reindent(tryText, tryIndent, inner));
  }
  lines.push(`${indent}}, {`, ...options(plan, inner, sourceCode), `${indent}});`);
  return lines.join('\n');
}

function options(plan: RecursionPlan, inner: string, sourceCode: SourceCode): string[] {
  const lines = [`${inner}maxAttempts: ${plan.maxAttempts},`];
  lines.push(...delayLines(plan.delay, inner));
  lines.push(`${inner}shouldRetry: () => true,`);
  if (plan.betweenAttempts.length > 0) {
    const e = plan.errorName;
    lines.push(`${inner}onRetry: (${e ? (e === 'error' ? '{ error }' : `{ error: ${e} }`) : ''}) => {`);
    for (const s of plan.betweenAttempts) lines.push(`${inner}  ${reindent(sourceCode.getText(s), indentOf(s, sourceCode), `${inner}  `)}`);
    lines.push(`${inner}},`);
  }
  lines.push(`${inner}rejectWith: 'last-error',`);
  return lines;
}
