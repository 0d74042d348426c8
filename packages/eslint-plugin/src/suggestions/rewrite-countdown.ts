import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { containsExit, declaresHoisted, isAwaitOf } from './rewrite-checked.js';
import { lastErrorOf } from './rewrite-for-of.js';
import { alwaysLeaves, declarationsToRemove, delayOptions, enclosingFunction, jumpsOut, returnsUnawaitedCall, type RewriteContext } from './rewrite-loop.js';
import { delayLines, loopRewrite, triedAttempt } from './rewrite-render.js';
import { nameTaken, resolveVariable, type Variable } from './rewrite-scope.js';
import { indentOf, within } from './text.js';
import type { Node, SourceCode, Suggestion } from './types.js';

type Statement = TSESTree.Statement;

/**
 * A retry that counts down the attempts left:
 *
 *     let retries = N; [let delay = d;] let lastError;
 *     while (retries-- > 0) {                          // N attempts; in attempt k, retries is N - k
 *       try { …; return …; }                           // leaves on every path
 *       catch (err) {
 *         lastError = err;
 *         [log(…, retries);]                           // side effects of every failure
 *         await sleep(delay);
 *         [delay = delay * 2;]                         // the next wait, which retry() computes
 *       }
 *     }
 *     throw lastError;
 *
 * N must be a number (the declaration's literal). The counter read by a side effect becomes
 * `N - attempt`; the wait variable may be read by nothing but the wait and its update.
 */
export function rewriteCountdown(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'loop' || site.abortAware || site.deadlineBound || site.node.type !== 'WhileStatement') return undefined;
  return loopRewrite(site, ctx, planCache, planCountdown, render);
}

const planCache = new WeakMap<RetrySite, CountdownPlan | null>();

interface CountdownPlan {
  loop: TSESTree.WhileStatement;
  end: number;
  tried: TSESTree.BlockStatement;
  effects: Statement[];
  errorName: string;
  /** The counter, when a side effect reads it: N - attempt. */
  counter: { name: string; total: number } | undefined;
  total: number;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  removed: TSESTree.VariableDeclaration[];
  text?: string;
}

