import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, dottedName, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { writesWithin, type AnalysisContext } from './context.js';
import { errorFirstParameter } from './outcomes/error-first.js';
import { evaluate, type Env } from './evaluate.js';
import { localFunction } from './functions/local-function.js';
import { neverAbortedByDefault } from './never-aborted.js';
import { conditionAlias } from './variables/condition-alias.js';
import { readsClock } from './variables/clock-derived.js';
import { sumsWaits } from './variables/wait-sum.js';
import { isErrorClass } from './variables/failure-holder.js';
import { firstDefinition, soleDefinition } from './definitions/bodies.js';
import { flagOutcome } from './outcomes/flag-writes.js';
import { fieldTest } from './outcomes/result-discriminants.js';
import { importOf } from './imports.js';
import { delayedCall } from './summaries/timer-sleep.js';
import { indexMembership, mirror, statusPolarity, statusTestOutcome, type Holders, type Polarity } from './outcomes/status-tests.js';
import { itemsOutcome } from './outcomes/item-results.js';
import { drainedStore } from './outcomes/drained-store.js';

/** Calls whose boolean result says whether the operation succeeded (`tryAcquire()`, `lock()`). */
// Names of calls whose boolean result says whether they worked. `tryStatSync`, `tryAdd` and a
// scope manager's `acquire(node)` are look-ups, not operations that can fail and be retried.
const TRY_CALL = /^(tryAcquire|tryLock|tryConnect|trySend|tryClaim|tryReserve|tryObtain|acquireLock|acquireLease|acquireMutex|lock|claim|obtain|reserve|connect|reconnect|setnx)/i;
/** Predicates of one value that say it is a failure (`isNetworkError(res)`, `isFailure(result)`). */
const FAILURE_PREDICATE = /^is[A-Z]\w*(Error|Failure)$|^isFailure$/;
/** Names that hold an operation's outcome. */
const SUCCESS_NAME = /^(ok|success|succeeded|successful|acquired|locked|connected|sent|delivered|published|healthy)$/i;
const ERROR_NAME = /^(err|error|e|ex|failure|failed|exception|lastError)$/i;
const SUCCESS_MEMBER = /^(ok|success|succeeded|acknowledged|successful)$/;
const STATUS_MEMBER = /^(status|statusCode|code)$/;

export type { Polarity };

/**
 * Whether `test` checks the outcome of an operation: 'success' when true means it worked
 * (`res.ok`, `acquired`, `status < 400`), 'failure' when true means it failed (`err`,
 * `!res.ok`, `status >= 500`). State checks (`job.status === 'done'`) are neither: polling.
 */
