import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { containsExit, declaresHoisted, isAwaitOf } from './rewrite-checked.js';
import { alwaysLeaves, declarationsToRemove, enclosingFunction, jumpsOut, ms, returnsUnawaitedCall, type RewriteContext } from './rewrite-loop.js';
import { loopRewrite, triedAttempt } from './rewrite-render.js';
import { nameTaken, resolveVariable, type Variable } from './rewrite-scope.js';
import { indentOf, within } from './text.js';
import type { Node, SourceCode, Suggestion } from './types.js';

type Statement = TSESTree.Statement;

/**
 * A retry over a schedule of waits, the first one 0:
 *
 *     const DELAYS = [250, 500, 1000];                 // numbers, used nowhere else
 *     for (const wait of [0, ...DELAYS]) {             // or an inline [0, 250, 500, 1000]
 *       if (wait > 0) await sleep(wait);               // the wait before every attempt but the first
 *       try { …; return …; }                           // leaves on every path
 *       catch (err) { [lastError = err;] [log(…);] }
 *     }
 *     throw lastError;
 *
 * One attempt per element: `maxAttempts: DELAYS.length + 1`. retry() doubles from the first
 * wait up to the last; offered only when each of its waits stays within the schedule's wait
 * at that point (a doubling schedule, or a steeper one), so no wait grows.
 */
export function rewriteForOf(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'loop' || site.abortAware || site.deadlineBound || site.node.type !== 'ForOfStatement') return undefined;
  return loopRewrite(site, ctx, planCache, planForOf, render);
}

const planCache = new WeakMap<RetrySite, ForOfPlan | null>();

interface ForOfPlan {
  loop: TSESTree.ForOfStatement;
  end: number;
  tried: TSESTree.BlockStatement;
  effects: Statement[];
  errorName: string;
  maxAttempts: string;
  baseMs: number;
  capMs: number;
  removed: TSESTree.VariableDeclaration[];
  text?: string;
}

function planForOf(site: RetrySite, ctx: RewriteContext): ForOfPlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const loop = site.node as TSESTree.ForOfStatement;
  const fn = enclosingFunction(loop);
  if (loop.await || !fn?.async || fn.generator || fn.body?.type !== 'BlockStatement' || loop.parent !== fn.body || loop.body.type !== 'BlockStatement') return undefined;
  const block = fn.body;
  for (const name of ['retry']) if (nameTaken(fn, loop, name, sourceCode)) return undefined;
  // `const wait of …`: the element is the wait.
  const declarator = loop.left.type === 'VariableDeclaration' && loop.left.declarations.length === 1 ? loop.left.declarations[0] : undefined;
  if (declarator?.id.type !== 'Identifier') return undefined;
  const element = sourceCode.getDeclaredVariables(loop.left)[0];
  const schedule = scheduleOf(loop.right, loop, sourceCode);
  if (!element || !schedule) return undefined;
  const [first, ...waits] = schedule.values;
  if (first !== 0 || waits.length === 0 || waits.some((w) => !(w > 0))) return undefined;
  const baseMs = waits[0] as number;
  const capMs = Math.max(...waits);
  // retry()'s i-th wait is at most min(cap, base · 2^i): never more than the schedule's.
  if (waits.some((w, i) => w < Math.min(capMs, baseMs * 2 ** i))) return undefined;

  const [wait, tryStatement] = loop.body.body;
  if (loop.body.body.length !== 2 || !site.sleep || wait?.type !== 'IfStatement' || wait.alternate) return undefined;
  const waitTest = wait.test;
  const guarded = waitTest.type === 'BinaryExpression' && waitTest.operator === '>' && waitTest.left.type === 'Identifier' && resolveVariable(waitTest.left, sourceCode) === element && waitTest.right.type === 'Literal' && waitTest.right.value === 0;
  const waitOnly = wait.consequent.type === 'BlockStatement' && wait.consequent.body.length === 1 ? wait.consequent.body[0] : wait.consequent;
  if (!guarded || !waitOnly || !isAwaitOf(waitOnly, site.sleep)) return undefined;
  // The element is read by the wait only (the attempt does not know it).
  if (element.references.some((ref) => !within(ref.identifier, wait) && !within(ref.identifier, loop.left))) return undefined;

  if (tryStatement?.type !== 'TryStatement' || !tryStatement.handler || tryStatement.finalizer || tryStatement.handler.param?.type !== 'Identifier') return undefined;
  if (!alwaysLeaves(tryStatement.block) || returnsUnawaitedCall(tryStatement.block, keys) || jumpsOut(tryStatement.block, loop, keys) || declaresHoisted(tryStatement.block, keys)) return undefined;
  const errorName = tryStatement.handler.param.name;
  const handled = [...tryStatement.handler.body.body];
  const lastError = lastErrorOf(handled[0], errorName, sourceCode);
  if (lastError) handled.shift();
  if (handled.some((s) => containsExit(s, keys) || jumpsOut(s, loop, keys) || declaresHoisted(s, keys))) return undefined;
  // After the loop: `throw lastError;`, last in the function, lastError read nowhere else.
  const after = block.body[block.body.indexOf(loop) + 1];
  if (!lastError || after?.type !== 'ThrowStatement' || after !== block.body[block.body.length - 1]) return undefined;
  if (after.argument.type !== 'Identifier' || resolveVariable(after.argument, sourceCode) !== lastError) return undefined;
  if (lastError.references.some((ref) => !ref.init && !within(ref.identifier, tryStatement.handler as Node) && !within(ref.identifier, after))) return undefined;
  const removed = declarationsToRemove(block, loop, after.range[1], [lastError.name], sourceCode);
  if (!removed) return undefined;
  return { loop, end: after.range[1], tried: tryStatement.block, effects: handled, errorName, maxAttempts: schedule.count, baseMs, capMs, removed };
}

