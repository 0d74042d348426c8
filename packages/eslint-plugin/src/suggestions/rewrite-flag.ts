import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { containsExit, declaresHoisted, ERROR, isAwaitOf, MARKER, startWithComments } from './rewrite-checked.js';
import { containsReturn, declarationsToRemove, delayOptions, enclosingFunction, jumpsOut, reindent, returnsUnawaitedCall, walk, type RewriteContext } from './rewrite-loop.js';
import { delayLines, planForBound, rewriteSuggestion } from './rewrite-render.js';
import { attemptParameter, nameTaken, resolveVariable, type Variable } from './rewrite-scope.js';
import { indentOf, within } from './text.js';
import type { Node, SourceCode, Suggestion } from './types.js';

/**
 * A loop that goes round until a flag its attempt sets is true, in two forms:
 *
 *     let acquired = false;                            // checked: the attempt sets the flag
 *     while (!acquired) {
 *       acquired = await tryAcquire();
 *       if (!acquired) await sleep(d);                 //   the wait, last, on the loop's own test
 *     }
 *
 *     let published = false; [let n = 0;]              // caught: the try sets it last
 *     while (!published) {
 *       try { …; published = true; }
 *       catch (err) { [log(…, n);] await sleep(backoff(n++)); }   // the wait, last
 *     }
 *     [code after the loop]                            // stays after the rewrite
 *
 * The wait becomes a throw: of a marker (checked; the only error retried) or of the caught
 * error (caught; every error retried, as the loop did). A counter written only by the wait
 * (`n++`) is the attempt's number less one. The loop never gave up: the rewrite stops after
 * the bound (the title says so) and rejects with the marker, whose message names the flag, or
 * the last error. Refused: a flag declared elsewhere or not `let … = false`, any other wait, a
 * `break`/`continue`, `var` in the body, a counter read after the wait or the loop.
 */
export function rewriteFlagLoop(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'loop' || site.abortAware || site.deadlineBound || !site.sleep) return undefined;
  const plan = planForBound(planCache, site, ctx.bound, () => planFlag(site, ctx));
  if (!plan) return undefined;
  return rewriteSuggestion(ctx, plan.loop.range, () => (plan.text ??= render(plan, ctx)), plan.removed, ` (stops after ${ctx.bound} attempts)`);
}

const planCache = new WeakMap<RetrySite, Map<number, FlagPlan | null>>();

interface FlagPlan {
  loop: TSESTree.WhileStatement;
  flag: string;
  /** The attempt: this range of the body, with the wait replaced by `throw …`. */
  slice: [number, number];
  wait: TSESTree.Statement;
  /** `tryAgain` (checked form) or the catch's parameter (caught form). */
  thrown: string;
  marker: boolean;
  bodyIndent: string;
  counter: { name: string; offset: number } | undefined;
  removed: TSESTree.VariableDeclaration[];
  delay: { baseMs?: string; factor?: string; capMs?: string };
  text?: string;
}

function planFlag(site: RetrySite, ctx: RewriteContext): FlagPlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const loop = site.node;
  const sleep = site.sleep;
  if (loop.type !== 'WhileStatement' || loop.body.type !== 'BlockStatement' || !sleep) return undefined;
  const fn = enclosingFunction(loop);
  if (!fn?.async || fn.generator || fn.body?.type !== 'BlockStatement' || loop.parent !== fn.body) return undefined;
  const block = fn.body;
  const test = loop.test;
  if (test.type !== 'UnaryExpression' || test.operator !== '!' || test.argument.type !== 'Identifier') return undefined;
  const flag = test.argument;
  const variable = resolveVariable(flag, sourceCode);
  if (!variable || !declaredFalseBefore(variable, loop, block)) return undefined;
  // Set only by the loop's body (not between the declaration and the loop, not after it).
  if (variable.references.some((ref) => ref.isWrite() && !ref.init && !within(ref.identifier, loop.body))) return undefined;
  for (const name of ['retry', MARKER, ERROR, 'attemptNumber']) {
    if (nameTaken(fn, loop, name, sourceCode)) return undefined;
  }
  const form = checkedForm(loop, variable, sleep, sourceCode) ?? caughtForm(loop, variable, sleep, sourceCode);
  if (!form) return undefined;
  // The code after the loop stays after `await retry(…)`: a `return` in the attempt would
  // return from the attempt only, and that code would run where it did not.
  for (const statement of form.kept) {
    if (jumpsOut(statement, loop, keys) || declaresHoisted(statement, keys) || containsReturn(statement, keys)) return undefined;
  }
  const counter = form.counterWrite ? waitCounter(form.counterWrite, form.wait, loop, block, sourceCode) : undefined;
  if (form.counterWrite && !counter) return undefined;
  const removed = counter ? declarationsToRemove(block, loop, loop.range[1], [counter.name], sourceCode) : [];
  if (!removed) return undefined;
  const delay = delayOptions(site, sourceCode, loop, counter?.name);
  if (!delay) return undefined;
  const first = form.first;
  return {
    loop,
    flag: flag.name,
    slice: [startWithComments(first, sourceCode), form.end],
    wait: form.wait,
    thrown: form.thrown,
    marker: form.thrown === MARKER,
    bodyIndent: indentOf(first, sourceCode),
    counter: counter ? { name: counter.name, offset: counter.offset } : undefined,
    removed,
    delay,
  };
}

