import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, dottedName, isFunction, keyName, propertyName, unwrap, walk, writtenProperty, type FunctionNode, type Node } from '../ast.js';
import { writesWithin, type AnalysisContext, type Variable } from '../context.js';
import { evaluate, type Env } from '../evaluate.js';
import type { Value } from '../value.js';
import { asSleep } from '../sleep.js';
import { madeFrom } from '../variables/made-from.js';
import { holdsFailure } from '../variables/failure-holder.js';

/**
 * Does the next attempt get the same inputs as this one? A retry runs its operation again with
 * the same inputs (a counter or a wait may step); a way back that gives an input the way back
 * itself requires a value that closes it (`save(store, doc)` without the `existing` tested on
 * the way; `this.fallback = null` before `this.send(req)` under `if (this.fallback)`) goes at
 * most once more. What that once is depends on whether the attempt reads the changed input:
 * - 'other-request': it does (`existing ? update(existing) : create()`, `manifest(ref,
 *   platform)`): the next call is another request, a fallback, not a retry of this one;
 * - 'one-shot': only the way back reads it (`if (!retried) return send(req, true)`): the same
 *   request once more, a retry bounded at two attempts by a one-shot flag;
 * - 'same': no input the way back requires is given a value that closes it.
 * The question is asked of what the code does on the way back, for any function and any
 * names: an argument left out, a constant passed, a field of `this` set to one.
 */
export type NextAttempt = 'same' | 'one-shot' | 'other-request';

export interface WayBackInputs {
  /** The function whose attempt runs again. */
  fn: FunctionNode;
  /** The call of `fn` that starts the next attempt. */
  back: Node;
  /** Where the way back leaves `fn`: the self-call, or its call of the second function. */
  leaves: Node;
  /** The code that runs when the attempt failed (a catch block, a rejection callback). */
  failure: Node;
  /** The second function the way back goes through, when it does (`back` sits in it). */
  through?: FunctionNode;
  ctx: AnalysisContext;
}

/** An input of the next attempt given a known value: a parameter of `fn`, or a field of `this`. */
interface Change {
  variable?: Variable;
  field?: string;
  value: Value;
  /** The write on the failure path that gives a field its value. */
  write?: Node;
}

/** A test the way back passes, and the answer it needs to go on. */
interface Passage {
  test: Node;
  needs: boolean;
}

/** Left out or `undefined`, and `null`: both false to a test; told apart by a strict comparison. */
const ABSENT: Value = { t: 'unknown', random: false, truth: false };
const NULL: Value = { t: 'unknown', random: false, truth: false };
const TRUE: Value = { t: 'unknown', random: false, truth: true };
const FALSE: Value = { t: 'unknown', random: false, truth: false };
/** Bounds the tests read and the changes tried: the answer is 'same' past them. */
const MAX_PASSAGES = 16;
const MAX_CHANGES = 8;

export function nextAttemptInputs(q: WayBackInputs): NextAttempt {
  const passages = [...passagesTo(q.leaves, q.fn), ...(q.through ? passagesTo(q.back, q.through) : [])].slice(0, MAX_PASSAGES);
  if (freshInput(q, passages)) return 'other-request';
  if (passages.length === 0) return 'same';
  const changes = [...parameterChanges(q), ...propertyChanges(q), ...fieldChanges(q)].slice(0, MAX_CHANGES);
  let result: NextAttempt = 'same';
  for (const change of changes) {
    if (writtenAgain(change, q)) continue;
    if (!passages.some((p) => closes(p, change, q))) {
      // `if (withVideo) return this.answer(audio, false)` under `const withVideo = this.wants(video)`:
      // the constant decides the way back through a value that cannot be read here, and the
      // attempt reads it too: the next call asks for something else, a fallback.
      if (passages.some((p) => decidedThroughDerived(p, change, q)) && readByAttempt(change, passages, q)) return 'other-request';
      continue;
    }
    if (readByAttempt(change, passages, q)) return 'other-request';
    result = 'one-shot';
  }
  return result;
}

/**
 * The test reads a constant of `fn` computed from the changed parameter (`const withVideo =
 * this.wants(video)`), and its answer with the change cannot be read.
 */