/**
 * The numbers of `[0, 250, …]` or `[0, ...DELAYS]`, DELAYS a `const` array of numbers that
 * nothing else touches (so its length cannot change): the values, and the attempt count as text.
 */
function scheduleOf(iterable: Node, loop: Node, sourceCode: SourceCode): { values: number[]; count: string } | undefined {
  if (iterable.type !== 'ArrayExpression') return undefined;
  const values: number[] = [];
  let spread: { name: string; length: number } | undefined;
  for (const item of iterable.elements) {
    if (item?.type === 'Literal' && typeof item.value === 'number') values.push(item.value);
    else if (item?.type === 'SpreadElement' && item.argument.type === 'Identifier' && !spread) {
      const variable = resolveVariable(item.argument, sourceCode);
      const numbers = variable ? constNumbers(variable, loop) : undefined;
      if (!numbers) return undefined;
      values.push(...numbers);
      spread = { name: item.argument.name, length: numbers.length };
    } else return undefined;
  }
  const literals = iterable.elements.length - (spread ? 1 : 0);
  const count = spread ? `${spread.name}.length${literals > 0 ? ` + ${literals}` : ''}` : String(values.length);
  return { values, count };
}

/** A module- or function-level `const X = [numbers]` read only in `loop`'s head. */
function constNumbers(variable: Variable, loop: Node): number[] | undefined {
  const def = variable.defs[0];
  if (variable.defs.length !== 1 || def?.type !== 'Variable' || def.parent.type !== 'VariableDeclaration' || def.parent.kind !== 'const') return undefined;
  const init = def.node.init;
  if (init?.type !== 'ArrayExpression' || !init.elements.every((e) => e?.type === 'Literal' && typeof e.value === 'number')) return undefined;
  if (variable.references.some((ref) => !ref.init && !within(ref.identifier, loop))) return undefined;
  return init.elements.map((e) => (e as TSESTree.NumberLiteral).value);
}

/** `lastError = err;` as the catch's first statement: lastError's variable. */
export function lastErrorOf(statement: Statement | undefined, errorName: string, sourceCode: SourceCode): Variable | undefined {
  if (statement?.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression' || statement.expression.operator !== '=') return undefined;
  const { left, right } = statement.expression;
  if (left.type !== 'Identifier' || right.type !== 'Identifier' || right.name !== errorName) return undefined;
  return resolveVariable(left, sourceCode);
}

function render(plan: ForOfPlan, sourceCode: SourceCode): string {
  const indent = indentOf(plan.loop, sourceCode);
  const inner = `${indent}  `;
  const lines = ['return retry(async () => {', ...triedAttempt(plan.tried, plan.effects, plan.errorName, inner, sourceCode)];
  lines.push(`${indent}}, {`, `${inner}maxAttempts: ${plan.maxAttempts},`, `${inner}baseMs: ${ms(plan.baseMs)},`);
  lines.push(`${inner}capMs: ${ms(plan.capMs)},`);
  lines.push(`${inner}shouldRetry: () => true,`, `${inner}rejectWith: 'last-error',`, `${indent}});`);
  return lines.join('\n');
}
