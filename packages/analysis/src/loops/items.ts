import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, isAnyLoop, isFunction, propertyName, unwrap, walk, type Node, type RetryLoopNode } from '../ast.js';
import { AnalysisContext, writesWithin, type Variable } from '../context.js';
import { evaluate, numberArray, type Env } from '../evaluate.js';
import { scanAttempt } from '../scan.js';
import { scheduleValue, type Value } from '../value.js';
import { firstDefinition } from '../definitions/bodies.js';
import { textOf } from './loop-retry.js';
import { afterOperationInTry } from './success-writes.js';

/**
 * Does a loop walk through items or alternatives (a list, a schedule, a parent chain) rather
 * than repeat one operation?
 */

/** `DELAYS.entries()`: the list whose index and item each turn takes. */
export function entriesOf(right: Node): Node | undefined {
  const call = unwrap(right);
  if (call.type !== 'CallExpression' || call.arguments.length > 0 || call.callee.type !== 'MemberExpression' || call.callee.computed) return undefined;
  return propertyName(call.callee) === 'entries' ? (call.callee.object as Node) : undefined;
}

/** The loop variable of a schedule: each wait, or the attempt number when it counts 1, 2, 3. */
export function scheduleBinding(loop: TSESTree.ForOfStatement, schedule: number[] | undefined, ctx: AnalysisContext) {
  const left = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : undefined;
  if (!schedule || schedule.length < 2) return undefined;
  // `for (const [i, wait] of DELAYS.entries())`: the index counts the turns, the item is the wait.
  if (left?.type === 'ArrayPattern' && entriesOf(loop.right)) {
    const [index, item] = left.elements;
    const bindings = new Map<Variable, Value>();
    const bind = (id: Node | null | undefined, value: Value) => {
      const variable = id?.type === 'Identifier' ? ctx.variableOf(id) : undefined;
      if (variable) bindings.set(variable, value);
    };
    bind(index, { t: 'counter', random: false });
    bind(item, scheduleValue(schedule));
    return bindings.size > 0 ? bindings : undefined;
  }
  if (left?.type !== 'Identifier') return undefined;
  const variable = ctx.sourceCode.getScope(loop).set.get(left.name) ?? ctx.variableOf(left);
  if (!variable) return undefined;
  const counting = schedule.every((n, i) => i === 0 || n === (schedule[i - 1] as number) + 1);
  return new Map<Variable, Value>([[variable, counting ? { t: 'counter', random: false } : scheduleValue(schedule)]]);
}

/** `for (let i = 0; i < items.length; i++)` over items, or a body indexing `items[i]`. */
export function iteratesCollection(loop: RetryLoopNode, ctx: AnalysisContext): boolean {
  if (loop.type !== 'ForStatement') return false;
  const test = loop.test ? unwrap(loop.test) : undefined;
  if (test?.type === 'BinaryExpression') {
    const right = unwrap(test.right);
    // `i <= DELAYS.length` over a list of numbers counts the waits of a schedule, not items.
    if (right.type === 'MemberExpression' && !right.computed && right.property.type === 'Identifier' && /^(length|size|count)$/.test(right.property.name)) {
      if (numberArray(right.object, { ctx, region: loop, counters: new Set(), depth: 0 }) === undefined) return true;
    }
  }
  const counters = new Set<string>();
  if (loop.init?.type === 'VariableDeclaration') {
    for (const d of loop.init.declarations) if (d.id.type === 'Identifier') counters.add(d.id.name);
  }
  // Only an index declared in the head can walk a list: without one the body need not be read.
  if (counters.size === 0) return false;
  // `items[i]` is written with a bracket: a body without one indexes nothing.
  if (!textOf(loop.body, ctx).includes('[')) return false;
  let indexes = false;
  const env: Env = { ctx, region: loop, counters: new Set(), depth: 0 };
  walk(loop.body, ctx.keys, (node) => {
    if (indexes) return false;
    // `items[i]` walks a list; `DELAYS[i]` (numbers) is a schedule of waits.
    if (node.type === 'MemberExpression' && node.computed && node.property.type === 'Identifier' && counters.has(node.property.name)) {
      indexes = numberArray(node.object, env) === undefined;
    }
    return undefined;
  });
  return indexes;
}

