import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, calleeName, contains, isAnyLoop, dottedName, getProperty, isFunction, keyName, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { isReassigned, mergingWrite, onlyCallerOverrides, onlyNormalised, writesWithin, type AnalysisContext, type Variable } from './context.js';
import { readProperty } from './object-argument.js';
import type { Alias, Env, Receiver } from './context.js';
import { SERVER_WAIT_TEXT, isServerWaitHeader, readsServerWaitHeader } from './server-wait.js';
import { UNKNOWN, join, markOffByDefault, markRandomOff, num, offByDefault, randomOff, scheduleValue, tableRead, withRandom, type Jitter, type Value } from './value.js';
import { joinAlongPaths, type PathUpdate } from './path-updates.js';
import { combine, growth, keepRandomOff, minMax } from './evolution/scalar.js';
import { compoundUpdate, readUpdate, solveRecurrence, type UpdateReader } from './evolution/recurrence.js';
import { handedAwayOnCycle } from './evolution/handed-away.js';
import { keptOrWritten, mayKeepInitial } from './evolution/skipped-writes.js';
import { memberOf } from './synthetic-member.js';
import { filledDefault, unsetOptionFallback, writtenOtherwise } from './filled-defaults.js';
import { classMembers, firstDefinition, soleDefinition } from './definitions/bodies.js';
import { parameterFunction } from './definitions/parameter-function.js';

export type { Alias, Env, Receiver };

/**
 * Readings that evaluate values themselves while the evaluation asks them: what a strategy
 * object's member answers (strategy-objects.ts), which function a factory's call hands back
 * (factory-choice.ts). They register here (analyze.ts wires them), so that this module imports
 * neither and the modules stay free of import cycles; unregistered, the evaluation knows less.
 */
export interface EvaluationReadings {
  strategyAnswer(member: TSESTree.MemberExpression, env: Env): Value | undefined;
  factoryChoice(callee: TSESTree.Identifier, env: Env): { fn: FunctionNode; ctx: AnalysisContext }[] | undefined;
}

const readings: Partial<EvaluationReadings> = {};

export function registerEvaluationReadings(more: Partial<EvaluationReadings>): void {
  Object.assign(readings, more);
}

const MAX_DEPTH = 10;


/**
 * Bounded work on any input. Evaluation is memoised per node and environment (a delay written
 * k times in one loop re-evaluated every earlier write for each write: exponential in k), and
 * what is left after the memo is bounded: per top-level evaluation, per file, and in how deep
 * evaluations nest on the stack (`1 + 1 + … + 1`). Past a bound the answer is UNKNOWN: the
 * analysis gives up on that value silently, it never throws.
 */
const ROOT_BUDGET = 20_000;
const FILE_BUDGET_BASE = 200_000;
const MAX_NESTING = 400;

interface EvaluationState {
  /** Results by environment key, then by what was evaluated (no key string built per lookup). */
  memo: Map<string, MemoTables>;
  ids: WeakMap<object, number>;
  nextId: number;
  /** Evaluations left for this file. */
  fileBudget: number;
  /** Evaluations left for the current top-level evaluation. */
  rootBudget: number;
  /** Evaluations on the stack now. */
  active: number;
  /** A bound was hit in the current top-level evaluation: its results are not memoised. */
  degraded: boolean;
  /** Reads of a server's wait header (Retry-After) taken as absent so far (server-wait.ts): markServerWait compares the count. */
  absentServerWaits: number;
}

/**
 * One environment's results: by key string, and evaluate's by node (no key string made per
 * evaluation). Each made when first needed: most environments only ever use one of them.
 */
interface MemoTables {
  table?: Map<string, Value>;
  /** The first node evaluated in the environment, held without a Map: most are asked about one or two. */
  firstNode?: Node;
  firstValue?: Value;
  nodes?: Map<Node, Value>;
}

const states = new WeakMap<AnalysisContext, EvaluationState>();

/**
 * The memo key of an environment object, with what it was made from (an Env may be changed
 * after use, or copied with this property by a spread), kept on the object itself: adding a
 * WeakMap entry for each new environment cost more than the evaluations it saved.
 */
const MEMO_KEY = Symbol('retry-hygiene memo key');
type KeyedEnv = Env & { [MEMO_KEY]?: Env & { key: string; tables: MemoTables } };
function stateOf(ctx: AnalysisContext): EvaluationState {
  let state = states.get(ctx);
  if (!state) {
    const fileBudget = FILE_BUDGET_BASE + ctx.sourceCode.text.length;
    state = { memo: new Map(), ids: new WeakMap(), nextId: 1, fileBudget, rootBudget: ROOT_BUDGET, active: 0, degraded: false, absentServerWaits: 0 };
    states.set(ctx, state);
  }
  return state;
}

function idOf(state: EvaluationState, object: object | undefined): number {
  if (!object) return 0;
  let id = state.ids.get(object);
  if (id === undefined) {
    id = state.nextId++;
    state.ids.set(object, id);
  }
  return id;
}

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

/**
 * `compute()` once per `what` (what was evaluated, and what else the result depends on) and
 * environment, within the budgets: UNKNOWN past them.
 */
function memoised<A>(state: EvaluationState, what: string, env: Env, compute: (arg: A, env: Env) => Value, arg: A): Value {
  if (state.active === 0) {
    state.rootBudget = ROOT_BUDGET;
    state.degraded = false;
  }
  const tables = tablesOf(state, env);
  const table = (tables.table ??= new Map());
  const known = table.get(what);
  if (known) return reread(state, known);
  const before = state.absentServerWaits;
  const value = markServerWait(state, before, withinBudget(state, env, compute, arg));
  if (!state.degraded) table.set(what, value);
  return value;
}

/**
 * A value computed while a read of the server's wait (Retry-After) was taken as absent is
 * what the code computes when the response carries none: marked, every value up to the wait
 * (the site reads the mark, policy.ts), and a memoised answer counts as a read again when reused.
 */
function markServerWait(state: EvaluationState, before: number, value: Value): Value {
  if (state.absentServerWaits === before || value.withoutServerWait) return value;
  return { ...value, withoutServerWait: true };
}

function reread(state: EvaluationState, value: Value): Value {
  if (value.withoutServerWait) state.absentServerWaits++;
  return value;
}

/** The memo tables of an environment, found by what it is made of. */
function tablesOf(state: EvaluationState, env: Env): MemoTables {
  let where = (env as KeyedEnv)[MEMO_KEY];
  if (!where || where.ctx !== env.ctx || where.region !== env.region || where.counters !== env.counters || where.decrementing !== env.decrementing || where.bindings !== env.bindings || where.attempt !== env.attempt || where.depth !== env.depth) {
    const key = `${idOf(state, env.region)},${idOf(state, env.counters)},${idOf(state, env.decrementing)},${idOf(state, env.bindings)},${idOf(state, env.attempt)},${env.depth}`;
    let tables = state.memo.get(key);
    if (!tables) state.memo.set(key, (tables = {}));
    where = { ctx: env.ctx, region: env.region, counters: env.counters, decrementing: env.decrementing, bindings: env.bindings, attempt: env.attempt, depth: env.depth, key, tables };
    (env as KeyedEnv)[MEMO_KEY] = where;
  }
  return where.tables;
}

/** `compute()` counted against the budgets, or UNKNOWN (and the evaluation degraded) past them. */
function withinBudget<A>(state: EvaluationState, env: Env, compute: (arg: A, env: Env) => Value, arg: A): Value {
  if (state.rootBudget <= 0 || state.fileBudget <= 0 || state.active >= MAX_NESTING) {
    state.degraded = true;
    return UNKNOWN;
  }
  state.rootBudget--;
  state.fileBudget--;
  state.active++;
  try {
    return compute(arg, env);
  } finally {
    state.active--;
  }
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

/**
 * `typeof x === 'function'` (or `!==`) where `x` is a const holding a local function, or a
 * caller's option that falls back to one (`config.retryDelay ?? defaultRetryDelay`): whether
 * the test holds, as far as this code decides it; undefined when it is not such a test.
 */
function typeofFunctionTest(test: Node, env: Env): boolean | undefined {
  const t = unwrap(test);
  if (t.type !== 'BinaryExpression' || !/^[!=]==?$/.test(t.operator) || t.left.type === 'PrivateIdentifier') return undefined;
  const [a, b] = [unwrap(t.left), unwrap(t.right)];
  const typeofSide = a.type === 'UnaryExpression' && a.operator === 'typeof' ? a : b.type === 'UnaryExpression' && b.operator === 'typeof' ? b : undefined;
  const other = typeofSide === a ? b : a;
  if (!typeofSide || other.type !== 'Literal' || other.value !== 'function') return undefined;
  const target = unwrap(typeofSide.argument);
  if (target.type !== 'Identifier' || !(env.ctx.functionOf(target) ?? defaultFunction(target, env))) return undefined;
  return !t.operator.startsWith('!');
}

/**
 * The local function a const falls back to when the caller's option is not set:
 * `const retryDelay = config.retryDelay ?? defaultRetryDelay`. Its result is the default wait.
 */
function defaultFunction(id: TSESTree.Identifier, env: Env): FunctionNode | undefined {
  const variable = env.ctx.variableOf(id);
  const def = firstDefinition(variable);
  // `{ until = () => true } = opts`: the function the name falls back to, unless a caller's value is bound to it.
  const fromPattern = variable && soleDefinition(variable) !== undefined && !isReassigned(variable) ? patternDefault(def?.name as TSESTree.Node) : undefined;
  if (variable && fromPattern) {
    if (env.bindings?.has(variable) || env.ctx.paramValues?.has(variable)) return undefined;
    if (def?.type === 'Parameter' && patternCallerMaySet(def.node as Node, def.name as Node, env)) return undefined;
    if (def?.type === 'Variable' && def.node.init) {
      const property = def.name.parent?.parent;
      const key = property?.type === 'Property' && !property.computed ? keyName(property.key) : undefined;
      const read = key === undefined ? UNREAD_OPTION : passedProperty(def.node.init, key, env);
      if (read && read !== 'absent') return undefined;
      if (key !== undefined && fileCallerMaySet(def.node.init, key, env)) return undefined;
    }
    return env.ctx.functionIn(fromPattern as Node);
  }
  if (!variable || !soleDefinition(variable) || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable)) return undefined;
  const init = unwrap(def.node.init);
  if (init.type !== 'LogicalExpression' || init.operator === '&&' || unwrap(init.left).type !== 'MemberExpression') return undefined;
  // A helper analysed for a call that passes this option: the caller's value, not the fallback.
  const passed = passedObjectRead(init.left, env);
  if (passed && passed !== 'absent') return undefined;
  return env.ctx.functionIn(init.right);
}

