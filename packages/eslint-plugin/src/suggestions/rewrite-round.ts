import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { declaresHoisted, isAwaitOf, startWithComments } from './rewrite-checked.js';
import { alwaysLeaves, containsReturn, delayOptions, enclosingFunction, reindent, walk, type RewriteContext } from './rewrite-loop.js';
import { delayLines, planForBound, rewriteSuggestion } from './rewrite-render.js';
import { nameTaken } from './rewrite-scope.js';
import { indentOf, statementLines, within } from './text.js';
import type { Node, SourceCode, Suggestion } from './types.js';

type Statement = TSESTree.Statement;

const MARKER = 'tryAgain';

/**
 * A loop that goes round after its wait, rewritten from the site's facts rather than its layout:
 * whatever the body does — an operation in a `try` whose catch counts, logs and gives up, a
 * result tested (`if (res.ok) return res`), a flag set on success — it stays as written and
 * becomes retry()'s attempt; only the way round changes. The wait (the last statement of the
 * body, or of the catch of the body's last `try`) becomes `throw tryAgain`, as does falling off
 * the end of the body; the loop's test is asked where the loop asked it: before each attempt
 * (`if (!(test)) throw tryAgain`, the first one too, and after a wait that changed what it
 * reads) and after a failed one, so that retry() does not wait for nothing
 * (`shouldRetry: (error) => error === tryAgain && (test)`); the code after the loop runs
 * when the test says stop (a `.catch` that takes only the marker). The loop's own state (a
 * counter, a flag, the last error) stays where it was declared, so the kept code reads the
 * same values. The attempts are the analysis's count (the test still decides); a loop with no
 * test (`while (true)`, `for (;;)`) stops after the bound the title names, rejecting with an
 * error that says so.
 *
 * A `break` out of the loop is a success (`return;` from the attempt); a `continue` right
 * after the wait in the catch of a `try` that a `break` follows is the way round, dropped.
 *
 * Refused: a test that calls, awaits or writes (it would run at another moment), a labelled
 * jump or any other `continue`, a wait anywhere else or under a condition, `var` or function declarations in the
 * body or after the loop, a count the analysis does not know, a `for` counter a callback reads.
 */
export function rewriteRound(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'loop' || site.abortAware || site.deadlineBound) return undefined;
  const plan = planForBound(planCache, site, ctx.bound, () => planRound(site, ctx));
  if (plan) return rewriteSuggestion(ctx, plan.range, () => (plan.text ??= render(plan, ctx)), [], plan.addsBound ? ` (stops after ${ctx.bound} attempts)` : '');
  const first = planForBound(firstCache, site, ctx.bound, () => planFirstBefore(site, ctx));
  if (first) return rewriteSuggestion(ctx, first.range, () => (first.text ??= renderFirstBefore(first, ctx.sourceCode)), [], '');
  return undefined;
}

const firstCache = new WeakMap<RetrySite, Map<number, FirstBeforePlan | null>>();

interface FirstBeforePlan {
  range: [number, number];
  declaration: TSESTree.VariableDeclaration;
  name: string;
  test: Node;
  init: TSESTree.VariableDeclaration | undefined;
  update: Node | undefined;
  maxAttempts: string;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  text?: string;
}

/**
 * The first attempt made before the loop, the loop waiting first and then doing the same again:
 *
 *     let res = await op();
 *     for (let i = 0; i < N && !res.ok; i++) {   // or while (test)
 *       await sleep(d);
 *       res = await op();
 *     }
 *
 * becomes one attempt, `let res = await op();`, that asks the loop's test after the call (with
 * the counter's update) and throws the marker while it holds, else returns its result: the
 * last result comes back when the attempts run out, as before. At most N + 1 attempts (the
 * test still decides).
 */
