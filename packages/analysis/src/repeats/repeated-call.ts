import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, dottedName, isFunction, outerExpression, unwrap, walk, type Node } from '../ast.js';
import { writesWithin, type AnalysisContext, type Variable } from '../context.js';
import type { Env } from '../evaluate.js';
import { policyFrom, serverWaitMark } from '../policy.js';
import { scanAttempt } from '../scan.js';
import { waitsOnSignal, type Sleep } from '../sleep.js';
import { sleepValue } from '../sleep-value.js';
import type { RetrySite } from '../types.js';
import type { Value } from '../value.js';
import { neverThrows } from '../summaries/never-throws.js';

/**
 * Is the operation run again, with the same inputs, on its failure path, written out rather than
 * looped: `try { return await request() } catch { await sleep(5); return await request() }`?
 * That second call is a way back (ANALYSIS.md: O runs again with the same inputs), taken once
 * for each copy: a retry bounded by the copies, whose wait is what the failure path waits before
 * the copy. The same call must stand in for the first: its result goes where the first one's
 * would (returned, or given to the same variable), or the first is the `try`'s opening statement
 * and the copy a statement of its own (`try { await connect() } catch { … await connect() }`);
 * a call both paths make on the way out (`release()`) repeats nothing.
 */
export interface RepeatedCall {
  /** The `try` whose failure path runs the operation again. */
  statement: TSESTree.TryStatement;
  operation: TSESTree.CallExpression;
  again: TSESTree.CallExpression;
  /** How many times the operation runs at most: the first call and each copy down the chain of catches. */
  attempts: number;
  /** Each copy after `again` down the chain, with the catch block it sits in. */
  later: { again: TSESTree.CallExpression; failure: TSESTree.BlockStatement }[];
}

/** Copies chained through nested catches (`catch { try { again } catch { again } }`) are counted up to this. */
const MAX_CHAIN = 8;

export function repeatedCall(statement: TSESTree.TryStatement, ctx: AnalysisContext): RepeatedCall | undefined {
  const handler = statement.handler;
  if (!handler) return undefined;
  // Grouped by the callee as written: each copy is compared with the calls it can be a copy of, not with all of them.
  const firsts = new Map<string, TSESTree.CallExpression[]>();
  for (const call of candidateCalls(statement.block, ctx)) {
    const key = shapeOf(call.callee, ctx);
    firsts.set(key, [...(firsts.get(key) ?? []), call]);
  }
  if (firsts.size === 0) return undefined;
  for (const again of candidateCalls(handler.body, ctx)) {
    const operation = firsts.get(shapeOf(again.callee, ctx))?.find((first) => standsIn(first, again, statement) && sameCall(first, again, statement, ctx) && !branchAfterOther(first, statement, ctx));
    if (operation) {
      const later = chained(again, operation, handler.body, ctx);
      return { statement, operation, again, attempts: 2 + later.length, later };
    }
  }
  return undefined;
}