export function outcomeCheck(test: Node, env: Env, requireFreshResult = true): Polarity | undefined {
  const n = unwrap(test);
  switch (n.type) {
    case 'UnaryExpression':
      if (n.operator !== '!') return undefined;
      return flip(outcomeCheck(n.argument, env, requireFreshResult));
    case 'LogicalExpression':
      return outcomeCheck(n.left, env, requireFreshResult) ?? outcomeCheck(n.right, env, requireFreshResult);
    case 'Identifier':
      return identifierOutcome(n, env, requireFreshResult);
    case 'MemberExpression': {
      // `if (result.success)` where the function that made `result` says what `success` holds.
      const field = fieldTest(n, (f) => fieldMaker(f, env), outcomeCheck);
      if (field) return field;
      const name = propertyName(n);
      // `if (failed.length)` with `failed` the batch's failed items.
      if (name === 'length') return itemsOutcome(n, env, requireFreshResult, outcomeCheck, isFresh);
      if (name && SUCCESS_MEMBER.test(name) && isFresh(n, env, requireFreshResult)) return 'success';
      if (name && /^(error|err|errors|failed|failure)$/.test(name) && isFresh(n, env, requireFreshResult)) return 'failure';
      return undefined;
    }
    case 'CallExpression': {
      const name = calleeName(n) ?? '';
      if (TRY_CALL.test(name)) return 'success';
      // `isNetworkError(response)`: a predicate asking whether the outcome it is handed is a failure.
      if (n.arguments.length === 1 && FAILURE_PREDICATE.test(name) && isHandedOutcome(n.arguments[0] as Node, env)) return 'failure';
      // `if (await attempt())` where `attempt` returns null or false from its catch: the result tested as it comes.
      if (catchSentinel(n, env) !== undefined) return 'success';
      // `results.some((r) => !r.ok)`: a batch asked item by item.
      const items = itemsOutcome(n, env, requireFreshResult, outcomeCheck, isFresh);
      if (items) return items;
      // `TRANSIENT.includes(res.status)`, `isTransient(res.status)`: what the codes say.
      return statusTestOutcome(n, env, attemptHolders(env, requireFreshResult));
    }
    case 'BinaryExpression':
      // `'success' in result`: the same question as `result.success`, asked of a result object.
      if (n.operator === 'in' && n.left.type === 'Literal' && typeof n.left.value === 'string') {
        const key = n.left.value;
        if (SUCCESS_MEMBER.test(key) && isFresh(n.right, env, requireFreshResult)) return 'success';
        if (/^(error|err|errors|failed|failure)$/.test(key) && isFresh(n.right, env, requireFreshResult)) return 'failure';
        return undefined;
      }
      // `res instanceof Error` with `res = await send().catch((e) => e)`: the attempt's answer is its error.
      if (n.operator === 'instanceof' && isErrorClass(n.right, env.ctx) && isFresh(n.left, env, true)) return 'failure';
      return statusComparison(n, env, requireFreshResult) ?? itemsOutcome(n, env, requireFreshResult, outcomeCheck, isFresh) ?? indexMembership(n, env, attemptHolders(env, requireFreshResult)) ?? sentinelComparison(n, env) ?? fieldTest(n, (f) => fieldMaker(f, env), outcomeCheck) ?? drainedStore(n, env.region, env.ctx);
    default:
      return undefined;
  }
}

function flip(p: Polarity | undefined): Polarity | undefined {
  return p === 'success' ? 'failure' : p === 'failure' ? 'success' : undefined;
}

function identifierOutcome(id: TSESTree.Identifier, env: Env, requireFresh: boolean): Polarity | undefined {
  // `const { delivered } = await deliver(msg)`: what the function that made it returns says.
  const field = fieldTest(id, (f) => fieldMaker(f, env), outcomeCheck);
  if (field) return field;
  if ((ERROR_NAME.test(id.name) && holdsError(id, env)) || errorFirstParameter(id, env.ctx)) return 'failure';
  if (SUCCESS_NAME.test(id.name) && (isFresh(id, env, requireFresh) || writtenInRegion(id, env))) return 'success';
  // `const acquired = await lock.tryAcquire()`: named for its call.
  const init = freshValue(id, env);
  if (init?.type === 'CallExpression' && TRY_CALL.test(calleeName(init) ?? '')) return 'success';
  // `const res = await send(); if (!res) …` where `send` returns nothing only when it failed.
  if (init?.type === 'CallExpression' && catchSentinel(init, env) !== undefined) return 'success';
  // `failed = true` in the catch, `delivered = true` after the call: what the flag's writes say.
  return flagOutcome(id, env.region, env.ctx);
}

/** `false` is seen by a truth test (`if (res)`, `!res`) only, never by a comparison with null. */
type Sentinel = 'null' | 'undefined' | 'false';

/** What a function of this file returns from its catch clauses in place of the error. */
interface CatchSentinel {
  value: Sentinel;
  /** It also lets failures out: a throw, or an awaited call outside its try. */
  escapes: boolean;
}

/** Per function: read once, however many checks look at its result. */
const sentinels = new WeakMap<FunctionNode, CatchSentinel | null>();

/**
 * `res === null` (`res == null`, `!res`) where `res` came from a call to a function of this
 * file that catches its own failure and returns that value instead: the check sees the
 * failures, so going round on it retries them (whatever else the value may also mean). The
 * evidence is the callee's body, found through the scope, not the names involved.
 */