/** `let flag = false;` on its own in the function's body, before the loop: the loop runs at least once. */
function declaredFalseBefore(variable: Variable, loop: Node, block: TSESTree.BlockStatement): boolean {
  const def = variable.defs[0];
  if (variable.defs.length !== 1 || def?.type !== 'Variable' || def.parent.type !== 'VariableDeclaration') return false;
  const init = def.node.init;
  return def.parent.kind === 'let' && def.parent.parent === block && def.parent.range[1] <= loop.range[0] && init?.type === 'Literal' && init.value === false;
}

interface Form {
  first: TSESTree.Statement;
  end: number;
  wait: TSESTree.Statement;
  thrown: string;
  /** Code that stays in the attempt (checked for jumps and hoisting). */
  kept: Node[];
  /** `n++` in the wait's argument: a counter of failures. */
  counterWrite: TSESTree.UpdateExpression | undefined;
}

/** `…; if (!flag) await sleep(d);` */
function checkedForm(loop: TSESTree.WhileStatement, flag: Variable, sleep: Node, sourceCode: SourceCode): Form | undefined {
  const body = (loop.body as TSESTree.BlockStatement).body;
  const last = body[body.length - 1];
  const first = body[0];
  if (!first || !last || last === first || last.type !== 'IfStatement' || last.alternate) return undefined;
  // The wait on the loop's own test: it waits exactly when another attempt follows.
  const sameTest = last.test.type === 'UnaryExpression' && last.test.operator === '!' && last.test.argument.type === 'Identifier' && resolveVariable(last.test.argument, sourceCode) === flag;
  const wait = last.consequent.type === 'BlockStatement' && last.consequent.body.length === 1 ? last.consequent.body[0] : last.consequent;
  if (!sameTest || !wait || !isAwaitOf(wait, sleep) || hasUpdate(wait, sourceCode)) return undefined;
  return { first, end: last.range[1], wait: last.consequent, thrown: MARKER, kept: body.slice(0, -1), counterWrite: undefined };
}