function decidedThroughDerived(passage: Passage, change: Change, q: WayBackInputs): boolean {
  const variable = change.variable;
  if (!variable) return false;
  let derived = false;
  walk(passage.test, q.ctx.keys, (node) => {
    if (derived || isFunction(node)) return false;
    if (node.type !== 'Identifier') return undefined;
    const def = q.ctx.variableOf(node)?.defs[0];
    const declarator = def?.type === 'Variable' && def.parent?.kind === 'const' ? def.node : undefined;
    if (declarator?.init && contains(q.fn, declarator) && madeFrom(declarator.init, variable, q.ctx)) derived = true;
    return undefined;
  });
  if (!derived) return false;
  const env = plainEnv(q.fn, q.ctx);
  env.bindings = new Map([[variable, change.value]]);
  return truthOf(passage.test, env, change) === undefined;
}

/**
 * The tests on the way from `fn`'s start to `node`, each with the answer that lets it through:
 * the conditions around it, and the guards before it that leave (`if (!this.mirror) throw e;`).
 */
function passagesTo(node: Node, fn: FunctionNode): Passage[] {
  const passages: Passage[] = [];
  let child: Node = node;
  for (let p = node.parent; p && child !== fn; child = p, p = p.parent) {
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) passages.push({ test: p.test, needs: child === p.consequent });
    else if (p.type === 'LogicalExpression' && child === p.right && p.operator !== '??') passages.push({ test: p.left, needs: p.operator === '&&' });
    else if (p.type === 'BlockStatement') {
      for (const statement of p.body) {
        if (statement === child) break;
        if (statement.type === 'IfStatement' && !statement.alternate && alwaysExits(statement.consequent)) passages.push({ test: statement.test, needs: false });
      }
    }
  }
  return passages;
}

/**
 * The call back gives an input the attempt reads a value made elsewhere, not from that input
 * (`parse({ command: inner, depth: depth + 1 })` for `parse({ command, depth })`, `run(suggestion)`
 * for `run(name)`): the next call works on something else, a descent or another request, not the
 * same one again. A step of the input itself (`n - 1`, `delay * 2`, `{ ...opts }`) keeps it; a
 * constant is read by the tests it may close (the changes below).
 */
function freshInput(q: WayBackInputs, passages: readonly Passage[]): boolean {
  const { back, fn, ctx } = q;
  if (q.through || back.type !== 'CallExpression' || back.arguments.some((a) => a.type === 'SpreadElement')) return false;
  const fresh = (variable: Variable | undefined, given: Node | undefined): boolean =>
    variable !== undefined &&
    given !== undefined &&
    (elementOf(given, variable, ctx) || freshAndRead(variable, given));
  const freshAndRead = (variable: Variable, given: Node): boolean =>
    constantValue(given, plainEnv(fn, ctx)) === undefined &&
    (!madeFrom(given, variable, ctx) || builtAround(given, variable, ctx) || grownFrom(given, variable, ctx)) &&
    readByAttempt({ variable, value: ABSENT }, passages, q);
  return fn.params.some((param, i) => {
    const target = param.type === 'AssignmentPattern' ? param.left : param;
    const arg = back.arguments[i] as Node | undefined;
    if (!arg) return false;
    if (target.type === 'Identifier') return fresh(ctx.variableOf(target), arg);
    const object = unwrap(arg);
    if (target.type !== 'ObjectPattern' || object.type !== 'ObjectExpression') return false;
    return target.properties.some((property) => {
      if (property.type !== 'Property' || property.computed) return false;
      const key = keyName(property.key);
      const local = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
      if (key === undefined || local.type !== 'Identifier') return false;
      return fresh(ctx.variableOf(local), writtenProperty(object, key));
    });
  });
}

/** Methods that hand their callback the items of what they are called on, one at a time. */
const ITEM_METHODS = /^(map|forEach|flatMap|filter|some|every|find|findIndex|findLast)$/;

/**
 * `value.map((v) => redact(v))`, `Object.entries(value).map(([k, v]) => redact(v))`,
 * `for (const child of node.children) visit(child)`, `visit(node[key])` for `value` or `node`:
 * one item of the input, a walk into its parts, never the input itself again.
 */