function sentinelComparison(n: TSESTree.BinaryExpression, env: Env): Polarity | undefined {
  if (!/^[!=]==?$/.test(n.operator)) return undefined;
  const checked = sentinelChecked(n, env);
  if (!checked || checked.sentinel.value === 'false') return undefined;
  const other = unwrap(n.left === checked.value ? n.right : n.left);
  const comparedTo: Sentinel = other.type === 'Literal' ? 'null' : 'undefined';
  // `=== undefined` does not see a `return null`, nor `=== null` a bare `return`.
  if (n.operator.length === 3 && comparedTo !== checked.sentinel.value) return undefined;
  return n.operator.startsWith('=') ? 'failure' : 'success';
}

/**
 * The call whose result a test looks at (`res` of `res === null`, `!res`, `res == undefined`)
 * and its callee's catch sentinel, when it has one.
 */
function sentinelChecked(test: Node, env: Env): { value: Node; sentinel: CatchSentinel } | undefined {
  const n = unwrap(test);
  let value: Node | undefined = n;
  if (n.type === 'BinaryExpression') value = n.left.type === 'PrivateIdentifier' ? undefined : isNullish(n.right) ? n.left : isNullish(n.left) ? n.right : undefined;
  if (!value) return undefined;
  const v = unwrap(value);
  const call = v.type === 'Identifier' ? freshValue(v, env) : v;
  const sentinel = call?.type === 'CallExpression' ? catchSentinel(call, env) : undefined;
  // `res == null` does not see a `return false`.
  if (n.type === 'BinaryExpression' && sentinel?.value === 'false') return undefined;
  return sentinel ? { value, sentinel } : undefined;
}

function isNullish(node: Node): boolean {
  const n = unwrap(node);
  return (n.type === 'Literal' && n.value === null && !('regex' in n)) || (n.type === 'Identifier' && n.name === 'undefined');
}

/**
 * The value the called function of this file returns from its catch clauses in place of the
 * error (`catch { return null }`), when all of them that return agree on one. A parameter of a
 * helper bound to a caller's function (`poll(fn)` called as `poll(async () => { try { … } catch
 * { return false } })`, ctx.paramFunctions) is read in the caller's file.
 */
function catchSentinel(call: TSESTree.CallExpression, env: Env): CatchSentinel | undefined {
  const handled = promiseCatchSentinel(call);
  if (handled) return handled;
  const local = localFunction(call, env);
  // A function of another module of the project (`hasConnection(db)` imported): read in its own file.
  const bound = local ? undefined : (boundFunction(call, env) ?? env.ctx.foreignFunction?.(call));
  const fn = local ?? bound?.fn;
  if (!fn || fn.body.type !== 'BlockStatement' || contains(fn, call)) return undefined;
  return catchSentinelOf(fn, bound?.ctx ?? env.ctx) ?? undefined;
}

/**
 * `send(req).catch(() => null)`: the rejection handed to a handler written there, which returns
 * one value in place of the error and throws nothing: the result tested for that value is the
 * failure tested (`const res = await fetch(url).catch(() => undefined); if (res) return res`).
 */
function promiseCatchSentinel(call: TSESTree.CallExpression): CatchSentinel | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || propertyName(callee) !== 'catch' || call.arguments.length !== 1) return undefined;
  const handler = unwrap(call.arguments[0] as Node);
  if (!isFunction(handler) || handler.async || handler.generator) return undefined;
  if (handler.body.type !== 'BlockStatement') return sentinelValue(handler.body);
  const statements = handler.body.body;
  // `.catch(() => {})` swallows the error: the result is then undefined.
  if (statements.length === 0) return { value: 'undefined', escapes: false };
  const last = statements[statements.length - 1];
  // One statement: `{ return null }` (a block that logs first may throw, and is not read).
  if (statements.length !== 1 || last?.type !== 'ReturnStatement') return undefined;
  return last.argument ? sentinelValue(last.argument) : { value: 'undefined', escapes: false };
}

function sentinelValue(node: Node): CatchSentinel | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier' && n.name === 'undefined') return { value: 'undefined', escapes: false };
  if (n.type === 'Literal' && n.value === null && !('regex' in n)) return { value: 'null', escapes: false };
  if (n.type === 'Literal' && n.value === false) return { value: 'false', escapes: false };
  if (n.type === 'UnaryExpression' && n.operator === 'void') return { value: 'undefined', escapes: false };
  return undefined;
}

