import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, calleeName, contains, isAnyLoop, dottedName, getProperty, isFunction, keyName, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { isReassigned, onlyCallerOverrides, writesWithin, type AnalysisContext, type Variable } from './context.js';
import type { Alias, Env, Receiver } from './context.js';
import { isServerWaitHeader, readsServerWaitHeader } from './server-wait.js';
import { UNKNOWN, join, markOffByDefault, markRandomOff, num, randomOff, scheduleValue, tableRead, withRandom, type Value } from './value.js';
import { joinAlongPaths, type PathUpdate } from './path-updates.js';
import { combine, growth, keepRandomOff, minMax } from './evolution/scalar.js';
import { compoundUpdate, readUpdate, solveRecurrence, type UpdateReader } from './evolution/recurrence.js';
import { handedAwayOnCycle } from './evolution/handed-away.js';
import { keptOrWritten, mayKeepInitial } from './evolution/skipped-writes.js';
import { memberOf } from './synthetic-member.js';
import { unsetOptionFallback } from './filled-defaults.js';
import { firstDefinition, soleDefinition } from './definitions/bodies.js';
import { readings } from './evaluation/readings.js';
import { MAX_DEPTH, ROOT_BUDGET, stateOf, idOf, memoised, markServerWait, reread, tablesOf, withinBudget, deeper, absentServerWait, mentionsServerWait } from './evaluation/state.js';
import { givesUpExpression, INVARIANT, EMPTY_ARRAY, A_FUNCTION, typeOf, TRUE, FALSE, absentDefault, truthOf, COMPARISON, isBooleanLiteral, compareNumbers, joinKeepingTruth, keepOffByDefault, isZero } from './evaluation/known-values.js';
import { passedObjectRead, passedProperty, patternDefault } from './options/callers.js';
import { classGetter, enclosingClass, memberWritesWithin, filledDefaults } from './classes/class-members.js';
import { localFunction, tooLongToInline, parameterVariables } from './functions/local-function.js';
import { memberAssignments, aliasedProperty, resolveObjectProperty } from './objects/resolve-object.js';
import { typeofFunctionTest, defaultFunction, heldByParameter, flagUnequal, typeofUnequal, passedThroughMerge, callerMaySet, foreignDefault } from './options/option-source.js';
import { RANDOM_CALL, jitterFromName, usesRandomness } from './randomness/uses-randomness.js';
import { declaredOutside, invariantMember, iteratedBy, defaultsItself, branchOf, writtenAfter, attemptResult, inLoopWithin, isSelf, mentions, arrayLength } from './variables/writes.js';
import { steppedDuringAttempt, closedOverMethod, staticMethod, instanceMethod, strategyAlternatives } from './functions/methods.js';

export type { Alias, Env, Receiver };

export function evaluate(node: Node, env: Env): Value {
  if (env.depth > MAX_DEPTH) return UNKNOWN;
  const state = stateOf(env.ctx);
  if (state.active === 0) {
    state.rootBudget = ROOT_BUDGET;
    state.degraded = false;
  }
  const tables = tablesOf(state, env);
  const known = tables.firstNode === node ? tables.firstValue : tables.nodes?.get(node);
  if (known) return reread(state, known);
  // evaluateNode and its node passed as they are: no closure made per evaluation.
  const before = state.absentServerWaits;
  const value = markServerWait(state, before, withinBudget(state, env, evaluateNode, node));
  if (!state.degraded) {
    if (tables.firstNode === undefined) {
      tables.firstNode = node;
      tables.firstValue = value;
    } else {
      (tables.nodes ??= new Map()).set(node, value);
    }
  }
  return value;
}

function evaluateNode(node: Node, env: Env): Value {
  const n = unwrap(node);
  switch (n.type) {
    case 'Literal':
      if (typeof n.value === 'boolean') return n.value ? TRUE : FALSE;
      if (typeof n.value === 'string') return { t: 'unknown', random: false, kind: 'string', text: n.value };
      return typeof n.value === 'number' ? num(n.value) : UNKNOWN;
    case 'ArrayExpression':
      // `retryOn: []`: an array, and one that holds nothing.
      return n.elements.length === 0 ? EMPTY_ARRAY : { t: 'unknown', random: false, kind: 'array' };
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return A_FUNCTION;
    case 'Identifier':
      return evaluateIdentifier(n, env);
    case 'MemberExpression':
      return evaluateMember(n, env);
    case 'UnaryExpression': {
      const arg = evaluate(n.argument, env);
      if (n.operator === '-' && arg.t === 'num') return { ...arg, v: -arg.v };
      if (n.operator === '+') return arg;
      if (n.operator === '!') {
        const truth = truthOf(arg);
        return truth === undefined ? UNKNOWN : truth ? FALSE : TRUE;
      }
      if (n.operator === 'typeof') {
        const type = typeOf(arg);
        return type === undefined ? UNKNOWN : { t: 'unknown', random: false, kind: 'string', text: type };
      }
      return UNKNOWN;
    }
    case 'BinaryExpression': {
      if (n.left.type === 'PrivateIdentifier') return UNKNOWN;
      if (COMPARISON.test(n.operator)) return comparison(n, env);
      return combine(n.operator, evaluate(n.left, env), evaluate(n.right, env));
    }
    case 'LogicalExpression': {
      // `opts.retries ?? 5` where the caller's options leave `retries` out: the default.
      if (n.operator !== '&&' && passedObjectRead(n.left, env) === 'absent') return evaluate(n.right, env);
      // `config.jitter || 'none'` on options the code fills defaults into, with `jitter` left alone: the fallback.
      const unset = unsetOptionFallback(n, env.ctx);
      if (unset) return evaluate(unset, env);
      const left = evaluate(n.left, env);
      if (n.operator === '||' && left.t === 'num' && left.v !== 0) return left;
      // `Array.isArray(retryOn) && …` with a known truth on the left: the side that decides.
      const leftTruth = n.operator === '??' ? undefined : truthOf(left);
      if (leftTruth !== undefined) return leftTruth === (n.operator === '&&') ? evaluate(n.right, env) : left;
      // A known number is never nullish.
      if (n.operator === '??' && left.t === 'num') return left;
      // `headers['retry-after'] ?? 1`: a response without the header takes the code's own value.
      if (n.operator === '??' && left.withoutServerWait && left.truth === false && left.t === 'unknown') return evaluate(n.right, env);
      const right = evaluate(n.right, env);
      // `opts.jitter || 0`: a caller's option that is 0 unless set; a random term it scales is off by default.
      if (n.operator !== '&&' && left.t !== 'num' && !left.random && unwrap(n.left).type === 'MemberExpression' && isZero(right)) {
        return markOffByDefault(join(left, right));
      }
      return join(left, right);
    }
    case 'ConditionalExpression': {
      // `err.status === 404 ? throwError(() => err) : timer(1000)`: the branch that gives up does not wait.
      if (givesUpExpression(n.consequent)) return evaluate(n.alternate, env);
      if (givesUpExpression(n.alternate)) return evaluate(n.consequent, env);
      // `typeof retryDelay === 'function' ? retryDelay(n) : retryDelay` where retryDelay holds a function.
      const isFunctionTest = typeofFunctionTest(n.test, env);
      if (isFunctionTest !== undefined) return evaluate(isFunctionTest ? n.consequent : n.alternate, env);
      // `opts.delay === undefined ? 200 : opts.delay`: the default written for an option the caller leaves out.
      const fallback = absentDefault(n, env);
      if (fallback) return evaluate(fallback, env);
      // `options.randomize ? Math.random() + 1 : 1` with `options.randomize ??= false`: the branch the flag picks.
      const truth = truthOf(evaluate(n.test, env));
      if (truth !== undefined) {
        const taken = evaluate(truth ? n.consequent : n.alternate, env);
        // The random branch is the one not taken: the helper's `Math.random()` is off here.
        return !taken.random && usesRandomness(truth ? n.alternate : n.consequent, env, false) ? markRandomOff(taken) : taken;
      }
      return join(evaluate(n.consequent, env), evaluate(n.alternate, env));
    }
    case 'CallExpression':
      return evaluateCall(n, env);
    case 'AssignmentExpression':
      return n.operator === '=' ? evaluate(n.right, env) : UNKNOWN;
    case 'UpdateExpression':
      // `backoff(n++)`: the value is the counter's.
      return evaluate(n.argument, env);
    case 'SequenceExpression':
      return evaluate(n.expressions[n.expressions.length - 1] as Node, env);
    default:
      return UNKNOWN;
  }
}