function elementOf(given: Node, variable: Variable, ctx: AnalysisContext): boolean {
  const n = unwrap(given);
  if (n.type === 'MemberExpression' && n.computed) return madeFrom(n.object, variable, ctx);
  const item = n.type === 'Identifier' ? ctx.variableOf(n) : undefined;
  const def = item && item !== variable && item.defs.length === 1 ? item.defs[0] : undefined;
  if (def?.type === 'Parameter' && isFunction(def.node as Node)) {
    const callback = def.node as Node;
    const call = callback.parent;
    if (call?.type !== 'CallExpression' || call.arguments[0] !== callback) return false;
    const callee = unwrap(call.callee);
    return callee.type === 'MemberExpression' && ITEM_METHODS.test(propertyName(callee) ?? '') && madeFrom(callee.object, variable, ctx);
  }
  const loop = def?.type === 'Variable' ? def.parent?.parent : undefined;
  return loop?.type === 'ForOfStatement' && loop.left === def?.parent && madeFrom(loop.right, variable, ctx);
}

/**
 * `serialize(new Error(String(subject)))` for `serialize(subject)`: a new object built around
 * the input is another input (the fallback a failure falls to), not the same one again. Not a
 * copy of it (`new URL(url)`, `new Request(req, init)`: the input itself as the first argument).
 */
function builtAround(given: Node, variable: Variable, ctx: AnalysisContext): boolean {
  const made = unwrap(given);
  if (made.type !== 'NewExpression') return false;
  const first = made.arguments[0] && unwrap(made.arguments[0] as Node);
  return !(first?.type === 'Identifier' && ctx.variableOf(first) === variable);
}

/**
 * `[...deps, ...found]`, `deps.concat(found)`, `[...new Set([...deps, ...found])]` for `deps`: the
 * input with more added (a resolution that takes in what the last run turned up) is another
 * input. A copy (`[...deps]`) or a part of it (`deps.filter(…)`) is not.
 */
function grownFrom(given: Node, variable: Variable, ctx: AnalysisContext, depth = 0): boolean {
  const node = unwrap(given);
  if (depth > 8) return false;
  if (node.type === 'Identifier') {
    const other = ctx.variableOf(node);
    const def = other && other !== variable && other.defs.length === 1 ? other.defs[0] : undefined;
    const init = def?.node.type === 'VariableDeclarator' ? def.node.init : undefined;
    return init ? grownFrom(init, variable, ctx, depth + 1) : false;
  }
  if (node.type === 'SpreadElement') return grownFrom(node.argument, variable, ctx, depth + 1);
  // `new Set([...deps, ...found])`, `Array.from(…)`: what the collection is made of.
  if (node.type === 'NewExpression' || (node.type === 'CallExpression' && dottedName(node.callee) === 'Array.from')) {
    const first = node.arguments[0];
    return first !== undefined && grownFrom(first, variable, ctx, depth + 1);
  }
  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && propertyName(node.callee) === 'concat') {
    return itself(node.callee.object, variable, ctx) && node.arguments.length > 0;
  }
  // `{ ...rest, deps: [...deps, ...found] }` for the options object `deps` came from.
  if (node.type === 'ObjectExpression') return node.properties.some((p) => p.type === 'Property' && grownFrom(p.value as Node, variable, ctx, depth + 1));
  if (node.type !== 'ArrayExpression') return false;
  const elements = node.elements.filter((e): e is NonNullable<typeof e> => e !== null);
  if (elements.some((e) => e.type === 'SpreadElement' && grownFrom(e, variable, ctx, depth + 1))) return true;
  // (What is added may be made from the input too, the conflicts its attempt turned up: anything but the input itself.)
  const kept = elements.filter((e) => itself(e.type === 'SpreadElement' ? e.argument : e, variable, ctx));
  return kept.length > 0 && kept.length < elements.length;
}