/**
 * The function whose call made the value an attempt tests (`result` of `const result = await
 * attempt(url)`), of this file, bound by a caller, or of another module of the project.
 */
function resultMaker(object: Node, env: Env): { fn: FunctionNode; ctx: AnalysisContext } | undefined {
  const o = unwrap(object);
  const call = o.type === 'CallExpression' ? o : o.type === 'Identifier' ? freshValue(o, env) : undefined;
  if (call?.type !== 'CallExpression') return undefined;
  const local = localFunction(call, env);
  if (local) return contains(local, call) ? undefined : { fn: local, ctx: env.ctx };
  return boundFunction(call, env) ?? env.ctx.foreignFunction?.(call);
}

/** `result.kind` (its object made by a call), or `kind` taken apart from a call's result in this attempt. */
function fieldMaker(field: Node, env: Env): { key: string; fn: FunctionNode; ctx: AnalysisContext } | undefined {
  const f = unwrap(field);
  if (f.type === 'MemberExpression') {
    const key = f.computed ? undefined : propertyName(f);
    const maker = key === undefined ? undefined : resultMaker(f.object, env);
    return maker && key !== undefined ? { key, ...maker } : undefined;
  }
  if (f.type !== 'Identifier') return undefined;
  const def = soleDefinition(env.ctx.variableOf(f));
  if (def?.type !== 'Variable') return undefined;
  // `const { kind } = await attempt()`: the pattern's property, its declarator's call, inside this attempt.
  const property = def.name.parent;
  if (property?.type !== 'Property' || property.value !== def.name || property.computed || property.parent !== def.node.id) return undefined;
  const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' && typeof property.key.value === 'string' ? property.key.value : undefined;
  const init = def.node.init && unwrap(def.node.init);
  if (key === undefined || init?.type !== 'CallExpression' || !contains(env.region, init)) return undefined;
  const maker = resultMaker(init, env);
  return maker && { key, ...maker };
}

/** `fn(…)` where `fn` is a parameter bound to a function the caller hands over. */
function boundFunction(call: TSESTree.CallExpression, env: Env): { fn: FunctionNode; ctx: AnalysisContext } | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier' || !env.ctx.paramFunctions) return undefined;
  const variable = env.ctx.variableOf(callee);
  return variable ? env.ctx.paramFunctions.get(variable) : undefined;
}

/** What `fn` returns from its catch clauses in place of the error, read once per function. */
export function catchSentinelOf(fn: FunctionNode, ctx: AnalysisContext): CatchSentinel | undefined {
  if (fn.body.type !== 'BlockStatement') return undefined;
  let known = sentinels.get(fn);
  if (known === undefined) {
    known = readCatchSentinel(fn, ctx);
    sentinels.set(fn, known);
  }
  return known ?? undefined;
}

function readCatchSentinel(fn: FunctionNode, ctx: AnalysisContext): CatchSentinel | null {
  const env = { ctx };
  const found = new Set<Sentinel | 'other'>();
  let escapes = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (isFunction(node)) return false;
    if (node.type === 'ThrowStatement') escapes = true;
    else if (node.type === 'AwaitExpression' && !insideTryBlock(node, fn)) escapes = true;
    if (node.type !== 'CatchClause') return undefined;
    walk(node.body, env.ctx.keys, (inner) => {
      if (isFunction(inner)) return false;
      if (inner.type === 'ThrowStatement') escapes = true;
      else if (inner.type === 'AwaitExpression') escapes = true;
      if (inner.type !== 'ReturnStatement') return undefined;
      const arg = inner.argument && unwrap(inner.argument);
      found.add(!arg || (arg.type === 'Identifier' && arg.name === 'undefined') ? 'undefined' : isNullish(arg) ? 'null' : arg.type === 'Literal' && arg.value === false ? 'false' : 'other');
      return undefined;
    });
    return false;
  });
  if (found.size !== 1 || found.has('other')) return null;
  return { value: [...found][0] as Sentinel, escapes };
}

/**
 * The test checks a sentinel (`res === null`, `!res`) from a function that lets failures out
 * once it has had enough: what ends the retrying is in that function, out of the analysis's count.
 */
