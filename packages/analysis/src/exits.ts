import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, calleeName, contains, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { defaultsToInfinity } from './exits/infinite-limit.js';
import { isSnapshotCheck, outcomeCheck, sentinelDecidedByCallee } from './checks.js';
import { evaluate, type Env } from './evaluate.js';
import { calledStrategy } from './evaluation/called-strategy.js';
import { localFunction, parameterVariables } from './functions/local-function.js';
import { readStrategy } from './strategy-callback.js';
import { stopsOnlyOnFailure } from './strategy-stops.js';
import { isOperationCall } from './scan.js';
import { partsLeftWithoutOptions } from './absent-options.js';
import { firstDefinition } from './definitions/bodies.js';
import { externalStop, givesUpAfter, readsStateOnly, stopsOnTheWay } from './exits/external.js';
import { caughtWithin, conditional, insideCatch, onFailureSide, onWayOut } from './exits/placement.js';
import { givesUp } from './exits/gives-up.js';
import { readsParameterChangedBy } from './exits/changed-parameter.js';
import { attemptGatedBy } from './exits/gated-attempt.js';

/**
 * Whether a retry may stop for a reason the analysis cannot count: a give-up branch
 * (`throw`, `return;`, `reject(err)`, `break`) behind a condition that may count or measure
 * (`if (retryDelay <= 0) throw e`, `if (++iter > this.maxRediscovers) throw err`,
 * `catch (e) { await this.resumeOrThrow(e) }`), or one decided outside the failure cycle
 * (exits/external.ts: `if (this.closing) return` with close() setting it, a predicate of the
 * failure that may say no). A finding that says "never gives up" must not be made when such an
 * exit exists.
 *
 * `region` is the code of one attempt; `inside` tells which nested functions belong to it
 * (failure callbacks of a recursion do, the callbacks of a loop body do not).
 */
export function mayStopUnseen(region: Node, env: Env, isRetry: (node: Node) => boolean): boolean {
  let found = false;
  walk(region, env.ctx.keys, (node) => {
    if (found) return false;
    if (node !== region && isFunction(node)) return false;
    found = isUncountedStop(node, region, env, isRetry);
    return undefined;
  });
  return found;
}

/**
 * The same for a function that calls itself again: the give-up branches that run on the
 * way from its start to the self-call (statements before it, the conditions around it,
 * through the callbacks it sits in).
 */
export function mayStopBefore(call: Node, fn: FunctionNode, env: Env, followed?: Node, alongside: readonly Node[] = []): boolean {
  const isRetry = (node: Node) => contains(node, call);
  if (stoppedFromOutside(call, fn, env)) return true;
  let child: Node = call;
  for (let p = call.parent; p && child !== fn; child = p, p = p.parent) {
    // The other branch goes round too (another way back of the same retry, `alongside`): this test picks the way, it stops nothing.
    if (p.type === 'IfStatement' && child !== p.test) {
      const other = child === p.consequent ? p.alternate : p.consequent;
      if (other && alongside.some((back) => contains(other, back))) continue;
    }
    if (p.type === 'IfStatement' && child !== p.test && (mayDecideToStop(p.test, fn.body, env) || sentinelDecidedByCallee(p.test, env)) && !onlyCallerOptionsDecide(p, child, fn, env)) return true;
    // `if (!this.stopped) setTimeout(() => this.start(), ms)` with `stop()` setting the flag: decided outside the cycle.
    if (p.type === 'IfStatement' && child !== p.test && readsStateOnly(p.test, fn, env) && externalStop(exitQuery(p.test, child !== p.consequent, fn.body, env))) return true;
    // (`followed`: the call that hands the error on is the way back in, whose own exits are read where it goes.)
    if (p.type === 'CatchClause' && p.param?.type === 'Identifier' && delegatesError(p, p.param.name, env, followed)) return true;
    if (p.type === 'CatchClause' && attemptGatedBy(p, env, (test) => readsStateOnly(test, fn, env) && externalStop(exitQuery(test, false, fn.body, env)))) return true;
    if (p.type !== 'BlockStatement') continue;
    const before = p.body.slice(0, p.body.indexOf(child as TSESTree.Statement));
    for (const statement of before) {
      if (statement.type === 'IfStatement' && !isRetry(statement) && alwaysExits(statement.consequent) && readsParameterChangedBy(statement.test, call, fn, env)) return true;
      let found = false;
      walk(statement, env.ctx.keys, (node) => {
        if (found || isFunction(node)) return false;
        found = isUncountedStop(node, fn.body, env, isRetry);
        return undefined;
      });
      if (found) return true;
    }
  }
  return false;
}

