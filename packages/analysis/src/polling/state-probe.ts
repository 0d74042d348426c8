import { firstDefinition } from '../definitions/bodies.js';
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { catchSentinelOf } from '../checks.js';
import type { Env } from '../evaluate.js';
import { localFunction } from '../functions/local-function.js';

/**
 * Is a loop waiting for a state rather than retrying a failed operation? Polling goes round
 * while a probe answers "not yet"; a retry goes round because its operation failed. The two
 * meet where the loop's test is a function of this file that never fails (its catch answers
 * a constant falsy value) and answers `true` on a state it reads from what the operation
 * returned (`(await fetch(url)).ok`, `res.status === 200`, `body.ready`): the operation
 * succeeding is not the exit, the state being reached is, and the probe's failure is folded
 * into "not ready" (a `false` it answers on a path of its own, after a test, is "not yet" too). A function that answers a constant `true` once its operation went through
 * (`try { await send(m); return true } catch { return false }`) reports the operation's
 * success: going round on its `false` retries the operation.
 *
 * `check` is the test the loop decides on (its condition, or the `if` that leaves it), in any
 * polarity; the probe is the call it reads, directly (`!(await isUp(url))`) or through a const
 * it was put in (`const up = await isUp(url); if (up) return;`).
 */
export function probesState(check: Node, env: Env): boolean {
  const call = probeCall(check, env.ctx);
  const fn = call && localFunction(call, env);
  return fn !== undefined && answersState(fn, env.ctx);
}

function probeCall(check: Node, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  let n = unwrap(check);
  while ((n.type === 'UnaryExpression' && n.operator === '!') || n.type === 'AwaitExpression') n = unwrap(n.argument);
  if (n.type === 'Identifier') {
    const def = firstDefinition(ctx.variableOf(n));
    const declaration = def?.type === 'Variable' && def.parent.kind === 'const' ? def.node : undefined;
    if (!declaration?.init || declaration.id.type !== 'Identifier') return undefined;
    n = unwrap(declaration.init);
    while (n.type === 'AwaitExpression') n = unwrap(n.argument);
  }
  return n.type === 'CallExpression' ? n : undefined;
}

const probes = new WeakMap<FunctionNode, boolean>();

/** Read once per function: its failures folded into a falsy answer, its other answers a state read. */
function answersState(fn: FunctionNode, ctx: AnalysisContext): boolean {
  let known = probes.get(fn);
  if (known === undefined) {
    known = readProbe(fn, ctx);
    probes.set(fn, known);
  }
  return known;
}

function readProbe(fn: FunctionNode, ctx: AnalysisContext): boolean {
  if (fn.body.type !== 'BlockStatement') return chainedProbe(fn.body);
  const sentinel = catchSentinelOf(fn, ctx);
  if (!sentinel || sentinel.escapes || sentinel.value !== 'false') return false;
  const answers: Node[] = [];
  walk(fn.body, ctx.keys, (node) => {
    if (isFunction(node) || node.type === 'CatchClause') return false;
    if (node.type === 'ReturnStatement') answers.push(node.argument ?? node);
    return undefined;
  });
  // `if (servers.length === 0) return false;` beside `return res.answers.length > 0`: "not yet", decided by a test.
  return answers.some(readsState) && answers.every((a) => readsState(a) || isFalse(a));
}

/** `fetch(url).then((r) => r.ok).catch(() => false)`: the same probe written as a chain. */
function chainedProbe(body: Node): boolean {
  const n = unwrap(body);
  if (n.type !== 'CallExpression' || calleeName(n) !== 'catch' || n.callee.type !== 'MemberExpression') return false;
  const onFailure = n.arguments[0];
  if (!onFailure || !isFunction(onFailure) || onFailure.body.type === 'BlockStatement' || !isFalse(onFailure.body)) return false;
  const then = unwrap(n.callee.object);
  const onValue = then.type === 'CallExpression' && calleeName(then) === 'then' && then.arguments.length === 1 ? then.arguments[0] : undefined;
  return onValue !== undefined && isFunction(onValue) && onValue.body.type !== 'BlockStatement' && readsState(onValue.body);
}

function isFalse(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'Literal' && n.value === false;
}

/**
 * An answer read from a value (`res.ok`, `res.status === 200`, `!body.pending`, `a && b.ready`):
 * a state. A constant, or the result of a call handed back as it is, is not.
 */
function readsState(answer: Node): boolean {
  const n = unwrap(answer);
  switch (n.type) {
    case 'MemberExpression':
      return true;
    case 'BinaryExpression':
      return /^([!=]==?|[<>]=?|in|instanceof)$/.test(n.operator);
    case 'UnaryExpression':
      return n.operator === '!' && readsState(n.argument);
    case 'LogicalExpression':
      return readsState(n.left) || readsState(n.right);
    case 'CallExpression':
      return testsEveryItem(n);
    default:
      return false;
  }
}

/**
 * `statuses.every((s) => s === 'up')`, `checks.some((c) => !c.ok)`: the array's own test of
 * each item, answering what its predicate reads from them, a state as above.
 */
function testsEveryItem(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || call.arguments.length !== 1) return false;
  const method = propertyName(callee);
  const predicate = call.arguments[0] as Node;
  return (method === 'every' || method === 'some') && isFunction(predicate) && predicate.body.type !== 'BlockStatement' && readsState(predicate.body);
}