export function sentinelDecidedByCallee(test: Node, env: Env): boolean {
  let n = unwrap(test);
  while (n.type === 'UnaryExpression' && n.operator === '!') n = unwrap(n.argument);
  if (n.type === 'LogicalExpression') return sentinelDecidedByCallee(n.left, env) || sentinelDecidedByCallee(n.right, env);
  return sentinelChecked(n, env)?.sentinel.escapes === true;
}

function insideTryBlock(node: Node, fn: FunctionNode): boolean {
  for (let child: Node = node, p = node.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type === 'TryStatement' && child === p.block && p.handler) return true;
  }
  return false;
}

/**
 * `err` is an error where it is a catch parameter, the first parameter of a callback
 * (error-first), or taken from a call's result (`const [err, v] = await to(p)`); a bare
 * `e` elsewhere (minified code) is not.
 */
function holdsError(id: TSESTree.Identifier, env: Env): boolean {
  const def = firstDefinition(env.ctx.variableOf(id));
  if (!def) return false;
  if (def.type === 'CatchClause') return true;
  if (def.type === 'Parameter') {
    const fn = def.node;
    const first = fn.params[0];
    const firstName = first?.type === 'Identifier' ? first.name : first?.type === 'AssignmentPattern' && first.left.type === 'Identifier' ? first.left.name : undefined;
    return firstName === id.name && fn.parent?.type === 'CallExpression' && fn.parent.arguments.includes(fn as TSESTree.CallExpressionArgument);
  }
  if (def.type === 'Variable') {
    // `const e = parse(s)` in minified code is any value: a bare `e` or `ex` holds an error
    // only when taken apart from a result (`const [e, v] = await to(p)`).
    if (id.name.length <= 2 && def.node.id.type === 'Identifier') return false;
    const init = def.node.init && unwrap(def.node.init);
    return init?.type === 'CallExpression' || (init?.type === 'Identifier' && /^(result|res|response|outcome)$/.test(init.name)) || freshValue(id, env) !== undefined;
  }
  return false;
}

/**
 * The attempt's status and result: `res.status` of a fresh result, or a `const` that holds
 * one (`const code = res.status`); the fresh result itself.
 */
function attemptHolders(env: Env, requireFresh: boolean): Holders {
  const status = (x: Node): boolean => {
    if (isStatus(x) && isFresh(x, env, requireFresh)) return true;
    const n = unwrap(x);
    if (n.type !== 'Identifier') return false;
    const def = soleDefinition(env.ctx.variableOf(n));
    if (def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name || !def.node.init) return false;
    const init = unwrap(def.node.init);
    return init.type === 'MemberExpression' && isStatus(init) && isFresh(init, env, requireFresh);
  };
  return { status, result: (x) => unwrap(x).type === 'Identifier' && freshValue(x, env) !== undefined };
}

/** `res.status >= 500`, `status !== 200`, `res.statusCode < 400`. */
function statusComparison(n: TSESTree.BinaryExpression, env: Env, requireFresh: boolean): Polarity | undefined {
  if (n.left.type === 'PrivateIdentifier') return undefined;
  const exit = exitCodeComparison(n, env, requireFresh);
  if (exit) return exit;
  const leftStatus = holdsStatus(n.left, env);
  const side = leftStatus ? n.left : holdsStatus(n.right, env) ? n.right : undefined;
  if (!side || !isFresh(side, env, requireFresh)) return undefined;
  const other = evaluate(leftStatus ? n.right : n.left, env);
  if (other.t !== 'num' || other.v < 100 || other.v > 599) return undefined;
  return statusPolarity(leftStatus ? n.operator : mirror(n.operator), other.v);
}

/**
 * The test compares the attempt's status or exit code with a code (`status !== 200`,
 * `exitCode === 0`): it reads an outcome, whatever variable carries the code, not a state the
 * work has reached (`stage !== 'success'`).
 */
export function comparesOutcomeCode(test: Node, env: Env): boolean {
  const n = unwrap(test);
  if (n.type === 'UnaryExpression' && n.operator === '!') return comparesOutcomeCode(n.argument, env);
  if (n.type === 'LogicalExpression') return comparesOutcomeCode(n.left, env) || comparesOutcomeCode(n.right, env);
  return n.type === 'BinaryExpression' && statusComparison(n, env, true) !== undefined;
}