/** The input, a field of it (`input.deps`), or a name taken out of it (`const { deps } = input`). */
function itself(node: Node, variable: Variable, ctx: AnalysisContext): boolean {
  const n = unwrap(node);
  if (n.type === 'MemberExpression' && !n.computed) return itself(n.object, variable, ctx);
  if (n.type !== 'Identifier') return false;
  const other = ctx.variableOf(n);
  if (other === variable) return true;
  const def = other?.defs.length === 1 ? other.defs[0] : undefined;
  const declarator = def?.node.type === 'VariableDeclarator' ? def.node : undefined;
  return declarator?.id.type === 'ObjectPattern' && declarator.init !== null && itself(declarator.init, variable, ctx);
}

/** Parameters of `fn` the call back gives a known value: left out (its default, or nothing), or a constant. */
function parameterChanges(q: WayBackInputs): Change[] {
  const { back, fn, ctx } = q;
  if (back.type !== 'CallExpression' || back.arguments.some((a) => a.type === 'SpreadElement')) return [];
  const scope = ctx.sourceCode.getScope(fn);
  const env = plainEnv(fn, ctx);
  const changes: Change[] = [];
  fn.params.forEach((param, i) => {
    const id = param.type === 'AssignmentPattern' ? param.left : param;
    if (id.type !== 'Identifier') return;
    const variable = scope.set.get(id.name);
    const arg = back.arguments[i];
    const value = arg ? constantValue(arg, env) : param.type === 'AssignmentPattern' ? evaluate(param.right, env) : ABSENT;
    if (variable && value) changes.push({ variable, value });
  });
  return changes;
}

/**
 * Properties of an options parameter the call back gives a known value: `f({ ...opts, offline:
 * true })` for `f({ offline })`, or for `f(opts)` that reads `const { offline } = opts`. The
 * property's variable takes the constant; a spread after the property may override it (unknown).
 */
function propertyChanges(q: WayBackInputs): Change[] {
  const { back, fn, ctx } = q;
  if (back.type !== 'CallExpression') return [];
  const env = plainEnv(fn, ctx);
  const changes: Change[] = [];
  fn.params.forEach((param, i) => {
    const arg = back.arguments[i] && unwrap(back.arguments[i]);
    if (arg?.type !== 'ObjectExpression') return;
    const target = param.type === 'AssignmentPattern' ? param.left : param;
    const patterns: TSESTree.ObjectPattern[] = [];
    if (target.type === 'ObjectPattern') patterns.push(target);
    else if (target.type === 'Identifier') {
      for (const ref of ctx.variableOf(target)?.references ?? []) {
        const declarator = ref.identifier.parent;
        if (declarator?.type === 'VariableDeclarator' && declarator.init === ref.identifier && declarator.id.type === 'ObjectPattern') patterns.push(declarator.id);
      }
    }
    for (const pattern of patterns) {
      for (const property of pattern.properties) {
        if (property.type !== 'Property' || property.computed || changes.length >= MAX_CHANGES) continue;
        const key = keyName(property.key);
        const local = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
        if (!key || local.type !== 'Identifier') continue;
        const variable = ctx.variableOf(local);
        const value = givenProperty(arg, key, env);
        if (variable && value) changes.push({ variable, value });
      }
    }
  });
  return changes;
}

/** The constant an object literal gives `key`, read from its end: a spread met first may hold the key (unknown). */
function givenProperty(object: TSESTree.ObjectExpression, key: string, env: Env): Value | undefined {
  const given = writtenProperty(object, key);
  return given && constantValue(given, env);
}

/** `null`, `undefined`, `void 0`, `true`, `0`, `''`: a value known without running anything. */
function constantValue(node: Node, env: Env): Value | undefined {
  const n = unwrap(node);
  if (n.type === 'Literal') {
    if (n.value === null && !('regex' in n && n.regex)) return NULL;
    if (typeof n.value === 'boolean') return n.value ? TRUE : FALSE;
    if (typeof n.value === 'number') return evaluate(n, env);
    if (typeof n.value === 'string') return { t: 'unknown', random: false, kind: 'string', text: n.value, truth: n.value !== '' };
    return undefined;
  }
  if (n.type === 'Identifier' && n.name === 'undefined') return ABSENT;
  if (n.type === 'UnaryExpression' && n.operator === 'void') return ABSENT;
  return undefined;
}