function evaluateIdentifier(id: TSESTree.Identifier, env: Env): Value {
  if (id.name === 'Infinity') return num(Infinity);
  if (id.name === 'NaN' || id.name === 'undefined') return UNKNOWN;
  const variable = env.ctx.variableOf(id);
  if (!variable) return UNKNOWN;
  const bound = env.bindings?.get(variable) ?? env.ctx.paramValues?.get(variable);
  if (bound) return bound;
  if (env.counters.has(variable)) return { t: 'counter', random: false };
  const writes = writesWithin(variable, env.region);
  const initial = initialValue(variable, env);
  if (writes.length > 0) {
    const written = writesValue(writes, initial, env, id.name);
    // Declared here and written only in branches: the path past them keeps the declared value.
    if (declaredOutside(variable, env.region) || !mayKeepInitial(variable, writes, env.ctx)) return written;
    // A wait with no randomness on the path past the branches is a fact of that path.
    return keptOrWritten(initial, written);
  }
  // `if (init && init.retryOn) retryOn = init.retryOn` before the retry: the caller's option
  // when set; left out, the value the variable was declared with.
  if (isReassigned(variable) && !onlyCallerOverrides(variable, env.region, env.ctx)) return UNKNOWN;
  // A value fixed before the retry starts (a parameter, an option read once): unknown, but
  // the same for every attempt. Declared inside the attempt, it is computed afresh each time.
  if (initial.t === 'unknown' && !initial.random && truthOf(initial) === undefined && initial.kind === undefined && declaredOutside(variable, env.region) && !iteratedBy(soleDefinition(variable)?.node)) return keepOffByDefault(initial, INVARIANT);
  return initial;
}

/**
 * `switch (config.backoff) { case 'FIXED': delay = fixedBackoff; break; … }` before the retry,
 * with the discriminant known (an option's default): the function of this file the matching
 * case (or the default one) gives the variable. Undefined unless every write of the variable
 * sits in that one switch, before the region.
 */
function switchChosen(id: TSESTree.Identifier, env: Env): FunctionNode | undefined {
  const variable = env.ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.node.init || env.depth > MAX_DEPTH) return undefined;
  const writes = writesWithin(variable, env.ctx.sourceCode.ast as Node);
  let statement: TSESTree.SwitchStatement | undefined;
  for (const write of writes) {
    const assignment = write.parent;
    const switchCase = assignment?.parent?.parent;
    if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.parent?.type !== 'ExpressionStatement' || switchCase?.type !== 'SwitchCase') return undefined;
    const owner = switchCase.parent as TSESTree.SwitchStatement;
    if ((statement && owner !== statement) || write.range[1] > env.region.range[0]) return undefined;
    statement = owner;
  }
  if (!statement) return undefined;
  const inner = deeper(env);
  const discriminant = evaluate(statement.discriminant, inner);
  const same = (v: Value) => (discriminant.text !== undefined ? v.text === discriminant.text : discriminant.t === 'num' && !discriminant.random && v.t === 'num' && v.v === discriminant.v);
  if (discriminant.text === undefined && discriminant.t !== 'num') return undefined;
  // Every case test known, so that the one taken is known.
  const tests = statement.cases.map((c) => (c.test ? evaluate(c.test, inner) : undefined));
  if (tests.some((t) => t !== undefined && t.text === undefined && t.t !== 'num')) return undefined;
  let index = tests.findIndex((t) => t !== undefined && same(t));
  if (index < 0) index = statement.cases.findIndex((c) => !c.test);
  // Falling through to the next case's statements until the write: take the first write from the matching case on.
  for (let i = index; i >= 0 && i < statement.cases.length; i++) {
    const body = (statement.cases[i] as TSESTree.SwitchCase).consequent;
    const write = writes.find((w) => body.includes(w.parent?.parent as TSESTree.Statement));
    if (write) return env.ctx.functionIn((write.parent as TSESTree.AssignmentExpression).right);
    if (body.some((st) => alwaysExits(st))) return undefined;
  }
  return undefined;
}

/**
 * A comparison as a truth value, when the code shows it: two known numbers (`delay === 0`
 * with `delay` 200 by default), or a flag option normalised where the defaults are written
 * (`{ jitter: opts.jitter === true }`), which holds only if the caller sets it: an option
 * left out is undefined, equal to neither `true` nor `false`. Anything else is not known.
 */