/**
 * `result.exitCode === 0` of a process the attempt ran (execa, zx, Bun's and Deno's spawn):
 * zero is the one success, any other code a failure.
 */
function exitCodeComparison(n: TSESTree.BinaryExpression, env: Env, requireFresh: boolean): Polarity | undefined {
  if (!/^[!=]==?$/.test(n.operator) && n.operator !== '>') return undefined;
  const isExitCode = (x: Node): boolean => {
    const u = unwrap(x);
    return (u.type === 'MemberExpression' && propertyName(u) === 'exitCode') || (u.type === 'Identifier' && u.name === 'exitCode') || spawnStatus(u, env);
  };
  const side = isExitCode(n.left as Node) ? (n.left as Node) : n.operator !== '>' && isExitCode(n.right) ? n.right : undefined;
  if (!side || !isFresh(side, env, requireFresh)) return undefined;
  const other = evaluate(side === n.left ? n.right : (n.left as Node), env);
  if (other.t !== 'num' || other.v !== 0) return undefined;
  return n.operator === '===' || n.operator === '==' ? 'success' : 'failure';
}

/** `result.status` of Node's `spawnSync` (from child_process): the exit code, 0 when the command worked. */
function spawnStatus(n: Node, env: Env): boolean {
  if (n.type !== 'MemberExpression' || propertyName(n) !== 'status') return false;
  const call = freshValue(n.object, env);
  if (call?.type !== 'CallExpression') return false;
  const callee = unwrap(call.callee);
  const root = callee.type === 'MemberExpression' ? unwrap(callee.object) : callee;
  const origin = root.type === 'Identifier' ? importOf(root, env.ctx) : undefined;
  const name = callee.type === 'MemberExpression' ? propertyName(callee) : origin?.imported;
  return origin !== undefined && /^(node:)?child_process$/.test(origin.module) && name === 'spawnSync';
}

/** `res.status`, or a variable the attempt gives it to (`code = reply.status`), whatever its name. */
function holdsStatus(node: Node, env: Env): boolean {
  if (isStatus(node)) return true;
  const n = unwrap(node);
  const variable = n.type === 'Identifier' ? env.ctx.variableOf(n) : undefined;
  if (!variable) return false;
  return variable.references.some((ref) => {
    if (!ref.isWrite() || !ref.writeExpr || !contains(env.region, ref.identifier as Node)) return false;
    const value = unwrap(ref.writeExpr as Node);
    return value.type === 'MemberExpression' && isStatus(value);
  });
}

function isStatus(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'MemberExpression') return STATUS_MEMBER.test(propertyName(n) ?? '');
  return n.type === 'Identifier' && /^(status|statusCode)$/.test(n.name);
}

function rootIdentifier(node: Node): TSESTree.Identifier | undefined {
  let n = unwrap(node);
  while (n.type === 'MemberExpression') n = unwrap(n.object);
  return n.type === 'Identifier' ? n : undefined;
}

/** How many copies (`status = res.status`, `const r = result`) freshness is followed through. */
const MAX_COPIES = 3;

/**
 * The call an identifier was last given inside the region (`const res = await fetch()`), also
 * through copies made inside the region: `status = res.status` with `res` fresh holds the
 * attempt's status as much as `res.status` does.
 */
function freshValue(node: Node, env: Env, copies = 0): Node | undefined {
  // `(await rpc()).ok`: the call's result read where it is made.
  let base = unwrap(node);
  while (base.type === 'MemberExpression') base = unwrap(base.object);
  // `(res = await rpc()).ok`: the same, kept as it is read.
  if (base.type === 'AssignmentExpression' && base.operator === '=') base = unwrap(base.right);
  if (base.type === 'CallExpression' && base !== unwrap(node) && contains(env.region, base)) return base;
  const root = rootIdentifier(node);
  const variable = root && env.ctx.variableOf(root);
  if (!variable) return undefined;
  for (const ref of variable.references) {
    if (!ref.isWrite() || !ref.writeExpr || !contains(env.region, ref.identifier as Node)) continue;
    const value = unwrap(ref.writeExpr as Node);
    // `res = await new Promise((r) => setTimeout(() => r(op()), ms))`: the call's result, after a wait.
    const after = value.type === 'NewExpression' ? delayedCall(value, env.ctx) : undefined;
    if (after) return after;
    if (value.type === 'CallExpression' || value.type === 'NewExpression') return value;
    if (copies < MAX_COPIES && (value.type === 'MemberExpression' || value.type === 'Identifier') && rootIdentifier(value) !== root) {
      const copied = freshValue(value, env, copies + 1);
      if (copied) return copied;
    }
  }
  return undefined;
}