function planFirstBefore(site: RetrySite, ctx: RewriteContext): FirstBeforePlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const loop = site.node;
  if ((loop.type !== 'WhileStatement' && loop.type !== 'ForStatement') || loop.body.type !== 'BlockStatement' || !site.sleep) return undefined;
  const fn = enclosingFunction(loop);
  if (!fn?.async || fn.generator || fn.body?.type !== 'BlockStatement' || loop.parent !== fn.body) return undefined;
  for (const name of ['retry', MARKER, 'error']) if (nameTaken(fn, loop, name, sourceCode)) return undefined;
  const block = fn.body.body;
  const declaration = block[block.indexOf(loop) - 1];
  if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'let' || declaration.declarations.length !== 1) return undefined;
  const declarator = declaration.declarations[0] as TSESTree.VariableDeclarator;
  if (declarator.id.type !== 'Identifier' || !declarator.init) return undefined;
  const name = declarator.id.name;
  const [wait, again, ...rest] = loop.body.body;
  if (!wait || !again || rest.length > 0 || !isAwaitOf(wait, site.sleep)) return undefined;
  if (again.type !== 'ExpressionStatement' || again.expression.type !== 'AssignmentExpression' || again.expression.operator !== '=' || again.expression.left.type !== 'Identifier' || again.expression.left.name !== name) return undefined;
  if (sourceCode.getText(again.expression.right) !== sourceCode.getText(declarator.init)) return undefined;
  const test = loop.test;
  if (!test || !isPure(test, keys)) return undefined;
  const init = loop.type === 'ForStatement' ? (loop.init ?? undefined) : undefined;
  const update = loop.type === 'ForStatement' ? (loop.update ?? undefined) : undefined;
  if (init && (init.type !== 'VariableDeclaration' || init.kind !== 'let' || init.declarations.length !== 1)) return undefined;
  if (update && !isUpdate(update)) return undefined;
  // The bound: `i < N` (or `<=`) among the test's `&&` terms, the counter from 0 or 1, raised by the update.
  const counter = init?.declarations[0];
  const start = counter?.init?.type === 'Literal' && typeof counter.init.value === 'number' ? counter.init.value : undefined;
  if (!counter || counter.id.type !== 'Identifier' || start === undefined || update?.type !== 'UpdateExpression' || update.operator !== '++') return undefined;
  const counterName = counter.id.name;
  const terms: Node[] = [];
  const collect = (n: Node): void => (n.type === 'LogicalExpression' && n.operator === '&&' ? (collect(n.left), collect(n.right)) : void terms.push(n));
  collect(test);
  let rounds: number | undefined;
  for (const t of terms) {
    if (t.type === 'BinaryExpression' && t.left.type === 'Identifier' && t.left.name === counterName && t.right.type === 'Literal' && typeof t.right.value === 'number') {
      if (t.operator === '<') rounds = t.right.value - start;
      if (t.operator === '<=') rounds = t.right.value - start + 1;
    }
  }
  if (rounds === undefined || rounds < 1) return undefined;
  const delay = delayOptions(site, sourceCode, loop, counterName);
  if (!delay) return undefined;
  return { range: [declaration.range[0], loop.range[1]], declaration, name, test, init, update, maxAttempts: String(rounds + 1), delay };
}

function renderFirstBefore(plan: FirstBeforePlan, sourceCode: SourceCode): string {
  const indent = indentOf(plan.declaration, sourceCode);
  const inner = `${indent}  `;
  const lines: string[] = [];
  if (plan.init) lines.push(sourceCode.getText(plan.init).replace(/;?$/, ';'));
  lines.push(`const ${MARKER} = new Error('try again');`);
  lines.push(`let ${plan.name} = await retry(async () => {`);
  lines.push(`${inner}${reindent(sourceCode.getText(plan.declaration), indent, inner)}`);
  lines.push(`${inner}if (${sourceCode.getText(plan.test)}) {`);
  if (plan.update) lines.push(`${inner}  ${sourceCode.getText(plan.update)};`);
  lines.push(`${inner}  throw ${MARKER};`, `${inner}}`, `${inner}return ${plan.name};`);
  lines.push(`}, {`, `${inner}maxAttempts: ${plan.maxAttempts},`, ...delayLines(plan.delay, inner), `${inner}shouldRetry: (error) => error === ${MARKER},`, `${inner}rejectWith: 'last-error',`, '});');
  return lines.map((l, i) => (i === 0 || l.startsWith(inner) ? l : `${indent}${l}`)).join('\n');
}

const planCache = new WeakMap<RetrySite, Map<number, RoundPlan | null>>();

interface RoundPlan {
  loop: TSESTree.WhileStatement | TSESTree.ForStatement;
  range: [number, number];
  body: Statement[];
  /** The wait, replaced by the update (a `for`'s) and `throw tryAgain`. */
  wait: Statement | undefined;
  /** `break`s out of the loop: `return;` from the attempt. */
  breaks: TSESTree.BreakStatement[];
  /** The `continue` right after the wait, which the wait's `throw tryAgain` makes unreachable: removed. */
  continued: TSESTree.ContinueStatement | undefined;
  /** Falling off the end of the body goes round too. */
  appendThrow: boolean;
  test: Node | undefined;
  /** The loop can end by its test: the code after it runs once retry() stops on the marker. */
  stops: boolean;
  init: Node | undefined;
  update: Node | undefined;
  after: Statement[];
  returns: boolean;
  maxAttempts: string;
  addsBound: boolean;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  text?: string;
}

