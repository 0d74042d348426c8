import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, dottedName, getProperty, isFunction, keyName, propertyName, unwrap, walk, type Node } from './ast.js';
import { isReassigned, onlyCallerOverrides, writesWithin, type Variable } from './context.js';
import type { Alias, Env, Receiver } from './context.js';
import { isServerWaitHeader, readsServerWaitHeader } from './server-wait.js';
import { UNKNOWN, join, markOffByDefault, markRandomOff, num, scheduleValue, tableRead, withRandom, type Value } from './value.js';
import { combine, keepRandomOff, minMax } from './evolution/scalar.js';
import { handedAwayOnCycle } from './evolution/handed-away.js';
import { keptOrWritten, mayKeepInitial } from './evolution/skipped-writes.js';
import { memberOf } from './synthetic-member.js';
import { unsetOptionFallback } from './filled-defaults.js';
import { firstDefinition, soleDefinition } from './definitions/bodies.js';
import { readings } from './evaluation/readings.js';
import { carriedByFailure } from './evaluation/failure-fields.js';
import { MAX_DEPTH, ROOT_BUDGET, stateOf, markServerWait, reread, tablesOf, withinBudget, deeper, absentServerWait } from './evaluation/state.js';
import { givesUpExpression, INVARIANT, EMPTY_ARRAY, A_FUNCTION, typeOf, TRUE, FALSE, truthOf, COMPARISON, isBooleanLiteral, compareNumbers, joinKeepingTruth, keepOffByDefault, isZero } from './evaluation/known-values.js';
import { absentDefault } from './options/option-source.js';
import { passedObjectRead, passedProperty, patternDefault } from './options/callers.js';
import { classGetter, enclosingClass, memberWritesWithin, filledDefaults } from './classes/class-members.js';
import { localFunction } from './functions/local-function.js';
import { memberAssignments, resolveObjectProperty } from './objects/resolve-object.js';
import { callerOptionRead, typeofFunctionTest, defaultFunction, heldByParameter, flagUnequal, typeofUnequal, passedThroughMerge, foreignDefault } from './options/option-source.js';
import { RANDOM_CALL, jitterFromName, usesRandomness } from './randomness/uses-randomness.js';
import { declaredOutside, invariantMember, iteratedBy, writtenAfterRead } from './variables/writes.js';
import { steppedDuringAttempt, staticMethod, strategyAlternatives } from './functions/methods.js';
import { methodCallValue } from './evaluation/method-calls.js';
import { closureCall } from './evaluation/closures.js';
import { switchChosen } from './evaluation/switch-choice.js';
import { strategyFunction, inlineHelper, inlineForeign, helperEnv, helperRandomness } from './evaluation/helper-calls.js';
import { writesValue, joinWrites, elsewhereWriteValue } from './evaluation/written-values.js';
import { registerEvaluator } from './evaluation/evaluator.js';

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

// helper-calls.ts and written-values.ts evaluate through evaluator.ts: they cannot import this
// module, which imports them (an import cycle).
registerEvaluator(evaluate);

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
      // `~~(base * 2 ** n)` truncates, as Math.trunc does: the same value for a wait.
      if (n.operator === '~') {
        if (arg.t === 'num') return { ...arg, v: ~arg.v };
        return n.argument.type === 'UnaryExpression' && n.argument.operator === '~' ? evaluate(n.argument.argument, env) : UNKNOWN;
      }
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
      const left = evaluate(n.left, env);
      const right = evaluate(n.right, env);
      // `(delay * 2 ** n) | 0`, `>>> 0`: truncated to an integer, the same value for a wait.
      if (/^(\||>>>|>>)$/.test(n.operator) && right.t === 'num' && right.v === 0) return left.t === 'num' ? { ...left, v: n.operator === '>>>' ? left.v >>> 0 : left.v | 0 } : left;
      return combine(n.operator, left, right);
    }
    case 'LogicalExpression': {
      // `opts.retries ?? 5` where the caller's options leave `retries` out: the default.
      const passed = n.operator !== '&&' ? passedObjectRead(n.left, env) : undefined;
      if (passed === 'absent') return evaluate(n.right, env);
      // `config.jitter || 'none'` on options the code fills defaults into, with `jitter` left alone: the fallback.
      const unset = unsetOptionFallback(n, env.ctx);
      if (unset) return evaluate(unset, env);
      // `err.parameters?.retry_after ?? 5`: a wait the failure may carry, else the code's own
      // number; like a Retry-After header, the code's wait is the one when the failure says none.
      // (A count kept on the error starts from nothing: `err.config.retryCount ?? 0` is not one.)
      if (n.operator !== '&&' && carriedByFailure(n.left, env)) {
        const fallback = evaluate(n.right, env);
        if (fallback.t === 'num' && fallback.v > 0 && !fallback.random) {
          absentServerWait(env);
          return fallback;
        }
      }
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
      // `opts.maxRetries ?? 4` with nothing saying what the caller passes: the code's default, as for `maxRetries = 4`.
      if (n.operator !== '&&' && (left.t === 'unknown' || left.t === 'invariant') && !left.random && truthOf(left) === undefined && left.kind === undefined && right.t === 'num' && !isZero(right) && passed === undefined && callerOptionRead(n.left, env)) return right;
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
  const all = writesWithin(variable, env.region);
  const writes = all.filter((write) => !writtenAfterRead(write, id, variable, env.region));
  const initial = initialValue(variable, env);
  // Every write comes after this read in the run the region is: the value it was declared with.
  if (all.length > 0 && writes.length === 0) return initial;
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
      // `const { baseMs = 200 } = opts` in a helper handed `{ baseMs: 100 }`: the literal says.
      const handed = literalProperty(declarator.init, keyName(property.key), env);
      if (handed === 'absent') {
        const fallback = patternDefault(def.name);
        return fallback ? evaluate(fallback, deeper(env)) : UNKNOWN;
      }
      if (handed) return handed;
      // `const { retryIn } = this.#shouldReconnect(n, err)`: what the function answers under that key.
      const answered = property.value === def.name ? answeredProperty(declarator.init, keyName(property.key), env) : undefined;
      if (answered) return answered;
      // `const { initialDelay } = this.options` reads what `this.options.initialDelay` reads.
      const init = unwrap(declarator.init);
      const key = keyName(property.key);
      // `const { factor } = { ...DEFAULTS, ...opts }`: the defaults' value when the caller leaves it out.
      if (property.value === def.name && key !== undefined && init.type === 'ObjectExpression') {
        const given = resolveObjectProperty(init, key, deeper(env));
        if (given) return evaluate(given, deeper(env));
      }
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
  // `import { MAX_RECONNECTS } from './limits'`: the constant that module exports, read there.
  const foreign = def.type === 'ImportBinding' && env.depth <= MAX_DEPTH ? env.ctx.foreignConstant?.(def.name as TSESTree.Identifier) : undefined;
  return foreign ? evaluate(foreign.node, { ctx: foreign.ctx, region: foreign.node, counters: new Set(), depth: env.depth + 1 }) : UNKNOWN;
}