/** The site of a repeated call: reported at the copy, the wait and bound of the way to it. */
export function repeatedCallSite(repeat: RepeatedCall, ctx: AnalysisContext): RetrySite {
  const { statement, operation, again } = repeat;
  const env: Env = { ctx, region: statement, counters: new Set(), depth: 0 };
  const handler = statement.handler as TSESTree.CatchClause;
  const sleep = waitBefore(again, handler.body, ctx);
  // Each copy down a chain waits what its own catch waits: the same wait each time, or one this reading does not follow.
  const sameWaits = repeat.later.every(({ again: next, failure }) => sameWait(sleep, waitBefore(next, failure, ctx), ctx));
  // Other work awaited on the way (`await reauthenticate(conn)`, `installed = await install()`):
  // the copy goes after a recovery step, whose time is not a wait the code chose.
  const recovers = awaitsBefore(again, handler.body, operation, ctx);
  const delay: Value = !sameWaits ? { t: 'unknown', random: false } : sleep ? sleepValue(sleep, env) : recovers ? { t: 'unknown', random: false } : { t: 'num', v: 0, random: false };
  const site: RetrySite = {
    kind: 'repeat',
    node: statement,
    loc: again.loc,
    operation,
    operationScope: statement.block,
    policy: policyFrom(delay, { attempts: repeat.attempts, deadline: false, abortAware: false }, false),
    fromLibraryDefault: { delay: false, jitter: false, attempts: false },
    classifiesErrors: decidedOnTheWay(again, handler.body, ctx),
    abortAware: sleep !== undefined && waitsOnSignal(sleep),
    deadlineBound: false,
    nested: [],
    ...serverWaitMark(delay),
  };
  // One more attempt after repairing what failed is a second request of another kind: no other retry nests it.
  if (recovers && repeat.attempts === 2) site.afterStateChange = true;
  // The copy goes only once the repair answers that it worked (`if (await refreshToken()) …`):
  // in an outage the repair fails or says no first, so this is no layer multiplying the retries
  // the operation makes inside (the same reading as a self-call gated by a repair's answer).
  if (recovers && repeat.attempts === 2 && gatedByRepair(again, handler.body, operation, ctx)) site.repairsFirst = true;
  if (sleep) {
    site.sleep = sleep.node;
    if (sleep.delay) site.delayExpression = sleep.delay;
  }
  return site;
}

/** Calls of an attempt that may be the operation: not in nested functions or loops, not a sleep. */
function candidateCalls(root: Node, ctx: AnalysisContext): TSESTree.CallExpression[] {
  // A function of the file that swallows its own failures (summaries/never-throws.ts) has no
  // failure for a `catch` to run it again after: calling it there again repeats nothing.
  return scanAttempt(root, ctx).calls.filter((call) => {
    const callee = unwrap(call.callee);
    const fn = callee.type === 'Identifier' ? ctx.functionOf(callee) : undefined;
    return !fn || !neverThrows(fn, ctx.keys);
  });
}

/** Where a call's result goes: returned, given to a variable, or nowhere (a statement of its own). */
function destination(call: TSESTree.CallExpression): { kind: 'return' } | { kind: 'assign'; name: string } | { kind: 'statement'; statement: Node } | undefined {
  let node: Node = call;
  while (node.parent && (node.parent.type === 'AwaitExpression' || node.parent.type === 'TSAsExpression' || node.parent.type === 'TSNonNullExpression' || node.parent.type === 'ChainExpression')) node = node.parent;
  const parent = node.parent;
  if (!parent) return undefined;
  if (parent.type === 'ReturnStatement') return { kind: 'return' };
  if (parent.type === 'ExpressionStatement') return { kind: 'statement', statement: parent };
  if (parent.type === 'AssignmentExpression' && parent.operator === '=' && parent.right === node && parent.left.type === 'Identifier') return { kind: 'assign', name: parent.left.name };
  if (parent.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') return { kind: 'assign', name: parent.id.name };
  return undefined;
}

/** `const result = await request(); return result;`: the result is returned, through a variable of the block. */
function returnedLater(to: ReturnType<typeof destination>, block: TSESTree.BlockStatement): ReturnType<typeof destination> {
  if (to?.kind !== 'assign') return to;
  const returns = block.body.some((s) => s.type === 'ReturnStatement' && s.argument?.type === 'Identifier' && s.argument.name === to.name);
  return returns ? { kind: 'return' } : to;
}

/** The copy takes the first call's place: the same destination, or both statements with the first opening the `try`. */
function standsIn(first: TSESTree.CallExpression, again: TSESTree.CallExpression, statement: TSESTree.TryStatement): boolean {
  const a = returnedLater(destination(first), statement.block);
  const b = returnedLater(destination(again), (statement.handler as TSESTree.CatchClause).body);
  if (!a || !b || a.kind !== b.kind) return false;
  if (a.kind === 'return') return true;
  if (a.kind === 'assign') return b.kind === 'assign' && a.name === b.name;
  return a.kind === 'statement' && statement.block.body[0] === a.statement;
}

/**
 * `try { const parsed = parse(await res.json()); if (parsed.ok) msg = …; else msg = await
 * res.text() } catch { msg = await res.text() }`: the first call sits in a branch taken after
 * another awaited call of the try, whose failure the catch handles as well. Then the catch's
 * call is mostly the first one made (a fallback for the other call), not a copy run again.
 */
function branchAfterOther(first: TSESTree.CallExpression, statement: TSESTree.TryStatement, ctx: AnalysisContext): boolean {
  let branch: Node | undefined;
  for (let child: Node = first, p: Node | undefined = first.parent; p && p !== statement.block; child = p, p = p.parent) {
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) branch = p;
  }
  if (!branch) return false;
  const start = branch.range[0];
  return scanAttempt(statement.block, ctx).calls.some((call) => call !== first && call.range[1] <= start && awaited(call));
}