/** Fields of `this` the failure path (or the second function, before its call back) sets to a constant or deletes. */
function fieldChanges(q: WayBackInputs): Change[] {
  const changes: Change[] = [];
  const env = plainEnv(q.fn, q.ctx);
  const collect = (root: Node, before: Node) =>
    walk(root, q.ctx.keys, (node) => {
      if (node.range[0] >= before.range[0] || changes.length >= MAX_CHANGES) return false;
      if (isFunction(node) && !contains(node, before)) return false;
      const target = node.type === 'AssignmentExpression' && node.operator === '=' ? node.left : node.type === 'UnaryExpression' && node.operator === 'delete' ? node.argument : undefined;
      if (target?.type !== 'MemberExpression' || target.computed || unwrap(target.object).type !== 'ThisExpression') return undefined;
      const field = dottedName(target);
      const value = node.type === 'UnaryExpression' ? ABSENT : constantValue((node as TSESTree.AssignmentExpression).right, env);
      if (field && value) changes.push({ field, value, write: node });
      return undefined;
    });
  collect(q.failure, q.leaves);
  if (q.through) collect(q.through.body, q.back);
  return changes;
}

/**
 * The input is written again where the attempt runs (`version ??= await latest()`, `this.mirror =
 * pick()` at the top): what the way back sets does not last to the next test, which may open again.
 */
function writtenAgain(change: Change, q: WayBackInputs): boolean {
  if (change.variable) return writesWithin(change.variable, q.fn.body).length > 0;
  let written = false;
  const look = (root: Node) =>
    walk(root, q.ctx.keys, (node) => {
      if (written) return false;
      const target = node.type === 'AssignmentExpression' ? node.left : node.type === 'UpdateExpression' ? node.argument : node.type === 'UnaryExpression' && node.operator === 'delete' ? node.argument : undefined;
      if (node !== change.write && target?.type === 'MemberExpression' && dottedName(target) === change.field) written = true;
      return undefined;
    });
  look(q.fn.body);
  if (q.through) look(q.through.body);
  return written;
}

/** The test, read with the changed input at its new value, refuses the way back (and did not without it). */
function closes(passage: Passage, change: Change, q: WayBackInputs): boolean {
  const env = plainEnv(q.fn, q.ctx);
  // A test that refuses the way back whatever the input (a branch never taken) says nothing of it.
  const already = truthOf(passage.test, plainEnv(q.fn, q.ctx), { value: ABSENT });
  if (already !== undefined && already !== passage.needs) return false;
  if (change.variable) env.bindings = new Map([[change.variable, change.value]]);
  else env.receiver = { member: (member) => (dottedName(member) === change.field ? change.value : undefined) };
  const truth = truthOf(passage.test, env, change);
  return truth !== undefined && truth !== passage.needs;
}

/**
 * A test's answer in three values, the connectives read here so that one known side decides
 * (`e.code === 'GONE' && !retried` is false once `retried` is, whatever the error).
 */
function truthOf(test: Node, env: Env, change: Change, depth = 0): boolean | undefined {
  const n = unwrap(test);
  if (depth > 8) return undefined;
  if (n.type === 'UnaryExpression' && n.operator === '!') {
    const inner = truthOf(n.argument, env, change, depth + 1);
    return inner === undefined ? undefined : !inner;
  }
  if (n.type === 'BinaryExpression' && /^[!=]==?$/.test(n.operator)) {
    const nullish = nullishTest(n, change, env);
    if (nullish !== undefined) return nullish;
  }
  if (n.type === 'LogicalExpression' && n.operator !== '??') {
    const [a, b] = [truthOf(n.left, env, change, depth + 1), truthOf(n.right, env, change, depth + 1)];
    const decisive = n.operator === '||';
    if (a === decisive || b === decisive) return decisive;
    return a === !decisive && b === !decisive ? !decisive : undefined;
  }
  // `if (error && !canRetry) return` with `error` set to the caught error or a new one: on the way back it is one.
  if (n.type === 'Identifier' && holdsFailure(n, env.ctx)) return true;
  const value = evaluate(n, env);
  if (value.truth !== undefined) return value.truth;
  return value.t === 'num' && !value.random && !Number.isNaN(value.v) ? value.v !== 0 : undefined;
}