function planRound(site: RetrySite, ctx: RewriteContext): RoundPlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const loop = site.node;
  if (loop.type !== 'WhileStatement' && loop.type !== 'ForStatement') return undefined;
  if (loop.body.type !== 'BlockStatement' || loop.body.body.length === 0) return undefined;
  const fn = enclosingFunction(loop);
  if (!fn?.async || fn.generator || fn.body?.type !== 'BlockStatement') return undefined;
  for (const name of ['retry', MARKER, 'error']) if (nameTaken(fn, loop, name, sourceCode)) return undefined;
  const body = loop.body.body;
  // (Text first: a walk of every statement for each loop of a deep nest is quadratic.)
  const bodyText = sourceCode.getText(loop.body);
  if (/\b(?:var|function)\b/.test(bodyText) && body.some((s) => declaresHoisted(s, keys))) return undefined;
  // `try { r = await op(); } catch { …; await sleep(d); continue; } break;`: the success falls out
  // of the try to the `break`, a failure goes round by the `continue` after the wait.
  const continued = continueAfterWait(body, site);
  // A `break` out of this loop is a success that goes on after it (`return;` from the attempt);
  // the loop then stays a statement, and a `return` in its body would leave the attempt only.
  const breaks = breaksOf(loop, keys, continued, LABELLED_JUMP.test(sourceCode.getText(loop.body)));
  if (!breaks) return undefined;
  const returnsInBody = returnsWithin(fn, loop.body, sourceCode);
  const asStatement = breaks.length > 0 || loop.parent !== fn.body;
  if (asStatement && returnsInBody) return undefined;

  // The test, asked after each failed attempt: no call, await or write.
  const test = loop.test ?? undefined;
  const infinite = !test || (test.type === 'Literal' && test.value === true);
  if (test && !infinite && !isPure(test, keys)) return undefined;
  const init = loop.type === 'ForStatement' ? (loop.init ?? undefined) : undefined;
  const update = loop.type === 'ForStatement' ? (loop.update ?? undefined) : undefined;
  if (update && !isUpdate(update)) return undefined;
  if (init) {
    if (init.type !== 'VariableDeclaration' || init.kind !== 'let') return undefined;
    // A per-iteration binding a callback could capture becomes one binding for all attempts.
    for (const v of sourceCode.getDeclaredVariables(init)) {
      if (v.references.some((r) => enclosingFunction(r.identifier) !== fn)) return undefined;
    }
  }

  // The wait: `await sleep(d);` last in the body, or last in the catch of the body's last `try`.
  let wait: Statement | undefined;
  let appendThrow = false;
  const last = (continued ? body[body.length - 2] : body[body.length - 1]) as Statement;
  if (site.sleep) {
    const sleep = site.sleep;
    if (isAwaitOf(last, sleep)) {
      wait = last;
    } else if (last.type === 'TryStatement' && last.handler && !last.finalizer) {
      const caught = continued ? last.handler.body.body.slice(0, -1) : last.handler.body.body;
      const w = caught[caught.length - 1];
      if (!w || !isAwaitOf(w, sleep)) return undefined;
      wait = w;
      const tried = last.block.body;
      appendThrow = !continued && !alwaysLeaves(last.block) && !breaks.includes(tried[tried.length - 1] as TSESTree.BreakStatement);
    } else {
      return undefined;
    }
    // The wait there, in this loop (not in a function inside it).
    if (!within(sleep, wait) || enclosingFunction(sleep) !== fn) return undefined;
  } else {
    if (site.policy.delay.kind !== 'none') return undefined;
    appendThrow = !alwaysLeaves(last);
  }
  if (!wait && !appendThrow) return undefined;

  const after = asStatement ? [] : fn.body.body.slice(fn.body.body.indexOf(loop) + 1);
  if (after.some((s) => declaresHoisted(s, keys))) return undefined;

  // A `for` counter read only by the loop's own test and update: the attempts say it all.
  let counterOnly = false;
  if (init && update && test && !infinite) {
    const vars = sourceCode.getDeclaredVariables(init);
    counterOnly = vars.length === 1 && vars[0]!.references.every((r) => r.init || within(r.identifier, test) || within(r.identifier, update));
  }
  const known = site.policy.maxAttempts;
  let maxAttempts: string;
  let addsBound = false;
  if (infinite) {
    maxAttempts = String(ctx.bound);
    addsBound = true;
  } else if (typeof known === 'number' && known >= 1) {
    maxAttempts = String(known);
  } else {
    return undefined;
  }
  const delay = delayOptions(site, sourceCode, loop, undefined);
  if (!delay) return undefined;
  const lastAfter = after[after.length - 1];
  return {
    loop,
    range: [loop.range[0], lastAfter && !infinite ? lastAfter.range[1] : loop.range[1]],
    body,
    wait,
    appendThrow,
    test: infinite || counterOnly ? undefined : test,
    init: counterOnly ? undefined : init,
    update: counterOnly ? undefined : update,
    stops: !infinite,
    after: infinite ? [] : after,
    returns: !asStatement && (returnsInBody || (!infinite && after.some((s) => containsReturn(s, keys)))),
    breaks,
    continued,
    maxAttempts,
    addsBound,
    delay,
  };
}