/** `try { …; flag = true; } catch (err) { …; await sleep(d); }` as the whole body. */
function caughtForm(loop: TSESTree.WhileStatement, flag: Variable, sleep: Node, sourceCode: SourceCode): Form | undefined {
  const body = (loop.body as TSESTree.BlockStatement).body;
  const statement = body.length === 1 ? body[0] : undefined;
  if (statement?.type !== 'TryStatement' || !statement.handler || statement.finalizer || statement.handler.param?.type !== 'Identifier') return undefined;
  const tried = statement.block.body;
  const set = tried[tried.length - 1];
  // The flag set as the try's last step, and nowhere else: reaching it is the attempt's success.
  const setsFlag = set?.type === 'ExpressionStatement' && set.expression.type === 'AssignmentExpression' && set.expression.operator === '=' && set.expression.left.type === 'Identifier' && set.expression.right.type === 'Literal' && set.expression.right.value === true;
  if (!setsFlag || flag.references.some((ref) => ref.isWrite() && !ref.init && !within(ref.identifier, set))) return undefined;
  if ((set.expression as TSESTree.AssignmentExpression).left !== flag.references.find((ref) => within(ref.identifier, set))?.identifier) return undefined;
  // A promise returned without await was not the loop's to retry.
  if (returnsUnawaitedCall(statement.block, sourceCode.visitorKeys)) return undefined;
  const handled = statement.handler.body.body;
  const wait = handled[handled.length - 1];
  if (!wait || !isAwaitOf(wait, sleep)) return undefined;
  const effects = handled.slice(0, -1);
  if (effects.some((s) => containsExit(s, sourceCode.visitorKeys))) return undefined;
  const updates = updatesIn(wait, sourceCode);
  if (!updates || updates.length > 1) return undefined;
  return { first: statement, end: statement.range[1], wait, thrown: statement.handler.param.name, kept: [statement.block, ...effects], counterWrite: updates[0] };
}

/**
 * `n++` in the wait (`sleep(backoff(n++))`): a `let n = 0 or 1` of the function's body, written
 * nowhere else and read only before the wait and in it. In attempt k it was start + k - 1.
 */
function waitCounter(update: TSESTree.UpdateExpression, wait: Node, loop: Node, block: TSESTree.BlockStatement, sourceCode: SourceCode): { name: string; offset: number } | undefined {
  if (update.argument.type !== 'Identifier' || update.operator !== '++' || update.prefix) return undefined;
  const variable = resolveVariable(update.argument, sourceCode);
  const def = variable?.defs[0];
  if (!variable || variable.defs.length !== 1 || def?.type !== 'Variable' || def.parent.type !== 'VariableDeclaration' || def.parent.kind !== 'let' || def.parent.parent !== block) return undefined;
  const init = def.node.init;
  if (init?.type !== 'Literal' || (init.value !== 0 && init.value !== 1)) return undefined;
  const ok = variable.references.every((ref) => {
    if (ref.init) return true;
    const id = ref.identifier;
    if (id === update.argument) return true;
    return !ref.isWrite() && within(id, loop) && id.range[1] <= wait.range[0];
  });
  return ok ? { name: update.argument.name, offset: init.value - 1 } : undefined;
}

/** The `x++` / `x--` in a subtree; undefined when it also assigns (`x = …`, `x += …`). */
function updatesIn(node: Node, sourceCode: SourceCode): TSESTree.UpdateExpression[] | undefined {
  const found: TSESTree.UpdateExpression[] = [];
  let assigns = false;
  walk(node, sourceCode.visitorKeys, (n) => {
    if (n.type === 'UpdateExpression') found.push(n);
    if (n.type === 'AssignmentExpression') assigns = true;
  });
  return assigns ? undefined : found;
}

function hasUpdate(node: Node, sourceCode: SourceCode): boolean {
  return updatesIn(node, sourceCode)?.length !== 0;
}

function render(plan: FlagPlan, ctx: RewriteContext): string {
  const { sourceCode } = ctx;
  const indent = indentOf(plan.loop, sourceCode);
  const inner = `${indent}  `;
  const text = sourceCode.text;
  const body = text.slice(plan.slice[0], plan.wait.range[0]) + `throw ${plan.thrown};` + text.slice(plan.wait.range[1], plan.slice[1]);
  const { parameter, prologue } = attemptParameter(plan.counter, inner);
  const lines: string[] = [];
  if (plan.marker) lines.push(`const ${MARKER} = new Error('${plan.flag} still false after ${ctx.bound} attempts');`, `${indent}await retry(async (${parameter}) => {`);
  else lines.push(`await retry(async (${parameter}) => {`);
  lines.push(...prologue, inner + reindent(body, plan.bodyIndent, inner), `${indent}}, {`, `${inner}maxAttempts: ${ctx.bound},`);
  lines.push(...delayLines(plan.delay, inner));
  lines.push(plan.marker ? `${inner}shouldRetry: (${ERROR}) => ${ERROR} === ${MARKER},` : `${inner}shouldRetry: () => true,`, `${inner}rejectWith: 'last-error',`, `${indent}});`);
  return lines.join('\n');
}