/**
 * A flag set, a timer cleared or a predicate of the failure answered elsewhere (exits/external.ts)
 * on the way from the start of `fn` to the call that goes again: the owner may stop the retry.
 */
export function stoppedFromOutside(call: Node, fn: FunctionNode, env: Env): boolean {
  return stopsOnTheWay(call, fn, env, (id) => isFailureValue(id, fn.body, env, 0), (branch) => givesUp(branch, env));
}

/**
 * `if (shouldRestart) …` on the way back in, where what may stop the retry is a callback the
 * caller may set and the code gives no default (absent-options.ts): with the options left out,
 * only the rest of the test decides.
 */
function onlyCallerOptionsDecide(branch: TSESTree.IfStatement, child: Node, fn: FunctionNode, env: Env): boolean {
  if (child !== branch.consequent) return false;
  const parts = partsLeftWithoutOptions(branch.test, env);
  return parts !== undefined && !parts.some((part) => mayDecideToStop(part, fn.body, env) || sentinelDecidedByCallee(part, env));
}

function isUncountedStop(node: Node, region: Node, env: Env, isRetry: (node: Node) => boolean): boolean {
  if (node.type === 'IfStatement' && !isRetry(node.consequent) && givesUp(node.consequent, env) && !caughtWithin(node, region)) {
    return outcomeCheck(node.test, env, false) !== 'success' && (mayDecideToStop(node.test, region, env) || externalStop(exitQuery(node.test, true, region, env)));
  }
  // `if (shouldRetry(err)) continue; throw err`: the way back taken only while the test holds.
  if (node.type === 'IfStatement' && isRetry(node.consequent) && givesUpAfter(node, (branch) => givesUp(branch, env)) && !caughtWithin(node, region)) return externalStop(exitQuery(node.test, false, region, env));
  // `if (res === null) continue` where `send` returned null for a failure and throws once it has had enough.
  if (node.type === 'IfStatement' && isRetry(node) && sentinelDecidedByCallee(node.test, env)) return true;
  // `const wait = await this.#nextDelay(err)` on the way to the next attempt: a function of this
  // file whose answer the retry uses may throw instead of answering (`if (this.#count >=
  // this.#limit) throw err`), which ends the retry.
  if (node.type === 'CallExpression' && !isRetry(node) && !caughtWithin(node, region) && !onWayOut(node, region) && answerMayStop(node, region, env)) return true;
  // `catch (e) { await this.handleError(e) }`: a call that is handed the error may throw it
  // (not on a way out already: `catch (e) { try { await close() } catch (x) { squash(x) } throw e }`).
  return node.type === 'CatchClause' && node.param?.type === 'Identifier' && !onWayOut(node, region) && delegatesError(node, node.param.name, env);
}

const exitQuery = (test: Node, stopsWhen: boolean, cycle: Node, env: Env) => ({ test, stopsWhen, cycle, env, isFailure: (id: TSESTree.Identifier) => isFailureValue(id, cycle, env, 0) });

/**
 * A call of a function of this file (`this.#calculateDelay(err)`, `nextWait(n)`) whose value
 * the attempt goes on with — assigned, awaited into a wait, passed on — where that function may
 * throw under a condition that counts or measures (or whatever happens): what it answers is
 * not always a value to go on with. Statements are read by delegatesError, in their catch.
 */
function answerMayStop(call: TSESTree.CallExpression, region: Node, env: Env): boolean {
  if (isStatementCall(call)) return false;
  const local = localFunction(call, env);
  if (!local || local.body === region || local.generator) return false;
  const handed = call.arguments.findIndex((arg) => {
    const a = unwrap(arg);
    return a.type === 'Identifier' && isFailureValue(a, region, env, 0);
  });
  return helperMayStop(local, handed, env, 0);
}

