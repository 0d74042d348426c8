import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { attemptParameter, nameTaken, resolveVariable, stableIn, variableWrittenOnlyBy, type Variable } from './rewrite-scope.js';
import {
  alwaysLeaves,
  comparison,
  containsAwait,
  count,
  counterOf,
  declarationsToRemove,
  delayOptions,
  enclosingFunction,
  jumpsOut,
  offset,
  reindent,
  walk,
  type Loop,
  type RewriteContext,
} from './rewrite-loop.js';
import { indentOf, within } from './text.js';
import { delayLines, loopRewrite } from './rewrite-render.js';
import type { SourceCode, Suggestion } from './types.js';

type Node = TSESTree.Node;
type Statement = TSESTree.Statement;

/** The error an attempt throws when its result (not an exception) asks for another try. */
export const MARKER = 'tryAgain';
/** The parameter of the callbacks that tell the marker from a real error. */
export const ERROR = 'error';

/**
 * A counted loop that retries on a checked result rather than a caught exception:
 *
 *     for (let attempt = s; attempt < N; attempt++) {   // or <=; or `let c = s; while (c < N) { c++; … }`
 *       …                                              //   or `while (c++ < N)`
 *       if (res.ok) return …;                          // any code: a return or throw ends the loop
 *       [log(…);]
 *       [if (attempt < N - 1)] await sleep(d);         // the wait, last: falling through to it is a failure
 *     }
 *     [statements after the loop]                      // what happens once every attempt failed
 *
 * or with the failure branch written out and the rest of the body always leaving:
 *
 *       if (res.status >= 500) { [log(…);] await sleep(d); continue; }
 *       return res.ok;
 *
 * The attempt is the body, with the wait replaced by `throw tryAgain`: only that marker is
 * retried (`shouldRetry: (error) => error === tryAgain`), so any other error leaves at once as
 * it did; when the attempts run out retry() rejects with the marker (`rejectWith:
 * 'last-error'`) and a `.catch` runs the code that followed the loop. Variables the body
 * writes outside itself keep their last attempt's values for that code. Refused: a wait with
 * any other condition (it would move), a `break`/`continue` elsewhere, `var` in the body, a
 * counter written or read outside its loop, a limit the loop changes, `await` after the loop.
 */
export function rewriteCheckedLoop(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'loop' || site.abortAware || site.deadlineBound) return undefined;
  return loopRewrite(site, ctx, planCache, planChecked, render);
}

/** One plan per site: the analysis caches sites by AST, and every rule reporting the loop asks. */
const planCache = new WeakMap<RetrySite, CheckedPlan | null>();

interface CheckedPlan {
  loop: Loop;
  /** End of the replaced text: the loop, or the function's last statement after it. */
  end: number;
  /** The attempt's code: this range of the loop body, with the replacements made. */
  slice: [number, number];
  /** Where the wait was, the marker throw (the wait and its `continue`, or the trailing wait). */
  replacements: { range: [number, number]; text: string }[];
  /** The marker throw goes after the slice (the wait was last, or there was none). */
  appendThrow: boolean;
  /** The indentation of the body's statements, which the attempt re-indents. */
  bodyIndent: string;
  /** The counter, when the kept code reads it: its value is retry()'s attempt + offset. */
  counter: { name: string; offset: number } | undefined;
  maxAttempts: string;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  after: Statement[];
  removed: TSESTree.VariableDeclaration[];
  text?: string;
}

interface Counted {
  name: string;
  variable: Variable;
  /** The counter's value in attempt k (1-based) is k + offset. */
  offset: number;
  attempts: string;
  limit: Node;
  /** The writes of the counter the loop itself makes (its update), dropped with it. */
  updates: Node[];
  /** `c++;` as the body's first statement (while form): dropped. */
  increment: Statement | undefined;
}

