import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, enclosingFunction, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import type { Env } from '../evaluate.js';
import { localFunction } from '../functions/local-function.js';
import { soleDefinition } from '../definitions/bodies.js';
import { thisClass } from '../graph/resolve.js';

/**
 * Exits from the failure cycle that something outside the cycle decides: a flag another
 * function sets (`close()` sets `this.closed`, an effect's cleanup sets `cancelled`), a timer
 * handle another function clears, a predicate of the failure that may answer "give up". Each
 * bounds the retry with a count nobody can name; none is "never gives up". A flag only the
 * cycle writes, or one the cycle resets before it looks, stops nothing.
 *
 * `cycle` is the code that runs once per attempt (a loop body, the retried function's body);
 * the function around `test` is where the attempt runs.
 */
export interface ExitQuery {
  /** The test under which the give-up branch runs… */
  test: Node;
  /** …when it is truthy (true) or falsy (false). */
  stopsWhen: boolean;
  cycle: Node;
  env: Env;
  /** The failure of the attempt (the caught error, a value derived from it): told by the caller, which reads the attempt. */
  isFailure: (id: TSESTree.Identifier) => boolean;
}

/** What a state must hold for the test to give up. */
type Wanted = { kind: 'truthy' } | { kind: 'falsy' } | { kind: 'equal'; value: unknown } | { kind: 'unequal'; value: unknown };
interface Watched { target: TSESTree.MemberExpression | TSESTree.Identifier; wanted: Wanted }

const MAX_TEST_NODES = 200;

export function externalStop(q: ExitQuery): boolean {
  const watched: Watched[] = [];
  let predicate = false;
  let budget = MAX_TEST_NODES;
  const visit = (node: Node, stopsWhen: boolean): void => {
    if (predicate || --budget < 0) return;
    const n = unwrap(node);
    if (n.type === 'UnaryExpression' && n.operator === '!') return visit(n.argument, !stopsWhen);
    // Either side of `a || b`, `a && b` may be the one that turns: each is an exit of its own.
    if (n.type === 'LogicalExpression') {
      visit(n.left, stopsWhen);
      visit(n.right, stopsWhen);
      return;
    }
    if (n.type === 'AwaitExpression') return visit(n.argument, stopsWhen);
    if (n.type === 'CallExpression') {
      if (failurePredicate(n, q) || answeredOutside(n, q)) predicate = true;
      return;
    }
    // `const again = await confirm('Try again?'); if (!again) throw …`: the answer, read once.
    const answer = n.type === 'Identifier' ? answerHeldIn(n, q) : undefined;
    if (answer && answeredOutside(answer, q)) {
      predicate = true;
      return;
    }
    if (n.type === 'BinaryExpression' && n.left.type !== 'PrivateIdentifier') {
      // Sorting failures is not counting them: `err instanceof X`, `err.status === 503` lets
      // the retryable kind through for ever, which is what an outage sends.
      const compared = comparedWithLiteral(n, q.env.ctx);
      if (!compared || mentionsFailure(compared.side, q)) return;
      if (isStateRead(compared.side)) {
        const equalStops = compared.equal === stopsWhen;
        watched.push({ target: compared.side, wanted: { kind: equalStops ? 'equal' : 'unequal', value: compared.value } });
      }
      return;
    }
    if (isStateRead(n)) watched.push({ target: n, wanted: { kind: stopsWhen ? 'truthy' : 'falsy' } });
  };
  visit(q.test, q.stopsWhen);
  if (predicate) return true;
  return watched.some((w) => setElsewhere(w, q));
}

/**
 * `this.timer = setTimeout(() => this.open(), ms)` where another function runs
 * `clearTimeout(this.timer)`: the way back can be cut from outside.
 */
export function clearedElsewhere(schedule: Node, cycle: Node, env: Env): boolean {
  if (schedule.type !== 'CallExpression') return false;
  const holder = heldIn(schedule);
  if (!holder) return false;
  const home = enclosingFunction(schedule);
  return clearCalls(env.ctx).some((clear) => {
    const arg = clear.arguments[0] && unwrap(clear.arguments[0]);
    return arg !== undefined && sameState(arg, holder, env.ctx) && outsideCycle(clear, cycle, home, env);
  });
}

/** Where a timer's handle is kept and the file's `clearTimeout` calls of that handle (recursion/failure-path.ts reads deadlines with them). */
export function timerClears(schedule: TSESTree.CallExpression, ctx: AnalysisContext): { handle: TSESTree.MemberExpression | TSESTree.Identifier; clears: TSESTree.CallExpression[] } | undefined {
  const handle = heldIn(schedule);
  if (!handle) return undefined;
  const clears = clearCalls(ctx).filter((clear) => {
    const arg = clear.arguments[0] && unwrap(clear.arguments[0]);
    return arg !== undefined && sameState(arg, handle, ctx);
  });
  return { handle, clears };
}