/**
 * The attempt reads the input: a read in `fn` outside the failure path and the tests on the way
 * back (the operation's argument, the condition that picks the operation).
 */
/** `id !== undefined`, `this.mirror == null`, `typeof id === 'undefined'` of the changed input. */
function nullishTest(n: TSESTree.BinaryExpression, change: Change, env: Env): boolean | undefined {
  if (n.left.type === 'PrivateIdentifier') return undefined;
  const [left, right] = [unwrap(n.left), unwrap(n.right)];
  const typeofUndefined = (a: Node, b: Node) => a.type === 'UnaryExpression' && a.operator === 'typeof' && b.type === 'Literal' && b.value === 'undefined';
  let read: Node;
  let against: 'null' | 'undefined';
  if (typeofUndefined(left, right) || typeofUndefined(right, left)) {
    read = unwrap(((typeofUndefined(left, right) ? left : right) as TSESTree.UnaryExpression).argument);
    against = 'undefined';
  } else {
    const kind = (x: Node) => (x.type === 'Literal' && x.value === null && !('regex' in x && x.regex) ? 'null' : (x.type === 'Identifier' && x.name === 'undefined') || (x.type === 'UnaryExpression' && x.operator === 'void') ? 'undefined' : undefined);
    const side = kind(right) ? left : kind(left) ? right : undefined;
    if (!side) return undefined;
    read = side;
    against = (kind(right) ?? kind(left)) as 'null' | 'undefined';
  }
  const isInput = change.variable ? read.type === 'Identifier' && env.ctx.variableOf(read) === change.variable : read.type === 'MemberExpression' && dottedName(read) === change.field;
  if (!isInput) return undefined;
  const value = change.value === ABSENT ? 'undefined' : change.value === NULL ? 'null' : 'other';
  const loose = n.operator.length === 2 || n.left.type === 'UnaryExpression' || n.right.type === 'UnaryExpression';
  const equal = value === 'other' ? false : loose ? true : value === against;
  return n.operator.startsWith('=') ? equal : !equal;
}

function readByAttempt(change: Change, passages: readonly Passage[], q: WayBackInputs): boolean {
  let read = false;
  walk(q.fn.body, q.ctx.keys, (node) => {
    if (read || node === q.failure || passages.some((p) => p.test === node)) return false;
    // The wait before the attempt (`if (delay > 0) await wait(delay)`) is not what it sends.
    if (onlyWaits(node, q.ctx)) return false;
    if (change.variable && node.type === 'Identifier' && q.ctx.variableOf(node) === change.variable) read = true;
    if (change.field && node.type === 'MemberExpression' && !isWritten(node) && dottedName(node) === change.field) read = true;
    return undefined;
  });
  return read;
}

/** A sleep, or an `if` (with no `else`) whose only statement awaits one. */
function onlyWaits(node: Node, ctx: AnalysisContext): boolean {
  if ((node.type === 'CallExpression' || node.type === 'NewExpression') && asSleep(node, ctx)) return true;
  if (node.type !== 'IfStatement' || node.alternate) return false;
  const body = node.consequent.type === 'BlockStatement' && node.consequent.body.length === 1 ? node.consequent.body[0] : node.consequent;
  if (body?.type !== 'ExpressionStatement') return false;
  const expression = body.expression.type === 'AwaitExpression' ? body.expression.argument : body.expression;
  return (expression.type === 'CallExpression' || expression.type === 'NewExpression') && asSleep(expression, ctx) !== undefined;
}

function isWritten(member: TSESTree.MemberExpression): boolean {
  const parent = member.parent;
  return (parent?.type === 'AssignmentExpression' && parent.left === member) || (parent?.type === 'UnaryExpression' && parent.operator === 'delete');
}

function plainEnv(fn: FunctionNode, ctx: AnalysisContext): Env {
  return { ctx, region: fn.body, counters: new Set(), depth: 0 };
}