function planChecked(site: RetrySite, ctx: RewriteContext): CheckedPlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const loop = site.node;
  if (loop.type !== 'ForStatement' && loop.type !== 'WhileStatement') return undefined;
  if (loop.body.type !== 'BlockStatement') return undefined;
  const fn = enclosingFunction(loop);
  if (!fn?.async || fn.generator || fn.body?.type !== 'BlockStatement' || loop.parent !== fn.body) return undefined;
  const block = fn.body;
  const counted = countedLoop(loop, block, sourceCode);
  if (!counted) return undefined;
  if (!stableIn(counted.limit, loop, sourceCode)) return undefined;
  // Every write of the counter is the loop's own update, and nothing outside the loop reads it.
  if (!variableWrittenOnlyBy(counted.variable, counted.updates, loop)) return undefined;

  const body = loop.body.body;
  const statements = counted.increment ? body.slice(1) : body;
  const first = statements[0];
  if (!first) return undefined;
  const replacements: CheckedPlan['replacements'] = [];
  let sliceEnd: number;
  let appendThrow = true;
  /** Code the rewrite drops: the wait (with its condition) and the `continue`. */
  let dropped: Node[] = [];
  let kept: Node[] = statements;
  if (!site.sleep) {
    if (site.policy.delay.kind !== 'none') return undefined;
    sliceEnd = (statements[statements.length - 1] as Statement).range[1];
  } else {
    const sleep = site.sleep;
    const waitStatement = statements.find((s) => within(sleep, s));
    if (!waitStatement) return undefined;
    const last = waitStatement === statements[statements.length - 1];
    if (last && isWaitBetweenAttempts(waitStatement, sleep, counted, loop, sourceCode)) {
      sliceEnd = waitStatement.range[0];
      dropped = [waitStatement];
      kept = statements.slice(0, -1);
      if (kept.length === 0) return undefined;
    } else {
      // `if (failed) { …; await sleep(d); continue; }` and a rest that always leaves.
      const branch = failureBranch(waitStatement, sleep);
      const rest = statements.slice(statements.indexOf(waitStatement) + 1);
      if (!branch || !rest.some((s) => alwaysLeaves(s))) return undefined;
      replacements.push({ range: [branch.wait.range[0], branch.jump.range[1]], text: `throw ${MARKER};` });
      dropped = [branch.wait, branch.jump];
      kept = [...statements.filter((s) => s !== waitStatement), ...branch.effects, (waitStatement as TSESTree.IfStatement).test];
      sliceEnd = (statements[statements.length - 1] as Statement).range[1];
      appendThrow = false;
    }
  }
  // The kept code: no jump to the loop, no `var` (it would become the attempt's), no function
  // declaration (hoisted to the function, read after the loop).
  for (const node of kept) {
    if (jumpsOut(node, loop, keys) || declaresHoisted(node, keys)) return undefined;
  }

  const after = block.body.slice(block.body.indexOf(loop) + 1);
  if (after.some((s) => containsAwait(s, keys) || declaresHoisted(s, keys) || s.type === 'FunctionDeclaration')) return undefined;
  // The names the rewrite introduces must not hide the code's own.
  for (const name of ['retry', MARKER, ERROR, 'attemptNumber']) {
    if (nameTaken(fn, loop, name, sourceCode)) return undefined;
  }

  const delay = delayOptions(site, sourceCode, loop, counted.name);
  if (!delay) return undefined;
  const removed = loop.type === 'WhileStatement' ? declarationsToRemove(block, loop, loop.range[1], [counted.name], sourceCode) : [];
  if (!removed) return undefined;
  // The counter read in what the attempt keeps: from retry()'s attempt.
  const keptReads = counted.variable.references.some((ref) => {
    const id = ref.identifier;
    if (!ref.isRead() || counted.updates.some((u) => within(id, u))) return false;
    return within(id, loop.body) && !dropped.some((d) => within(id, d));
  });
  const lastStatement = after[after.length - 1];
  return {
    loop,
    end: lastStatement ? lastStatement.range[1] : loop.range[1],
    slice: [startWithComments(first, sourceCode), sliceEnd],
    replacements,
    appendThrow,
    bodyIndent: indentOf(first, sourceCode),
    counter: keptReads ? { name: counted.name, offset: counted.offset } : undefined,
    maxAttempts: counted.attempts,
    delay,
    after,
    removed,
  };
}

/**
 * `for (let c = s; c < N; c++)` (the counter is s + k - 1 in attempt k), `let c = s; while (c < N)
 * { c++; … }` or `while (c++ < N)` (s + k). Only a `let` counter declared just for the loop.
 */