/**
 * The operation is called with something the loop moves on each turn (`node = node.parent`,
 * `dir = dirname(dir)`, `url = nextMirror()`): that walks through items or alternatives, it
 * does not repeat one operation.
 */
export function advancesThroughItems(loop: RetryLoopNode, operation: TSESTree.CallExpression, env: Env): boolean {
  /** Variables that select an item of a list for the operation (`claim(ids[i])`): stepping one by one moves to the next item. */
  const indexes = new Set<Variable>();
  /** Variables that name what the operation is asked for, made into it with other things (`buildCopyName(name, attempt)`). */
  const naming = new Set<Variable>();
  const isStep = (write: TSESTree.Identifier, variable: Variable): boolean => {
    const parent = write.parent;
    if ((indexes.has(variable) || naming.has(variable) || positionIn(variable, operation, env)) && (parent?.type === 'UpdateExpression' || (parent?.type === 'AssignmentExpression' && parent.left === write && (parent.operator === '+=' || parent.operator === '-=')))) return true;
    if (parent?.type !== 'AssignmentExpression' || parent.left !== write || parent.operator !== '=') return false;
    // `res = await fetch(…)` stores the operation's own result: not a step.
    return unwrap(parent.right) !== operation;
  };
  const inputs = new Set<Variable>();
  const addInputs = (root: Node, depth: number): void => {
    walk(root, env.ctx.keys, (node) => {
      if (node.type !== 'Identifier') return undefined;
      // A key (`{ responseHeaders: {} }`, `res.headers`) names a property, not a variable.
      const parent = node.parent;
      if ((parent?.type === 'Property' && parent.key === node && !parent.computed) || (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed)) return undefined;
      const variable = env.ctx.variableOf(node);
      // `ids[i]`, not `DELAYS[i]` (numbers: a schedule of waits).
      if (variable && parent?.type === 'MemberExpression' && parent.computed && parent.property === node && numberArray(parent.object, env) === undefined) indexes.add(variable);
      if (variable && namesInput(node, operation, env)) naming.add(variable);
      if (!variable || inputs.has(variable)) return undefined;
      inputs.add(variable);
      // `const pkgPath = join(basedir, 'package.json')` inside the loop: follow it.
      const def = firstDefinition(variable);
      if (depth < 2 && def?.type === 'Variable' && def.node.init && contains(loop, def.node)) addInputs(def.node.init, depth + 1);
      return undefined;
    });
  };
  for (const arg of operation.arguments) addInputs(arg, 0);
  const callee = unwrap(operation.callee);
  // (`errors[i]()`: the function called is an item of a list too.)
  if (callee.type === 'MemberExpression') addInputs(callee.computed ? callee : callee.object, 0);
  // `getLowerBound(i)` beside `const current = elements[i].index`: a position the loop also reads
  // an item of a list at is an index, wherever in the loop it does (not an attempt count). Read
  // from each input's references, not a walk of the loop (loops nest: each would walk the inner ones).
  for (const variable of inputs) {
    if (indexes.has(variable)) continue;
    for (const ref of variable.references) {
      const id = ref.identifier as Node;
      const member = id.parent;
      if (member?.type !== 'MemberExpression' || !member.computed || member.property !== id || !contains(loop, id)) continue;
      if (numberArray(member.object, env) === undefined) {
        indexes.add(variable);
        break;
      }
    }
  }
  // Only what carries over to the next attempt: a variable declared inside the body restarts.
  const carriesOver = (variable: Variable) => !variable.defs.some((def) => contains(loop.body, def.name));
  // `run(input, done, (n) => { done = n })`: progress the operation reports while it runs. A
  // turn after a failure resumes the rest of the same work (a retry of what failed), it does not
  // move on to other work.
  const reportedByOperation = (write: Node) => operation.arguments.some((arg) => isFunction(arg) && contains(arg, write));
  const steps = [...inputs].filter(carriesOver).flatMap((variable) => writesWithin(variable, loop).filter((write) => isStep(write, variable) && !reportedByOperation(write)));
  // (An index stepped on every failure, in the catch, moves to the next item too: failing over.)
  const isIndex = (step: TSESTree.Identifier) => {
    const variable = env.ctx.variableOf(step);
    return variable !== undefined && indexes.has(variable);
  };
  if (steps.some((step) => !conditionalWithin(step, loop, !isIndex(step)) && !afterOperationInTry(step, operation, loop))) return true;
  // Steps taken only on some paths (`if (serverOffset > offset) offset = serverOffset`) leave
  // the others retrying the same input, unless every way round takes one (a redirect:
  // `client = redirectTo; continue` on ASK and MOVED, a throw otherwise).
  // A loop that also waits between turns is backing off a retry, whatever else it moves.
  return steps.length > 0 && everyWayRoundSteps(loop, steps, env) && scanAttempt(loop.body, env.ctx).sleeps.length === 0;
}