/** `ok = true` after the operation, inside this attempt. */
function writtenInRegion(id: TSESTree.Identifier, env: Env): boolean {
  const variable = env.ctx.variableOf(id);
  return variable ? writesWithin(variable, env.region).length > 0 : false;
}

/** The checked value was produced by a call in this attempt (not state from outside). */
function isFresh(node: Node, env: Env, requireFresh: boolean): boolean {
  if (!requireFresh) return true;
  return freshValue(node, env) !== undefined;
}

const TIME = /^(Date\.now|performance\.now|process\.hrtime|process\.uptime)$/;

/** A read of the clock: `Date.now()`, `performance.now()`, `new Date()`. */
export function isClockRead(node: Node): boolean {
  if (node.type === 'CallExpression') return TIME.test(dottedName(node.callee) ?? '');
  return node.type === 'NewExpression' && calleeName(node) === 'Date';
}

/**
 * `err.name === 'AbortError'` (the DOMException an aborted signal rejects with) or
 * `err.code === 'ABORT_ERR'` (Node's): leaving on it stops the retry when its signal is aborted.
 */
function isAbortErrorTest(node: Node): boolean {
  if (node.type !== 'BinaryExpression' || !/^[!=]==?$/.test(node.operator)) return false;
  const sides = [unwrap(node.left as Node), unwrap(node.right)];
  const text = sides.find((n): n is TSESTree.StringLiteral => n.type === 'Literal' && typeof n.value === 'string');
  const member = sides.find((n): n is TSESTree.MemberExpression => n.type === 'MemberExpression');
  if (!text || !member) return false;
  const prop = propertyName(member);
  return (prop === 'name' && text.value === 'AbortError') || (prop === 'code' && text.value === 'ABORT_ERR');
}

/** The test limits a retry: compares a counter, the clock, or checks an abort signal. */
export function boundKind(test: Node, env: Env): 'attempts' | 'time' | 'abort' | undefined {
  let kind: 'attempts' | 'time' | 'abort' | undefined;
  walk(test, env.ctx.keys, (node) => {
    if (kind) return false;
    if (isClockRead(node)) kind = 'time';
    else if (node.type === 'MemberExpression' && /^(aborted|cancelled|canceled|isCancellationRequested)$/.test(propertyName(node) ?? '')) {
      // `signal.aborted` with `signal = neverAbortedSignal` left as the default: no stop.
      if (neverAbortedByDefault(node.object, env)) return false;
      kind = 'abort';
    }
    else if (isAbortErrorTest(node)) kind = 'abort';
    else if (node.type === 'UpdateExpression') kind = 'attempts';
    // `this.epoch !== epoch` with `const epoch = ++this.epoch`: whether a newer call has begun since, not a limit.
    else if (node.type === 'BinaryExpression' && isSnapshotCheck(node, env)) return false;
    else if (node.type === 'BinaryExpression' && /^[<>]=?$|^[!=]==?$/.test(node.operator)) {
      if (node.left.type !== 'PrivateIdentifier' && (isCounter(node.left, env) || isCounter(node.right, env))) kind = 'attempts';
      else if (readsClock(node, env.ctx, isClockRead) || sumsWaits(node.left, env.ctx) || sumsWaits(node.right, env.ctx)) kind = 'time';
    } else if (node === unwrap(test) && isCounter(node, env)) kind = 'attempts';
    else if (node.type === 'Identifier' && setByTimer(node, env)) kind = 'time';
    else if (node.type === 'Identifier' && env.depth < 4) {
      const condition = conditionAlias(node, env.ctx);
      if (condition) kind = boundKind(condition, { ...env, depth: env.depth + 1 });
    }
    return undefined;
  });
  return kind;
}