function comparison(n: TSESTree.BinaryExpression, env: Env): Value {
  const [a, b] = [evaluate(n.left as Node, env), evaluate(n.right, env)];
  const op = n.operator;
  if (a.t === 'num' && b.t === 'num' && !a.random && !b.random) {
    const truth = compareNumbers(op, a.v, b.v);
    return truth === undefined ? UNKNOWN : truth ? TRUE : FALSE;
  }
  // `typeof retryOn === 'function'`, `backoff === 'FIXED'`: two known strings.
  if (a.text !== undefined && b.text !== undefined && /^[!=]==?$/.test(op)) return (a.text === b.text) === op.startsWith('=') ? TRUE : FALSE;
  // `config.retries === 'INFINITELY'` with 10 by default: a number is never strictly equal to a string.
  if ((op === '===' || op === '!==') && ((a.text !== undefined && b.t === 'num' && !b.random) || (b.text !== undefined && a.t === 'num' && !a.random))) return op === '!==' ? TRUE : FALSE;
  if (op !== '===' && op !== '!==') return UNKNOWN;
  const [left, right] = [unwrap(n.left as Node), unwrap(n.right)];
  if ((left.type === 'UnaryExpression' || right.type === 'UnaryExpression') && typeofUnequal(left, right, env)) return op === '!==' ? TRUE : FALSE;
  const flag = isBooleanLiteral(right) ? { read: left, value: a } : isBooleanLiteral(left) ? { read: right, value: b } : undefined;
  const unequal = flag && flagUnequal(flag.read, flag.value, (flag.read === left ? right : left) as TSESTree.Literal, env);
  if (unequal) return op === '!==' ? TRUE : FALSE;
  if (!flag || flag.read.type !== 'MemberExpression' || flag.read.computed || (flag.value.t !== 'unknown' && flag.value.t !== 'invariant') || flag.value.random || truthOf(flag.value) !== undefined) return UNKNOWN;
  // Only the option's own key in an object of defaults: `{ jitter: opts.jitter === true }`.
  let holder: Node | undefined = n.parent;
  while (holder && (holder.type === 'TSAsExpression' || holder.type === 'TSNonNullExpression')) holder = holder.parent;
  if (holder?.type !== 'Property' || (holder.value !== n && unwrap(holder.value as Node) !== n) || keyName(holder.key) !== propertyName(flag.read)) return UNKNOWN;
  // A caller's option the helper was analysed with, and given: its value is not the default.
  const passed = passedObjectRead(flag.read, env);
  if (passed && passed !== 'absent') return UNKNOWN;
  return op === '!==' ? TRUE : FALSE;
}

/**
 * `options.retries ??= 10` (or `||=`) before the retry: the default the code writes out for an
 * option the caller may leave out, read as the option's value (as a parameter's default is),
 * joined with any other value written there before the retry (`if (options.factor === 0)
 * options.factor = 1`). Undefined when the option has no such default, or is written during the retry.
 */