function countedLoop(loop: Loop, block: TSESTree.BlockStatement, sourceCode: SourceCode): Counted | undefined {
  const text = (n: Node) => sourceCode.getText(n);
  if (loop.type === 'ForStatement') {
    const counter = counterOf(loop, block, sourceCode);
    const head = counter ? comparison(loop.test, counter.name) : undefined;
    const attempts = counter && head ? count(head.operator, head.limit, counter.start, text) : undefined;
    const variable = loop.init?.type === 'VariableDeclaration' && loop.init.kind === 'let' ? sourceCode.getDeclaredVariables(loop.init)[0] : undefined;
    if (!counter || !head || !attempts || !variable || !loop.update) return undefined;
    return { name: counter.name, variable, offset: counter.start - 1, attempts, limit: head.limit, updates: [loop.update], increment: undefined };
  }
  const test = loop.test;
  if (test.type !== 'BinaryExpression' || (test.operator !== '<' && test.operator !== '<=')) return undefined;
  const postIncrement = test.left.type === 'UpdateExpression' && test.left.operator === '++' && !test.left.prefix ? test.left : undefined;
  const counterNode = postIncrement ? postIncrement.argument : test.left;
  if (counterNode.type !== 'Identifier') return undefined;
  const variable = resolveVariable(counterNode, sourceCode);
  const def = variable?.defs[0];
  if (!variable || variable.defs.length !== 1 || def?.type !== 'Variable' || def.parent.type !== 'VariableDeclaration') return undefined;
  const declaration = def.parent;
  const init = def.node.init;
  if (declaration.kind !== 'let' || declaration.parent !== block || declaration.range[1] > loop.range[0]) return undefined;
  if (init?.type !== 'Literal' || (init.value !== 0 && init.value !== 1)) return undefined;
  const start = init.value;
  const attempts = count(test.operator, test.right, start, text);
  if (!attempts) return undefined;
  if (postIncrement) return { name: counterNode.name, variable, offset: start, attempts, limit: test.right, updates: [postIncrement], increment: undefined };
  // `c < N` in the head: the body must count the attempt first thing.
  const increment = loop.body.type === 'BlockStatement' ? loop.body.body[0] : undefined;
  if (increment?.type !== 'ExpressionStatement' || !isIncrement(increment.expression, counterNode.name)) return undefined;
  return { name: counterNode.name, variable, offset: start, attempts, limit: test.right, updates: [increment.expression], increment };
}

function isIncrement(e: TSESTree.Expression, name: string): boolean {
  if (e.type === 'UpdateExpression') return e.operator === '++' && e.argument.type === 'Identifier' && e.argument.name === name;
  return e.type === 'AssignmentExpression' && e.operator === '+=' && e.left.type === 'Identifier' && e.left.name === name && e.right.type === 'Literal' && e.right.value === 1;
}

/**
 * `await sleep(d);`, or `if (c < L) await sleep(d);` whose test holds exactly when another
 * attempt follows (retry() waits only then): the counter is k + offset in attempt k, so the
 * test must read `k < attempts`.
 */
function isWaitBetweenAttempts(statement: Statement, sleep: Node, counted: Counted, loop: Loop, sourceCode: SourceCode): boolean {
  if (isAwaitOf(statement, sleep)) return true;
  if (statement.type !== 'IfStatement' || statement.alternate) return false;
  const consequent = statement.consequent.type === 'BlockStatement' && statement.consequent.body.length === 1 ? statement.consequent.body[0] : statement.consequent;
  if (!consequent || !isAwaitOf(consequent, sleep)) return false;
  const test = comparison(statement.test, counted.name);
  if (!test || !stableIn(test.limit, loop, sourceCode)) return false;
  const text = (n: Node) => sourceCode.getText(n);
  // k + offset < L ⇔ k < L - offset; k + offset <= L ⇔ k < L - offset + 1.
  const last = test.operator === '<' ? offset(test.limit, -counted.offset, text) : test.operator === '<=' ? offset(test.limit, 1 - counted.offset, text) : undefined;
  return last === counted.attempts;
}