/** The `return`s of a function (not of functions inside it), by start, read once per function. */
const functionReturns = new WeakMap<Node, number[]>();

/** A `return` of `fn` itself inside `node`: a search in the function's returns instead of a walk of `node`. */
function returnsWithin(fn: Node, node: Node, sourceCode: SourceCode): boolean {
  let starts = functionReturns.get(fn);
  if (!starts) {
    starts = [];
    walk((fn as TSESTree.FunctionLike).body as Node, sourceCode.visitorKeys, (n) => {
      if (n.type === 'ReturnStatement') (starts as number[]).push(n.range[0]);
    });
    functionReturns.set(fn, starts);
  }
  // Sorted: the walk is in source order.
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) < node.range[0]) lo = mid + 1;
    else hi = mid;
  }
  return lo < starts.length && (starts[lo] as number) < node.range[1];
}

/** A labelled `break` or `continue` in the text (`break outer;`), the only jump an inner loop may aim at an outer one. */
const LABELLED_JUMP = /\b(?:break|continue)\s+[A-Za-z_$][\w$]*\s*;?/;

/**
 * The body ends `try { … } catch { …; await sleep(d); continue; } break;`: that `continue`, the
 * only way round (the `break` after the try is the success's).
 */
function continueAfterWait(body: readonly Statement[], site: RetrySite): TSESTree.ContinueStatement | undefined {
  const [tryStatement, exit] = body.slice(-2);
  if (exit?.type !== 'BreakStatement' || exit.label || tryStatement?.type !== 'TryStatement' || !tryStatement.handler || tryStatement.finalizer) return undefined;
  const caught = tryStatement.handler.body.body;
  const [wait, go] = caught.slice(-2);
  if (go?.type !== 'ContinueStatement' || go.label || !wait || !site.sleep || !isAwaitOf(wait, site.sleep)) return undefined;
  return go;
}

/**
 * The `break`s that leave this loop (not an inner loop or switch); undefined when the body
 * has a labelled jump or a `continue` of this loop (it went round without the wait).
 */
function breaksOf(loop: Node, keys: SourceCode['visitorKeys'], allowed?: Node, labelled = true): TSESTree.BreakStatement[] | undefined {
  const found: TSESTree.BreakStatement[] = [];
  let refused = false;
  const body = loop.type === 'WhileStatement' || loop.type === 'ForStatement' ? loop.body : loop;
  walk(body, keys, (n) => {
    if (n.type === 'YieldExpression') refused = true;
    // Without a labelled jump anywhere, a jump inside an inner loop is that loop's: not read (a nest of loops stays linear).
    if (!labelled && n !== body && (n.type === 'ForStatement' || n.type === 'WhileStatement' || n.type === 'DoWhileStatement' || n.type === 'ForOfStatement' || n.type === 'ForInStatement')) return false;
    if (n.type !== 'BreakStatement' && n.type !== 'ContinueStatement') return !refused;
    if (n.label) {
      refused = true;
      return false;
    }
    let inner = false;
    for (let p: Node | undefined = n.parent; p && p !== loop; p = p.parent) {
      if (p.type === 'ForStatement' || p.type === 'WhileStatement' || p.type === 'DoWhileStatement' || p.type === 'ForOfStatement' || p.type === 'ForInStatement' || (p.type === 'SwitchStatement' && n.type === 'BreakStatement')) inner = true;
    }
    if (!inner) {
      if (n.type === 'ContinueStatement') refused = n !== allowed;
      else found.push(n);
    }
    return !refused;
  });
  return refused ? undefined : found;
}