/** `handle = setTimeout(…)` (or `const handle = …`) written in `region`: the timer armed again there. */
export function armsAgain(region: Node, handle: TSESTree.MemberExpression | TSESTree.Identifier, ctx: AnalysisContext): boolean {
  let found = false;
  walk(region, ctx.keys, (node) => {
    if (found) return false;
    if (node.type !== 'CallExpression' || !/^(setTimeout|setInterval)$/.test(calleeName(node) ?? '')) return undefined;
    const held = heldIn(node);
    if (held && sameState(held, handle, ctx)) found = true;
    return undefined;
  });
  return found;
}

/** Where the handle a call returns is kept: `x = call()`, `this.t = call()`, `const x = call()`. */
function heldIn(call: TSESTree.CallExpression): TSESTree.MemberExpression | TSESTree.Identifier | undefined {
  let child: Node = call;
  let p = call.parent;
  // (`this.t = setTimeout(…) as unknown as number`)
  while (p && (p.type === 'TSAsExpression' || p.type === 'TSNonNullExpression')) [child, p] = [p, p.parent];
  if (p?.type === 'AssignmentExpression' && p.right === child && p.operator === '=' && isStateRead(p.left)) return p.left;
  if (p?.type === 'VariableDeclarator' && p.init === child && p.id.type === 'Identifier') return p.id;
  return undefined;
}

function isStateRead(node: Node): node is TSESTree.MemberExpression | TSESTree.Identifier {
  if (node.type === 'Identifier') return node.name !== 'undefined';
  return node.type === 'MemberExpression' && propertyName(node) !== undefined && !node.computed;
}

function comparedWithLiteral(n: TSESTree.BinaryExpression, ctx: AnalysisContext): { side: Node; value: unknown; equal: boolean } | undefined {
  if (!/^[!=]==?$/.test(n.operator)) return undefined;
  const literal = (x: Node): { value: unknown } | undefined => {
    const u = unwrap(x);
    if (u.type === 'Literal') return { value: u.value };
    if (u.type === 'Identifier' && u.name === 'undefined') return { value: undefined };
    // `this.state === CLOSED` with `const CLOSED = 2`.
    const named = u.type === 'Identifier' ? ctx.constLiteral(u) : undefined;
    return named ? { value: named.value } : undefined;
  };
  const left = unwrap(n.left as Node);
  const right = unwrap(n.right);
  const lit = literal(right) ?? literal(left);
  if (!lit) return undefined;
  return { side: literal(right) ? left : right, value: lit.value, equal: n.operator.startsWith('=') };
}

/**
 * A call handed the failure whose code cannot be read here (a callback the caller hands in,
 * an import): it may count, so it is an exit of unknown kind. A function of this file is read
 * instead: one that sorts failures by their fields lets the retryable kind through for ever.
 */
/**
 * A call in the cycle whose answer comes from code that cannot be read here (a prompt, a
 * health probe, a callback): whether it says "give up" is unknown, so the retry may stop.
 */
function answeredOutside(call: TSESTree.CallExpression, q: ExitQuery): boolean {
  if (!contains(q.cycle, call)) return false;
  const callee = unwrap(call.callee);
  // A callee that is the failure itself (`err()`) is no answer from outside.
  if (callee.type === 'Identifier') return q.env.ctx.functionOf(callee) === undefined && !q.isFailure(callee);
  // `this.decide()`, `options.shouldRetry()`: a method of the class is read elsewhere; any other object's is not.
  return callee.type === 'MemberExpression' && unwrap(callee.object).type !== 'ThisExpression' && !mentionsFailure(callee, q);
}

/** The call a `const` holds (`const again = await confirm(…)`), when the name is read nowhere it could change. */
function answerHeldIn(id: TSESTree.Identifier, q: ExitQuery): TSESTree.CallExpression | undefined {
  const def = soleDefinition(q.env.ctx.variableOf(id));
  if (def?.type !== 'Variable' || def.parent.kind !== 'const' || !def.node.init) return undefined;
  let init = unwrap(def.node.init);
  while (init.type === 'AwaitExpression') init = unwrap(init.argument);
  return init.type === 'CallExpression' ? init : undefined;
}

function failurePredicate(call: TSESTree.CallExpression, q: ExitQuery): boolean {
  if (!call.arguments.some((arg) => arg.type !== 'SpreadElement' && mentionsFailure(arg, q))) return false;
  // (A function of this file, or a method of the class `this` is, is read where it is: exits.ts.)
  return localFunction(call, q.env) === undefined;
}