/** `await sleep(d);` and nothing else. */
export function isAwaitOf(statement: Node, sleep: Node): boolean {
  if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AwaitExpression') return false;
  const awaited = statement.expression.argument;
  return awaited === sleep || (awaited.type === 'NewExpression' && within(sleep, awaited));
}

/** `if (failed) { [effects;] await sleep(d); continue; }`: the effects, the wait and the continue. */
function failureBranch(statement: Statement, sleep: Node): { effects: Statement[]; wait: Statement; jump: TSESTree.ContinueStatement } | undefined {
  if (statement.type !== 'IfStatement' || statement.alternate || statement.consequent.type !== 'BlockStatement') return undefined;
  const inner = statement.consequent.body;
  const jump = inner[inner.length - 1];
  const wait = inner[inner.length - 2];
  if (jump?.type !== 'ContinueStatement' || jump.label || !wait || !isAwaitOf(wait, sleep)) return undefined;
  return { effects: inner.slice(0, -2), wait, jump };
}

/** A `var` or a function declaration (not inside a nested function): hoisted out of the attempt. */
export function declaresHoisted(node: Node, keys: SourceCode['visitorKeys']): boolean {
  let found = false;
  walk(node, keys, (n) => {
    if ((n.type === 'VariableDeclaration' && n.kind === 'var') || (n.type === 'FunctionDeclaration' && n !== node)) found = true;
    return !found;
  });
  return found || node.type === 'FunctionDeclaration';
}

/** Where a statement starts, with the comments on the lines before it (not one ending the line before). */
export function startWithComments(statement: Node, sourceCode: SourceCode): number {
  const previous = sourceCode.getTokenBefore(statement, { includeComments: false });
  const comments = sourceCode.getCommentsBefore(statement).filter((c) => !previous || c.loc.start.line > previous.loc.end.line);
  return comments[0]?.range[0] ?? statement.range[0];
}

function render(plan: CheckedPlan, sourceCode: SourceCode): string {
  const indent = indentOf(plan.loop, sourceCode);
  const inner = `${indent}  `;
  const [from, to] = plan.slice;
  let body = '';
  let at = from;
  for (const r of plan.replacements) {
    body += sourceCode.text.slice(at, r.range[0]) + r.text;
    at = r.range[1];
  }
  body = (body + sourceCode.text.slice(at, to)).replace(/\s+$/, '');
  const lines: string[] = [`const ${MARKER} = new Error('try again');`];
  const { parameter, prologue } = attemptParameter(plan.counter, inner);
  lines.push(`${indent}return retry(async (${parameter}) => {`, ...prologue);
  lines.push(inner + reindent(body, plan.bodyIndent, inner));
  if (plan.appendThrow) lines.push(`${inner}throw ${MARKER};`);
  lines.push(`${indent}}, {`, `${inner}maxAttempts: ${plan.maxAttempts},`);
  lines.push(...delayLines(plan.delay, inner));
  lines.push(`${inner}shouldRetry: (${ERROR}) => ${ERROR} === ${MARKER},`, `${inner}rejectWith: 'last-error',`);
  lines.push(`${indent}}).catch((${ERROR}) => {`, `${inner}if (${ERROR} !== ${MARKER}) throw ${ERROR};`);
  const firstAfter = plan.after[0];
  const lastAfter = plan.after[plan.after.length - 1];
  if (firstAfter && lastAfter) {
    const text = sourceCode.text.slice(startWithComments(firstAfter, sourceCode), lastAfter.range[1]);
    lines.push(inner + reindent(text, indentOf(firstAfter, sourceCode), inner));
  }
  lines.push(`${indent}});`);
  return lines.join('\n');
}

/** A return, throw, break, continue or yield: a side effect holding one ends the retrying its own way. */
export function containsExit(node: Node, keys: SourceCode['visitorKeys']): boolean {
  let found = false;
  walk(node, keys, (n) => {
    if (n.type === 'ReturnStatement' || n.type === 'ThrowStatement' || n.type === 'BreakStatement' || n.type === 'ContinueStatement' || n.type === 'YieldExpression') found = true;
    return !found;
  });
  return found;
}