/**
 * A condition that may count or measure something the analysis cannot evaluate: a
 * comparison (`retryDelay <= 0`, `++iter > this.max`), a counter update, a decision handed
 * other state (`this.shouldRetry(attempt)`). Sorting failures (`!isTransient(err)`) and
 * lifecycle flags (`this.closing`) are not counts: whether they are exits (a predicate that may
 * say no, a flag another function sets) is read by exits/external.ts.
 */
function mayDecideToStop(test: Node, region: Node, env: Env, depth = 0, checkFailure = true): boolean {
  if (checkFailure && onlyInspectsFailure(test, region, env)) return false;
  let counts = false;
  walk(test, env.ctx.keys, (node) => {
    if (counts || isFunction(node)) return false;
    if (node.type === 'UpdateExpression') counts = true;
    // `urls.length === 0`: a list that is empty, not a count of attempts.
    if (node.type === 'BinaryExpression' && node.left.type !== 'PrivateIdentifier' && isLengthCheck(node)) return false;
    // `this.epoch !== epoch`: a stale call, not a count.
    if (node.type === 'BinaryExpression' && isSnapshotCheck(node, env)) return false;
    // `attempts >= this.maxAttempts` where the limit falls back to Infinity: by default it never holds.
    if (node.type === 'BinaryExpression' && node.left.type !== 'PrivateIdentifier' && /^[<>]=?$/.test(node.operator) && defaultsToInfinity(node.left, env) !== defaultsToInfinity(node.right, env)) return false;
    if (node.type === 'BinaryExpression' && /^[<>]=?$/.test(node.operator)) counts = true;
    if (node.type === 'BinaryExpression' && /^[!=]==?$/.test(node.operator)) {
      const literal = (n: Node) => {
        const u = unwrap(n);
        return (u.type === 'Literal' && (typeof u.value === 'boolean' || u.value === null || typeof u.value === 'string')) || (u.type === 'Identifier' && u.name === 'undefined');
      };
      if (node.left.type !== 'PrivateIdentifier' && !literal(node.left) && !literal(node.right) && !isStateCheck(node.left, node.right, env)) counts = true;
    }
    // `isResumable(err, this.conn.version)`: a look at the failure, told a fact about what failed.
    if (node.type === 'CallExpression' && classifiesFailure(node, region, env)) return false;
    if (node.type === 'CallExpression' && node.arguments.length > 0) counts = true;
    // `this.shouldCreateMore()`: a predicate of this file that compares counts of its own state.
    if (node.type === 'CallExpression' && node.arguments.length === 0 && depth < 2) {
      const local = localFunction(node, env);
      if (local && returnsDecision(local, region, env, depth)) counts = true;
      // `opts.shouldRetry()`, `shouldRetry()`: a predicate the caller hands in, whose answer is not seen.
      else if (!local && callerPredicate(node, env)) counts = true;
    }
    // `const retryable = attempt < MAX; if (!retryable) throw e`: the bound is held in a variable.
    if (node.type === 'Identifier' && depth < 2) {
      const def = firstDefinition(env.ctx.variableOf(node));
      // (A table of constants, `const KINDS = { A: Symbol('a') }`, holds no condition.)
      const init = def?.type === 'Variable' && def.node.init ? unwrap(def.node.init) : undefined;
      const table = init?.type === 'ObjectExpression' || init?.type === 'ArrayExpression' || (init !== undefined && isFunction(init));
      // `const delay = this.options.retryStrategy(++n)` with a strategy the analysis reads: it stops
      // the retry where it may return a non-number (`typeof delay !== 'number'`), and only there.
      const strategy = def?.type === 'Variable' && def.node.id === def.name ? strategyDecision(node, def.node.init, env) : undefined;
      if (strategy !== undefined) counts ||= strategy;
      else if (def?.type === 'Variable' && def.node.init && def.node.id === def.name && !table && mayDecideToStop(def.node.init, region, env, depth + 1, false)) counts = true;
      // `const { stop, ms } = this.#plan(this.#attempt++)`: a name picked out of what a call answers
      // may hold a decision that call made (`return { stop: n > 5 }`).
      else if (def?.type === 'Variable' && def.node.init && def.node.id !== def.name && unwrap(def.node.init).type === 'CallExpression' && !answerSortsFailures(def, region, env, depth) && mayDecideToStop(def.node.init, region, env, depth + 1, false)) counts = true;
    }
    return undefined;
  });
  return counts;
}