function mentionsFailure(node: Node, q: ExitQuery): boolean {
  let found = false;
  let budget = MAX_TEST_NODES;
  walk(node, q.env.ctx.keys, (n) => {
    if (found || --budget < 0 || isFunction(n)) return false;
    if (n.type === 'Identifier' && q.isFailure(n)) found = true;
    return undefined;
  });
  return found;
}

/**
 * Some function outside the cycle writes the state a value that gives up, and the cycle does
 * not write it back before it looks.
 */
function setElsewhere(w: Watched, q: ExitQuery): boolean {
  const writes = writesOf(w.target, q.env.ctx);
  const home = enclosingFunction(q.test);
  const reset = writes.some((write) => contains(q.cycle, write) && enclosingFunction(write) === home && write.range[1] <= q.test.range[0] && !mayGiveUp(write.right, w.wanted, q.env.ctx));
  if (reset) return false;
  return writes.some((write) => outsideCycle(write, q.cycle, home, q.env) && !inConstructor(write) && mayGiveUp(write.right, w.wanted, q.env.ctx));
}

/**
 * Written in a function that runs apart from the attempts: not inside the cycle, not the
 * function the attempt runs in (a write there before a loop is its starting value), nor one
 * around it (the same).
 */
function outsideCycle(node: Node, cycle: Node, home: FunctionNode | undefined, env: Env): boolean {
  if (contains(cycle, node)) return false;
  const writer = enclosingFunction(node);
  if (!writer || writer === home || (home && contains(writer, home))) return false;
  // (A function the attempt itself calls, `this.#afterFailure(err)` or a helper that arms the timer, is part of the cycle.)
  const inCycle = (fn: FunctionNode) => [...cycleFunctions(cycle, env)].some((c) => c === fn || contains(c, fn));
  if (!inCycle(writer)) return true;
  // …unless another function, one that does not go back into the cycle, calls it too: the
  // owner's `unsubscribe()` calling the `disconnect()` the failure path runs before it re-arms.
  // (Not a function that clears to arm again, `flushIn(ms)`: that restarts the cycle.)
  if (callsInto(writer, cycle, home, writer, env)) return false;
  return env.ctx.nodesOfKind('CallExpression').some((call) => {
    if (contains(cycle, call) || localFunction(call as TSESTree.CallExpression, env) !== writer) return false;
    const caller = enclosingFunction(call);
    return caller !== undefined && caller !== home && !(home && contains(caller, home)) && !inCycle(caller) && !callsInto(caller, cycle, home, writer, env);
  });
}

/** The function calls the attempt's function or another of the cycle's than `except`: a restart, not a stop. */
function callsInto(fn: FunctionNode, cycle: Node, home: FunctionNode | undefined, except: FunctionNode, env: Env): boolean {
  const functions = cycleFunctions(cycle, env);
  let calls = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (calls) return false;
    if (node.type === 'CallExpression') {
      const callee = localFunction(node, env) ?? callbackArgument(node, env);
      if (callee && callee !== except && (callee === home || functions.has(callee))) calls = true;
    }
    return undefined;
  });
  return calls;
}

const MAX_CYCLE_FUNCTIONS = 32;
const cycles = new WeakMap<Node, Set<FunctionNode>>();

/** The functions of this file the cycle calls, and those they call (bounded). */
function cycleFunctions(cycle: Node, env: Env): Set<FunctionNode> {
  const known = cycles.get(cycle);
  if (known) return known;
  const found = new Set<FunctionNode>();
  const queue: Node[] = [cycle];
  while (queue.length > 0 && found.size < MAX_CYCLE_FUNCTIONS) {
    const body = queue.shift() as Node;
    walk(body, env.ctx.keys, (node) => {
      if (node.type !== 'CallExpression') return undefined;
      const fn = localFunction(node, env) ?? callbackArgument(node, env);
      if (fn && !found.has(fn) && found.size < MAX_CYCLE_FUNCTIONS) {
        found.add(fn);
        queue.push(fn.body);
      }
      return undefined;
    });
  }
  cycles.set(cycle, found);
  return found;
}

/** `setTimeout(drain, ms)`, `.then(step)`: a function of the file handed by name, run later by the cycle. */
function callbackArgument(call: TSESTree.CallExpression, env: Env): FunctionNode | undefined {
  for (const arg of call.arguments) {
    const a = unwrap(arg);
    const fn = a.type === 'Identifier' ? env.ctx.functionOf(a) : undefined;
    if (fn) return fn;
  }
  return undefined;
}

