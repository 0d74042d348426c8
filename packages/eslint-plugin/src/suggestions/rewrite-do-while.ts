import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { containsExit, declaresHoisted, ERROR, isAwaitOf, MARKER, startWithComments } from './rewrite-checked.js';
import {
  alwaysLeaves,
  containsReturn,
  declarationsToRemove,
  delayOptions,
  enclosingFunction,
  jumpsOut,
  reindent,
  returnsUnawaitedCall,
  type RewriteContext,
} from './rewrite-loop.js';
import { delayLines, loopRewrite, triedAttempt } from './rewrite-render.js';
import { attemptParameter, nameTaken, resolveVariable, type Variable } from './rewrite-scope.js';
import { indentOf, within } from './text.js';
import type { Node, SourceCode, Suggestion } from './types.js';

type Statement = TSESTree.Statement;

/**
 * `do … while` retries, counted by a `let c = 0 or 1` declared before the loop, in two forms:
 *
 *     do {                                          // checked
 *       if (c > 0) await sleep(d);                  //   the wait before every attempt but the first
 *       …; res = await fetch(…);
 *     } while (!res.ok && ++c < N);                 //   failure && the count
 *     [code after the loop]                         //   stays: it sees the last attempt's values
 *
 *     do {                                          // caught
 *       c++;
 *       try { …; return …; }                        //   leaves on every path
 *       catch (err) { [lastError = err;] [log(…);] await sleep(d); }
 *     } while (c < N);
 *     throw lastError;                              //   retry()'s own rejection (last-error)
 *
 * The checked form's failure test becomes `if (failure) throw tryAgain` at the end of the
 * attempt, only that marker is retried, and once the attempts run out the marker is dropped so
 * that the code after the loop runs as it did. The bound must be a number (a do…while runs at
 * least once, retry() refuses fewer than one attempt).
 */
export function rewriteDoWhile(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'loop' || site.abortAware || site.deadlineBound || site.node.type !== 'DoWhileStatement') return undefined;
  return loopRewrite(site, ctx, planCache, planDoWhile, render);
}

const planCache = new WeakMap<RetrySite, DoWhilePlan | null>();

interface DoWhilePlan {
  form: 'checked' | 'caught';
  loop: TSESTree.DoWhileStatement;
  end: number;
  /** checked: the attempt's code, a range of the body. */
  slice: [number, number];
  /** caught: the try block. */
  tried: TSESTree.BlockStatement | undefined;
  bodyIndent: string;
  /** checked: the failure test, thrown on as the marker. */
  failure: Node | undefined;
  /** caught: side effects of every failure, kept in a catch that rethrows `errorName`. */
  effects: Statement[];
  errorName: string | undefined;
  counter: { name: string; offset: number } | undefined;
  maxAttempts: string;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  removed: TSESTree.VariableDeclaration[];
  text?: string;
}

function planDoWhile(site: RetrySite, ctx: RewriteContext): DoWhilePlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const loop = site.node as TSESTree.DoWhileStatement;
  const fn = enclosingFunction(loop);
  if (!fn?.async || fn.generator || fn.body?.type !== 'BlockStatement' || loop.parent !== fn.body || loop.body.type !== 'BlockStatement') return undefined;
  const block = fn.body;
  for (const name of ['retry', MARKER, ERROR, 'attemptNumber']) {
    if (nameTaken(fn, loop, name, sourceCode)) return undefined;
  }
  const shape = checkedShape(loop, site, sourceCode) ?? caughtShape(loop, site, block, sourceCode);
  if (!shape) return undefined;
  const { counter, start, limit } = shape;
  if (limit <= start) return undefined;
  for (const node of shape.kept) {
    if (jumpsOut(node, loop, keys) || declaresHoisted(node, keys)) return undefined;
    // checked: the code after the loop stays after `await retry(…)`, so a `return` in the
    // attempt would return from the attempt only and let that code run.
    if (shape.form === 'checked' && containsReturn(node, keys)) return undefined;
  }
  // The counter: declared `let c = 0 or 1` in the function's body, used only by the loop.
  const def = counter.defs[0];
  if (counter.defs.length !== 1 || def?.type !== 'Variable' || def.parent.type !== 'VariableDeclaration' || def.parent.kind !== 'let' || def.parent.parent !== block) return undefined;
  if (counter.references.some((ref) => !ref.init && !within(ref.identifier, loop))) return undefined;
  if (counter.references.some((ref) => ref.isWrite() && !ref.init && !shape.dropped.some((u) => within(ref.identifier, u)))) return undefined;
  const keptReads = counter.references.some((ref) => !ref.init && shape.kept.some((k) => within(ref.identifier, k)) && !shape.dropped.some((u) => within(ref.identifier, u)));
  const removed = declarationsToRemove(block, loop, shape.end, [counter.name, shape.lastError?.name], sourceCode);
  if (!removed) return undefined;
  const delay = delayOptions(site, sourceCode, loop, counter.name);
  if (!delay) return undefined;
  return {
    form: shape.form,
    loop,
    end: shape.end,
    slice: shape.slice,
    tried: shape.tried,
    bodyIndent: shape.bodyIndent,
    failure: shape.failure,
    effects: shape.effects,
    errorName: shape.errorName,
    counter: keptReads ? { name: counter.name, offset: shape.offset } : undefined,
    maxAttempts: String(limit - start),
    delay,
    removed,
  };
}