/** The callee is a parameter of the enclosing functions, or a property of one (`opts.shouldRetry`). */
function callerPredicate(call: TSESTree.CallExpression, env: Env): boolean {
  const callee = unwrap(call.callee);
  const root = callee.type === 'MemberExpression' && !callee.computed ? unwrap(callee.object) : callee;
  if (root.type !== 'Identifier') return false;
  return firstDefinition(env.ctx.variableOf(root))?.type === 'Parameter';
}

/** A test on the way to the next attempt may count or measure something (mayDecideToStop), for a way back in read elsewhere (listener-factories.ts). */
export function testMayStop(test: Node, region: Node, env: Env): boolean {
  return mayDecideToStop(test, region, env);
}

/**
 * `const { retryIn } = this.#shouldReconnect(retries++, err)`: the name picked out of what a
 * strategy call handed the failure answers, where that answer is a stop only for some kinds of
 * failure (strategy-stops.ts): a test of it sorts failures and counts nothing.
 */
function answerSortsFailures(def: { node: TSESTree.VariableDeclarator; name: TSESTree.Identifier }, region: Node, env: Env, depth: number): boolean {
  const init = def.node.init ? unwrap(def.node.init) : undefined;
  if (init?.type !== 'CallExpression' || def.node.id.type !== 'ObjectPattern') return false;
  const property = def.node.id.properties.find((p) => p.type === 'Property' && !p.computed && unwrap(p.value as Node) === def.name);
  const key = property?.type === 'Property' && property.key.type === 'Identifier' ? property.key.name : undefined;
  if (key === undefined) return false;
  const failure = (arg: Node) => {
    const a = unwrap(arg);
    return a.type === 'Identifier' && isFailureValue(a, region, env, depth);
  };
  // (Only a call handed the failure: what it answers is read with it.)
  if (!init.arguments.some((arg) => arg.type !== 'SpreadElement' && failure(arg))) return false;
  return stopsOnlyOnFailure(init, key, env, failure);
}

/**
 * Whether the strategy calls a variable holds (its initialiser, or with none the writes to it)
 * may give up: undefined when they are not all calls of a strategy the analysis reads.
 */
function strategyDecision(id: TSESTree.Identifier, init: Node | null, env: Env): boolean | undefined {
  const variable = env.ctx.variableOf(id);
  if (!variable) return undefined;
  const values = init ? [init] : variable.references.filter((ref) => ref.isWrite()).map((ref) => ref.writeExpr as Node | null | undefined);
  if (values.length === 0 || values.length > 4) return undefined;
  let stops = false;
  for (const value of values) {
    const call = value ? guardedStrategyCall(unwrap(value), env) ?? unwrap(value) : undefined;
    const strategy = call?.type === 'CallExpression' ? calledStrategy(call, env) : undefined;
    // `const wait = this.#nextWait(this.#attempts++)`: a method of the class answers; it may say
    // "stop" where it returns no number (null, an Error, nothing) or a value the analysis cannot read.
    const method = !strategy && call?.type === 'CallExpression' && isThisCall(call) ? localFunction(call, env) : undefined;
    if (method) {
      if (method.generator || readStrategy(method, -1, env).canGiveUp || evaluate(call as Node, env).t === 'unknown') stops = true;
      continue;
    }
    // A strategy the analysis cannot read, handed the count it steps (`retryIn(++n)`), may answer "stop".
    if (!strategy && call?.type === 'CallExpression' && call.arguments.some((a) => a.type === 'UpdateExpression')) stops = true;
    else if (!strategy) return undefined;
    else if (readStrategy(strategy.fn, 0, strategy.env).canGiveUp) stops = true;
  }
  return stops;
}

/**
 * `typeof this.options.retryIn === 'function' ? this.options.retryIn(++n) : null`: where the
 * strategy is read (a default function), the test holds and the call is what the variable holds.
 * Undefined for any other expression, or a strategy the analysis does not read.
 */