/**
 * The same function called with the same inputs: the callee and arguments read alike, none of
 * the variables they read is written from the first call to the copy, and nothing in them runs
 * code that may hand out something new each time (`nextHost()`, `i++`).
 */
/** Code as written, its white space left out: `api .get` and `api.get` read alike. */
function shapeOf(node: Node, ctx: AnalysisContext): string {
  return ctx.sourceCode.text.slice(node.range[0], node.range[1]).replace(/\s+/g, '');
}

function sameCall(first: TSESTree.CallExpression, again: TSESTree.CallExpression, statement: TSESTree.TryStatement, ctx: AnalysisContext): boolean {
  if (first.arguments.length !== again.arguments.length) return false;
  const shape = (node: Node) => shapeOf(node, ctx);
  if (shape(first.callee) !== shape(again.callee)) return false;
  if (first.arguments.some((a, i) => shape(a as Node) !== shape(again.arguments[i] as Node))) return false;
  // The same names bound to other variables (`const path = …` in the try and again in the catch) are other inputs.
  if (!sameBindings(first, again, ctx)) return false;
  const between = { range: [first.range[0], again.range[0]] } as Node;
  let same = true;
  const inputs = [first.callee, ...first.arguments] as Node[];
  for (const input of inputs) {
    walk(input, ctx.keys, (node) => {
      if (!same) return false;
      // A function handed over is the same code each time; what it reads is read when it runs.
      if (isFunction(node)) return false;
      if (node.type === 'UpdateExpression' || node.type === 'AssignmentExpression' || node.type === 'NewExpression' || node.type === 'YieldExpression' || node.type === 'AwaitExpression') same = false;
      // The callee's own call is the operation; a call among its inputs may give something new,
      // unless it only reshapes what it is given (`JSON.stringify(body)`, `files.map(…)`).
      else if (node.type === 'CallExpression' && !(input === first.callee && node === unwrap(first.callee)) && !reshapes(node, ctx)) same = false;
      else if (node.type === 'Identifier' && !isPropertyKey(node)) {
        const variable = ctx.variableOf(node);
        // A write on every way to the copy gives it another input; one under a branch (a token
        // refreshed only when it expired) leaves the other failures the same request.
        if (variable && writesWithin(variable, between).some((write) => !inBranchOf(write, statement))) same = false;
        // So does a field of it written there (`options.body.merge_method = 'merge'`): the next way to merge, a fallback.
        else if (variable && fieldWrittenBetween(variable, between, again)) same = false;
      }
      return same ? undefined : false;
    });
    if (!same) return false;
  }
  // A function of the file called by name reads what it closes over when it runs: `installed =
  // await install()` before `launchOnce()` gives the copy another input.
  const callee = unwrap(first.callee);
  const local = callee.type === 'Identifier' ? ctx.functionOf(callee) : undefined;
  if (local && readsWrittenBetween(local, between, ctx)) return false;
  // The copy is not the first call's own code run later (`catch { … }` inside the first call's callback).
  return !contains(first, again) && contains(statement, again);
}