function memberDefault(objectNode: Node, prop: string, env: Env): Value | undefined {
  const object = unwrap(objectNode);
  if (object.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(object);
  const writes = variable ? memberAssignments(variable).get(prop) : undefined;
  if (!writes) return undefined;
  let defaulted = false;
  let result: Value | undefined;
  for (const write of writes) {
    if (write.range[1] > env.region.range[0]) return undefined;
    if (write.operator === '??=' || write.operator === '||=') defaulted = true;
    else if (write.operator !== '=') return undefined;
    const value = evaluate(write.right, deeper(env));
    result = result ? joinKeepingTruth(result, value) : value;
  }
  return defaulted ? result : undefined;
}

/** The value a variable starts with: its initialiser, or a parameter's default. */
function initialValue(variable: Variable, env: Env): Value {
  const def = soleDefinition(variable);
  if (!def) return UNKNOWN;
  if (def.type === 'Variable') {
    const declarator = def.node;
    // `for (const ms of SCHEDULE)`: the next element on each turn, the list's schedule when it is numbers.
    const turns = iteratedBy(declarator);
    if (turns) {
      const table = turns.type === 'ForOfStatement' ? numberArray(turns.right, env) : undefined;
      return table && table.length > 0 ? scheduleValue(table) : UNKNOWN;
    }
    if (declarator.id === def.name && declarator.init) return evaluate(declarator.init, deeper(env));
    // `const { retries = 3 } = opts` with `opts` bound to the caller's options.
    const property = def.name.parent?.type === 'Property' ? def.name.parent : def.name.parent?.parent;
    if (property?.type === 'Property' && !property.computed && property.parent === declarator.id && declarator.init) {
      const read = passedProperty(declarator.init, keyName(property.key), env);
      if (read && read !== 'absent') return read;
      // `const { retryIn } = this.#shouldReconnect(n, err)`: what the function answers under that key.
      const answered = property.value === def.name ? answeredProperty(declarator.init, keyName(property.key), env) : undefined;
      if (answered) return answered;
      // `const { initialDelay } = this.options` reads what `this.options.initialDelay` reads.
      const init = unwrap(declarator.init);
      const key = keyName(property.key);
      if (property.value === def.name && key !== undefined && (init.type === 'MemberExpression' || init.type === 'Identifier' || init.type === 'ThisExpression')) {
        return evaluate(memberOf(init, key), deeper(env));
      }
    }
    const fromPattern = patternDefault(def.name);
    return fromPattern ? evaluate(fromPattern, deeper(env)) : UNKNOWN;
  }
  if (def.type === 'Parameter') {
    const fallback = patternDefault(def.name);
    return fallback ? evaluate(fallback, deeper(env)) : UNKNOWN;
  }
  return UNKNOWN;
}

/**
 * `const { retryIn } = this.#shouldReconnect(n, err)` (or `await` of an async one): a function of
 * this file whose every return is an object literal with no spread, read for `key` in each (with
 * its parameters bound to the call's arguments) and joined. Undefined for anything else.
 */
function answeredProperty(init: Node, key: string | undefined, env: Env): Value | undefined {
  const call = unwrap(init);
  if (call.type !== 'CallExpression' || key === undefined || env.depth > MAX_DEPTH) return undefined;
  const fn = localFunction(call, env);
  if (!fn || fn.generator || (fn.async && init.type !== 'AwaitExpression')) return undefined;
  const objects: TSESTree.ObjectExpression[] = [];
  let other = false;
  if (fn.body.type !== 'BlockStatement') {
    const body = unwrap(fn.body);
    if (body.type === 'ObjectExpression') objects.push(body);
    else other = true;
  } else {
    walk(fn.body, env.ctx.keys, (node) => {
      if (other || (node !== fn.body && isFunction(node))) return false;
      if (node.type === 'ReturnStatement') {
        const argument = node.argument && unwrap(node.argument);
        if (argument?.type === 'ObjectExpression') objects.push(argument);
        else other = true;
      }
      return undefined;
    });
  }
  if (other || objects.length === 0 || objects.some((o) => o.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  const args = call.arguments.filter((a): a is TSESTree.Expression => a.type !== 'SpreadElement');
  const inner = helperEnv(fn, args, env);
  const value = objects.map((o) => {
    const property = getProperty(o, key);
    return property ? evaluate(property.value as Node, inner) : UNKNOWN;
  }).reduce(join);
  return helperRandomness(value, fn, env, inner);
}

/** A value written inside the per-attempt region: a counter, an accumulator, or a fresh value. */
function writesValue(writes: TSESTree.Identifier[], initial: Value, env: Env, name: string): Value {
  // Once per list of writes: each of the k reads of a variable written k times asks for the same list.
  const state = stateOf(env.ctx);
  const what = `s${writes.map((w) => idOf(state, w)).join(' ')},${idOf(state, initial)},${name}`;
  return memoised(state, what, env, () => joinWrites(writes, initial, env, name), undefined);
}

/** The writes' values, composed along each path (joinAlongPaths), leaving out writes in branches the code shows are not taken. */
function joinWrites(writes: readonly Node[], initial: Value, env: Env, name: string): Value {
  const taken: PathUpdate[] = [];
  let pruned = false;
  // `n = n || 0` beside the steps that move `n`: it only gives the start, and changes no count.
  const moving = writes.filter((write) => !defaultsItself(write, name));
  for (const write of moving.length > 0 ? moving : writes) {
    if (notTaken(write, env, name)) {
      pruned = true;
      continue;
    }
    taken.push({ write, value: writeValue(write, initial, env, name) });
  }
  // Every write sits in a branch the defaults do not take: the value it starts with.
  return joinAlongPaths(taken, env.region) ?? (pruned ? initial : UNKNOWN);
}

/**
 * `node` sits in a branch inside the region that the code shows is not taken: under
 * `if (opts.factor)` with `factor` 0 by default, after `if (delay === 0) return 0` with a
 * known delay. Only tests that read nothing written in the region are asked (what changes
 * between attempts, or the value being computed, may take either branch).
 */
function notTaken(node: Node, env: Env, name?: string): boolean {
  const region = env.region;
  for (let child: Node = node, p = node.parent; p && p !== region; child = p, p = p.parent) {
    const branch = branchOf(p, child);
    if (!branch) continue;
    // `if (delay === 0) delay = …` read for the value of `delay`: the test reads what is being computed; not asked.
    const truth = steadyTest(branch.test, env) ? truthOf(evaluate(branch.test, env)) : name !== undefined && mentions(branch.test, name, env) ? undefined : serverWaitTruth(branch.test, env);
    if (truth !== undefined && truth !== branch.whenTrue) return true;
  }
  return false;
}

/**
 * What a test that changes between attempts answers for a response without the server's wait
 * (`if (!retryAfter) return 0` on `const retryAfter = headers['retry-after']`): the same on
 * every attempt, as the header's absence is. Only in a file that names the header at all.
 */
function serverWaitTruth(test: Node, env: Env): boolean | undefined {
  if (!mentionsServerWait(env.ctx)) return undefined;
  const value = evaluate(test, env);
  return value.withoutServerWait ? truthOf(value) : undefined;
}

/**
 * A return after `if (test) return …` whose test holds for a response without the server's
 * wait: not reached then.
 */
function afterServerWaitExit(node: Node, body: TSESTree.BlockStatement, env: Env): boolean {
  if (!mentionsServerWait(env.ctx)) return false;
  for (const statement of body.body) {
    if (statement === node || contains(statement, node)) return false;
    if (statement.type === 'IfStatement' && !statement.alternate && alwaysExits(statement.consequent) && serverWaitTruth(statement.test, env) === true) return true;
  }
  return false;
}

/**
 * A call a test may make and still be read with the defaults: `Array.isArray(x)`,
 * `x.indexOf(y)`/`x.includes(y)`, or an option whose default function the code gives and no
 * caller the analysis is bound to sets.
 */
function readableCall(call: TSESTree.CallExpression, env: Env): boolean {
  const dotted = dottedName(call.callee);
  if (dotted === 'Array.isArray') return true;
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return env.ctx.functionOf(callee) === undefined && defaultFunction(callee, env) !== undefined;
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  const prop = propertyName(callee);
  if (prop === 'indexOf' || prop === 'includes') return true;
  if (prop === undefined || unwrap(callee.object).type === 'ThisExpression' || callerMaySet(callee.object, prop, env)) return false;
  return strategyFunction(call, env) !== undefined;
}

export function steadyTest(test: Node, env: Env, knownCalls = false): boolean {
  let steady = true;
  walk(test, env.ctx.keys, (n) => {
    if (!steady || isFunction(n)) return false;
    if (n.type === 'Identifier') {
      const parent = n.parent;
      if (parent?.type === 'MemberExpression' && parent.property === n && !parent.computed) return undefined;
      const variable = env.ctx.variableOf(n);
      if (variable && (env.counters.has(variable) || writesWithin(variable, env.region).some((write) => !writtenAfter(write, test, variable, env)))) steady = false;
      // `const res = await op()` inside the region: this attempt's result, never an option's default
      // (and reading it would inline every function it calls).
      else if (knownCalls && variable && attemptResult(variable, env.region)) steady = false;
    } else if (n.type === 'MemberExpression') {
      const dotted = dottedName(n);
      const writes = dotted ? memberWritesWithin(dotted, env) : [];
      if (writes.length > 0 && !filledDefaults(writes, propertyName(n), env)) steady = false;
    } else if (n.type === 'CallExpression' && knownCalls && readableCall(n, env)) {
      // Whatever it is handed, a default with a known answer (or an empty array's indexOf)
      // answers the same: only what the callee reads counts.
      if (dottedName(n.callee) === 'Array.isArray') return undefined;
      if (!steadyTest(n.callee, env, true)) steady = false;
      return false;
    } else if (n.type === 'CallExpression' || n.type === 'AssignmentExpression' || n.type === 'UpdateExpression') {
      steady = false;
    }
    return undefined;
  });
  return steady;
}

/** One write's value, once per write, start value and environment: every read of a variable written k times asks for all k. */
function writeValue(target: Node, initial: Value, env: Env, name: string): Value {
  const state = stateOf(env.ctx);
  return memoised(state, `w${idOf(state, target)},${idOf(state, initial)},${name}`, env, () => computeWriteValue(target, initial, env, name), undefined);
}

function computeWriteValue(target: Node, initial: Value, env: Env, name: string): Value {
  const parent = target.parent;
  if (parent?.type === 'UpdateExpression') return { t: 'counter', random: false };
  if (parent?.type !== 'AssignmentExpression' || parent.left !== target) return UNKNOWN;
  // `d = d * 2` is read by its shape (selfReferentialValue), not by evaluating `d` again: that
  // would join every write of `d` once more per level of depth.
  if (parent.operator === '=') return assignedValue(target, parent, initial, env, name);
  const right = evaluate(parent.right, deeper(env));
  // `let ms = base; ms *= 2 ** n` inside the attempt: declared afresh each time, so one product, not an accumulation.
  const local = target.type === 'Identifier' ? env.ctx.variableOf(target) : undefined;
  if (local && firstDefinition(local)?.type === 'Variable' && !declaredOutside(local, env.region) && /^([*+-]|\*\*)=$/.test(parent.operator) && !inLoopWithin(parent, env.region)) {
    return combine(parent.operator.slice(0, -1), initial, right);
  }
  if ((parent.operator === '+=' || parent.operator === '-=') && right.t === 'num' && Math.abs(right.v) === 1 && !right.random) return { t: 'counter', random: false };
  return solveRecurrence(initial, compoundUpdate(parent.operator, right));
}

/** The value of a plain assignment `x = …` to a variable or member named `name`. */
function assignedValue(target: Node, parent: TSESTree.AssignmentExpression, initial: Value, env: Env, name: string): Value {
  // `let d = base; d = jitter(d)` inside the attempt: `d` on the right is this attempt's
  // value, not the last attempt's (the declaration runs again each time): no growth.
  const variable = target.type === 'Identifier' ? env.ctx.variableOf(target) : undefined;
  if (variable && !declaredOutside(variable, env.region) && firstDefinition(variable)?.type === 'Variable' && mentions(parent.right, name, env)) {
    return evaluate(parent.right, deeper(env, { bindings: new Map([...(env.bindings ?? []), [variable, reachingValue(variable, parent, initial, env, name)]]) }));
  }
  return selfReferentialValue(parent.right, name, initial, env) ?? evaluate(parent.right, deeper(env));
}

/**
 * The value `x` holds where `x = f(x)` reads it, the variable declared in the attempt: its start,
 * or what a write earlier in the text gave it (`let d = 0; if (…) d = 100 * 2 ** n; d = Math.min(d, cap)`),
 * leaving out writes in branches not taken. With a loop between the write and the declaration a
 * later write may reach it too: then the start alone, as before.
 */
function reachingValue(variable: Variable, write: TSESTree.AssignmentExpression, initial: Value, env: Env, name: string): Value {
  const declaration = firstDefinition(variable)?.node as Node | undefined;
  for (let p: Node | undefined = write.parent; p && p !== declaration?.parent?.parent; p = p.parent) {
    if (isAnyLoop(p)) return initial;
  }
  // Read once, not through the earlier writes' own earlier writes: those are read with the start.
  if (env.bindings?.has(variable)) return initial;
  const earlier = writesWithin(variable, env.region).filter((w) => w.range[1] <= write.range[0]);
  if (earlier.length === 0) return initial;
  const bound = deeper(env, { bindings: new Map([...(env.bindings ?? []), [variable, initial]]) });
  let result = initial;
  // Each earlier write may be skipped on some path: joined with the start.
  for (const w of earlier) if (!notTaken(w, bound, name)) result = join(result, writeValue(w, initial, bound, name));
  return result;
}

/**
 * `d = d * 2`, `d = Math.min(d * 2, cap)`, `d = d + 500`, `d = adjust(d)`: the update solved as a
 * recurrence from the first value (evolution/recurrence.ts). Undefined when the right side does
 * not read the last value (a fresh value each attempt, evaluated as such).
 */
function selfReferentialValue(expr: Node, name: string, first: Value, env: Env): Value | undefined {
  if (!mentions(expr, name, env)) return undefined;
  const read = readUpdate(expr, updateReader(name, env));
  // `d = min(cap, base + random * (d * 3 - base))`: randomness anywhere in the update is jitter
  // (decorrelated when the wait is drawn relative to the last one).
  if (usesRandomness(expr, env)) {
    if (read.update.kind === 'affine' && read.update.factor.t === 'num' && read.update.factor.v < 1 && !read.update.factor.random) return UNKNOWN;
    const value: Value = growth('exponential', first.t === 'num' ? first.v : undefined, undefined);
    if (read.cap !== undefined && value.t === 'grow') value.cap = read.cap;
    return withRandom(value, true, 'decorrelated');
  }
  // `n = n + 1`, `config.tries = (config.tries || 0) + 1`: a step of one, as `n += 1` is.
  if (read.unitStep) return { t: 'counter', random: false };
  return solveRecurrence(first, read.update, read.cap);
}

/** How the recurrence solver reads an update of the variable or member named `name`. */
function updateReader(name: string, env: Env): UpdateReader {
  return { isSelf: (node) => isSelf(node, name), mentionsSelf: (node) => mentions(node, name, env), value: (node) => evaluate(node, deeper(env)) };
}

function evaluateMember(member: TSESTree.MemberExpression, env: Env): Value {
  const own = env.receiver?.member(member, env);
  if (own) return own;
  if (member.computed && isServerWaitHeader(member.property)) return absentServerWait(env);
  const read = passedObjectRead(member, env);
  if (read) return read === 'absent' ? UNKNOWN : read;
  const spread = env.ctx.paramObjects && !member.computed ? passedThroughMerge(member.object, propertyName(member), env) : undefined;
  if (spread) return spread;
  const aliased = env.aliases && aliasedMember(member, env);
  if (aliased) return aliased;
  if (member.computed) {
    // `DELAYS[attempt]`: a table of waits indexed by the attempt.
    const table = numberArray(member.object, env);
    if (table) {
      const index = evaluate(member.property, env);
      if (index.t === 'num') return table[index.v] === undefined ? UNKNOWN : num(table[index.v] as number);
      return tableRead(table, index);
    }
  } else if (propertyName(member) === 'length') {
    // `DELAYS.length`, `HOSTS.length`: an array literal's size, through `const` bindings.
    const size = arrayLength(member.object, env);
    if (size !== undefined) return num(size);
  }
  const dotted = dottedName(member);
  if (dotted === 'Number.POSITIVE_INFINITY' || dotted === 'Number.MAX_VALUE') return num(Infinity);
  if (dotted === 'Number.MAX_SAFE_INTEGER') return num(Number.MAX_SAFE_INTEGER);
  const memberWrites = dotted ? memberWritesWithin(dotted, env) : [];
  const prop = propertyName(member);
  const ownClass = !member.computed && unwrap(member.object).type === 'ThisExpression' ? enclosingClass(member) : undefined;
  // `get delay() { return 100 * 2 ** this.attempts }` read as `this.delay`: the getter's answer.
  const getter = ownClass && prop !== undefined && memberWrites.length === 0 ? classGetter(ownClass, prop, member.property.type === 'PrivateIdentifier') : undefined;
  if (getter) return inlineHelper(getter, [], env);
  const holder = prop !== undefined ? resolveObjectProperty(member.object, prop, env) : undefined;
  const initial = holder ? evaluate(holder, deeper(env)) : UNKNOWN;
  // `config.backoffType ||= 'exponential'` on every attempt: the default it fills in.
  const filled = memberWrites.length > 0 && prop !== undefined ? filledDefaults(memberWrites, prop, env) : undefined;
  if (filled) return filled.map((d) => evaluate(d, deeper(env))).reduce(join);
  if (memberWrites.length > 0) return joinWrites(memberWrites, initial, env, dotted ?? prop ?? '');
  // `this.delay` stepped by a method of the class the attempt calls (`this.backoff()` doing
  // `this.delay *= 2`), or by the attempt itself when this is a helper it calls: it changes
  // between attempts, as a write in the region would.
  const stepped = ownClass && dotted ? steppedDuringAttempt(dotted, ownClass, env) : undefined;
  if (stepped) return stepped.writes.map((write) => elsewhereWriteValue(write, initial, stepped.env, dotted as string)).reduce(join);
  // `tune(this)` on the failure path: code not read may write the field between attempts.
  if (!member.computed && handedAwayOnCycle(member, env.region, env.ctx)) return UNKNOWN;
  if (!holder && prop !== undefined && !member.computed) {
    const defaulted = memberDefault(member.object, prop, env);
    if (defaulted) return defaulted;
    const foreign = foreignDefault(member.object, prop, env);
    if (foreign) return evaluate(foreign.node, foreign.env);
  }
  // `backoff.duration` with `backoff = factory.next(ctx)`: what the strategy's objects answer.
  if (!holder && initial.t === 'unknown' && memberWrites.length === 0) {
    const answer = readings.strategyAnswer?.(member, env);
    if (answer) return answer;
  }
  if (initial.t === 'unknown' && !initial.random && truthOf(initial) === undefined && initial.kind === undefined && invariantMember(member, env)) return keepOffByDefault(initial, INVARIANT);
  return initial;
}

/**
 * A write of `this.name` made elsewhere during the attempt, read only by shapes that say how it
 * moves the value on: a step (`this.n++`, `this.delay *= 2`, `+= 500`), a literal
 * (`this.delay = 1000`), or the value grown from itself with nothing of the method's own
 * (`this.delay = Math.min(this.delay * 2, 30000)`). A value the method was handed or
 * computed is not known here: unknown.
 */
function elsewhereWriteValue(target: Node, initial: Value, env: Env, name: string): Value {
  const parent = target.parent;
  if (parent?.type === 'UpdateExpression') return { t: 'counter', random: false };
  if (parent?.type !== 'AssignmentExpression' || parent.left !== target || !closedOverMethod(parent.right, env)) return UNKNOWN;
  const right = unwrap(parent.right);
  const literal = right.type === 'Literal' && typeof right.value === 'number';
  if (parent.operator === '=') {
    if (literal) return num(right.value as number);
    return selfReferentialValue(parent.right, name, initial, env) ?? UNKNOWN;
  }
  return literal && /^([*+-]|<<)=$/.test(parent.operator) ? computeWriteValue(target, initial, env, name) : UNKNOWN;
}

/**
 * `options.minTimeout` in a helper whose `options` stands for the caller's variable: what the
 * caller's variable holds there (an object literal's property, or a default written before the
 * retry). Undefined when that says nothing more, or the helper writes the property itself.
 */
function aliasedMember(member: TSESTree.MemberExpression, env: Env): Value | undefined {
  const object = unwrap(member.object);
  const prop = propertyName(member);
  if (member.computed || object.type !== 'Identifier' || prop === undefined) return undefined;
  const variable = env.ctx.variableOf(object);
  const alias = variable && env.aliases?.get(variable);
  if (!alias) return undefined;
  const dotted = dottedName(member);
  if (dotted && memberWritesWithin(dotted, env).length > 0) return undefined;
  // A name or member of another module: the key read there, as the code there reads it.
  if (alias.env.ctx !== env.ctx || alias.id.type !== 'Identifier') return evaluate(memberOf(alias.id, prop), deeper(alias.env));
  const outer = alias.env;
  const holder = resolveObjectProperty(alias.id, prop, outer);
  // `state.tries` where the caller steps `state.tries++` during the retry: the caller's counter.
  const callerWrites = memberWritesWithin(`${alias.id.name}.${prop}`, outer);
  if (callerWrites.length > 0) return joinWrites(callerWrites, holder ? evaluate(holder, deeper(outer)) : UNKNOWN, outer, `${alias.id.name}.${prop}`);
  if (holder) return evaluate(holder, deeper(outer));
  return memberDefault(alias.id, prop, outer);
}

/** The numbers of an array literal, through `const` bindings and spreads: `[0, ...DELAYS]`. */
export function numberArray(node: Node, env: Env): number[] | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') {
    const variable = env.ctx.variableOf(n);
    const def = firstDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable) || env.depth > MAX_DEPTH) return undefined;
    return numberArray(def.node.init, deeper(env));
  }
  if (n.type !== 'ArrayExpression') return undefined;
  const result: number[] = [];
  for (const element of n.elements) {
    if (!element) return undefined;
    if (element.type === 'SpreadElement') {
      // `[...[...[…]]]` nested without end: give up past the depth bound.
      if (env.depth > MAX_DEPTH) return undefined;
      const spread = numberArray(element.argument, deeper(env));
      if (!spread) return undefined;
      result.push(...spread);
      continue;
    }
    const value = evaluate(element, deeper(env));
    if (value.t !== 'num' || value.random) return undefined;
    result.push(value.v);
  }
  return result;
}