/**
 * `this.epoch !== epoch` (or `===`) where `epoch` is a `const` copied from that very member
 * (`const epoch = ++this.epoch`, `const seq = this.seq`): the member moved on when a newer call
 * began, so the test tells a stale call from the latest one. It counts nothing.
 */
export function isSnapshotCheck(node: TSESTree.BinaryExpression, env: Env): boolean {
  if (!/^[!=]==?$/.test(node.operator) || node.left.type === 'PrivateIdentifier') return false;
  const [a, b] = [unwrap(node.left), unwrap(node.right)];
  const member = a.type === 'MemberExpression' ? a : b.type === 'MemberExpression' ? b : undefined;
  const copy = member === a ? b : a;
  if (!member || member.computed || copy.type !== 'Identifier') return false;
  const variable = env.ctx.variableOf(copy);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name || !def.node.init) return false;
  let init = unwrap(def.node.init);
  if (init.type === 'UpdateExpression') init = unwrap(init.argument);
  else if (init.type === 'AssignmentExpression' && init.operator === '+=') init = unwrap(init.left);
  const text = (x: Node) => env.ctx.sourceCode.text.slice(x.range[0], x.range[1]);
  return init.type === 'MemberExpression' && text(init) === text(member);
}

/** The attempt counter, possibly offset: `attempt`, `tries + 1`, `++n`, `this.retries`. */
/** `hasTimedOut`, set to true by a `setTimeout` callback: a deadline in disguise. */
function setByTimer(id: TSESTree.Identifier, env: Env, depth = 0): boolean {
  const variable = env.ctx.variableOf(id);
  // `const isLastAttempt = hasTimedOut`: follow the copy.
  const def = firstDefinition(variable);
  const init = def?.type === 'Variable' && def.node.init ? unwrap(def.node.init) : undefined;
  if (init?.type === 'Identifier' && depth < 2 && setByTimer(init, env, depth + 1)) return true;
  return (variable?.references ?? []).some((ref) => {
    if (!ref.isWrite()) return false;
    // `pending = undefined` in the callback of the timer `pending` holds: a timer no longer
    // pending, not a deadline passed.
    if (clearedTo(ref.identifier as Node)) return false;
    for (let p = (ref.identifier as Node).parent; p; p = p.parent) {
      if (p.type === 'CallExpression' && /^(setTimeout|setImmediate)$/.test(calleeName(p) ?? '')) return true;
    }
    return false;
  });
}

/** `x = undefined`, `x = void 0`, `x = null`, `x = false`: a write that sets nothing. */
function clearedTo(target: Node): boolean {
  const parent = target.parent;
  if (parent?.type !== 'AssignmentExpression' || parent.left !== target || parent.operator !== '=') return false;
  const right = unwrap(parent.right);
  if (right.type === 'Identifier') return right.name === 'undefined';
  if (right.type === 'UnaryExpression') return right.operator === 'void';
  return right.type === 'Literal' && (right.value === null || right.value === false);
}

export function isCounter(node: Node, env: Env): boolean {
  const n = unwrap(node);
  if (n.type === 'UpdateExpression') return true;
  if (n.type !== 'Identifier' && n.type !== 'MemberExpression' && n.type !== 'BinaryExpression') return false;
  return evaluate(n, env).t === 'counter';
}

/**
 * What an operation hands back to a callback: the parameter of a function given to a call or
 * set as a handler (`fetchParams.processResponse = (response) => …`). A value picked out of a
 * structure (`error[key]`) or a function's own input is not an outcome.
 */
function isHandedOutcome(node: Node, env: Env): boolean {
  const n = unwrap(node);
  if (n.type !== 'Identifier') return false;
  const def = firstDefinition(env.ctx.variableOf(n));
  if (def?.type !== 'Parameter' || !isFunction(def.node)) return false;
  const fn = def.node as FunctionNode;
  if (fn.params[0] !== def.name) return false;
  const host = fn.parent;
  if (host?.type === 'CallExpression') return host.arguments.includes(fn as TSESTree.CallExpressionArgument);
  return host?.type === 'AssignmentExpression' && host.right === fn && host.left.type === 'MemberExpression';
}