function guardedStrategyCall(value: Node, env: Env): TSESTree.CallExpression | undefined {
  if (value.type !== 'ConditionalExpression') return undefined;
  const test = unwrap(value.test);
  if (test.type !== 'BinaryExpression' || !/^[!=]==?$/.test(test.operator) || test.left.type === 'PrivateIdentifier') return undefined;
  const [a, b] = [unwrap(test.left), unwrap(test.right)];
  const typeofSide = a.type === 'UnaryExpression' && a.operator === 'typeof' ? a : b.type === 'UnaryExpression' && b.operator === 'typeof' ? b : undefined;
  const other = typeofSide === a ? b : a;
  if (!typeofSide || other.type !== 'Literal' || other.value !== 'function') return undefined;
  const branch = unwrap(test.operator.startsWith('!') ? value.alternate : value.consequent);
  if (branch.type !== 'CallExpression') return undefined;
  const text = (n: Node) => env.ctx.sourceCode.text.slice(n.range[0], n.range[1]);
  if (text(unwrap(branch.callee)) !== text(unwrap(typeofSide.argument))) return undefined;
  return calledStrategy(branch, env) ? branch : undefined;
}

/** `this.name(…)` or `this.#name(…)`. */
function isThisCall(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression';
}

/** What a function of this file returns may count or measure something (`return this.used < this.max`). */
function returnsDecision(fn: FunctionNode, region: Node, env: Env, depth: number): boolean {
  if (fn.body.type !== 'BlockStatement') return mayDecideToStop(fn.body, region, env, depth + 1, false);
  let found = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (found || (node !== fn.body && isFunction(node))) return false;
    if (node.type === 'ReturnStatement' && node.argument && mayDecideToStop(node.argument, region, env, depth + 1, false)) found = true;
    return undefined;
  });
  return found;
}

/**
 * `this.readyState === CLOSED`: a member compared with a named constant, where nothing in
 * the file steps that member (it is only ever set to whole values): a lifecycle state, like
 * `this.closing`, not a count of attempts.
 */
function isStateCheck(left: Node, right: Node, env: Env): boolean {
  const sides = [unwrap(left), unwrap(right)];
  const member = sides.find((n) => n.type === 'MemberExpression');
  const other = sides.find((n) => n !== member);
  const prop = member && propertyName(member);
  // (A member written only by constructors, `this.kind = primary ? KINDS.A : KINDS.B`, never changes between attempts.)
  if (prop === undefined || !other || (env.ctx.isSteppedMember(prop) && env.ctx.isMutableMember(prop))) return false;
  return namedConstant(other, env);
}

/** An identifier bound once to a literal (`const CLOSED = 2`), or a member of a constant object or import (`States.CLOSED`). */
function namedConstant(node: Node, env: Env): boolean {
  if (node.type === 'MemberExpression' && !node.computed) {
    const object = unwrap(node.object);
    if (object.type !== 'Identifier') return false;
    const def = firstDefinition(env.ctx.variableOf(object));
    if (def?.type === 'ImportBinding') return true;
    return def?.type === 'Variable' && def.parent?.type === 'VariableDeclaration' && def.parent.kind === 'const' && def.node.init !== null && unwrap(def.node.init).type === 'ObjectExpression';
  }
  const literal = node.type === 'Identifier' ? env.ctx.constLiteral(node) : undefined;
  return typeof literal?.value === 'number' || typeof literal?.value === 'string';
}

function isLengthCheck(node: TSESTree.BinaryExpression): boolean {
  const left = unwrap(node.left as Node);
  const right = unwrap(node.right);
  return left.type === 'MemberExpression' && propertyName(left) === 'length' && right.type === 'Literal' && (right.value === 0 || right.value === 1);
}

function throwsIn(fn: FunctionNode, env: Env): boolean {
  let found = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (found || (node !== fn.body && isFunction(node))) return false;
    if (node.type === 'ThrowStatement') found = true;
    return undefined;
  });
  return found;
}

/**
 * The test reads only the failure (the caught error, an error-first argument, a result of
 * this attempt, values derived from them), constants, imports and globals: it sorts
 * failures and decides nothing about when to stop.
 */