/** Each name the two calls read, in order, is the same variable in both. */
function sameBindings(first: TSESTree.CallExpression, again: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const names = (call: TSESTree.CallExpression) => {
    const read: (Variable | undefined)[] = [];
    for (const input of [call.callee, ...call.arguments] as Node[]) {
      walk(input, ctx.keys, (node) => {
        // (A function handed over binds its own names, `(h) => h.trim()` in each copy: alike by shape.)
        if (isFunction(node)) return false;
        if (node.type === 'Identifier' && !isPropertyKey(node)) read.push(ctx.variableOf(node));
        return undefined;
      });
    }
    return read;
  };
  const [a, b] = [names(first), names(again)];
  return a.length === b.length && a.every((variable, i) => variable === b[i]);
}

/** A variable from outside `fn` that `fn` reads and that is written in `between`. */
function readsWrittenBetween(fn: Node, between: Node, ctx: AnalysisContext): boolean {
  let written = false;
  walk(fn, ctx.keys, (node) => {
    if (written) return false;
    if (node.type === 'Identifier' && !isPropertyKey(node)) {
      const variable = ctx.variableOf(node);
      const declared = variable?.defs[0]?.name;
      if (variable && declared && !contains(fn, declared as Node) && writesWithin(variable, between).length > 0) written = true;
    }
    return written ? false : undefined;
  });
  return written;
}

/**
 * Built-ins that compute a value from what they are given and change nothing (the catalog of
 * the language's own functions, as data): the same inputs give the same result.
 */
const RESHAPING_FUNCTIONS = new Set(['JSON.stringify', 'JSON.parse', 'encodeURIComponent', 'encodeURI', 'String', 'Number', 'Boolean', 'Object.keys', 'Object.values', 'Object.entries', 'Object.fromEntries', 'Buffer.from']);
const RESHAPING_METHODS = new Set(['map', 'filter', 'join', 'slice', 'concat', 'toString', 'trim', 'toLowerCase', 'toUpperCase', 'split', 'replace', 'flat', 'flatMap', 'toISOString']);

function reshapes(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  const name = dottedName(callee);
  // The language's own `JSON`, `String`…: a binding of the file under that name is the file's, not the built-in.
  let root: Node = callee;
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  const builtin = root.type === 'Identifier' && !ctx.variableOf(root)?.defs.length;
  if (name !== undefined && builtin && RESHAPING_FUNCTIONS.has(name)) return true;
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && RESHAPING_METHODS.has(callee.property.name);
}

/** A property of what `variable` holds, written (assigned, stepped, deleted) in `between` on every way to the copy. */
function fieldWrittenBetween(variable: Variable, between: Node, again: Node): boolean {
  return variable.references.some((ref) => {
    const id = ref.identifier as Node;
    if (id.range[0] < between.range[0] || id.range[1] > between.range[1]) return false;
    let target: Node = id;
    while (target.parent?.type === 'MemberExpression' && target.parent.object === target) target = target.parent;
    const p = target.parent;
    const written = target !== id && ((p?.type === 'AssignmentExpression' && p.left === target) || p?.type === 'UpdateExpression' || (p?.type === 'UnaryExpression' && p.operator === 'delete'));
    return written && !branchBefore(target, again);
  });
}

/** The write sits under a condition inside the code that leads to `again` (`if (legacy) options.x = …`). */
function branchBefore(write: Node, again: Node): boolean {
  for (let child: Node = write, p = write.parent; p && !contains(p, again); child = p, p = p.parent) {
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) return true;
    if (p.type === 'LogicalExpression' && child === p.right) return true;
  }
  return false;
}

/** The write sits under a branch inside the catch (an `if` arm, a `?:` arm, the right of `&&`/`||`). */
function inBranchOf(write: Node, statement: TSESTree.TryStatement): boolean {
  const handler = statement.handler;
  if (!handler || !contains(handler.body, write)) return false;
  for (let child: Node = write, p = write.parent; p && p !== handler.body; child = p, p = p.parent) {
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) return true;
    if (p.type === 'LogicalExpression' && child === p.right) return true;
  }
  return false;
}