/**
 * A function the code calls through a parameter (`getDelay(n)`), unless the helper is being
 * read for a caller that binds it: its default, or what every caller in the file passes.
 */
function heldByParameter(id: TSESTree.Identifier, env: Env): FunctionNode | undefined {
  const variable = env.ctx.variableOf(id);
  if (!variable || env.bindings?.has(variable) || env.ctx.paramValues?.has(variable)) return undefined;
  return parameterFunction(id, env.ctx, (passed) => env.ctx.functionOf(passed) ?? defaultFunction(passed, env));
}

function givesUpExpression(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'CallExpression') return /^(throwError|Promise\.reject)$/.test(dottedName(n.callee) ?? '');
  return n.type === 'Identifier' && n.name === 'EMPTY';
}

/**
 * The environment one level deeper. Without a patch it is made once per environment (and
 * made again only if that one was changed since): memoised keys its tables by Env object, so
 * a fresh object at every nested evaluation rebuilt the key each time.
 */
function deeper(env: Env, patch?: Partial<Env>): Env {
  if (patch) return { ...env, ...patch, depth: env.depth + 1 };
  let child = (env as DeeperEnv)[DEEPER];
  if (
    !child ||
    child.ctx !== env.ctx ||
    child.region !== env.region ||
    child.counters !== env.counters ||
    child.decrementing !== env.decrementing ||
    child.bindings !== env.bindings ||
    child.attempt !== env.attempt ||
    child.depth !== env.depth + 1
  ) {
    child = { ...env, depth: env.depth + 1 };
    (env as DeeperEnv)[DEEPER] = child;
  }
  return child;
}

/** The environment one level deeper, kept on the object itself (like MEMO_KEY: no WeakMap entry per environment). */
const DEEPER = Symbol('retry-hygiene deeper env');
type DeeperEnv = Env & { [DEEPER]?: Env };

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
 * The server's wait (`headers['retry-after']`, `headers.get('Retry-After')`) read as a response
 * that carries none: no value, false to a test. What the code then computes is its own wait,
 * marked as such (markServerWait); the server's value itself is never read as fixed or grown.
 */
function absentServerWait(env: Env): Value {
  stateOf(env.ctx).absentServerWaits++;
  return ABSENT_SERVER_WAIT;
}

const ABSENT_SERVER_WAIT: Value = { t: 'unknown', random: false, truth: false, withoutServerWait: true };

const INVARIANT: Value = { t: 'invariant', random: false };
const EMPTY_ARRAY: Value = { t: 'unknown', random: false, kind: 'array', empty: true };
const A_FUNCTION: Value = { t: 'unknown', random: false, kind: 'function' };

/** What `typeof` gives for a value the analysis knows the kind of; undefined otherwise. */
function typeOf(value: Value): string | undefined {
  if (value.random) return undefined;
  if (value.t === 'num') return 'number';
  if (value.kind === 'array') return 'object';
  if (value.kind !== undefined) return value.kind;
  return value.truth !== undefined ? 'boolean' : undefined;
}

/**
 * `true` and `false`: not numbers (arithmetic on them stays unknown), but a conditional whose
 * test is known to be one of them takes that branch.
 */
const TRUE: Value = { t: 'unknown', random: false, truth: true };
const FALSE: Value = { t: 'unknown', random: false, truth: false };

/**
 * `opts.x === undefined ? D : opts.x` (also `== null`, `typeof opts.x === 'undefined'`, and
 * the `!==` form with the branches swapped): D, the value when the caller leaves the option
 * out, read as the option's value (as `opts.x ??= D` is). Undefined for any other conditional.
 */