function onlyInspectsFailure(test: Node, region: Node, env: Env, depth = 0): boolean {
  let clean = true;
  walk(test, env.ctx.keys, (node) => {
    if (!clean) return false;
    if (node.type === 'ThisExpression') clean = false;
    if (node.type === 'CallExpression') {
      // `isRetryable(err)`, `this.options.retryable(err)`: the callee is a predicate, the argument decides.
      if (!node.arguments.some((arg) => mentionsFailure(arg, region, env, depth))) clean = false;
      // …unless it is a function of this file that may throw (`shouldRetryOrThrow(err)` is an exit) or counts.
      const local = localFunction(node, env);
      if (local && (throwsIn(local, env) || tracksState(local, env))) clean = false;
      for (const arg of node.arguments) if (!onlyInspectsFailure(arg, region, env, depth)) clean = false;
      return false;
    }
    if (node.type === 'MemberExpression' && !node.computed) {
      if (!onlyInspectsFailure(node.object, region, env, depth)) clean = false;
      return false;
    }
    if (node.type === 'Identifier' && !isFailureOrConstant(node, region, env, depth)) clean = false;
    return undefined;
  });
  return clean;
}

/**
 * `isResumableError(err, this.cursor.wireVersion)`: a predicate handed the failure, and beside
 * it only other looks at the failure and properties this file never writes after construction
 * (a fact about the connection, not a count it keeps). Not a function of this file that throws.
 */
function classifiesFailure(call: TSESTree.CallExpression, region: Node, env: Env): boolean {
  if (!call.arguments.some((arg) => mentionsFailure(arg, region, env, 0))) return false;
  const local = localFunction(call, env);
  if (local && (throwsIn(local, env) || tracksState(local, env))) return false;
  return call.arguments.every((arg) => arg.type !== 'SpreadElement' && (onlyInspectsFailure(arg, region, env) || readOnlyContext(arg, env)));
}

/**
 * A function handed the failure that counts or times as well as looking at it (`this.failures++;
 * return err.fatal || this.failures > 5`): its answer may come from more than the failure.
 */
function tracksState(fn: FunctionNode, env: Env): boolean {
  const known = trackers.get(fn);
  if (known !== undefined) return known;
  let tracks = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (tracks || (node !== fn.body && isFunction(node))) return false;
    if (node.type === 'UpdateExpression' || (node.type === 'AssignmentExpression' && node.operator !== '=')) tracks = true;
    else if (node.type === 'MemberExpression' && unwrap(node.object).type === 'ThisExpression') {
      const prop = propertyName(node);
      if (prop !== undefined && env.ctx.isSteppedMember(prop)) tracks = true;
    }
    return !tracks;
  });
  trackers.set(fn, tracks);
  return tracks;
}

/** Read once per function: every failure test that hands it the error asks of the same body. */
const trackers = new WeakMap<FunctionNode, boolean>();

/** `this.cursor.maxWireVersion`: a property read through a member of `this`, never written in the file after construction. */
function readOnlyContext(node: Node, env: Env): boolean {
  const n = unwrap(node);
  if (n.type !== 'MemberExpression' || n.computed) return false;
  const object = unwrap(n.object);
  if (object.type !== 'MemberExpression' || object.computed || unwrap(object.object).type !== 'ThisExpression') return false;
  const prop = propertyName(n);
  return prop !== undefined && !env.ctx.isMutableMember(prop) && !env.ctx.isSteppedMember(prop);
}

function mentionsFailure(node: Node, region: Node, env: Env, depth: number): boolean {
  let found = false;
  walk(node, env.ctx.keys, (n) => {
    if (found) return false;
    if (n.type === 'Identifier' && isFailureValue(n, region, env, depth)) found = true;
    return undefined;
  });
  return found;
}

function isFailureOrConstant(id: TSESTree.Identifier, region: Node, env: Env, depth: number): boolean {
  if (id.name === 'undefined' || id.name === 'NaN' || id.name === 'Infinity') return true;
  const variable = env.ctx.variableOf(id);
  // A global (`Error`, `TypeError`) or a name the file never declares.
  if (!variable) return true;
  const def = firstDefinition(variable);
  if (!def) return true;
  if (def.type === 'ImportBinding' || def.type === 'ClassName' || def.type === 'FunctionName') return true;
  if (isFailureValue(id, region, env, depth)) return true;
  if (def.type === 'Variable' && def.parent?.type === 'VariableDeclaration' && def.parent.kind === 'const' && def.node.init && !contains(region, def.node)) {
    const init = unwrap(def.node.init);
    // A module-level constant or an enum-like object (`status_1.Status`, `const CODES = {…}`).
    return init.type === 'Literal' || init.type === 'ObjectExpression' || init.type === 'ArrayExpression' || (init.type === 'CallExpression' && calleeName(init) === 'require');
  }
  return false;
}