function inConstructor(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'MethodDefinition') return p.kind === 'constructor';
  return false;
}

/** A written value that may make the test give up (anything not a literal that keeps it going). */
function mayGiveUp(value: Node, wanted: Wanted, ctx: AnalysisContext): boolean {
  const v = unwrap(value);
  const named = v.type === 'Identifier' ? ctx.constLiteral(v) : undefined;
  const literal = v.type === 'Literal' ? { value: v.value } : v.type === 'Identifier' && v.name === 'undefined' ? { value: undefined } : named ? { value: named.value } : undefined;
  if (!literal) return true;
  switch (wanted.kind) {
    case 'truthy': return Boolean(literal.value);
    case 'falsy': return !literal.value;
    case 'equal': return literal.value === wanted.value;
    case 'unequal': return literal.value !== wanted.value;
  }
}

function sameState(a: Node, b: TSESTree.MemberExpression | TSESTree.Identifier, ctx: AnalysisContext): boolean {
  if (a.type === 'Identifier' && b.type === 'Identifier') {
    const va = ctx.variableOf(a);
    return va !== undefined && va !== null && va === ctx.variableOf(b);
  }
  if (a.type === 'MemberExpression' && b.type === 'MemberExpression') {
    if (propertyName(a) !== propertyName(b)) return false;
    const ao = unwrap(a.object);
    const bo = unwrap(b.object);
    if (ao.type === bo.type) return ao.type === 'ThisExpression' || sameText(ao, bo, ctx);
    // `provider.shouldConnect` in `setupWS(provider: WebsocketProvider)` and `this.shouldConnect`
    // in that class's `disconnect()`: the annotation says whose field it is.
    return ao.type === 'ThisExpression' ? instanceOfThis(bo, ao, ctx) : bo.type === 'ThisExpression' && instanceOfThis(ao, bo, ctx);
  }
  return false;
}

/** A parameter (or variable) annotated with the class whose instance `this` is. */
function instanceOfThis(holder: Node, self: Node, ctx: AnalysisContext): boolean {
  if (holder.type !== 'Identifier') return false;
  const cls = thisClass(self);
  if (!cls?.id) return false;
  const def = ctx.variableOf(holder)?.defs[0];
  const id = def?.name;
  const annotation = id?.type === 'Identifier' ? id.typeAnnotation?.typeAnnotation : undefined;
  return annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier' && annotation.typeName.name === cls.id.name && !annotation.typeArguments;
}

function sameText(a: Node, b: Node, ctx: AnalysisContext): boolean {
  const text = ctx.sourceCode.text;
  return text.slice(a.range[0], a.range[1]) === text.slice(b.range[0], b.range[1]);
}

/** The assignments of a member (by name, `this.x`/`obj.x`) or of a variable, anywhere in the file. */
function writesOf(target: TSESTree.MemberExpression | TSESTree.Identifier, ctx: AnalysisContext): TSESTree.AssignmentExpression[] {
  if (target.type === 'Identifier') {
    const variable = ctx.variableOf(target);
    if (!variable) return [];
    const out: TSESTree.AssignmentExpression[] = [];
    for (const ref of variable.references) {
      const parent = ref.identifier.parent;
      if (ref.isWrite() && parent?.type === 'AssignmentExpression' && parent.left === ref.identifier) out.push(parent);
    }
    return out;
  }
  const prop = propertyName(target);
  return prop === undefined ? [] : (fileIndex(ctx).memberWrites.get(prop) ?? []).filter((write) => sameState(write.left, target, ctx));
}

function clearCalls(ctx: AnalysisContext): TSESTree.CallExpression[] {
  return fileIndex(ctx).clears;
}

interface FileIndex { memberWrites: Map<string, TSESTree.AssignmentExpression[]>; clears: TSESTree.CallExpression[] }
const indexes = new WeakMap<AnalysisContext, FileIndex>();

/** One pass over the file's recorded nodes: member assignments by name, and timer cancellations. */
function fileIndex(ctx: AnalysisContext): FileIndex {
  let index = indexes.get(ctx);
  if (index) return index;
  const built: FileIndex = { memberWrites: new Map(), clears: [] };
  for (const node of ctx.nodesOfKind('AssignmentExpression')) {
    if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression') {
      const prop = propertyName(node.left);
      if (prop !== undefined) {
        const list = built.memberWrites.get(prop) ?? [];
        list.push(node);
        built.memberWrites.set(prop, list);
      }
    }
  }
  // The platform's own cancellation of a timer handle.
  for (const node of ctx.nodesOfKind('CallExpression')) {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && /^clear(Timeout|Interval|Immediate)$/.test(node.callee.name) && node.arguments.length > 0) built.clears.push(node);
  }
  indexes.set(ctx, (index = built));
  return index;
}