function evaluateCall(call: TSESTree.CallExpression, env: Env): Value {
  if (readsServerWaitHeader(call)) return absentServerWait(env);
  const dotted = dottedName(call.callee) ?? '';
  const name = calleeName(call) ?? '';
  const args = call.arguments.filter((a): a is TSESTree.Expression => a.type !== 'SpreadElement');
  const arg = (i: number): Value => (args[i] ? evaluate(args[i] as Node, deeper(env)) : UNKNOWN);
  switch (dotted) {
    case 'Math.random':
      return { t: 'rand', random: true };
    case 'Math.min':
    case 'Math.max':
      return args.map((_, i) => arg(i)).reduce((a, b) => keepRandomOff(a, b, minMax(dotted === 'Math.min', a, b)));
    case 'Math.pow':
      return combine('**', arg(0), arg(1));
    case 'Math.exp':
      // e^n of the attempt count: exponential, factor e.
      return combine('**', num(Math.E), arg(0));
    case 'Math.floor':
    case 'Math.ceil':
    case 'Math.round':
    case 'Math.trunc':
    case 'Math.abs':
    case 'Number':
    case 'parseInt':
    case 'parseFloat':
      return arg(0);
  }
  // `Array.isArray(retryOn)` of a value whose kind is known.
  if (dotted === 'Array.isArray' && args[0]) {
    const type = typeOf(arg(0));
    return type === undefined ? UNKNOWN : arg(0).kind === 'array' ? TRUE : FALSE;
  }
  // `retryOn.indexOf(status)`, `retryOn.includes(status)` on an array that holds nothing.
  const method = unwrap(call.callee);
  if (method.type === 'MemberExpression' && !method.computed && /^(indexOf|includes)$/.test(name) && evaluate(method.object, deeper(env)).empty) {
    return name === 'indexOf' ? num(-1) : FALSE;
  }
  if (RANDOM_CALL.test(name)) {
    // randomInt(a, b) and friends: a random wait; the bound is its upper argument.
    const bound = args.length > 0 ? arg(args.length - 1) : UNKNOWN;
    const shaped = bound.t === 'num' || bound.t === 'grow' || bound.t === 'counter';
    return withRandom(shaped ? bound : { t: 'invariant', random: false }, true, 'full');
  }
  // `this.options.retryStrategy.call(this, ++n)`: the function called with the arguments after `this`.
  const direct = unwrap(call.callee);
  if (direct.type === 'MemberExpression' && !direct.computed && propertyName(direct) === 'call' && call.arguments.length > 0) {
    const target = unwrap(direct.object);
    if (target.type === 'Identifier' || target.type === 'MemberExpression') return evaluateCall({ ...call, callee: target as TSESTree.Expression, arguments: call.arguments.slice(1) }, env);
  }
  // A local helper says what it does; only an imported one is judged by its name.
  const callee = unwrap(call.callee);
  const helper =
    localFunction(call, env) ??
    (callee.type === 'Identifier' ? defaultFunction(callee, env) : callee.type === 'MemberExpression' && callee.object.type === 'Identifier' ? staticMethod(callee, env) : undefined) ??
    (callee.type === 'MemberExpression' ? instanceMethod(callee, env) : undefined) ??
    (callee.type === 'Identifier' ? heldByParameter(callee, env) : undefined);
  if (helper) return inlineHelper(helper, args, env);
  const chosen = callee.type === 'Identifier' ? switchChosen(callee, env) : undefined;
  if (chosen) return inlineHelper(chosen, args, env);
  // `const jitter = pickJitter(options)`: the function a factory picks by the option.
  const picked = callee.type === 'Identifier' ? readings.factoryChoice?.(callee, env) : undefined;
  if (picked) return picked.map((p) => (p.ctx === env.ctx ? inlineHelper(p.fn, args, env) : inlineForeign(p.fn, p.ctx, args.map((a) => evaluate(a as Node, deeper(env))), env))).reduce(join);
  const strategy = strategyFunction(call, env);
  if (strategy) return inlineHelper(strategy.fn, args, strategy.env);
  // `this.options.retry(n)` where another module's defaults give `retry`: that module's function.
  const given = callee.type === 'MemberExpression' && !callee.computed ? propertyName(callee) : undefined;
  const foreignStrategy = given !== undefined && unwrap((callee as TSESTree.MemberExpression).object).type !== 'ThisExpression' ? foreignDefault((callee as TSESTree.MemberExpression).object, given, env) : undefined;
  const strategyFn = foreignStrategy && foreignStrategy.env.ctx.functionIn(foreignStrategy.node);
  if (foreignStrategy && strategyFn) return inlineForeign(strategyFn, foreignStrategy.env.ctx, args.map((a) => evaluate(a as Node, deeper(env))), env);
  const alternatives = strategyAlternatives(call, env);
  if (alternatives) return alternatives.map((fn) => inlineHelper(fn, args, env)).reduce(join);
  const foreign = env.ctx.foreignFunction?.(call);
  if (foreign) return inlineForeign(foreign.fn, foreign.ctx, args.map((a) => evaluate(a as Node, deeper(env))), env);
  const jitter = jitterFromName(name);
  if (jitter) return withRandom(args[0] ? arg(0) : { t: 'invariant', random: false }, true, jitter);
  if (name === 'timer' && args[0]) return arg(0);
  return UNKNOWN;
}

