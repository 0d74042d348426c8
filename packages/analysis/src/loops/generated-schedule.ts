import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, isAnyLoop, isFunction, unwrap, walk, type FunctionNode, type Node, type VisitorKeys } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';
import { evaluate } from '../evaluate.js';
import { scheduleValue, UNKNOWN, type Value } from '../value.js';
import { attemptsFromComparison } from '../bounds.js';
import type { Bound } from '../exits/bound.js';

/**
 * What does a loop over a generator of this file bind on each turn, and how many turns does
 * the generator give? `for (const d of delays())` with `function* delays() { let d = 250;
 * for (…) { yield d; d *= 2; } }` takes its waits from what the generator yields, and ends when
 * the generator does: a schedule written as code rather than as an array.
 */

export interface GeneratedSchedule {
  /** The loop variable, bound to the values the generator yields (joined). */
  binding: Map<Variable, Value>;
  /** Turns the generator gives: a number when its yields are counted, 'endless' when a yield sits in a loop it never leaves. */
  turns: number | 'endless' | undefined;
}

/** The local generator function a `for…of` iterates (`delays()`, `this.delays()` is not read). */
export function iteratedGenerator(loop: TSESTree.ForOfStatement, ctx: AnalysisContext): FunctionNode | undefined {
  const right = unwrap(loop.right);
  if (right.type !== 'CallExpression' || right.callee.type !== 'Identifier') return undefined;
  const fn = ctx.functionOf(right.callee);
  return fn?.generator && !fn.async ? fn : undefined;
}

export function generatedSchedule(loop: TSESTree.ForOfStatement, ctx: AnalysisContext): GeneratedSchedule | undefined {
  const fn = iteratedGenerator(loop, ctx);
  const left = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : undefined;
  if (!fn || left?.type !== 'Identifier') return undefined;
  const variable = ctx.sourceCode.getScope(loop).set.get(left.name) ?? ctx.variableOf(left);
  const yields = yieldsOf(fn, ctx);
  if (!variable || yields.length === 0 || yields.some((y) => y.delegate || !y.argument)) return undefined;
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
function turnsOf(yields: readonly TSESTree.YieldExpression[], fn: FunctionNode, ctx: AnalysisContext): number | 'endless' | undefined {
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
  const count = attemptsFromComparison(loop.test, { ctx, region: loop, counters: new Set(), depth: 1 }, false, false);
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
  return { ...own, attempts, unbounded: false };
}