/** A test that reads only: no call, `new`, await, assignment or update. */
function isPure(node: Node, keys: SourceCode['visitorKeys']): boolean {
  let pure = true;
  walk(node, keys, (n) => {
    if (['CallExpression', 'NewExpression', 'AwaitExpression', 'AssignmentExpression', 'UpdateExpression', 'YieldExpression', 'TaggedTemplateExpression'].includes(n.type)) pure = false;
    return pure;
  });
  return pure;
}

/** `i++`, `i += 1`, `i--`: a `for`'s update of its counter. */
function isUpdate(node: Node): boolean {
  if (node.type === 'UpdateExpression') return node.argument.type === 'Identifier';
  return node.type === 'AssignmentExpression' && node.left.type === 'Identifier' && ['+=', '-=', '*='].includes(node.operator) && node.right.type === 'Literal';
}

/** `!(test)`, or the operand of a test that is itself a `!`. */
function negation(test: Node, sourceCode: SourceCode): string {
  if (test.type === 'UnaryExpression' && test.operator === '!') return sourceCode.getText(test.argument);
  return `!(${sourceCode.getText(test)})`;
}

function render(plan: RoundPlan, ctx: RewriteContext): string {
  const { sourceCode } = ctx;
  const indent = indentOf(plan.loop, sourceCode);
  const inner = `${indent}  `;
  const first = plan.body[0] as Statement;
  const bodyIndent = indentOf(first, sourceCode);
  const lastStatement = plan.body[plan.body.length - 1] as Statement;
  const update = plan.update ? `${sourceCode.getText(plan.update)};` : undefined;
  const goRound = (at: string) => (update ? `${update}\n${at}throw ${MARKER};` : `throw ${MARKER};`);
  const start = startWithComments(first, sourceCode);
  const edits: { range: [number, number]; text: string }[] = plan.breaks.map((b) => ({ range: b.range, text: 'return;' }));
  if (plan.wait) edits.push({ range: plan.wait.range, text: goRound(indentOf(plan.wait, sourceCode)) });
  // The `continue` after the wait, with the line it sat on.
  if (plan.continued) edits.push({ range: statementLines(plan.continued, sourceCode), text: '' });
  let text = '';
  let at = start;
  for (const e of edits.sort((a, b) => a.range[0] - b.range[0])) {
    text += sourceCode.text.slice(at, e.range[0]) + e.text;
    at = e.range[1];
  }
  text += sourceCode.text.slice(at, lastStatement.range[1]);
  const lines: string[] = [];
  if (plan.init) lines.push(`${sourceCode.getText(plan.init).replace(/;?$/, ';')}`);
  const message = plan.addsBound ? `still failing after ${ctx.bound} attempts` : 'try again';
  lines.push(`const ${MARKER} = new Error('${message}');`);
  const lead = plan.returns ? 'return' : 'await';
  lines.push(`${lead} retry(async () => {`);
  // The loop asked its test before every round, the first one too, and after the wait.
  if (plan.test) lines.push(`${inner}if (${negation(plan.test, sourceCode)}) throw ${MARKER};`);
  lines.push(`${inner}${reindent(text, bodyIndent, inner)}`);
  if (plan.appendThrow) lines.push(`${inner}${goRound(inner)}`);
  const test = plan.test ? ` && (${sourceCode.getText(plan.test)})` : '';
  lines.push(`}, {`, `${inner}maxAttempts: ${plan.maxAttempts},`, ...delayLines(plan.delay, inner), `${inner}shouldRetry: (error) => error === ${MARKER}${test},`, `${inner}rejectWith: 'last-error',`);
  if (plan.stops) {
    // The test said stop: the code after the loop runs (the marker only; any other error goes on).
    const awaits = plan.after.some((s) => /\bawait\b/.test(sourceCode.getText(s)));
    lines.push(`}).catch(${awaits ? 'async ' : ''}(error) => {`, `${inner}if (error !== ${MARKER}) throw error;`);
    for (const s of plan.after) lines.push(`${inner}${reindent(sourceCode.text.slice(startWithComments(s, sourceCode), s.range[1]), indentOf(s, sourceCode), inner)}`);
    lines.push('});');
  } else {
    lines.push('});');
  }
  return lines.map((l, i) => (i === 0 || l.startsWith(inner) ? l : `${indent}${l}`)).join('\n');
}