/**
 * The exits of this kind on the way from the start of `fn` to its call back into the retry:
 * the tests around the call and the give-up branches before it, and the timers it goes
 * through. `givesUp` tells a branch that ends the retry (read where the attempt is read).
 */
export function stopsOnTheWay(call: Node, fn: FunctionNode, env: Env, isFailure: ExitQuery['isFailure'], givesUp: (branch: Node) => boolean): boolean {
  const cycle = fn.body;
  const query = (test: Node, stopsWhen: boolean): boolean => externalStop({ test, stopsWhen, cycle, env, isFailure });
  let child: Node = call;
  for (let p: Node | undefined = call; p && p !== fn; child = p, p = p.parent) {
    if (p.type === 'CallExpression' && clearedElsewhere(p, cycle, env)) return true;
    // (Only where the other way gives up: `if (res.status === 429) return again(); return res` goes on or succeeds.)
    if (p.type === 'IfStatement' && child !== p.test && p !== call && (child === p.consequent ? givesUpAfter(p, givesUp) : givesUp(p.consequent)) && query(p.test, child !== p.consequent)) return true;
    if (p.type !== 'BlockStatement' || p === call) continue;
    for (const statement of p.body) {
      if (statement === child) break;
      if (statement.type === 'IfStatement' && givesUp(statement.consequent) && query(statement.test, true)) return true;
    }
  }
  return false;
}

/** The other branch of the `if`, or the statement after it, ends the retry. */
export function givesUpAfter(branch: TSESTree.IfStatement, givesUp: (branch: Node) => boolean): boolean {
  if (branch.alternate) return givesUp(branch.alternate);
  const block = branch.parent;
  const next = block?.type === 'BlockStatement' ? block.body[block.body.indexOf(branch) + 1] : undefined;
  return next !== undefined && givesUp(next);
}

/**
 * `while (!this.stopped)` where nothing but a constructor, an initialiser or the code before the
 * loop ever writes `stopped`: the test can never turn, so it is no exit at all (a flag nothing
 * outside the cycle writes). Undefined-free: false for any other test.
 */
export function flagNeverWritten(test: Node, cycle: Node, env: Env): boolean {
  const n = unwrap(test);
  const target = n.type === 'UnaryExpression' && n.operator === '!' ? unwrap(n.argument) : n;
  if (!isStateRead(target)) return false;
  if (target.type === 'Identifier' && !env.ctx.variableOf(target)) return false;
  const home = enclosingFunction(test);
  return writesOf(target, env.ctx).every((write) => inConstructor(write) || (!contains(cycle, write) && enclosingFunction(write) === home && write.range[1] <= cycle.range[0]));
}

/** A loop's condition turns false when something outside the loop sets the owner's flag (`while (!this.closing)`, close() sets it). */
export function loopTestMayTurn(test: Node | undefined, cycle: Node, env: Env): boolean {
  return test !== undefined && externalStop({ test, stopsWhen: false, cycle, env, isFailure: () => false });
}

/**
 * A test of state kept outside the function (`!this.stopped`, `closed || this.disposed` with
 * `closed` a variable of an enclosing scope): no call, nothing awaited, no local of the function
 * (`if (found)` after `const found = await store.shift()` reads this attempt's answer).
 */
export function readsStateOnly(test: Node, fn: FunctionNode, env: Env): boolean {
  let only = true;
  walk(test, env.ctx.keys, (node) => {
    if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'AwaitExpression' || node.type === 'ConditionalExpression' || isFunction(node)) only = false;
    if (node.type === 'MemberExpression') {
      if (unwrap(node.object).type !== 'ThisExpression' && unwrap(node.object).type !== 'Identifier') only = false;
      // (A parameter's field is the caller's object, which others may write: `provider.shouldConnect`.)
      else if (unwrap(node.object).type === 'Identifier' && declaredWithin(unwrap(node.object) as TSESTree.Identifier, fn, env) && env.ctx.variableOf(unwrap(node.object) as TSESTree.Identifier)?.defs[0]?.type !== 'Parameter') only = false;
      return false;
    }
    if (node.type === 'Identifier' && declaredWithin(node, fn, env)) only = false;
    return only;
  });
  return only;
}

function declaredWithin(id: TSESTree.Identifier, fn: FunctionNode, env: Env): boolean {
  const def = env.ctx.variableOf(id)?.defs[0];
  return def === undefined || contains(fn, def.name as Node);
}
