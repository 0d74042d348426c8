import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, isAnyLoop, isFunction, unwrap, walk, type FunctionNode, type Node, type VisitorKeys } from '../ast.js';
import { isReassigned, type AnalysisContext, type Variable } from '../context.js';
import { evaluate, type Env } from '../evaluate.js';
import { scheduleValue, UNKNOWN, type Value } from '../value.js';
import { attemptsFromComparison, deadlineFrom, mentionsTime } from '../exits/comparison-bound.js';
import type { Bound } from '../exits/bound.js';
import type { Sleep } from '../sleep.js';
import { scanAttempt } from '../scan.js';
import { sleepValue } from '../sleep-value.js';
import { bindArguments } from '../bind-arguments.js';

/**
 * What does a loop over a generator bind on each turn, how long does it wait before each, and
 * how many turns does the generator give? `for (const d of delays())` with `function* delays() {
 * let d = 250; for (…) { yield d; d *= 2; } }` takes its waits from what the generator yields,
 * and ends when the generator does: a schedule written as code rather than as an array. `for
 * await (const _ of backoff())` over an async generator that sleeps before it yields waits what
 * the generator sleeps.
 */

export interface GeneratedSchedule {
  /** The loop variable, bound to the values the generator yields (joined). */
  binding: Map<Variable, Value>;
  /** Turns the generator gives: a number when its yields are counted, 'endless' when a yield sits in a loop it never leaves. */
  turns: number | 'endless' | undefined;
  /**
   * The wait an async generator sleeps between its yields (`await sleep(d); yield d`): each turn
   * of the loop over it waits that long first, so it is the loop's wait when the loop has none.
   */
  wait?: Value;
  /** The generator's own loop ends at a deadline (`if (Date.now() - start > max) return`). */
  deadline?: boolean;
  deadlineMs?: number;
}

/**
 * The generator function a `for…of` iterates (`delays()`, `this.delays()` is not read): one of
 * this file, or one another module of the project exports (only when the loop can be a retry:
 * a body with a `try`, so a loop over imported data is not read into).
 */
export function iteratedGenerator(loop: TSESTree.ForOfStatement, ctx: AnalysisContext, foreign = false): { fn: FunctionNode; ctx: AnalysisContext; call: TSESTree.CallExpression } | undefined {
  const right = unwrap(loop.right);
  if (right.type !== 'CallExpression' || right.callee.type !== 'Identifier') return undefined;
  const local = ctx.functionOf(right.callee);
  const found = local ? { fn: local, ctx } : foreign ? ctx.foreignFunction?.(right) : undefined;
  if (!found?.fn.generator) return undefined;
  // A sync generator is a schedule; an async one only when it sleeps between yields (a stream
  // of pages or messages it awaits is items, not a schedule).
  if (found.fn.async && !sleepingLoop(found.fn, found.ctx, new Map())) return undefined;
  return { ...found, call: right };
}

/** A `try` straight in the loop's body: the only loops over an imported generator read. */
export function triesInBody(loop: TSESTree.ForOfStatement): boolean {
  return loop.body.type === 'BlockStatement' && loop.body.body.some((st) => st.type === 'TryStatement');
}