interface Shape {
  form: 'checked' | 'caught';
  counter: Variable;
  start: number;
  limit: number;
  /** The counter's value in attempt k is k + offset. */
  offset: number;
  /** The loop's own uses of the counter, which the rewrite drops (its update, its tests). */
  dropped: Node[];
  /** Code the attempt keeps. */
  kept: Node[];
  slice: [number, number];
  tried: TSESTree.BlockStatement | undefined;
  bodyIndent: string;
  end: number;
  failure: Node | undefined;
  effects: Statement[];
  errorName: string | undefined;
  lastError: Variable | undefined;
}

/** `do { if (c > 0) await sleep(d); … } while (failure && ++c < N);` with `let c = 0`. */
function checkedShape(loop: TSESTree.DoWhileStatement, site: RetrySite, sourceCode: SourceCode): Shape | undefined {
  const test = loop.test;
  if (test.type !== 'LogicalExpression' || test.operator !== '&&') return undefined;
  const count = test.right;
  if (count.type !== 'BinaryExpression' || count.operator !== '<' || count.left.type !== 'UpdateExpression' || !count.left.prefix || count.left.operator !== '++') return undefined;
  const counterId = count.left.argument;
  if (counterId.type !== 'Identifier' || count.right.type !== 'Literal' || typeof count.right.value !== 'number') return undefined;
  const counter = resolveVariable(counterId, sourceCode);
  const start = initialValue(counter);
  if (!counter || start !== 0) return undefined;
  const body = (loop.body as TSESTree.BlockStatement).body;
  const [wait, first] = body;
  // The wait before every attempt but the first: `if (c > 0)` with c = k - 1 in attempt k.
  if (!site.sleep || wait?.type !== 'IfStatement' || wait.alternate || !first) return undefined;
  const waitTest = wait.test;
  const waitOnly = wait.consequent.type === 'BlockStatement' && wait.consequent.body.length === 1 ? wait.consequent.body[0] : wait.consequent;
  const afterFirst = waitTest.type === 'BinaryExpression' && waitTest.operator === '>' && waitTest.left.type === 'Identifier' && resolveVariable(waitTest.left, sourceCode) === counter && waitTest.right.type === 'Literal' && waitTest.right.value === 0;
  if (!afterFirst || !waitOnly || !isAwaitOf(waitOnly, site.sleep)) return undefined;
  // The failure test reads no counter (it is gone) and the code after the loop stays as it is.
  if (counter.references.some((ref) => within(ref.identifier, test.left))) return undefined;
  const rest = body.slice(1);
  const last = rest[rest.length - 1] as Statement;
  return {
    form: 'checked', counter, start, limit: count.right.value, offset: -1, dropped: [count.left, waitTest],
    kept: [...rest, test.left], slice: [startWithComments(first, sourceCode), last.range[1]], tried: undefined, bodyIndent: indentOf(first, sourceCode),
    end: loop.range[1], failure: test.left, effects: [], errorName: undefined, lastError: undefined,
  };
}