function everyWayRoundSteps(loop: RetryLoopNode, steps: readonly Node[], env: Env): boolean {
  const stepBefore = (node: Node): boolean => {
    let child: Node = node;
    for (let p = node.parent; p && p !== loop; child = p, p = p.parent) {
      if (p.type !== 'BlockStatement') continue;
      const earlier = p.body.slice(0, p.body.indexOf(child as TSESTree.Statement));
      if (earlier.some((statement) => steps.some((step) => contains(statement, step)))) return true;
    }
    return false;
  };
  let ok = true;
  walk(loop.body, env.ctx.keys, (node) => {
    if (!ok || isFunction(node) || (node !== loop.body && isAnyLoop(node))) return false;
    if (node.type === 'ContinueStatement' && !stepBefore(node)) ok = false;
    // A catch that falls through to the next turn must step too.
    if (node.type === 'CatchClause' && !alwaysExits(node.body) && !steps.some((step) => contains(node.body, step) && !conditionalWithin(step, node.body, false))) ok = false;
    return undefined;
  });
  return ok;
}

/**
 * `for (let port = basePort; port <= maxPort; port++) listen(port)`: a number handed to the
 * operation as it is, counted from where the caller says (not from 0 or 1, where a count of
 * attempts starts): a position in a range the loop walks (the next port), not an attempt count.
 */
function positionIn(variable: Variable, operation: TSESTree.CallExpression, env: Env): boolean {
  if (!operation.arguments.some((arg) => arg.type === 'Identifier' && env.ctx.variableOf(arg) === variable)) return false;
  const def = firstDefinition(variable);
  const init = def?.type === 'Variable' && def.node.id === def.name && def.node.init ? unwrap(def.node.init as Node) : undefined;
  if (!init) return false;
  const start = evaluate(init, env);
  return !(start.t === 'num' && (start.v === 0 || start.v === 1)) && start.t !== 'counter';
}

/**
 * Whether `node` runs only on some paths below `root` (a branch, an inner loop that may not go
 * round: the redirects one response may bring; a catch too, when asked).
 */
function conditionalWithin(node: Node, root: Node, catchIsBranch: boolean): boolean {
  for (let child: Node = node, p = node.parent; p && p !== root; child = p, p = p.parent) {
    if (p.type === 'IfStatement' || p.type === 'ConditionalExpression' || p.type === 'SwitchCase' || (catchIsBranch && p.type === 'CatchClause')) return true;
    if (isAnyLoop(p) && child === (p as { body?: Node }).body) return true;
  }
  return false;
}

/**
 * `createCopy(buildCopyName(source.name, attempt))`, `` open(`${base}-${n}`) ``: the count goes
 * into a text the operation is given (a call of other inputs that is no number, a template), so
 * each turn asks for another name: a walk through candidates, as an index through a list is. A
 * count handed on by itself (`send(req, attempt)`) or made into a number (`{ timeout: 1000 * n }`) is not.
 */
function namesInput(id: TSESTree.Identifier, operation: TSESTree.CallExpression, env: Env): boolean {
  const parent = id.parent;
  if (parent?.type === 'TemplateLiteral') return true;
  if (parent?.type !== 'CallExpression' || parent === operation || !parent.arguments.includes(id) || parent.arguments.length < 2) return false;
  const value = evaluate(parent, env);
  return value.t === 'unknown' && value.kind !== 'function' && value.kind !== 'array' && !value.random && !isFunction(unwrap(parent.callee));
}
