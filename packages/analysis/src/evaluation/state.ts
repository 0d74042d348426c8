import type { Node } from '../ast.js';
import type { AnalysisContext, Env } from '../context.js';
import { SERVER_WAIT_TEXT } from '../server-wait.js';
import { UNKNOWN, type Value } from '../value.js';

/**
 * How much may an evaluation still spend, how deep may it go, and what has it already computed?
 * The per-file evaluation state: memo tables, budgets, nesting depth, and the count of server
 * waits taken as absent that decides whether a memoised result may be reused.
 */

export const MAX_DEPTH = 10;

/**
 * Bounded work on any input. Evaluation is memoised per node and environment (a delay written
 * k times in one loop re-evaluated every earlier write for each write: exponential in k), and
 * what is left after the memo is bounded: per top-level evaluation, per file, and in how deep
 * evaluations nest on the stack (`1 + 1 + … + 1`). Past a bound the answer is UNKNOWN: the
 * analysis gives up on that value silently, it never throws.
 */
export const ROOT_BUDGET = 20_000;

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

export function stateOf(ctx: AnalysisContext): EvaluationState {
  let state = states.get(ctx);
  if (!state) {
    const fileBudget = FILE_BUDGET_BASE + ctx.sourceCode.text.length;
    state = { memo: new Map(), ids: new WeakMap(), nextId: 1, fileBudget, rootBudget: ROOT_BUDGET, active: 0, degraded: false, absentServerWaits: 0 };
    states.set(ctx, state);
  }
  return state;
}

export function idOf(state: EvaluationState, object: object | undefined): number {
  if (!object) return 0;
  let id = state.ids.get(object);
  if (id === undefined) {
    id = state.nextId++;
    state.ids.set(object, id);
  }
  return id;
}

/**
 * `compute()` once per `what` (what was evaluated, and what else the result depends on) and
 * environment, within the budgets: UNKNOWN past them.
 */
export function memoised<A>(state: EvaluationState, what: string, env: Env, compute: (arg: A, env: Env) => Value, arg: A): Value {
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
export function markServerWait(state: EvaluationState, before: number, value: Value): Value {
  if (state.absentServerWaits === before || value.withoutServerWait) return value;
  return { ...value, withoutServerWait: true };
}

export function reread(state: EvaluationState, value: Value): Value {
  if (value.withoutServerWait) state.absentServerWaits++;
  return value;
}

/** The memo tables of an environment, found by what it is made of. */
export function tablesOf(state: EvaluationState, env: Env): MemoTables {
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
export function withinBudget<A>(state: EvaluationState, env: Env, compute: (arg: A, env: Env) => Value, arg: A): Value {
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

/**
 * The environment one level deeper. Without a patch it is made once per environment (and
 * made again only if that one was changed since): memoised keys its tables by Env object, so
 * a fresh object at every nested evaluation rebuilt the key each time.
 */
export function deeper(env: Env, patch?: Partial<Env>): Env {
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

/**
 * The server's wait (`headers['retry-after']`, `headers.get('Retry-After')`) read as a response
 * that carries none: no value, false to a test. What the code then computes is its own wait,
 * marked as such (markServerWait); the server's value itself is never read as fixed or grown.
 */
export function absentServerWait(env: Env): Value {
  stateOf(env.ctx).absentServerWaits++;
  return ABSENT_SERVER_WAIT;
}

const ABSENT_SERVER_WAIT: Value = { t: 'unknown', random: false, truth: false, withoutServerWait: true };

const serverWaitFiles = new WeakMap<AnalysisContext, boolean>();

export function mentionsServerWait(ctx: AnalysisContext): boolean {
  let known = serverWaitFiles.get(ctx);
  if (known === undefined) serverWaitFiles.set(ctx, (known = SERVER_WAIT_TEXT.test(ctx.sourceCode.text)));
  return known;
}