function isPropertyKey(id: TSESTree.Identifier): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if (parent.type === 'MemberExpression') return parent.property === id && !parent.computed;
  if (parent.type === 'Property') return parent.key === id && !parent.computed && !parent.shorthand;
  return false;
}

/** More copies down the chain: the copy sits in a `try` of the catch whose own catch runs the operation again. */
function chained(again: TSESTree.CallExpression, operation: TSESTree.CallExpression, within: Node, ctx: AnalysisContext): RepeatedCall['later'] {
  const later: RepeatedCall['later'] = [];
  let current = again;
  let failure = within;
  outer: while (later.length < MAX_CHAIN) {
    for (let p: Node | undefined = current.parent; p && p !== failure; p = p.parent) {
      if (isFunction(p)) break outer;
      if (p.type === 'TryStatement' && contains(p.block, current) && p.handler) {
        const next = candidateCalls(p.handler.body, ctx).find((call) => standsIn(current, call, p) && sameCall(operation, call, p, ctx));
        if (!next) break outer;
        later.push({ again: next, failure: p.handler.body });
        current = next;
        failure = p.handler.body;
        continue outer;
      }
    }
    break;
  }
  return later;
}

/**
 * The wait on the way from the failure to the copy: a sleep whose statement comes before the
 * copy in a block the copy is in (a sleep in a branch beside it is another way through).
 */
function waitBefore(again: TSESTree.CallExpression, failure: TSESTree.BlockStatement, ctx: AnalysisContext): Sleep | undefined {
  const sleeps = scanAttempt(failure, ctx).sleeps.filter((s) => s.node.range[1] <= again.range[0] && onTheWay(s.node, again, failure));
  return sleeps[sleeps.length - 1];
}

/** Two waits written alike (or both absent). */
function sameWait(a: Sleep | undefined, b: Sleep | undefined, ctx: AnalysisContext): boolean {
  if (!a || !b) return a === b;
  return shapeOf(a.node, ctx) === shapeOf(b.node, ctx);
}

/** Another awaited call on the way to the copy may wait too: the wait is then not known. */
function awaitsBefore(again: TSESTree.CallExpression, failure: TSESTree.BlockStatement, operation: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  return scanAttempt(failure, ctx).calls.some((call) => call !== again && call !== operation && call.range[1] <= again.range[0] && awaited(call) && onTheWay(call, again, failure));
}

/**
 * A branch on the way to the copy tests what an awaited call answered: the call in its test
 * (`if (await refresh())`), or a constant made from it (`const ok = await refresh(); if (ok)`).
 */
function gatedByRepair(again: TSESTree.CallExpression, failure: TSESTree.BlockStatement, operation: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const repairs = scanAttempt(failure, ctx).calls.filter((call) => call !== again && call !== operation && call.range[1] <= again.range[0] && awaited(call));
  const readsAnswer = (test: Node) => {
    if (repairs.some((call) => contains(test, call))) return true;
    let reads = false;
    walk(test, ctx.keys, (node) => {
      if (reads || isFunction(node)) return false;
      const def = node.type === 'Identifier' ? ctx.variableOf(node)?.defs[0] : undefined;
      const init = def?.type === 'Variable' ? def.node.init : undefined;
      if (init && repairs.some((call) => contains(init, call))) reads = true;
      return undefined;
    });
    return reads;
  };
  for (let child: Node = again, p: Node | undefined = again.parent; p && child !== failure; child = p, p = p.parent) {
    if (p.type === 'IfStatement' && child !== p.test && readsAnswer(p.test)) return true;
    // `if (!renewed) throw err;` before it: the same decision, as an early exit.
    if (p.type === 'BlockStatement') {
      const before = p.body.slice(0, p.body.indexOf(child as TSESTree.Statement));
      if (before.some((st) => st.type === 'IfStatement' && !st.alternate && alwaysExits(st.consequent) && readsAnswer(st.test))) return true;
    }
  }
  return false;
}