/** What an object literal handed to the inlined helper's parameter `init` gives under `key`; 'absent' when it leaves the key out. */
function literalProperty(init: Node, key: string | undefined, env: Env): Value | 'absent' | undefined {
  const id = unwrap(init);
  const variable = id.type === 'Identifier' && key !== undefined ? env.ctx.variableOf(id) : undefined;
  const handed = variable && env.passedObjects?.get(variable);
  if (!handed || key === undefined) return undefined;
  // A spread may supply any key.
  if (handed.object.properties.some((p) => p.type === 'SpreadElement')) return UNKNOWN;
  const property = getProperty(handed.object, key);
  return property ? evaluate(property.value as Node, deeper(handed.env)) : 'absent';
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

function evaluateMember(member: TSESTree.MemberExpression, env: Env): Value {
  const own = env.receiver?.member(member, env);
  if (own) return own;
  if (member.computed && isServerWaitHeader(member.property, env.ctx)) return absentServerWait(env);
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

/** The number of elements of an array literal with no spread or hole, through `const` bindings never written into. */
function arrayLength(node: Node, env: Env): number | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') {
    const variable = env.ctx.variableOf(n);
    const def = firstDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name || !def.node.init) return undefined;
    // `DELAYS.push(…)` or a hand-over may change the size: only reads of it as an index or `.length`.
    if (!variable.references.every((r) => r.init || readOnlyUse(r.identifier as Node))) return undefined;
    return arrayLength(def.node.init, env);
  }
  // `this.delays.length` of a table of waits held in a property never written (numberArray).
  if (n.type === 'MemberExpression') return numberArray(n, env)?.length;
  if (n.type !== 'ArrayExpression' || n.elements.some((e) => !e || e.type === 'SpreadElement')) return undefined;
  return n.elements.length;
}

/** `X[i]` read, or `X.length`: a use that cannot change the array. */
function readOnlyUse(id: Node): boolean {
  const parent = id.parent;
  if (parent?.type !== 'MemberExpression' || parent.object !== id) return false;
  const holder = parent.parent;
  // `X[i] = v` writes an element, which may add one past the end.
  if ((holder?.type === 'AssignmentExpression' && holder.left === parent) || holder?.type === 'UpdateExpression') return false;
  return parent.computed || propertyName(parent) === 'length';
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
  // `RETRY.backoffMs`, `this.delays`: a list held in a property that is never written.
  if (n.type === 'MemberExpression' && !n.computed && env.depth <= MAX_DEPTH) {
    const key = propertyName(n);
    const held = key === undefined ? undefined : resolveObjectProperty(n.object, key, env);
    return held ? numberArray(held, deeper(env)) : undefined;
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
  if (readsServerWaitHeader(call, env.ctx)) return absentServerWait(env);
  const handedIn = closureCall(call, env);
  if (handedIn) return handedIn;
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
  // A method of a class of this file: any body the object's class may run (functions/dispatch.ts).
  const ofClass = callee.type === 'MemberExpression' ? methodCallValue(call, args, env) : undefined;
  if (ofClass) return ofClass;
  const helper =
    localFunction(call, env) ??
    (callee.type === 'Identifier' ? defaultFunction(callee, env) : callee.type === 'MemberExpression' && callee.object.type === 'Identifier' ? staticMethod(callee, env) : undefined) ??
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
  if (foreign) return inlineForeign(foreign.fn, foreign.ctx, args.map((a) => evaluate(a as Node, deeper(env))), env, args as Node[]);
  const jitter = jitterFromName(name);
  if (jitter) return withRandom(args[0] ? arg(0) : { t: 'invariant', random: false }, true, jitter);
  if (name === 'timer' && args[0]) return arg(0);
  return UNKNOWN;
}