/**
 * A delay strategy held in an object this file builds: `options.intervalFunc(n)` where
 * `options = { intervalFunc: constant(0) }` and `constant` returns `() => value`, or
 * `this.backoff.delay(n)` with `delay: (n) => 100 * 2 ** n`. The function it resolves to
 * (the factory's returned function, with the factory's parameters bound) is the helper.
 */
export function strategyFunction(call: TSESTree.CallExpression, env: Env): { fn: FunctionNode; env: Env } | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  const prop = propertyName(callee);
  if (prop === undefined || unwrap(callee.object).type === 'ThisExpression') return undefined;
  const held = resolveObjectProperty(callee.object, prop, env) ?? aliasedProperty(callee.object, prop, env);
  const value = held && unwrap(held);
  if (!value) return undefined;
  if (isFunction(value)) return { fn: value, env };
  // `{ until: alwaysTrue }` naming a function of this file.
  const named = value.type === 'Identifier' ? env.ctx.functionOf(value) : undefined;
  if (named) return { fn: named, env };
  if (value.type !== 'CallExpression') return undefined;
  // A factory of this file that returns a function: `constant(0)` returning `() => value`.
  const factory = localFunction(value, env);
  if (!factory) return undefined;
  const body = factory.body;
  const returned = body.type === 'BlockStatement' ? body.body.find((st): st is TSESTree.ReturnStatement => st.type === 'ReturnStatement')?.argument : body;
  const fn = returned && unwrap(returned);
  if (!fn || !isFunction(fn)) return undefined;
  const args = value.arguments.filter((a): a is TSESTree.Expression => a.type !== 'SpreadElement');
  return { fn, env: helperEnv(factory, args, env) };
}