export function generatedSchedule(loop: TSESTree.ForOfStatement, ctx: AnalysisContext, foreign: boolean): GeneratedSchedule | undefined {
  const iterated = iteratedGenerator(loop, ctx, foreign);
  const left = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : undefined;
  if (!iterated || left?.type !== 'Identifier') return undefined;
  const variable = ctx.sourceCode.getScope(loop).set.get(left.name) ?? ctx.variableOf(left);
  if (!variable) return undefined;
  if (iterated.fn.async) {
    // The loop variable is what the generator yields; what matters is the wait before each turn.
    const turn = sleepingTurn(iterated.fn, iterated.ctx, iterated.call, ctx);
    if (!turn) return undefined;
    return { binding: new Map([[variable, UNKNOWN]]), turns: turn.turns, wait: turn.wait, deadline: turn.deadline, ...(turn.deadlineMs !== undefined ? { deadlineMs: turn.deadlineMs } : {}) };
  }
  const fn = iterated.fn;
  if (iterated.ctx !== ctx) return undefined;
  const yields = yieldsOf(fn, ctx);
  if (yields.length === 0 || yields.some((y) => y.delegate || !y.argument)) return undefined;
  // Each yield read in the loop around it, so a value the generator steps between yields grows.
  const values = yields.map((y) => evaluate(y.argument as Node, { ctx, region: enclosingLoop(y, fn) ?? fn.body, counters: new Set(), depth: 1 }));
  const turns = turnsOf(yields, fn, ctx);
  // `yield 250; yield 500; yield 1000`: a schedule written out, as an array literal would be.
  const numbers = values.every((v) => v.t === 'num' && !v.random) ? values.map((v) => (v as { v: number }).v) : undefined;
  const value = numbers && typeof turns === 'number' ? scheduleValue(numbers) : values.length === 1 ? (values[0] as Value) : UNKNOWN;
  return { binding: new Map([[variable, value]]), turns };
}

function yieldsOf(fn: FunctionNode, ctx: AnalysisContext): TSESTree.YieldExpression[] {
  const found: TSESTree.YieldExpression[] = [];
  walk(fn.body, ctx.keys, (node) => {
    if (node !== fn.body && isFunction(node)) return false;
    if (node.type === 'YieldExpression') found.push(node);
    return undefined;
  });
  return found;
}

function enclosingLoop(node: Node, fn: FunctionNode): Node | undefined {
  for (let p = node.parent; p && p !== fn.body; p = p.parent) if (isAnyLoop(p)) return p;
  return undefined;
}

/**
 * Yields outside any loop, none in a branch: one turn each. Yields straight in the body of one
 * counted loop the generator does not leave early: the loop's count, each. A yield in `while
 * (true)` (or a `for` with no test) the generator never leaves by `return` or `break`: endless.
 * Otherwise the count is not read here.
 */
function turnsOf(yields: readonly TSESTree.YieldExpression[], fn: FunctionNode, ctx: AnalysisContext, bindings?: ReadonlyMap<Variable, Value>): number | 'endless' | undefined {
  const loops = new Set(yields.map((y) => enclosingLoop(y, fn)));
  const straightIn = (body: Node) => yields.every((y) => y.parent?.type === 'ExpressionStatement' && y.parent.parent === body);
  if (loops.size === 1 && loops.has(undefined)) {
    const leaves = fn.body.type === 'BlockStatement' && fn.body.body.some((st) => st.type !== 'ExpressionStatement' && alwaysExits(st));
    return straightIn(fn.body) && !leaves ? yields.length : undefined;
  }
  for (const loop of loops) {
    if (!loop) continue;
    if (runsForever(loop) && !leavesLoop(loop, ctx.keys)) return 'endless';
  }
  const [loop] = loops;
  if (loops.size !== 1 || !loop || (loop.type !== 'ForStatement' && loop.type !== 'WhileStatement') || !loop.test || !straightIn(loop.body) || leavesLoop(loop, ctx.keys)) return undefined;
  const count = attemptsFromComparison(loop.test, { ctx, region: loop, counters: new Set(), depth: 1, ...(bindings ? { bindings } : {}) }, false, false);
  return typeof count === 'number' && Number.isFinite(count) ? count * yields.length : undefined;
}

/** `while (true)`, `do … while (true)`, `for (;;)`. */
function runsForever(loop: Node): boolean {
  if (loop.type !== 'WhileStatement' && loop.type !== 'DoWhileStatement' && loop.type !== 'ForStatement') return false;
  const test = loop.test && unwrap(loop.test);
  return !test || (test.type === 'Literal' && test.value === true);
}