function planCountdown(site: RetrySite, ctx: RewriteContext): CountdownPlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const loop = site.node as TSESTree.WhileStatement;
  const fn = enclosingFunction(loop);
  if (!fn?.async || fn.generator || fn.body?.type !== 'BlockStatement' || loop.parent !== fn.body || loop.body.type !== 'BlockStatement' || !site.sleep) return undefined;
  const block = fn.body;
  for (const name of ['retry', 'attemptNumber']) if (nameTaken(fn, loop, name, sourceCode)) return undefined;
  // `retries-- > 0`, retries a `let` of the function's body holding a number.
  const test = loop.test;
  if (test.type !== 'BinaryExpression' || test.operator !== '>' || test.right.type !== 'Literal' || test.right.value !== 0) return undefined;
  const update = test.left;
  if (update.type !== 'UpdateExpression' || update.operator !== '--' || update.prefix || update.argument.type !== 'Identifier') return undefined;
  const counter = resolveVariable(update.argument, sourceCode);
  const total = counter ? letNumber(counter, block, loop) : undefined;
  if (!counter || total === undefined || total < 1) return undefined;
  if (counter.references.some((ref) => !ref.init && (!within(ref.identifier, loop) || (ref.isWrite() && ref.identifier !== update.argument)))) return undefined;

  const [tryStatement] = loop.body.body;
  if (loop.body.body.length !== 1 || tryStatement?.type !== 'TryStatement' || !tryStatement.handler || tryStatement.finalizer || tryStatement.handler.param?.type !== 'Identifier') return undefined;
  if (!alwaysLeaves(tryStatement.block) || returnsUnawaitedCall(tryStatement.block, keys) || jumpsOut(tryStatement.block, loop, keys) || declaresHoisted(tryStatement.block, keys)) return undefined;
  const errorName = tryStatement.handler.param.name;
  const handled = [...tryStatement.handler.body.body];
  const lastError = lastErrorOf(handled[0], errorName, sourceCode);
  if (!lastError) return undefined;
  handled.shift();
  // The wait, then only updates of the wait variable (`delay = delay * 2`, `delay *= 2`).
  const waitIndex = handled.findIndex((s) => isAwaitOf(s, site.sleep as Node));
  if (waitIndex < 0) return undefined;
  const effects = handled.slice(0, waitIndex);
  const updates = handled.slice(waitIndex + 1);
  const waitVariables = updates.map((s) => updatedVariable(s, sourceCode));
  if (waitVariables.some((v) => !v || !declaredBefore(v, block, loop) || v.references.some((ref) => !ref.init && !within(ref.identifier, handled[waitIndex] as Node) && !updates.some((u) => within(ref.identifier, u))))) return undefined;
  if (counter.references.some((ref) => updates.some((u) => within(ref.identifier, u)) || within(ref.identifier, handled[waitIndex] as Node))) return undefined;
  if (effects.some((s) => containsExit(s, keys) || jumpsOut(s, loop, keys) || declaresHoisted(s, keys))) return undefined;

  const after = block.body[block.body.indexOf(loop) + 1];
  if (after?.type !== 'ThrowStatement' || after !== block.body[block.body.length - 1] || after.argument.type !== 'Identifier' || resolveVariable(after.argument, sourceCode) !== lastError) return undefined;
  const handler = tryStatement.handler;
  if (lastError.references.some((ref) => !ref.init && !within(ref.identifier, handler) && !within(ref.identifier, after))) return undefined;
  const names = [counter.name, lastError.name, ...waitVariables.map((v) => v?.name)];
  const removed = declarationsToRemove(block, loop, after.range[1], names, sourceCode);
  if (!removed) return undefined;
  const delay = delayOptions(site, sourceCode, loop, undefined);
  if (!delay) return undefined;
  const readsCounter = counter.references.some((ref) => effects.some((s) => within(ref.identifier, s)) || within(ref.identifier, tryStatement.block));
  return { loop, end: after.range[1], tried: tryStatement.block, effects, errorName, counter: readsCounter ? { name: counter.name, total } : undefined, total, delay, removed };
}

/** `let x = <number>;` in the function's body before the loop: the number. */
function letNumber(variable: Variable, block: TSESTree.BlockStatement, loop: Node): number | undefined {
  if (!declaredBefore(variable, block, loop)) return undefined;
  const def = variable.defs[0];
  const init = def?.type === 'Variable' ? def.node.init : undefined;
  return init?.type === 'Literal' && typeof init.value === 'number' && Number.isInteger(init.value) ? init.value : undefined;
}

function declaredBefore(variable: Variable, block: TSESTree.BlockStatement, loop: Node): boolean {
  const def = variable.defs[0];
  return variable.defs.length === 1 && def?.type === 'Variable' && def.parent.type === 'VariableDeclaration' && def.parent.kind === 'let' && def.parent.parent === block && def.parent.range[1] <= loop.range[0];
}

/** `x = …` or `x *= …` as a statement: x's variable. */
function updatedVariable(statement: Statement, sourceCode: SourceCode): Variable | undefined {
  if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression' || statement.expression.left.type !== 'Identifier') return undefined;
  return resolveVariable(statement.expression.left, sourceCode);
}

function render(plan: CountdownPlan, sourceCode: SourceCode): string {
  const indent = indentOf(plan.loop, sourceCode);
  const inner = `${indent}  `;
  const lines = [plan.counter ? 'return retry(async ({ attempt: attemptNumber }) => {' : 'return retry(async () => {'];
  // Attempt k saw the counter at N - k (after its decrement).
  if (plan.counter) lines.push(`${inner}const ${plan.counter.name} = ${plan.counter.total} - attemptNumber;`);
  lines.push(...triedAttempt(plan.tried, plan.effects, plan.errorName, inner, sourceCode));
  lines.push(`${indent}}, {`, `${inner}maxAttempts: ${plan.total},`, ...delayLines(plan.delay, inner));
  lines.push(`${inner}shouldRetry: () => true,`, `${inner}rejectWith: 'last-error',`, `${indent}});`);
  return lines.join('\n');
}