/** An argument that is the failure of the attempt `region` (the caught error, or a value derived from it). */
export function isFailureArgument(arg: Node, region: Node, env: Env): boolean {
  const a = unwrap(arg);
  return a.type === 'Identifier' && isFailureValue(a, region, env, 0);
}

/** The caught error, an error-first callback's first argument, or a value of this attempt derived from them. */
function isFailureValue(id: TSESTree.Identifier, region: Node, env: Env, depth: number): boolean {
  const variable = env.ctx.variableOf(id);
  const def = firstDefinition(variable);
  if (!def) return false;
  if (def.type === 'CatchClause') return true;
  if (variable && env.handedFailures?.has(variable)) return true;
  if (def.type === 'Parameter') {
    // A parameter of a callback inside the attempt: `.catch((e) => …)`, `(err, res) => …`.
    return def.node !== undefined && contains(region, def.node) && def.node !== region.parent && def.node !== region;
  }
  if (def.type === 'Variable' && def.node.init && contains(region, def.node) && depth < 3) {
    // `const status = err.status`, `const res = await op()`: derived from the attempt.
    const init = unwrap(def.node.init);
    // (`const wait = this.options.retryStrategy(++n, err)`: the strategy's answer, retry state;
    // so is what a call not awaited answers when handed the count it steps.)
    // (Nor is what a function of this file answers on the way to the next attempt, handed no failure:
    // `const { stop } = this.#plan(this.#attempt)` after the catch is retry state.)
    // (Nor what a call in the catch answers when handed the count: `calc(err, count)` after
    // `count++` may answer "stop". The attempt itself handed the count answers the outcome.)
    const countHanded = (a: Node) => a.type === 'UpdateExpression' || (onFailureSide(def.node, region) && evaluate(a, { ...env, region }).t === 'counter');
    return init.type === 'CallExpression' ? !isGiveUpState(init) && !calledStrategy(init, env) && !init.arguments.some((a) => countHanded(a as Node)) && !stateAnswer(init, def.node, region, env, depth) : onlyInspectsFailure(init, region, env, depth + 1);
  }
  return false;
}

/**
 * A call in the attempt's `catch`, handed nothing of the failure (`const outcome = await
 * refresh(attempt)`, a function of this file or not): what it answers is the retry's own state
 * or a repair's outcome, decided there, not the attempt's result.
 */
function stateAnswer(call: TSESTree.CallExpression, declarator: Node, region: Node, env: Env, depth: number): boolean {
  if (!onFailureSide(declarator, region)) return false;
  return !call.arguments.some((arg) => mentionsFailure(arg, region, env, depth + 1));
}

/** A call that reads retry state rather than producing the attempt's result: `this.getRetryDelay()`. */
function isGiveUpState(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression' && call.arguments.length === 0;
}

/**
 * The catch hands its error to a call that may throw it (`await this.resumeOrThrow(e)`), as a
 * statement. A function of this file is read instead: it may end the retry only if it throws
 * under a condition that may count or measure (not only on the kind of error, or on a
 * lifecycle flag), or throws whatever happens.
 */
function delegatesError(clause: TSESTree.CatchClause, name: string, env: Env, followed?: Node): boolean {
  const param = clause.param?.type === 'Identifier' ? env.ctx.variableOf(clause.param) : undefined;
  const handsOn = (statement: Node): boolean => {
    if (statement.type !== 'ExpressionStatement' || (followed && contains(statement, followed))) return false;
    const expression = unwrap(statement.expression);
    // Logging and metrics calls do not decide anything.
    if (expression.type !== 'CallExpression' || !isOperationCall(expression)) return false;
    const index = expression.arguments.findIndex((arg) => {
      const a = unwrap(arg);
      return a.type === 'Identifier' && a.name === name && (!param || env.ctx.variableOf(a) === param);
    });
    if (index < 0) return false;
    const helper = localFunction(expression, env);
    return !helper || helperMayStop(helper, index, env, 0);
  };
  if (clause.body.body.some(handsOn)) return true;
  // `try { await this.handle(e) } catch (x) { …; throw x }`: what the call throws is thrown on.
  let found = false;
  walk(clause.body, env.ctx.keys, (node) => {
    if (found || isFunction(node)) return false;
    if (node.type === 'TryStatement' && node.handler && throwsOutside(node.handler.body, node.handler.body, env)) {
      found = node.block.body.some(handsOn);
    }
    return undefined;
  });
  return found;
}