function leavesLoop(loop: Node, keys: VisitorKeys): boolean {
  let leaves = false;
  walk(loop, keys, (node) => {
    if (leaves || isFunction(node)) return false;
    if (node.type === 'ReturnStatement' || node.type === 'ThrowStatement' || (node.type === 'BreakStatement' && !node.label)) leaves = true;
    return undefined;
  });
  return leaves;
}

/**
 * The operation reads what the generator yields (`send(url)` with `url` the loop variable, or a
 * constant of the body made from it): each turn works on a different input, items rather than
 * a schedule of waits.
 */
export function feedsOperation(generated: GeneratedSchedule, operation: Node, ctx: AnalysisContext): boolean {
  const [variable] = generated.binding.keys();
  let reads = false;
  const visit = (root: Node, depth: number) =>
    walk(root, ctx.keys, (node) => {
      if (reads) return false;
      if (node.type !== 'Identifier') return undefined;
      const v = ctx.variableOf(node);
      if (v === variable) reads = true;
      const def = v?.defs[0];
      if (!reads && depth < 2 && def?.type === 'Variable' && def.node.init && def.node.id === def.name && v !== variable) visit(def.node.init, depth + 1);
      return undefined;
    });
  visit(operation, 0);
  return reads;
}

/**
 * The loop's limit over a generator: the give-up guards of its body (read as for a loop with no
 * condition, `own`), and the generator's end: the fewer of the two counts; endless only when
 * the generator never ends and no guard stops the loop; a count not read is unknown.
 */
export function generatedBound(generated: GeneratedSchedule, own: Bound & { unbounded: boolean }): Bound & { unbounded: boolean } {
  const { turns } = generated;
  if (turns === 'endless') return own;
  const guarded = typeof own.attempts === 'number' ? own.attempts : undefined;
  const attempts = typeof turns === 'number' ? Math.min(turns, guarded ?? Infinity) : (own.attempts ?? 'unknown');
  const deadlineMs = own.deadlineMs ?? generated.deadlineMs;
  return { ...own, attempts, unbounded: false, deadline: own.deadline || generated.deadline === true, ...(deadlineMs !== undefined ? { deadlineMs } : {}) };
}

/**
 * How an async generator turns: its loop awaits one sleep beside its one yield (`while (…) {
 * await sleep(d); yield d; n++ }`), or it re-yields another generator of its module (`for
 * await (const d of inner(…)) yield d`), which turns as that one does.
 */
type Turn = { loop: TSESTree.WhileStatement | TSESTree.DoWhileStatement | TSESTree.ForStatement; sleep: Sleep } | { inner: FunctionNode; call: TSESTree.CallExpression };

/** Read once per generator: every loop over it asks of the same body. */
const turnsRead = new WeakMap<FunctionNode, Turn | null>();

function turnOf(fn: FunctionNode, ctx: AnalysisContext): Turn | undefined {
  let known = turnsRead.get(fn);
  if (known === undefined) turnsRead.set(fn, (known = readTurn(fn, ctx) ?? null));
  return known ?? undefined;
}

function readTurn(fn: FunctionNode, ctx: AnalysisContext): Turn | undefined {
  const yields = yieldsOf(fn, ctx);
  const [only] = yields;
  if (yields.length !== 1 || !only || only.delegate) return undefined;
  const loop = enclosingLoop(only, fn);
  if (!loop || enclosingLoop(loop, fn)) return undefined;
  if (loop.type === 'ForOfStatement') return reyielded(loop, only, fn, ctx);
  if (loop.type !== 'WhileStatement' && loop.type !== 'DoWhileStatement' && loop.type !== 'ForStatement') return undefined;
  // (The sleeps of the loop's own body, as an attempt's are collected: not those of a nested loop or callback.)
  const { sleeps } = scanAttempt(loop.body, ctx);
  return sleeps.length === 1 ? { loop, sleep: sleeps[0] as Sleep } : undefined;
}