/** `await f()`, `await o.f?.()`: the call's value is awaited. */
function awaited(call: TSESTree.CallExpression): boolean {
  return outerExpression(call).parent?.type === 'AwaitExpression';
}

/**
 * `node` runs before `target` whenever `target` runs: its statement is an earlier sibling of a
 * statement around `target`, or it is in the test of an `if` whose branch holds `target`
 * (`if (await refreshToken()) return await request()`).
 */
function onTheWay(node: Node, target: Node, root: Node): boolean {
  for (let p: Node | undefined = node.parent; p && p !== root; p = p.parent) {
    if (p.type === 'IfStatement' && contains(p.test, node)) {
      if (contains(p.consequent, target) || (p.alternate && contains(p.alternate, target))) return true;
      break;
    }
  }
  let statement: Node = node;
  while (statement.parent && statement.parent.type !== 'BlockStatement' && statement.parent !== root) statement = statement.parent;
  const block = statement.parent;
  return block !== undefined && (block === root || block.type === 'BlockStatement') && contains(block, target) && !contains(statement, target);
}

/** The copy runs only for some failures: a branch or an early exit on the way to it decides. */
function decidedOnTheWay(again: TSESTree.CallExpression, failure: TSESTree.BlockStatement, ctx: AnalysisContext): boolean {
  for (let p: Node | undefined = again.parent; p && p !== failure; p = p.parent) {
    if (p.type === 'IfStatement' || p.type === 'ConditionalExpression' || p.type === 'LogicalExpression' || p.type === 'SwitchCase') return true;
  }
  return failure.body.some((s) => s.range[1] <= again.range[0] && s.type === 'IfStatement' && containsThrowOrReturn(s, ctx));
}

function containsThrowOrReturn(node: Node, ctx: AnalysisContext): boolean {
  let found = false;
  walk(node, ctx.keys, (n) => {
    if (found || isFunction(n)) return false;
    if (n.type === 'ThrowStatement' || n.type === 'ReturnStatement') found = true;
    return found ? false : undefined;
  });
  return found;
}

/** The name a message gives the operation: `request()`, `this.client.get()`. */
export function repeatedName(site: RetrySite): string | undefined {
  const operation = site.operation;
  return operation?.type === 'CallExpression' ? dottedName(operation.callee) : undefined;
}

/** Repeated calls in `try`s that no loop or self-retrying function of the file already runs again. */
export function repeatedCallSites(tries: readonly TSESTree.TryStatement[], found: readonly RetrySite[], ctx: AnalysisContext): RetrySite[] {
  const result: RetrySite[] = [];
  // The `try`s of a chain's later copies belong to the chain's site.
  const chained = new Set<Node>();
  // Looked up through each `try`'s ancestors: a scan of every site per `try` is quadratic in a file of many loops.
  const retrying = new Set<Node>(found.filter((s) => s.kind === 'loop' || s.kind === 'recursion').map((s) => s.node));
  const insideRetry = (statement: Node) => {
    for (let p = statement.parent; p; p = p.parent) if (retrying.has(p)) return true;
    return false;
  };
  // A `try` with many `try`s inside (generated or hostile code) is not read: each one read scans
  // what it holds, so a deep nest would cost its depth times its size.
  const starts = tries.map((t) => t.range[0]);
  const nestedCount = (statement: TSESTree.TryStatement) => firstAtOrAfter(starts, statement.range[1]) - firstAtOrAfter(starts, statement.range[0] + 1);
  for (const statement of tries) {
    if (chained.has(statement) || nestedCount(statement) > MAX_NESTED_TRIES || insideRetry(statement)) continue;
    const repeat = repeatedCall(statement, ctx);
    if (!repeat) continue;
    result.push(repeatedCallSite(repeat, ctx));
    for (const { failure } of repeat.later) if (failure.parent?.parent) chained.add(failure.parent.parent);
  }
  return result;
}

/** Tries inside one `try` past which it is not read. */
const MAX_NESTED_TRIES = 64;

/** The index of the first of the sorted `values` at or after `value`. */
function firstAtOrAfter(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((values[mid] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