/** Evaluates a small helper (`backoff(n)`) with its parameters bound to the caller's values. */
function inlineHelper(fn: FunctionNode, args: readonly Node[], env: Env): Value {
  if (tooLongToInline(fn)) return helperRandomness(UNKNOWN, fn, env);
  const inner = helperEnv(fn, args, env);
  return helperRandomness(inlineBody(fn, inner, env), fn, env, inner);
}

/**
 * A delay helper of another module (`backoff(n)` imported from './retry-policy'): evaluated in
 * that module's context, its parameters bound to the values of the caller's arguments.
 */
function inlineForeign(fn: FunctionNode, ctx: AnalysisContext, values: readonly Value[], env: Env): Value {
  if (tooLongToInline(fn)) return helperRandomness(UNKNOWN, fn, { ctx, region: fn.body, counters: new Set(), depth: env.depth + 1 });
  const bindings = new Map<Variable, Value>();
  parameterVariables(fn, ctx).forEach((variable, i) => {
    const given = values[i];
    if (variable && given) bindings.set(variable, given);
  });
  const inner: Env = { ctx, region: fn.body, counters: new Set(), bindings, depth: env.depth + 1 };
  return helperRandomness(inlineBody(fn, inner, inner), fn, inner, inner);
}

/** An environment where a helper's parameters are bound to the caller's arguments. */
export function helperEnv(fn: FunctionNode, args: readonly Node[], env: Env): Env {
  const bindings = new Map(env.bindings ?? []);
  let aliases: Map<Variable, Alias> | undefined;
  const alias = (variable: Variable, given: Node | undefined) => {
    const id = given && unwrap(given);
    if (id?.type !== 'Identifier') return;
    const callerVariable = env.ctx.variableOf(id);
    if (!callerVariable) return;
    (aliases ??= new Map(env.aliases ?? [])).set(variable, env.aliases?.get(callerVariable) ?? { id, env });
  };
  parameterVariables(fn, env.ctx).forEach((variable, i) => {
    const param = fn.params[i] as TSESTree.Parameter;
    const given = args[i];
    if (!variable) {
      if (param.type === 'ObjectPattern' && given) bindPattern(fn, param, given, env, bindings, alias);
      return;
    }
    const fallback = param.type === 'AssignmentPattern' ? param.right : undefined;
    // A default is read in the helper, where it may name an earlier parameter (`(s, ms = s * 1000) =>`).
    const value = given ? evaluate(given, deeper(env)) : fallback ? evaluate(fallback, deeper(env, { bindings: new Map(bindings), region: fn.body })) : UNKNOWN;
    bindings.set(variable, value);
    alias(variable, given);
  });
  const attempt = env.attempt ?? env.region;
  return deeper(env, aliases ? { bindings, aliases, region: fn.body, attempt } : { bindings, region: fn.body, attempt });
}