/** `do { c++; try { … } catch (err) { [lastError = err;] …; await sleep(d); } } while (c < N); throw lastError;` */
function caughtShape(loop: TSESTree.DoWhileStatement, site: RetrySite, block: TSESTree.BlockStatement, sourceCode: SourceCode): Shape | undefined {
  const test = loop.test;
  if (test.type !== 'BinaryExpression' || test.operator !== '<' || test.left.type !== 'Identifier' || test.right.type !== 'Literal' || typeof test.right.value !== 'number') return undefined;
  const counter = resolveVariable(test.left, sourceCode);
  const start = initialValue(counter);
  if (!counter || start === undefined) return undefined;
  const body = (loop.body as TSESTree.BlockStatement).body;
  const [increment, tryStatement] = body;
  const counts = increment?.type === 'ExpressionStatement' && increment.expression.type === 'UpdateExpression' && increment.expression.operator === '++' && increment.expression.argument.type === 'Identifier' && resolveVariable(increment.expression.argument, sourceCode) === counter;
  if (!counts || body.length !== 2 || tryStatement?.type !== 'TryStatement' || !tryStatement.handler || tryStatement.finalizer) return undefined;
  const param = tryStatement.handler.param;
  if (param?.type !== 'Identifier' || !site.sleep) return undefined;
  // Falling out of the try would go round again without a failure: every path must leave.
  if (!alwaysLeaves(tryStatement.block) || returnsUnawaitedCall(tryStatement.block, sourceCode.visitorKeys)) return undefined;
  const handled = [...tryStatement.handler.body.body];
  const wait = handled.pop();
  if (!wait || !isAwaitOf(wait, site.sleep)) return undefined;
  // `lastError = err;` first, its variable thrown right after the loop and read nowhere else.
  let lastError: Variable | undefined;
  const first = handled[0];
  if (first?.type === 'ExpressionStatement' && first.expression.type === 'AssignmentExpression' && first.expression.operator === '=' && first.expression.left.type === 'Identifier' && first.expression.right.type === 'Identifier' && first.expression.right.name === param.name) {
    lastError = resolveVariable(first.expression.left, sourceCode);
    handled.shift();
  }
  const after = block.body[block.body.indexOf(loop) + 1];
  const throwsLast = after?.type === 'ThrowStatement' && after.argument.type === 'Identifier' && lastError !== undefined && resolveVariable(after.argument, sourceCode) === lastError && block.body.indexOf(after) === block.body.length - 1;
  if (!throwsLast || !lastError) return undefined;
  const lastErrorVariable = lastError;
  if (lastErrorVariable.references.some((ref) => !ref.init && !within(ref.identifier, first as Node) && !within(ref.identifier, after))) return undefined;
  // Side effects of every failure stay in the attempt (a catch that rethrows): they may read the counter.
  if (handled.some((s) => containsExit(s, sourceCode.visitorKeys))) return undefined;
  const tried = tryStatement.block;
  return {
    form: 'caught', counter, start, limit: test.right.value, offset: start, dropped: [increment.expression, test.left],
    kept: [tried, ...handled], slice: [tried.range[0], tried.range[1]], tried, bodyIndent: indentOf(tried.body[0] ?? tried, sourceCode),
    end: after.range[1], failure: undefined, effects: handled, errorName: param.name, lastError: lastErrorVariable,
  };
}

function initialValue(variable: Variable | undefined): number | undefined {
  const def = variable?.defs[0];
  if (def?.type !== 'Variable') return undefined;
  const init = def.node.init;
  return init?.type === 'Literal' && (init.value === 0 || init.value === 1) ? init.value : undefined;
}

function render(plan: DoWhilePlan, sourceCode: SourceCode): string {
  const indent = indentOf(plan.loop, sourceCode);
  const inner = `${indent}  `;
  const text = sourceCode.text;
  const { parameter, prologue } = attemptParameter(plan.counter, inner);
  const lines: string[] = [];
  if (plan.form === 'checked') {
    lines.push(`const ${MARKER} = new Error('try again');`, `${indent}await retry(async (${parameter}) => {`, ...prologue);
    lines.push(inner + reindent(text.slice(plan.slice[0], plan.slice[1]), plan.bodyIndent, inner));
    lines.push(`${inner}if (${sourceCode.getText(plan.failure as Node)}) throw ${MARKER};`);
  } else {
    lines.push(`return retry(async (${parameter}) => {`, ...prologue);
    lines.push(...triedAttempt(plan.tried as TSESTree.BlockStatement, plan.effects, plan.errorName as string, inner, sourceCode));
  }
  lines.push(`${indent}}, {`, `${inner}maxAttempts: ${plan.maxAttempts},`);
  lines.push(...delayLines(plan.delay, inner));
  if (plan.form === 'checked') {
    lines.push(`${inner}shouldRetry: (${ERROR}) => ${ERROR} === ${MARKER},`, `${inner}rejectWith: 'last-error',`);
    // Out of attempts: the code after the loop decides, as it did.
    lines.push(`${indent}}).catch((${ERROR}) => {`, `${inner}if (${ERROR} !== ${MARKER}) throw ${ERROR};`, `${indent}});`);
  } else {
    lines.push(`${inner}shouldRetry: () => true,`, `${inner}rejectWith: 'last-error',`, `${indent}});`);
  }
  return lines.join('\n');
}