/**
 * Whether a function of this file handed the failure (as its argument `index`, -1 for none)
 * may throw for a reason other than the kind of failure or a lifecycle flag: a throw outside
 * any condition, a throw behind a condition that may count or measure, the failure handed on
 * to a call that is not read, or a function of this file it calls that may do so. A throw
 * inside a `catch` of its own (the recovery failed) or a `return` leaves only the helper.
 */
function helperMayStop(fn: FunctionNode, index: number, env: Env, depth: number): boolean {
  if (fn.body.type !== 'BlockStatement') return false;
  // What a function not handed the failure may do is the same from every caller: read once.
  if (index < 0) {
    let byFunction = unhandedStops.get(env.ctx);
    if (!byFunction) unhandedStops.set(env.ctx, (byFunction = new WeakMap()));
    const known = byFunction.get(fn);
    // (A function being read that is called again on the way: what it does is being read.)
    if (known !== undefined) return known === 'reading' ? false : known;
    if (depth > 5) return true;
    byFunction.set(fn, 'reading');
    const result = readHelper(fn, index, env, depth);
    byFunction.set(fn, result);
    return result;
  }
  // Handed the failure, a read depends on the way there and is not kept: a file's reads are
  // bounded instead (functions that hand the error to several others, five deep, fan out).
  // Past the bound the helper may stop: nothing is claimed.
  const left = handedReadsLeft.get(env.ctx) ?? MAX_HANDED_READS;
  if (depth > 5 || left <= 0) return true;
  handedReadsLeft.set(env.ctx, left - 1);
  return readHelper(fn, index, env, depth);
}

const MAX_HANDED_READS = 1_000;
const handedReadsLeft = new WeakMap<object, number>();

const unhandedStops = new WeakMap<object, WeakMap<FunctionNode, boolean | 'reading'>>();

function readHelper(fn: FunctionNode, index: number, env: Env, depth: number): boolean {
  if (fn.body.type !== 'BlockStatement' || fn.generator) return true;
  const param = index >= 0 ? parameterVariables(fn, env.ctx)[index] : undefined;
  if (index >= 0 && (!param || fn.params[index]?.type !== 'Identifier')) return true;
  const failures = new Set(env.handedFailures ?? []);
  if (param) failures.add(param);
  const inner: Env = { ...env, region: fn.body, handedFailures: failures };
  const body = fn.body;
  let stops = false;
  walk(body, env.ctx.keys, (node) => {
    if (stops || (node !== body && isFunction(node))) return false;
    if (node.type === 'ThrowStatement' && !caughtWithin(node, body) && !insideCatch(node, body) && !conditional(node, body)) stops = true;
    if (node.type === 'IfStatement' && ((throwsOutside(node.consequent, body, env)) || (node.alternate && throwsOutside(node.alternate, body, env))) && mayDecideToStop(node.test, body, inner)) stops = true;
    if (node.type === 'CallExpression') {
      const local = localFunction(node, env);
      const handed = node.arguments.findIndex((arg) => {
        const a = unwrap(arg);
        return a.type === 'Identifier' && param !== undefined && env.ctx.variableOf(a) === param;
      });
      if (local && local !== fn) {
        if (helperMayStop(local, handed, env, depth + 1)) stops = true;
      } else if (!local && handed >= 0 && node.parent?.type !== 'IfStatement' && isStatementCall(node) && isOperationCall(node)) stops = true;
    }
    return undefined;
  });
  return stops;
}

/** A call made as a statement (`await this.reset(err)`), not a value tested or returned. */
function isStatementCall(call: Node): boolean {
  const parent = call.parent;
  if (parent?.type === 'ExpressionStatement') return true;
  return parent?.type === 'AwaitExpression' && parent.parent?.type === 'ExpressionStatement';
}

/** The branch throws (not inside a nested function, nor caught inside `region`). */
function throwsOutside(branch: Node, region: Node, env: Env): boolean {
  let found = false;
  walk(branch, env.ctx.keys, (node) => {
    if (found || isFunction(node)) return false;
    if (node.type === 'ThrowStatement' && !caughtWithin(node, region)) found = true;
    return undefined;
  });
  return found;
}