/**
 * `onFailure({ error, attempt, options })` into `function onFailure({ attempt, options })`:
 * each name of the pattern bound to the property the call's object literal gives it.
 */
function bindPattern(fn: FunctionNode, pattern: TSESTree.ObjectPattern, given: Node, env: Env, bindings: Map<Variable, Value>, alias: (variable: Variable, given: Node | undefined) => void): void {
  const literal = unwrap(given);
  if (literal.type !== 'ObjectExpression') return;
  const scope = env.ctx.sourceCode.getScope(fn);
  for (const property of pattern.properties) {
    if (property.type !== 'Property' || property.computed) continue;
    const key = keyName(property.key);
    const target = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    if (key === undefined || target.type !== 'Identifier') continue;
    const variable = scope.set.get(target.name);
    if (!variable) continue;
    // A spread may supply any key: only a literal written out in full says what is passed.
    if (literal.properties.some((p) => p.type === 'SpreadElement')) return;
    const passed = getProperty(literal, key)?.value as Node | undefined;
    const fallback = property.value.type === 'AssignmentPattern' ? property.value.right : undefined;
    const value = passed ? evaluate(passed, deeper(env)) : fallback ? evaluate(fallback, deeper(env)) : UNKNOWN;
    bindings.set(variable, value);
    alias(variable, passed);
  }
}

function inlineBody(fn: FunctionNode, inner: Env, env: Env): Value {
  let result: Value | undefined;
  if (fn.body.type !== 'BlockStatement') {
    result = evaluate(fn.body, inner);
  } else {
    walk(fn.body, env.ctx.keys, (node) => {
      if (node !== fn.body && isFunction(node)) return false;
      if (node.type === 'ReturnStatement' && node.argument) {
        // `if (delay === 0) return 0` with a delay known not to be 0: not a value it returns.
        if (inner.region === fn.body && (notTaken(node, inner) || afterServerWaitExit(node, fn.body as TSESTree.BlockStatement, inner))) return false;
        const value = evaluate(node.argument, inner);
        result = result ? join(result, value) : value;
      }
      return undefined;
    });
  }
  return result ?? UNKNOWN;
}

function helperRandomness(value: Value, fn: FunctionNode, env: Env, inner?: Env): Value {
  // Randomness anywhere in a delay helper is jitter, even when the value flow is lost.
  // …unless the value flow showed that randomness to be off by default (`Math.random() * (opts.jitter || 0)`).
  if (value.random || randomOff(value) || !usesRandomness(fn, env)) return value;
  // …or the randomness sits only in branches the defaults do not take (`if (opts.jitter) { … }`).
  if (inner && inner.region === fn.body && !liveRandomness(fn.body, inner)) return markRandomOff(value);
  return withRandom(value, true, 'unknown');
}

/** Randomness in the helper's body outside the branches shown not to be taken. */
function liveRandomness(body: Node, inner: Env): boolean {
  let found = false;
  walk(body, inner.ctx.keys, (node) => {
    if (found) return false;
    const random = node !== body && isFunction(node) ? usesRandomness(node, inner, false) : node.type === 'CallExpression' && usesRandomness(node, inner) && !node.arguments.some((a) => usesRandomness(a, inner));
    if (random && !notTaken(node, inner)) found = true;
    return node !== body && isFunction(node) ? false : undefined;
  });
  return found;
}