function absentDefault(n: TSESTree.ConditionalExpression, env: Env): Node | undefined {
  const test = unwrap(n.test);
  if (test.type !== 'BinaryExpression' || !/^[!=]==?$/.test(test.operator) || test.left.type === 'PrivateIdentifier') return undefined;
  const [a, b] = [unwrap(test.left), unwrap(test.right)];
  const isAbsent = (x: Node) => (x.type === 'Identifier' && x.name === 'undefined') || (x.type === 'Literal' && (x.value === 'undefined' || (x.value === null && test.operator.length === 2)));
  const absent = isAbsent(b) ? b : isAbsent(a) ? a : undefined;
  const side = absent === b ? a : b;
  if (!absent) return undefined;
  const typeofTest = side.type === 'UnaryExpression' && side.operator === 'typeof';
  // `typeof x === 'undefined'` compares a string; `x === 'undefined'` does not test absence.
  const isString = absent.type === 'Literal' && absent.value === 'undefined';
  if (typeofTest !== isString) return undefined;
  const read = unwrap(typeofTest ? (side as TSESTree.UnaryExpression).argument : side);
  if (read.type !== 'MemberExpression') return undefined;
  const negated = test.operator.startsWith('!');
  const [fallback, kept] = negated ? [n.alternate, n.consequent] : [n.consequent, n.alternate];
  const text = (x: Node) => env.ctx.sourceCode.text.slice(x.range[0], x.range[1]);
  return text(unwrap(kept)) === text(read) ? fallback : undefined;
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

/** Whether a conditional tested on the value takes its first branch: a mark, or a known number (0 is false). */
function truthOf(value: Value): boolean | undefined {
  if (value.truth !== undefined) return value.truth;
  return value.t === 'num' && !value.random && !Number.isNaN(value.v) ? value.v !== 0 : undefined;
}

const COMPARISON = /^([!=]==?|[<>]=?)$/;

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
 * `retry.jitter === true` where the value is known falsy (`false`, or an option whose default
 * is written `undefined`/`null`: `{ jitter: undefined }` read through the defaults), or
 * `=== false` where it is known truthy: never strictly equal. Undefined when not shown; a
 * caller's option the helper was analysed with, and given, is not the default.
 */
function flagUnequal(read: Node, value: Value, literal: TSESTree.Literal, env: Env): boolean {
  const truth = value.random ? undefined : truthOf(value);
  if (truth !== undefined) return truth !== literal.value;
  return literal.value === true && nothingByDefault(read, env) !== undefined;
}

/**
 * `typeof retry.jitter === 'function'` where the option's default is written `undefined`
 * (`{ jitter: undefined }`, as for flagUnequal): its type is 'undefined', never the one named.
 */
function typeofUnequal(left: Node, right: Node, env: Env): boolean {
  const [check, named] = left.type === 'UnaryExpression' && left.operator === 'typeof' ? [left, right] : right.type === 'UnaryExpression' && right.operator === 'typeof' ? [right, left] : [];
  if (!check || named?.type !== 'Literal' || typeof named.value !== 'string' || named.value === 'undefined') return false;
  return nothingByDefault(unwrap(check.argument), env) === 'undefined';
}

/**
 * An option read (`retry.jitter`) whose default is written `undefined` or `null` (`{ jitter:
 * undefined }` read through the defaults, this file's or another module's that writes no such
 * key), which nothing in this file writes and the caller the helper is analysed for does not pass.
 */
function nothingByDefault(read: Node, env: Env): 'undefined' | 'null' | undefined {
  if (read.type !== 'MemberExpression' || read.computed) return undefined;
  // (Written by the code itself, `retry.jitter = true`: not the default.)
  const dotted = dottedName(read);
  if (dotted === undefined || memberWritesWithin(dotted, { ...env, region: env.ctx.sourceCode.ast as Node }).length > 0) return undefined;
  const prop = propertyName(read);
  const local = prop === undefined ? undefined : (resolveObjectProperty(read.object, prop, env) ?? aliasedProperty(read.object, prop, env));
  // Or the defaults of another module (`normalizeRetryOptions(options)` spreading `{ jitter: undefined }`), which writes no such key.
  const foreign = local || prop === undefined ? undefined : foreignDefault(read.object, prop, env);
  const holder = local ?? (foreign && !foreign.env.ctx.isMutableMember(prop as string) ? foreign.node : undefined);
  const held = holder && unwrap(holder);
  const nothing = held?.type === 'Identifier' && held.name === 'undefined' ? 'undefined' : held?.type === 'Literal' && held.value === null ? 'null' : undefined;
  if (!nothing) return undefined;
  const passed = passedObjectRead(read, env);
  return !passed || passed === 'absent' ? nothing : undefined;
}

function isBooleanLiteral(node: Node): boolean {
  return node.type === 'Literal' && typeof node.value === 'boolean';
}

function compareNumbers(op: string, a: number, b: number): boolean | undefined {
  switch (op) {
    case '===': case '==': return a === b;
    case '!==': case '!=': return a !== b;
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '>=': return a >= b;
    default: return undefined;
  }
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

function joinKeepingTruth(a: Value, b: Value): Value {
  const truth = truthOf(a);
  return truth !== undefined && truth === truthOf(b) ? a : join(a, b);
}

/** Assignments to `v.prop` by property name, found once per variable from its references. */
const memberAssignmentsCache = new WeakMap<Variable, Map<string, TSESTree.AssignmentExpression[]>>();

function memberAssignments(variable: Variable): Map<string, TSESTree.AssignmentExpression[]> {
  let byProp = memberAssignmentsCache.get(variable);
  if (!byProp) {
    byProp = new Map();
    for (const ref of variable.references) {
      const member = ref.identifier.parent;
      if (member?.type !== 'MemberExpression' || member.object !== ref.identifier || member.computed) continue;
      const assignment = member.parent;
      const prop = propertyName(member);
      if (assignment?.type !== 'AssignmentExpression' || assignment.left !== member || prop === undefined) continue;
      const list = byProp.get(prop);
      if (list) list.push(assignment);
      else byProp.set(prop, [assignment]);
    }
    memberAssignmentsCache.set(variable, byProp);
  }
  return byProp;
}

/** `replacement` for `value`, still marked off by default when `value` was (`const j = opts.jitter || 0`). */
function keepOffByDefault(value: Value, replacement: Value): Value {
  return offByDefault(value) ? markOffByDefault(replacement) : replacement;
}

function isZero(value: Value): boolean {
  return value.t === 'num' && value.v === 0 && !value.random;
}

function declaredOutside(variable: Variable, region: Node): boolean {
  const def = soleDefinition(variable);
  if (!def) return false;
  // An import sits at the top of its module and this module cannot assign it: fixed before any retry starts.
  if (def.type === 'ImportBinding') return true;
  if (def.type !== 'Variable' && def.type !== 'Parameter') return false;
  const name = def.name as Node;
  return !(region.range[0] <= name.range[0] && name.range[1] <= region.range[1]);
}

/**
 * `this.reconnectPeriod`, `options.retryDelay`: a property nobody writes after construction,
 * read through `this` or a binding fixed before the retry, is the same for every attempt.
 */
function invariantMember(member: TSESTree.MemberExpression, env: Env): boolean {
  let n: Node = member;
  while (n.type === 'MemberExpression') {
    if (n.computed && unwrap(n.property).type !== 'Literal') return false;
    const prop = propertyName(n);
    if (prop === undefined || env.ctx.isMutableMember(prop)) return false;
    n = unwrap(n.object);
  }
  if (n.type === 'ThisExpression') return true;
  if (n.type !== 'Identifier') return false;
  const variable = env.ctx.variableOf(n);
  if (!variable) return false;
  // `opts = opts || {}` and the like keep the caller's options: still fixed for the whole retry.
  if (onlyNormalised(variable)) return declaredOutside(variable, env.region);
  return writesWithin(variable, env.region).length === 0 && !isReassigned(variable) && declaredOutside(variable, env.region);
}

/**
 * `opts.retries`, where `opts` is a helper's parameter bound to the options object a caller in
 * another file writes out: what the caller passed, or 'absent' when it left the key out.
 */
export function passedObjectRead(node: Node, env: Env): Value | 'absent' | undefined {
  // Only a helper analysed for a call in another file has bound options: everything else leaves here.
  if (!env.ctx.paramObjects) return undefined;
  const n = unwrap(node);
  return n.type === 'MemberExpression' && !n.computed ? passedProperty(n.object, propertyName(n), env) : undefined;
}

function passedProperty(object: Node, key: string | undefined, env: Env): Value | 'absent' | undefined {
  const objects = env.ctx.paramObjects;
  const o = unwrap(object);
  if (!objects || key === undefined || o.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(o);
  if (!variable) return undefined;
  const argument = objects.get(variable);
  if (argument) return readProperty(argument, key);
  // Options the caller passes but the analysis cannot read: not the helper's defaults either.
  return env.ctx.paramValues?.has(variable) ? UNREAD_OPTION : undefined;
}

const UNREAD_OPTION: Value = { t: 'invariant', random: false };

/**
 * `o.tries` with `o = { ...DEFAULTS, ...options }` (or `Object.assign({}, DEFAULTS, options)`)
 * where `options` is bound to what a caller in another file passes: the caller's value when it
 * sets the key (or may: options it cannot read), read before the defaults under it. Undefined
 * when the last source that may set the key is not the caller's.
 */
function passedThroughMerge(object: Node, key: string | undefined, env: Env): Value | undefined {
  if (key === undefined) return undefined;
  const literal = resolveObject(object, env);
  const sources: (Node | undefined)[] = literal
    ? literal.properties.map((p) => (p.type === 'SpreadElement' ? (p.argument as Node) : keyName(p.key) === key || p.computed ? undefined : null)).filter((p): p is Node | undefined => p !== null)
    : ((source) => (source && dottedName(source.call.callee) === 'Object.assign' ? source.call.arguments.map((a) => (a.type === 'SpreadElement' ? undefined : (a as Node))) : []))(mergeSource(object, env));
  for (let i = sources.length - 1; i >= 0; i--) {
    const source = sources[i];
    // A key of its own (or a spread the analysis cannot place) decides: not the caller's.
    if (!source) return undefined;
    const passed = passedProperty(source, key, env);
    if (passed === 'absent') continue;
    if (passed) return passed;
    const other = resolveObject(source, env);
    if (!other || getProperty(other, key)) return undefined;
  }
  return undefined;
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

/** The `for … of` / `for … in` whose head declares this (a new value each turn), if any. */
function iteratedBy(declarator: Node | undefined): TSESTree.ForOfStatement | TSESTree.ForInStatement | undefined {
  const declaration = declarator?.type === 'VariableDeclarator' ? declarator.parent : undefined;
  const loop = declaration?.parent;
  return (loop?.type === 'ForOfStatement' || loop?.type === 'ForInStatement') && loop.left === declaration ? loop : undefined;
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

/** `x = 5` in `function f(x = 5)` or `{ x = 5 } = opts`: the default of a bound name. */
function patternDefault(name: TSESTree.Node): Node | undefined {
  const parent = name.parent;
  if (parent?.type === 'AssignmentPattern' && parent.left === name) return parent.right;
  if (parent?.type === 'Property' && parent.value.type === 'AssignmentPattern' && parent.value.left === name) {
    return parent.value.right;
  }
  return undefined;
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

/** `n = n || 0`, `config.tries = config.tries ?? 0`: a write that keeps the count it finds, if any. */
function defaultsItself(write: Node, name: string): boolean {
  const parent = write.parent;
  if (parent?.type !== 'AssignmentExpression' || parent.left !== write) return false;
  return keepsValue(parent, name);
}

/** The assignment gives its target a start of 0 and leaves a value already there as it is (`n ||= 0`, `n = n ?? 0`). */
export function keepsValue(parent: TSESTree.AssignmentExpression, name = dottedName(parent.left) ?? ''): boolean {
  if (parent.operator === '||=' || parent.operator === '??=') {
    const right = unwrap(parent.right);
    return right.type === 'Literal' && right.value === 0;
  }
  return parent.operator === '=' && unwrap(parent.right).type === 'LogicalExpression' && isSelf(parent.right, name);
}

/** The test `child` is taken under, below its parent `p` (an if, a `?:`, a right side of `&&`/`||`), and on which outcome. */
function branchOf(p: Node, child: Node): { test: Node; whenTrue: boolean } | undefined {
  if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) return { test: p.test, whenTrue: child === p.consequent };
  if (p.type === 'LogicalExpression' && child === p.right && p.operator !== '??') return { test: p.left, whenTrue: p.operator === '&&' };
  return undefined;
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

const serverWaitFiles = new WeakMap<AnalysisContext, boolean>();

function mentionsServerWait(ctx: AnalysisContext): boolean {
  let known = serverWaitFiles.get(ctx);
  if (known === undefined) serverWaitFiles.set(ctx, (known = SERVER_WAIT_TEXT.test(ctx.sourceCode.text)));
  return known;
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
 * Whether a test holds, read with the defaults of the options it reads, when that is known: a
 * call of an option whose default is a function with a known answer (`config.until(result)`
 * with `until: () => true`), a membership test on an empty default array
 * (`Array.isArray(retryOn) && retryOn.indexOf(res.status) === -1` with `retryOn: []`),
 * `typeof` and string comparisons of defaults. Undefined when the test reads anything that
 * changes between attempts, calls anything else, or a caller may set the option it calls.
 */
export function defaultTruth(test: Node, env: Env): boolean | undefined {
  if (!steadyTest(test, env, true)) return undefined;
  return truthOf(evaluate(test, env));
}

/**
 * `node` sits below `root` in a branch that, read with the options' defaults, is never taken
 * (`else if (typeof retryOn === 'function')` with `retryOn: []`).
 */
export function branchNotTaken(node: Node, root: Node, env: Env): boolean {
  for (let child: Node = node, p = node.parent; p && p !== root; child = p, p = p.parent) {
    if (p.type === 'BlockStatement' && leftEarlier(p, child, env)) return true;
    const branch = branchOf(p, child);
    if (!branch) continue;
    const truth = defaultTruth(branch.test, env);
    if (truth !== undefined && truth !== branch.whenTrue) return true;
  }
  return false;
}

/** `if (!retryOn.includes(res.status)) return resolve(res);` before `child`, leaving whenever the defaults are read. */
function leftEarlier(block: TSESTree.BlockStatement, child: Node, env: Env): boolean {
  for (const statement of block.body) {
    if (statement === child) return false;
    if (statement.type === 'IfStatement' && !statement.alternate && alwaysExits(statement.consequent) && defaultTruth(statement.test, env) === true) return true;
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

/**
 * Analysed for a call in another file, the options object (or a source merged into it) is a
 * parameter the caller passes something for that may set `prop`.
 */
function callerMaySet(object: Node, prop: string, env: Env): boolean {
  const defaultValue = resolveObjectProperty(object, prop, env);
  const held = defaultValue && unwrap(defaultValue);
  const given = (n: Node) => {
    if (fileCallerMaySet(n, prop, env, 0, held)) return true;
    if (!env.ctx.paramValues) return false;
    const read = passedProperty(n, prop, env);
    return read !== undefined && read !== 'absent';
  };
  if (given(object)) return true;
  const literal = resolveObject(object, env);
  const sources = literal ? literal.properties.flatMap((p) => (p.type === 'SpreadElement' ? [p.argument as Node] : [])) : (mergeSource(object, env)?.call.arguments as Node[] | undefined) ?? [];
  return sources.some((source) => source.type !== 'SpreadElement' && given(source));
}

/**
 * A write that cannot reach the test: later in the text, to a variable declared afresh each
 * time the region runs, with no loop around the test inside the region.
 */
function writtenAfter(write: Node, test: Node, variable: Variable, env: Env): boolean {
  if (write.range[0] < test.range[1] || declaredOutside(variable, env.region)) return false;
  for (let p = test.parent; p && p !== env.region; p = p.parent) {
    if (isAnyLoop(p) || isFunction(p)) return false;
  }
  return true;
}

/** A test that reads no variable or member written in the region (before it); calls only those readableCall allows, when asked. */
/** A variable declared in the region whose value comes from a call made there (`const res = await op()`). */
function attemptResult(variable: Variable, region: Node): boolean {
  const def = firstDefinition(variable);
  if (def?.type !== 'Variable' || !def.node.init || !contains(region, def.node)) return false;
  let init = unwrap(def.node.init);
  if (init.type === 'AwaitExpression') init = unwrap(init.argument);
  return init.type === 'CallExpression' || init.type === 'NewExpression';
}

function steadyTest(test: Node, env: Env, knownCalls = false): boolean {
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

/** A loop between `node` and the region: the statement may run several times per attempt. */
function inLoopWithin(node: Node, region: Node): boolean {
  for (let p = node.parent; p && p !== region; p = p.parent) {
    if (isAnyLoop(p) || isFunction(p)) return true;
  }
  return false;
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
  return {
    isSelf: (node) => isSelf(node, name),
    mentionsSelf: (node) => mentions(node, name, env),
    value: (node) => evaluate(node, deeper(env)),
    inline: (call) => inlinedUpdate(call, (node) => isSelf(node, name), env),
  };
}

/**
 * `nextDelay(delay)` where `nextDelay` is a function of the file that returns one expression:
 * that expression, read with the parameter that receives the last value as the last value and
 * the other parameters bound to the call's other arguments.
 */
export function inlinedUpdate(call: Node, isLast: (node: Node) => boolean, env: Env): { expression: Node; reader: UpdateReader } | undefined {
  if (call.type !== 'CallExpression' || env.depth > MAX_DEPTH) return undefined;
  const fn = localFunction(call, env);
  if (!fn || fn.async || fn.generator) return undefined;
  const expression = returnedExpression(fn);
  if (!expression) return undefined;
  const args = call.arguments;
  const at = args.findIndex((a) => a.type !== 'SpreadElement' && isLast(a as Node));
  if (at < 0 || args.some((a, i) => i !== at && (a.type === 'SpreadElement' || mentionsNode(a as Node, isLast, env)))) return undefined;
  const params = parameterVariables(fn, env.ctx);
  const self = params[at];
  if (!self) return undefined;
  const bindings = new Map(env.bindings ?? []);
  params.forEach((variable, i) => {
    const arg = args[i];
    if (variable && i !== at && arg) bindings.set(variable, evaluate(arg as Node, deeper(env)));
  });
  const inner: Env = { ...deeper(env), region: fn.body ?? fn, bindings };
  const refersTo = (node: Node) => node.type === 'Identifier' && env.ctx.variableOf(node) === self;
  const reader: UpdateReader = {
    isSelf: (node) => refersTo(unwrap(node)),
    mentionsSelf: (node) => mentionsNode(node, refersTo, env),
    value: (node) => evaluate(node, deeper(inner)),
    inline: (next) => inlinedUpdate(next, (node) => refersTo(unwrap(node)), inner),
  };
  return { expression, reader };
}

/** The one expression a function returns: an arrow's body, or a block of a single `return`. */
function returnedExpression(fn: FunctionNode): Node | undefined {
  if (fn.body?.type !== 'BlockStatement') return fn.body ?? undefined;
  const [only, ...rest] = fn.body.body;
  return rest.length === 0 && only?.type === 'ReturnStatement' && only.argument ? only.argument : undefined;
}

function mentionsNode(root: Node, test: (node: Node) => boolean, env: Env): boolean {
  let found = false;
  walk(root, env.ctx.keys, (n) => {
    if (found) return false;
    if (test(n)) found = true;
    return undefined;
  });
  return found;
}

/** The variable or member itself, or it with a zero default (`(n || 0)`, `(n ?? 0)`). */
function isSelf(node: Node, name: string): boolean {
  let n = unwrap(node);
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
    const fallback = unwrap(n.right);
    if (fallback.type !== 'Literal' || fallback.value !== 0) return false;
    n = unwrap(n.left);
  }
  return (n.type === 'Identifier' || n.type === 'MemberExpression') && dottedName(n) === name;
}

function mentions(node: Node, name: string, env: Env): boolean {
  let found = false;
  walk(node, env.ctx.keys, (n) => {
    if (found) return false;
    const parent = n.parent;
    // `x.delay` does not mention a variable named `delay`.
    const isPropertyKey = parent?.type === 'MemberExpression' && parent.property === n && !parent.computed;
    if (n.type === 'Identifier' && n.name === name && !isPropertyKey) found = true;
    // `this.wait = this.wait * 2`: a member target is mentioned by its dotted name.
    if (n.type === 'MemberExpression' && name.includes('.') && dottedName(n) === name) found = true;
    return undefined;
  });
  return found;
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


/** The getter `get name()` (or `get #name()`) of a class, not static. */
function classGetter(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, name: string, isPrivate: boolean): FunctionNode | undefined {
  const keyType = isPrivate ? 'PrivateIdentifier' : 'Identifier';
  for (const element of classMembers(cls)) {
    if (element.type === 'MethodDefinition' && element.kind === 'get' && !element.static && !element.computed && element.key.type === keyType && element.key.name === name && isFunction(element.value)) return element.value;
  }
  return undefined;
}

/** Same-class methods reached per region, read once per region. */
const methodsReachedCache = new WeakMap<Node, readonly Node[]>();
const MAX_METHODS_REACHED = 16;

/**
 * The bodies of the methods of its own class that `region` calls (`this.backoff()`,
 * `this.#bump()`), and those they call in turn, up to a bound; their getters read as
 * `this.name` too. Calls inside nested plain functions are not the class's (another `this`).
 */
export function methodsReached(region: Node, env: Env): readonly Node[] {
  const known = methodsReachedCache.get(region);
  if (known) return known;
  const found: Node[] = [];
  const seen = new Set<Node>([region]);
  const queue: Node[] = [region];
  while (queue.length > 0 && found.length < MAX_METHODS_REACHED) {
    const body = queue.shift() as Node;
    walk(body, env.ctx.keys, (node) => {
      if (found.length >= MAX_METHODS_REACHED) return false;
      let fn: FunctionNode | undefined;
      if (node.type === 'CallExpression' && unwrap(node.callee).type === 'MemberExpression') fn = localFunction(node, env);
      else if (node.type === 'MemberExpression' && !node.computed && node.object.type === 'ThisExpression' && node.parent?.type !== 'CallExpression') {
        const cls = enclosingClass(node);
        const name = propertyName(node);
        fn = cls && name !== undefined ? classGetter(cls, name, node.property.type === 'PrivateIdentifier') : undefined;
      }
      if (fn && !seen.has(fn.body)) {
        seen.add(fn.body);
        found.push(fn.body);
        queue.push(fn.body);
      }
      return undefined;
    });
  }
  methodsReachedCache.set(region, found);
  return found;
}

/**
 * The writes of `this.name` (dotted) made during an attempt outside the region being read:
 * by the retry's own region when the region is a helper it calls, and by the methods of the
 * same class the two call. Undefined when there are none.
 */
function steppedDuringAttempt(dotted: string, cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, env: Env): { writes: Node[]; env: Env } | undefined {
  const bodies = new Set<Node>();
  if (env.attempt && env.attempt !== env.region && enclosingClass(env.attempt) === cls) {
    bodies.add(env.attempt);
    for (const body of methodsReached(env.attempt, env)) bodies.add(body);
  }
  if (enclosingClass(env.region) === cls) for (const body of methodsReached(env.region, env)) bodies.add(body);
  bodies.delete(env.region);
  const writes: Node[] = [];
  for (const body of bodies) writes.push(...memberWritesWithin(dotted, { ctx: env.ctx, region: body, counters: env.counters, depth: env.depth }));
  return writes.length > 0 ? { writes, env } : undefined;
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

/** An expression that reads nothing local to the function it sits in (no parameter, no local variable). */
function closedOverMethod(expression: Node, env: Env): boolean {
  let host: Node | undefined = expression.parent;
  while (host && !isFunction(host)) host = host.parent;
  let closed = true;
  walk(expression, env.ctx.keys, (node) => {
    if (!closed || isFunction(node)) return false;
    if (node.type !== 'Identifier') return undefined;
    const parent = node.parent;
    if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return undefined;
    const def = firstDefinition(env.ctx.variableOf(node));
    // A global (`Math`, declared or not) is the same everywhere; a parameter or local of the method is not known here.
    if (!def) closed = /^(Math|Infinity|Number)$/.test(node.name);
    else if (host && contains(host, def.name)) closed = false;
    return undefined;
  });
  return closed;
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

/** The caller's plain name (same file) that a helper's parameter `object` stands for, unless the helper writes on it. */
function aliasOf(object: Node, env: Env): { id: TSESTree.Identifier; env: Env } | undefined {
  const o = unwrap(object);
  if (o.type !== 'Identifier' || !env.aliases || env.depth > MAX_DEPTH) return undefined;
  const variable = env.ctx.variableOf(o);
  const alias = variable && env.aliases.get(variable);
  if (!alias || alias.env.ctx !== env.ctx || alias.id.type !== 'Identifier' || isReassigned(variable)) return undefined;
  return memberAssignments(variable).size > 0 ? undefined : { id: alias.id, env: alias.env };
}

/**
 * `retry.delay(n)` in a helper whose `retry` stands for the caller's variable (`#calculateDelay(retry)`
 * called with `const retry = normalize(options)`): what the caller's variable holds there. Undefined
 * when the helper writes the property itself.
 */
function aliasedProperty(object: Node, prop: string, env: Env): Node | undefined {
  const o = unwrap(object);
  const variable = o.type === 'Identifier' && env.aliases ? env.ctx.variableOf(o) : undefined;
  const alias = variable && env.aliases?.get(variable);
  if (!alias || alias.env.ctx !== env.ctx || memberWritesWithin(`${(o as TSESTree.Identifier).name}.${prop}`, env).length > 0) return undefined;
  return resolveObjectProperty(alias.id, prop, alias.env);
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

/** `this.x`, `Foo.x`, `config.x`: the initialiser of a field or property that is never written. */
export function resolveObjectProperty(object: Node, prop: string, env: Env): Node | undefined {
  const o = unwrap(object);
  if (o.type === 'ThisExpression' || o.type === 'Identifier') {
    const cls = o.type === 'ThisExpression' ? enclosingClass(o) : classOf(o, env);
    if (cls) return classFieldValue(cls, prop, o.type === 'Identifier');
  }
  const literal = resolveObject(o, env);
  if (!literal) return mergedDefault(o, prop, env);
  const property = getProperty(literal, prop);
  if (property) return property.value as Node;
  return spreadDefault(literal, prop, env);
}

/**
 * `{ ...DEFAULTS, ...options }` with no key of its own for `prop`: the value the last spread
 * object literal that names `prop` gives, which is what the option is when the caller leaves
 * it out (a spread the analysis cannot read may override it, as a caller may override a
 * parameter's default).
 */
function spreadDefault(literal: TSESTree.ObjectExpression, prop: string, env: Env): Node | undefined {
  if (env.depth > MAX_DEPTH) return undefined;
  for (let i = literal.properties.length - 1; i >= 0; i--) {
    const element = literal.properties[i];
    if (element?.type !== 'SpreadElement') continue;
    // `...getDefaultRetryOptions()`: a function of this file, taking nothing, that returns the defaults.
    const factory = unwrap(element.argument);
    const made = factory.type === 'CallExpression' && factory.arguments.length === 0 ? localFunction(factory, env) : undefined;
    if (made && !made.async && !made.generator) {
      const inner = deeper(env);
      const returned = returnedObject(made, inner, prop);
      const value = returned && ((getProperty(returned, prop)?.value as Node | undefined) ?? spreadDefault(returned, prop, inner));
      if (value) return value;
      continue;
    }
    const source = resolveObject(element.argument, deeper(env));
    const value = source && (getProperty(source, prop)?.value as Node | undefined);
    if (value) return value;
  }
  return undefined;
}

/**
 * `Object.assign({}, DEFAULTS, options)` or `applyDefaults(options)` (a function of this file
 * that returns an object literal), directly or through a `const`: the value the defaults give
 * `prop`, as for a spread of them. Undefined for anything else.
 */
function mergedDefault(object: Node, prop: string, env: Env): Node | undefined {
  const source = mergeSource(object, env);
  if (!source) return undefined;
  const { call: n, depth } = source;
  const inner = { ...env, depth: depth + 1 };
  if (dottedName(n.callee) === 'Object.assign') {
    for (let i = n.arguments.length - 1; i >= 0; i--) {
      const source = resolveObject(n.arguments[i] as Node, inner);
      if (!source) continue;
      const value = (getProperty(source, prop)?.value as Node | undefined) ?? spreadDefault(source, prop, inner);
      if (value) return value;
    }
    return undefined;
  }
  const fn = localFunction(n, env);
  if (!fn || fn.async || fn.generator) return undefined;
  const returned = returnedObject(fn, env, prop);
  return returned && ((getProperty(returned, prop)?.value as Node | undefined) ?? spreadDefault(returned, prop, inner));
}

/**
 * Where an option `prop` of an options object is written: the node that gives it (an object
 * literal's key, defaults merged in, in this file or another module's), with the environment
 * to evaluate it in. Undefined where the analysis cannot read it.
 */
export function optionSource(object: Node, prop: string, env: Env): { node: Node; env: Env } | undefined {
  const node = resolveObjectProperty(object, prop, env);
  return node ? { node, env } : foreignDefault(object, prop, env);
}

/**
 * `getSanitizedOptions(options)` imported from './options', returning `{ ...defaultOptions,
 * ...options }`: the value the other module's defaults give `prop`, with the environment (that
 * module's context) to evaluate it in. Undefined for anything else.
 */
function foreignDefault(object: Node, prop: string, env: Env): { node: Node; env: Env } | undefined {
  if (!env.ctx.foreignFunction) return undefined;
  // `retry.delay` in `#calculateDelay(retry)` whose `retry` stands for the caller's
  // `const retry = normalizeRetryOptions(options)`: what the other module's defaults give the caller's.
  const alias = aliasOf(object, env);
  const viaAlias = alias && foreignDefault(alias.id, prop, deeper(alias.env));
  if (viaAlias) return viaAlias;
  const source = mergeSource(object, env);
  // `{ ...DEFAULTS, ...options }` or `Object.assign({}, DEFAULTS, options)` with DEFAULTS
  // imported: no source of this file names `prop`, so the other module's object gives it.
  const local = source ? undefined : resolveObject(object, env);
  const merged = local ? local.properties.map((p) => (p.type === 'SpreadElement' ? p.argument : undefined)) : source && dottedName(source.call.callee) === 'Object.assign' ? source.call.arguments : undefined;
  if (merged) {
    if (local && getProperty(local, prop)) return undefined;
    for (let i = merged.length - 1; i >= 0; i--) {
      const element = merged[i];
      const imported = element && element.type !== 'SpreadElement' ? env.ctx.foreignObject?.(element) : undefined;
      const value = imported && (getProperty(imported.literal, prop)?.value as Node | undefined);
      if (value && imported) return { node: value, env: { ctx: imported.ctx, region: imported.literal, counters: new Set(), depth: env.depth + 2 } };
    }
    return undefined;
  }
  const unordered = source && unorderedMerge(source.call, env);
  if (unordered) {
    // `defaults({}, options, DEFAULTS, this.options)`: whichever source wins, the one object of
    // defaults that names `prop` gives it when the caller's sources are the only others.
    let found: { node: Node; env: Env } | undefined;
    for (const element of unordered) {
      if (isCallersSource(element, env)) continue;
      const imported = env.ctx.foreignObject?.(element);
      if (!imported) return undefined;
      const value = getProperty(imported.literal, prop)?.value as Node | undefined;
      if (!value) continue;
      if (found) return undefined;
      found = { node: value, env: { ctx: imported.ctx, region: imported.literal, counters: new Set(), depth: env.depth + 2 } };
    }
    return found;
  }
  // `this.options.k` with the constructor's parameter stored there: what the package's constructions hand it.
  if (!source) return env.ctx.constructedOption?.(object, prop, env);
  // `settle({ ...given, spread: 'all' })`: the call names the option itself; its defaults do not give it.
  if (source.call.arguments.some((a) => a.type === 'ObjectExpression' && getProperty(a, prop))) return undefined;
  const foreign = env.ctx.foreignFunction(source.call);
  if (!foreign || foreign.fn.async || foreign.fn.generator) return undefined;
  const fenv: Env = { ctx: foreign.ctx, region: foreign.fn.body, counters: new Set(), depth: (source?.depth ?? env.depth) + 1 };
  const returned = returnedObject(foreign.fn, fenv, prop);
  const node = returned && ((getProperty(returned, prop)?.value as Node | undefined) ?? spreadDefault(returned, prop, fenv));
  return node ? { node, env: fenv } : undefined;
}

/**
 * The sources of `merge({}, a, b, …)` made by a function the analysis cannot read: a fresh empty
 * object filled from two or more sources, which is what a merge of defaults is, whatever the
 * order it lets win. Undefined for any other call (and for a function of the project, read instead).
 */
function unorderedMerge(call: TSESTree.CallExpression, env: Env): Node[] | undefined {
  const [target, ...sources] = call.arguments;
  if (!target || unwrap(target).type !== 'ObjectExpression' || (unwrap(target) as TSESTree.ObjectExpression).properties.length > 0) return undefined;
  if (sources.length < 2 || sources.some((s) => s.type === 'SpreadElement')) return undefined;
  if (dottedName(call.callee) === 'Object.assign' || localFunction(call, env) || env.ctx.foreignFunction?.(call)) return undefined;
  return sources as Node[];
}

/**
 * A source of the merge that is the caller's: a parameter of the function that merges (the
 * options it was given) or a member of `this` (what the object held before). The analysis
 * reads neither; they stand for what the caller may set.
 */
function isCallersSource(node: Node, env: Env): boolean {
  const n = unwrap(node);
  if (n.type === 'MemberExpression') return !n.computed && unwrap(n.object).type === 'ThisExpression';
  return n.type === 'Identifier' && firstDefinition(env.ctx.variableOf(n))?.type === 'Parameter';
}

/** The call an options object is made by, through `const` bindings and a field set once in the constructor. */
function mergeSource(object: Node, env: Env): { call: TSESTree.CallExpression; depth: number } | undefined {
  let n = unwrap(object);
  let depth = env.depth;
  for (;;) {
    if (n.type === 'Identifier') {
      const variable = env.ctx.variableOf(n);
      const def = firstDefinition(variable);
      // `defaults = Object.assign(baseDefaults, defaults)` at the top of the function that takes them.
      const merge = variable && isReassigned(variable) ? mergingWrite(variable, n) : undefined;
      if (merge) return ++depth > MAX_DEPTH ? undefined : { call: merge, depth };
      // `_retry(f, effectiveConfig, done)`, the one call of a function of this file: what it is handed.
      const handed = variable && soleCallArgument(variable, env);
      if (handed) {
        if (++depth > MAX_DEPTH) return undefined;
        n = handed;
        continue;
      }
      if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable) || ++depth > MAX_DEPTH) return undefined;
      n = unwrap(def.node.init);
      continue;
    }
    // `this.options` set once in the constructor (`this.options = Object.assign({}, DEFAULTS, options)`).
    const field = n.type === 'MemberExpression' && !n.computed && unwrap(n.object).type === 'ThisExpression' ? propertyName(n) : undefined;
    if (field === undefined) break;
    const cls = enclosingClass(n);
    const value = cls && !env.ctx.isMutableMember(field) ? classFieldValue(cls, field, false) : undefined;
    if (!value || ++depth > MAX_DEPTH) return undefined;
    n = unwrap(value);
  }
  return n.type === 'CallExpression' ? { call: n, depth } : undefined;
}

/**
 * A parameter of a function of this file that is called from one place only (not exported,
 * not handed anywhere), never written: the plain name that call passes in its position, which
 * is what the parameter holds (`_retry(f, effectiveConfig, done)` for `config`). Not while the
 * function is analysed for a caller in another file (its parameters are bound then).
 */
function soleCallArgument(variable: Variable, env: Env): TSESTree.Identifier | TSESTree.ObjectExpression | undefined {
  if (isReassigned(variable) || env.ctx.paramValues) return undefined;
  const calls = callsOfParameter(variable, env);
  if (!calls || calls.fn.parent?.type === 'ExportNamedDeclaration' || calls.fn.parent?.type === 'ExportDefaultDeclaration') return undefined;
  const [use, ...more] = calls.uses;
  if (!use || more.length > 0 || use.parent?.type !== 'CallExpression' || use.parent.callee !== use) return undefined;
  const arg = use.parent.arguments[calls.index];
  const handed = arg && arg.type !== 'SpreadElement' ? unwrap(arg) : undefined;
  return (handed?.type === 'Identifier' && handed.name !== 'undefined') || handed?.type === 'ObjectExpression' ? handed : undefined;
}

/** The function a parameter belongs to, its position, and every use of the function's name in the file. */
function callsOfParameter(variable: Variable, env: Env): { fn: FunctionNode; index: number; uses: Node[] } | undefined {
  const def = soleDefinition(variable);
  if (def?.type !== 'Parameter') return undefined;
  const fn = def.node as Node;
  if (!isFunction(fn)) return undefined;
  const index = fn.params.findIndex((p) => p === def.name || (p.type === 'AssignmentPattern' && p.left === def.name));
  if (index < 0) return undefined;
  const nameNode = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.init === fn && fn.parent.id.type === 'Identifier' ? fn.parent.id : undefined;
  const named = nameNode ? env.ctx.variableOf(nameNode) : undefined;
  if (!named || !soleDefinition(named)) return undefined;
  return { fn, index, uses: named.references.filter((ref) => !ref.init).map((ref) => ref.identifier as Node) };
}

/**
 * `function retryUntil(fn, { until = () => true } = {})` called in this file with an argument in
 * that position that names the key, spreads, or cannot be read: the caller's value may stand.
 */
function patternCallerMaySet(fn: Node, name: Node, env: Env): boolean {
  if (!isFunction(fn)) return false;
  const property = name.parent?.type === 'AssignmentPattern' ? name.parent.parent : name.parent;
  const key = property?.type === 'Property' && !property.computed ? keyName(property.key) : undefined;
  const index = fn.params.findIndex((p) => contains(p, name));
  const nameNode = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.init === fn && fn.parent.id.type === 'Identifier' ? fn.parent.id : undefined;
  const named = nameNode ? env.ctx.variableOf(nameNode) : undefined;
  if (key === undefined || index < 0 || !named) return key === undefined;
  return named.references.some((ref) => {
    const use = ref.identifier as Node;
    const call = use.parent;
    if (ref.init || call?.type !== 'CallExpression' || call.callee !== use) return false;
    const arg = call.arguments[index];
    return arg !== undefined && (arg.type === 'SpreadElement' || argumentMaySet(arg, key, env, 0));
  });
}

/**
 * A call in this file of the function that takes `source` as a parameter hands it something
 * that sets `key` or may: an object literal naming it (or spreading), or a value the analysis
 * cannot read. A call that leaves the argument out, or passes a literal without the key, does not.
 */
function fileCallerMaySet(source: Node, key: string, env: Env, depth = 0, held?: Node, seen: Set<Variable> = new Set()): boolean {
  const n = unwrap(source);
  const variable = n.type === 'Identifier' ? env.ctx.variableOf(n) : undefined;
  // Each parameter once: a function handing its options back to itself adds nothing.
  if (!variable || seen.has(variable)) return false;
  seen.add(variable);
  const calls = callsOfParameter(variable, env);
  if (!calls) return false;
  return calls.uses.some((use) => {
    const call = use.parent;
    if (call?.type !== 'CallExpression' || call.callee !== use) return false;
    const arg = call.arguments[calls.index];
    return arg !== undefined && (arg.type === 'SpreadElement' || argumentMaySet(arg, key, env, depth, held, seen));
  });
}

/**
 * What a call hands over may set `key`: an object literal naming it, a value the analysis cannot
 * read. Options passed straight on from the calling function's own parameter are its callers'
 * (left out by default, as the helper's own are), followed to the calls of that function in the file.
 */
function argumentMaySet(arg: Node, key: string, env: Env, depth: number, held?: Node, seen: Set<Variable> = new Set()): boolean {
  // Deeper than the helpers of one library hand options on (retry → decorator → customiser): not followed.
  if (depth > 8) return true;
  const a = unwrap(arg);
  if (a.type === 'Identifier') {
    if (a.name === 'undefined') return false;
    const variable = env.ctx.variableOf(a);
    const def = soleDefinition(variable);
    if (!variable || isReassigned(variable)) return true;
    if (def?.type === 'Parameter') return fileCallerMaySet(a, key, env, depth + 1, held, seen);
    if (def?.type === 'Variable' && def.node.id === def.name && def.node.init) return argumentMaySet(def.node.init, key, env, depth + 1, held, seen);
    return true;
  }
  // The defaults themselves (the value read for the option) are not a caller's setting.
  if (a.type === 'ObjectExpression') return a.properties.some((p) => (p.type === 'SpreadElement' ? argumentMaySet(p.argument, key, env, depth + 1, held, seen) : p.computed || (keyName(p.key) === key && (held === undefined || unwrap(p.value as Node) !== held))));
  if (a.type === 'CallExpression' && dottedName(a.callee) === 'Object.assign') return a.arguments.some((x) => x.type === 'SpreadElement' || argumentMaySet(x, key, env, depth + 1, held, seen));
  return true;
}

/** The object literal a function always returns (`return { delay: …, factor: … }`), if that is all it returns. */
function returnedObject(fn: FunctionNode, env: Env, prop: string): TSESTree.ObjectExpression | undefined {
  // Once per function: every option read through `applyDefaults(opts)` asks the same question.
  let found = returnedObjects.get(fn);
  if (found === undefined) returnedObjects.set(fn, (found = findReturnedObjects(fn, env) ?? null));
  // A key the function writes on the object before returning it is not what the literal says.
  if (!found || found.some((f) => f.written.has(prop))) return undefined;
  const [first, ...others] = found;
  if (!first || others.length === 0) return first?.literal;
  // `if (typeof retry === 'number') return { ...defaults(), limit: retry }; … return { ...defaults(), ...given, limit }`:
  // each literal returned gives `prop` from the same place, so whichever path returns, that is it.
  const source = (literal: TSESTree.ObjectExpression): Node | undefined => (getProperty(literal, prop)?.value as Node | undefined) ?? spreadDefault(literal, prop, env);
  const given = source(first.literal);
  return given && others.every((o) => source(o.literal) === given) ? first.literal : undefined;
}

const returnedObjects = new WeakMap<FunctionNode, { literal: TSESTree.ObjectExpression; written: ReadonlySet<string> }[] | null>();

/** Returns no more object literals than this are compared (a function of a few early returns). */
const MAX_RETURNED = 4;

/**
 * `const sanitized = { ...defaults, ...options }; if (sanitized.n < 1) sanitized.n = 1; return sanitized;`:
 * the literal a `const` of the function holds when it is returned, with the keys the function
 * writes on it. Undefined when the object is used otherwise (handed to a call, which may change it).
 */
function returnedLocal(id: TSESTree.Identifier, fn: FunctionNode, env: Env): { literal: TSESTree.ObjectExpression; written: ReadonlySet<string> } | undefined {
  const variable = env.ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name) return undefined;
  const init = def.node.init ? unwrap(def.node.init) : undefined;
  if (init?.type !== 'ObjectExpression' || !contains(fn.body, def.node)) return undefined;
  const written = new Set<string>();
  for (const ref of variable.references) {
    if (ref.init) continue;
    const use = ref.identifier as Node;
    const parent = use.parent;
    if (parent?.type === 'ReturnStatement') continue;
    const prop = parent?.type === 'MemberExpression' && parent.object === use && !parent.computed ? propertyName(parent) : undefined;
    if (prop === undefined) return undefined;
    const outer = (parent as Node).parent;
    if ((outer?.type === 'AssignmentExpression' && outer.left === parent) || outer?.type === 'UpdateExpression') written.add(prop);
    else if (outer?.type === 'CallExpression' && outer.callee === parent) return undefined;
  }
  return { literal: init, written };
}

function findReturnedObjects(fn: FunctionNode, env: Env): { literal: TSESTree.ObjectExpression; written: ReadonlySet<string> }[] | undefined {
  if (fn.body.type !== 'BlockStatement') {
    const body = unwrap(fn.body);
    return body.type === 'ObjectExpression' ? [{ literal: body, written: new Set() }] : undefined;
  }
  const found: { literal: TSESTree.ObjectExpression; written: ReadonlySet<string> }[] = [];
  let other = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (other || (node !== fn.body && isFunction(node))) return false;
    if (node.type === 'ReturnStatement') {
      const argument = node.argument && unwrap(node.argument);
      // Object literals written out; a returned `const` holding one only as the sole return.
      const local = argument?.type === 'Identifier' && found.length === 0 ? returnedLocal(argument, fn, env) : undefined;
      if (argument?.type === 'ObjectExpression' && !found.some((f) => f.written.size > 0) && found.length < MAX_RETURNED) found.push({ literal: argument, written: new Set() });
      else if (local) found.push(local);
      else other = true;
    }
    return undefined;
  });
  return other || found.length === 0 || (found.length > 1 && found.some((f) => f.written.size > 0)) ? undefined : found;
}

/** Member chains longer than this are not followed to an object literal: the analysis gives up. */
const MAX_LINKS = 64;

/** An object literal that an expression stands for, through `const` bindings and nested properties. */
export function resolveObject(node: Node, env: Env): TSESTree.ObjectExpression | undefined {
  const n = unwrap(node);
  if (n.type === 'ObjectExpression') return n;
  if (n.type === 'Identifier') {
    const variable = env.ctx.variableOf(n);
    const def = firstDefinition(variable);
    const handed = variable && env.depth <= MAX_DEPTH ? soleCallArgument(variable, env) : undefined;
    if (handed) return resolveObject(handed, deeper(env));
    if (!variable || !def || def.type !== 'Variable' || def.node.id !== def.name || !def.node.init) return undefined;
    if (isReassigned(variable) || env.depth > MAX_DEPTH) return undefined;
    return resolveObject(def.node.init, deeper(env));
  }
  if (n.type === 'MemberExpression') {
    // `cfg.a.b.c`, link by link from the root, iteratively (a generated chain of thousands of
    // links must not overflow the stack), each link one level deeper as when this recursed.
    const props: string[] = [];
    let root: Node = n;
    while (root.type === 'MemberExpression') {
      const prop = propertyName(root);
      if (prop === undefined || props.length >= MAX_LINKS) return undefined;
      props.push(prop);
      root = unwrap(root.object);
    }
    const links = props.length;
    let value = resolveObjectProperty(root, props[links - 1] as string, { ...env, depth: env.depth + links });
    for (let i = links - 2; i >= 0 && value; i--) {
      const literal = resolveObject(value, { ...env, depth: env.depth + i + 2 });
      value = literal ? (getProperty(literal, props[i] as string)?.value as Node | undefined) : undefined;
    }
    return value ? resolveObject(value, deeper(env)) : undefined;
  }
  return undefined;
}

export function enclosingClass(node: Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'ClassDeclaration' || p.type === 'ClassExpression') return p;
    // An arrow keeps `this`; a function does not.
    if (p.type === 'FunctionDeclaration') return undefined;
    if (p.type === 'FunctionExpression' && p.parent?.type !== 'MethodDefinition' && p.parent?.type !== 'Property') return undefined;
  }
  return undefined;
}

function classOf(id: TSESTree.Identifier, env: Env): TSESTree.ClassDeclaration | undefined {
  const def = firstDefinition(env.ctx.variableOf(id));
  return def?.node.type === 'ClassDeclaration' ? def.node : undefined;
}

/** A class field's initialiser when no code writes that field (readonly in effect). */
export function classFieldValue(
  cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression,
  prop: string,
  isStatic: boolean,
): Node | undefined {
  let value: Node | undefined;
  let constructorValue: Node | undefined;
  for (const element of classMembers(cls)) {
    if (element.type === 'PropertyDefinition' && !element.computed && element.static === isStatic) {
      const key = element.key;
      if ((key.type === 'Identifier' || key.type === 'PrivateIdentifier') && key.name === prop && element.value) value = element.value;
    }
    if (element.type !== 'MethodDefinition' || element.kind !== 'constructor') continue;
    for (const statement of element.value.body?.body ?? []) {
      if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
      const assignment = statement.expression;
      if (assignment.operator === '=' && assignment.left.type === 'MemberExpression' && assignment.left.object.type === 'ThisExpression' && propertyName(assignment.left) === prop) {
        constructorValue = assignment.right;
      }
    }
  }
  return value ?? constructorValue;
}

/** Member writes of a region by dotted name, collected in one walk of the region. */
const memberWritesCache = new WeakMap<Node, Map<string, Node[]>>();

/** Assignments and updates of `this.delay`-style members inside a region. */
export function memberWritesWithin(dotted: string, env: Env): readonly Node[] {
  let byName = memberWritesCache.get(env.region);
  if (!byName) {
    const found = new Map<string, Node[]>();
    walk(env.region, env.ctx.keys, (node) => {
      if (node.type === 'AssignmentExpression' || node.type === 'UpdateExpression') {
        const target = node.type === 'AssignmentExpression' ? node.left : node.argument;
        const name = target.type === 'MemberExpression' ? dottedName(target) : undefined;
        if (name !== undefined) {
          const list = found.get(name);
          if (list) list.push(target);
          else found.set(name, [target]);
        }
      }
    });
    byName = found;
    memberWritesCache.set(env.region, byName);
  }
  return byName.get(dotted) ?? [];
}

/**
 * The write is a statement of the region itself, with nothing awaited before it: the attempt
 * starts by filling the option in. Written later (on the failure path, after the operation ran),
 * the option may have been set meanwhile: not read as its default.
 */
function fillsFirst(write: Node, region: Node, ctx: AnalysisContext): boolean {
  const statement = write.parent?.parent;
  if (statement?.type !== 'ExpressionStatement' || statement.parent !== region || region.type !== 'BlockStatement') return false;
  for (const before of region.body) {
    if (before === statement) return true;
    let awaits = false;
    walk(before, ctx.keys, (n) => {
      if (awaits || (n !== before && isFunction(n))) return false;
      if (n.type === 'AwaitExpression' || n.type === 'YieldExpression') awaits = true;
      return !awaits;
    });
    if (awaits) return false;
  }
  return false;
}

/** Every write fills the option's default in (filledDefault) at the start of the attempt: the defaults, else undefined. */
function filledDefaults(writes: readonly Node[], prop: string | undefined, env: Env): Node[] | undefined {
  if (prop === undefined || writes.some((w) => !filledDefault(w) || !fillsFirst(w, env.region, env.ctx)) || writtenOtherwise(prop, env.ctx)) return undefined;
  const defaults: Node[] = [];
  for (const write of writes) {
    const fallback = filledDefault(write);
    if (!fallback) return undefined;
    defaults.push(fallback);
  }
  return defaults;
}

const RANDOM_CALL = /^(random|randomInt|getRandomValues|randomBytes|randomFloat|rand|uniform)$/i;

function jitterFromName(name: string): Jitter | undefined {
  const lower = name.toLowerCase();
  if (!lower.includes('jitter')) return undefined;
  if (lower.includes('full')) return 'full';
  if (lower.includes('equal')) return 'equal';
  if (lower.includes('decorrelated')) return 'decorrelated';
  return 'unknown';
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
 * The strategy function a call of an option invokes, where the analysis can read it: a
 * function of this file held in an object it builds (`options.retryStrategy(n)`), or one that
 * another module's defaults give (`this.options.retryStrategy.call(this, ++n)`), with the
 * environment to read it in. Undefined for anything else (a caller's function included).
 */
export function calledStrategy(call: TSESTree.CallExpression, env: Env): { fn: FunctionNode; env: Env } | undefined {
  let callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression' && !callee.computed && propertyName(callee) === 'call' && call.arguments.length > 0) callee = unwrap(callee.object);
  if (callee.type !== 'MemberExpression' || callee.computed || unwrap(callee.object).type === 'ThisExpression') return undefined;
  const direct = callee === unwrap(call.callee) ? call : { ...call, callee: callee as TSESTree.Expression, arguments: call.arguments.slice(1) };
  const local = strategyFunction(direct, env);
  if (local) return local;
  const prop = propertyName(callee);
  const foreign = prop !== undefined ? foreignDefault(callee.object, prop, env) : undefined;
  const fn = foreign && foreign.env.ctx.functionIn(foreign.node);
  return foreign && fn ? { fn, env: { ...foreign.env, region: fn.body } } : undefined;
}

/**
 * A static method of a class this file declares, called on the class by name: `Backoff.delay(n)`,
 * or `Backoff[kDelay](n)` where the key is a constant binding (`const kDelay = Symbol('delay')`, one
 * destructured from a `require` or imported) and the class declares `static [kDelay] (n)` with the
 * same binding: one binding, one value, one key. The last member with that key is the method, when
 * no member after it may share its key (a name and a symbol differ, two `Symbol()` calls differ; an
 * imported constant may be any string) and no code writes that member through the class's name.
 */
function staticMethod(callee: TSESTree.MemberExpression, env: Env): FunctionNode | undefined {
  const key = memberKeyOf(callee.computed, callee.property, env);
  if (!key) return undefined;
  const classVar = env.ctx.variableOf(callee.object as TSESTree.Identifier);
  const def = soleDefinition(classVar);
  if (!classVar || def?.node.type !== 'ClassDeclaration') return undefined;
  const statics = classMembers(def.node).filter((e): e is TSESTree.MethodDefinition | TSESTree.PropertyDefinition => (e.type === 'MethodDefinition' || e.type === 'PropertyDefinition') && e.static);
  let index = -1;
  statics.forEach((e, i) => {
    const k = memberKeyOf(e.computed, e.key, env);
    if (k && sameKey(k, key)) index = i;
  });
  const element = statics[index];
  if (element?.type !== 'MethodDefinition' || element.kind !== 'method' || !isFunction(element.value)) return undefined;
  for (const later of statics.slice(index + 1)) {
    const k = memberKeyOf(later.computed, later.key, env);
    if (!k || !differentKeys(k, key)) return undefined;
  }
  // The member is never written through the class's name (`Backoff.delay = …`, `Backoff[kDelay] = …`).
  for (const ref of classVar.references) {
    const member = ref.identifier.parent;
    if (member?.type !== 'MemberExpression' || member.object !== ref.identifier) continue;
    if (member.parent?.type !== 'AssignmentExpression' || member.parent.left !== member) continue;
    const k = memberKeyOf(member.computed, member.property, env);
    if (!k || !differentKeys(k, key)) return undefined;
  }
  return element.value;
}

/**
 * `backoff.duration()` where `backoff` holds one instance of a class this file declares
 * (`const backoff = new Backoff()`, or a field `this.backoff = new Backoff()` set once): that
 * class's method, read with `this` the instance, so a count it keeps on itself
 * (`this.attempts++` in `duration()`) moves with each call as a count of its own class would.
 * A class that extends another, or a constructor given arguments its fields may take, is not read.
 */
function instanceMethod(callee: TSESTree.MemberExpression, env: Env): FunctionNode | undefined {
  if (callee.computed) return undefined;
  const name = propertyName(callee);
  const made = name !== undefined ? soleConstruction(unwrap(callee.object), env) : undefined;
  if (!made || made.arguments.length > 0 || made.callee.type !== 'Identifier') return undefined;
  const cls = classOf(made.callee, env);
  if (!cls || cls.superClass) return undefined;
  for (const element of classMembers(cls)) {
    if (element.type === 'MethodDefinition' && element.kind === 'method' && !element.static && !element.computed && element.key.type === 'Identifier' && element.key.name === name && isFunction(element.value)) return element.value;
  }
  return undefined;
}

/** The one `new C(…)` a variable or a field of the enclosing class holds, written once. */
function soleConstruction(object: Node, env: Env): TSESTree.NewExpression | undefined {
  let value: Node | undefined;
  if (object.type === 'Identifier') {
    const variable = env.ctx.variableOf(object);
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init) return undefined;
    if (variable.references.some((ref) => ref.isWrite() && !ref.init)) return undefined;
    value = def.node.init;
  } else if (object.type === 'MemberExpression' && !object.computed && unwrap(object.object).type === 'ThisExpression') {
    const cls = enclosingClass(object);
    const field = propertyName(object);
    if (!cls || field === undefined) return undefined;
    const writes = memberWritesWithin(`this.${field}`, { ...env, region: cls.body });
    const initial = classFieldValue(cls, field, false);
    // Set once: by its initialiser, or by one write (the constructor's) and no initialiser.
    const soleWrite = writes[0]?.parent;
    if (writes.length > 1 || (writes.length === 1 && !(soleWrite?.type === 'AssignmentExpression' && soleWrite.right === initial))) return undefined;
    value = initial;
  }
  const v = value && unwrap(value);
  return v?.type === 'NewExpression' ? v : undefined;
}

/** A member's key as the analysis can tell it: a name, or a constant binding (known to be a fresh symbol or not). */
type MemberKey = { name: string } | { binding: Variable; symbol: boolean };

function memberKeyOf(computed: boolean, key: Node, env: Env): MemberKey | undefined {
  if (!computed) return key.type === 'Identifier' ? { name: key.name } : undefined;
  if (key.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(key);
  const def = soleDefinition(variable);
  if (!variable || !def) return undefined;
  if (def.type === 'ImportBinding') return { binding: variable, symbol: false };
  if (def.type !== 'Variable' || (def.parent as TSESTree.VariableDeclaration | undefined)?.kind !== 'const') return undefined;
  const init = def.node.id.type === 'Identifier' ? def.node.init && unwrap(def.node.init as Node) : undefined;
  const symbol = init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'Symbol' && !env.ctx.variableOf(init.callee)?.defs.length;
  return { binding: variable, symbol };
}

function sameKey(a: MemberKey, b: MemberKey): boolean {
  return 'name' in a ? 'name' in b && a.name === b.name : 'binding' in b && a.binding === b.binding;
}

function differentKeys(a: MemberKey, b: MemberKey): boolean {
  if ('name' in a && 'name' in b) return a.name !== b.name;
  if ('name' in a) return (b as { symbol: boolean }).symbol;
  if ('name' in b) return a.symbol;
  return a.binding !== b.binding && a.symbol && (b as { symbol: boolean }).symbol;
}

/** The local function a call invokes: `helper(n)` or `this.helper(n)`. */
export function localFunction(call: TSESTree.CallExpression, env: Env): FunctionNode | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return env.ctx.functionOf(callee);
  if (callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression') {
    const name = propertyName(callee);
    const cls = enclosingClass(callee);
    if (!cls || name === undefined) return undefined;
    // `this.#reset()` names the private `#reset`, not a public `reset`.
    const keyType = callee.property.type === 'PrivateIdentifier' ? 'PrivateIdentifier' : 'Identifier';
    for (const element of classMembers(cls)) {
      if (element.type === 'MethodDefinition' && !element.computed && element.key.type === keyType && element.key.name === name && isFunction(element.value)) return element.value;
      if (element.type === 'PropertyDefinition' && !element.computed && element.key.type === keyType && element.key.name === name && element.value && isFunction(element.value)) return element.value;
    }
  }
  return undefined;
}

/**
 * A delay strategy held in an object this file builds: `options.intervalFunc(n)` where
 * `options = { intervalFunc: constant(0) }` and `constant` returns `() => value`, or
 * `this.backoff.delay(n)` with `delay: (n) => 100 * 2 ** n`. The function it resolves to
 * (the factory's returned function, with the factory's parameters bound) is the helper.
 */
function strategyFunction(call: TSESTree.CallExpression, env: Env): { fn: FunctionNode; env: Env } | undefined {
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

/**
 * `this.retry.backoff(i)` where the constructor sets `this.retry = disabled ? { backoff: () => 0 }
 * : { backoff: config.retry?.backoff ?? ((n) => Math.exp(n) * 50) }`: the functions each branch
 * holds, a caller's option falling back to its default function. Undefined unless every branch
 * holds a function of this file.
 */
function strategyAlternatives(call: TSESTree.CallExpression, env: Env): FunctionNode[] | undefined {
  const callee = unwrap(call.callee);
  const prop = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  if (callee.type !== 'MemberExpression' || prop === undefined) return undefined;
  const object = unwrap(callee.object);
  if (object.type !== 'MemberExpression') return undefined;
  const holderProp = propertyName(object);
  const holder = holderProp !== undefined ? resolveObjectProperty(object.object, holderProp, env) : undefined;
  const held = holder && unwrap(holder);
  if (held?.type !== 'ConditionalExpression') return undefined;
  const fns: FunctionNode[] = [];
  for (const branch of [held.consequent, held.alternate]) {
    const literal = resolveObject(branch, deeper(env));
    const value = literal && getProperty(literal, prop)?.value;
    let v = value && unwrap(value as Node);
    if (v?.type === 'LogicalExpression' && v.operator !== '&&' && unwrap(v.left).type === 'MemberExpression') v = unwrap(v.right);
    const fn = v && env.ctx.functionIn(v);
    if (!fn) return undefined;
    fns.push(fn);
  }
  return fns;
}

/**
 * Longer than this, a function is a procedure (a request pipeline, a protocol handler), not a
 * delay, count or predicate helper: reading its returns cost as much as the rest of the file
 * (undici's `httpNetworkFetch`, inlined for each test of a `response` it assigns) and gave
 * nothing. On the real-code benchmark and the corpus, every helper whose value was known was
 * under 3 000 characters; every one over 4 000 read as unknown.
 */
const MAX_INLINED_LENGTH = 4_000;

function tooLongToInline(fn: FunctionNode): boolean {
  return fn.range[1] - fn.range[0] > MAX_INLINED_LENGTH;
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

/** The variable of each plain (or defaulted) parameter of `fn`, by position; undefined for patterns. */
export function parameterVariables(fn: FunctionNode, ctx: AnalysisContext): readonly (Variable | undefined)[] {
  // Once per function and file: a sleep helper is inlined at every one of its calls.
  let byFunction = parameterCache.get(ctx);
  if (!byFunction) parameterCache.set(ctx, (byFunction = new WeakMap()));
  let variables = byFunction.get(fn);
  if (!variables) {
    const scope = ctx.sourceCode.getScope(fn);
    variables = fn.params.map((param) => {
      const id = param.type === 'AssignmentPattern' ? param.left : param;
      return id.type === 'Identifier' ? scope.set.get(id.name) : undefined;
    });
    byFunction.set(fn, variables);
  }
  return variables;
}

const parameterCache = new WeakMap<AnalysisContext, WeakMap<FunctionNode, readonly (Variable | undefined)[]>>();

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
 * `sleep(ms)` of another module: its parameters, read in that module, bound to the caller's
 * arguments evaluated here. Values carry what they depend on (the attempt), not the scopes.
 */
export function foreignHelperEnv(fn: FunctionNode, fnCtx: AnalysisContext, args: readonly Node[], env: Env): Env {
  const bindings = new Map<Variable, Value>();
  const home: Env = { ctx: fnCtx, region: fn.body, counters: new Set(), depth: env.depth + 1 };
  parameterVariables(fn, fnCtx).forEach((variable, i) => {
    if (!variable) return;
    const param = fn.params[i] as TSESTree.Parameter;
    const given = args[i];
    const fallback = param.type === 'AssignmentPattern' ? param.right : undefined;
    // A default may name an earlier parameter (`(s, ms = s * 1000) =>`).
    bindings.set(variable, given ? evaluate(given, deeper(env)) : fallback ? evaluate(fallback, { ...home, bindings: new Map(bindings) }) : UNKNOWN);
  });
  return { ...home, bindings };
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

/**
 * usesRandomness by node, with and without following helpers. The answer depends on the file
 * alone (localFunction reads scopes and classes, never bindings): a helper inlined at each of
 * many call sites, each inlining others, was walked again every time.
 */
const randomnessSeen = new WeakMap<Node, { follow?: boolean; own?: boolean }>();

/** Randomness anywhere under `root`, following calls into local helpers (one level). */
export function usesRandomness(root: Node, env: Env, followHelpers = true): boolean {
  let seen = randomnessSeen.get(root);
  if (!seen) randomnessSeen.set(root, (seen = {}));
  const known = followHelpers ? seen.follow : seen.own;
  if (known !== undefined) return known;
  const found = findRandomness(root, env, followHelpers);
  if (followHelpers) seen.follow = found;
  else seen.own = found;
  return found;
}

function findRandomness(root: Node, env: Env, followHelpers: boolean): boolean {
  let found = false;
  walk(root, env.ctx.keys, (node) => {
    if (found) return false;
    if (node.type === 'CallExpression') {
      const name = calleeName(node) ?? '';
      if (RANDOM_CALL.test(name) || jitterFromName(name)) found = true;
      const helper = followHelpers && !found ? localFunction(node, env) : undefined;
      if (helper && helper !== root && usesRandomness(helper.body, env, false)) found = true;
    }
    return undefined;
  });
  return found;
}

/** A number known statically (const chains, class fields, defaults), or undefined. */
export function staticNumber(node: Node | undefined, ctx: AnalysisContext): number | undefined {
  if (!node) return undefined;
  const value = evaluate(node, { ctx, region: node, counters: new Set(), depth: 0 });
  return value.t === 'num' && !value.random ? value.v : undefined;
}

/** Whether `node` mentions `variable` (resolved through the scopes). */
export function readsVariable(node: Node, variable: Variable, env: Env): boolean {
  let reads = false;
  walk(node, env.ctx.keys, (n) => {
    if (reads) return false;
    if (n.type === 'Identifier' && env.ctx.variableOf(n) === variable) reads = true;
    return undefined;
  });
  return reads;
}