/** `for await (const d of inner(…)) yield d` (or of a `const` holding `inner(…)`), `inner` an async generator of the same module. */
function reyielded(loop: TSESTree.ForOfStatement, yielded: TSESTree.YieldExpression, fn: FunctionNode, ctx: AnalysisContext): Turn | undefined {
  const left = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : undefined;
  const argument = yielded.argument && unwrap(yielded.argument);
  if (left?.type !== 'Identifier' || argument?.type !== 'Identifier' || argument.name !== left.name) return undefined;
  let source = unwrap(loop.right);
  if (source.type === 'Identifier') {
    const variable = ctx.variableOf(source);
    const def = variable?.defs[0];
    if (def?.type === 'Variable' && def.node.init && variable?.defs.length === 1 && !isReassigned(variable)) source = unwrap(def.node.init);
  }
  if (source.type !== 'CallExpression' || source.callee.type !== 'Identifier') return undefined;
  const inner = ctx.functionOf(source.callee);
  return inner?.generator && inner.async && inner !== fn ? { inner, call: source } : undefined;
}

const MAX_REYIELDS = 2;

/** The loop that sleeps, and the generator's parameters bound as the calls down to it pass them. */
function sleepingLoop(fn: FunctionNode, ctx: AnalysisContext, bindings: Map<Variable, Value>, depth = 0): { turn: Extract<Turn, { sleep: Sleep }>; holder: FunctionNode; bindings: Map<Variable, Value> } | undefined {
  const turn = turnOf(fn, ctx);
  if (!turn) return undefined;
  if ('sleep' in turn) return { turn, holder: fn, bindings };
  if (depth >= MAX_REYIELDS) return undefined;
  return sleepingLoop(turn.inner, ctx, bindArguments(turn.inner, turn.call, ctx, ctx, undefined, bindings).values, depth + 1);
}

/** The wait before each turn of `for await (… of fn(…))`, and how the generator's loop ends. */
function sleepingTurn(fn: FunctionNode, ctx: AnalysisContext, call?: TSESTree.CallExpression, callerCtx?: AnalysisContext): ({ wait: Value } & GeneratorEnd) | undefined {
  const bindings = call && callerCtx ? bindArguments(fn, call, callerCtx, ctx).values : new Map<Variable, Value>();
  const found = sleepingLoop(fn, ctx, bindings);
  if (!found) return undefined;
  const env = { ctx, region: found.turn.loop, counters: new Set<Variable>(), depth: 1, bindings: found.bindings };
  return { wait: sleepValue(found.turn.sleep, env), ...generatorEnd(found.turn.loop, found.holder, env) };
}

interface GeneratorEnd {
  turns: number | 'endless' | undefined;
  deadline: boolean;
  deadlineMs?: number;
}

/**
 * How the sleeping loop ends, which ends the loop over the generator: its turns counted as a
 * schedule's are (`endless` when it never leaves a `while (true)`), and a deadline when the loop's
 * test, or a test that leaves it, reads the clock.
 */
function generatorEnd(loop: Extract<Turn, { sleep: Sleep }>['loop'], holder: FunctionNode, env: Env): GeneratorEnd {
  const { ctx } = env;
  const turns = turnsOf(yieldsOf(holder, ctx), holder, ctx, env.bindings);
  const tests: Node[] = loop.test ? [loop.test] : [];
  walk(loop.body, ctx.keys, (node) => {
    if (isFunction(node)) return false;
    if (node.type === 'IfStatement' && alwaysExits(node.consequent)) tests.push(node.test);
    return undefined;
  });
  const clock = tests.find((t) => mentionsTime(t, env));
  const deadlineMs = clock && deadlineFrom(clock, env);
  return { turns, deadline: clock !== undefined, ...(deadlineMs !== undefined ? { deadlineMs } : {}) };
}
