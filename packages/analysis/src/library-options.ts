import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, getProperty, isFunction, propertyName, unwrap, walk, type Node } from './ast.js';
import { enclosingClass } from './classes/class-members.js';
import type { AnalysisContext, Variable } from './context.js';
import { evaluate, type Env } from './evaluate.js';
import { helperEnv } from './evaluation/helper-calls.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { delayAndJitter } from './policy.js';
import type { RetryLibrary, RetryPolicy, RetrySite } from './types.js';
import { firstDefinition, soleDefinition } from './definitions/bodies.js';
import { constantAnswer } from './functions/constant-answer.js';

// Shared readers of library options: present/absent/unknown options, defaults, delay callbacks.

/** A call or `new` of a catalog library, with what the dispatcher already resolved. */
export interface LibraryCall {
  call: TSESTree.CallExpression | TSESTree.NewExpression;
  isNew: boolean;
  module: string;
  /** The import it starts from: 'default', '*' or an export name. */
  imported: string;
  /** Member names after the imported binding: `cassandra.policies.reconnection.X` → ['policies', 'reconnection', 'X']. */
  members: string[];
  a: (Node | undefined)[];
  env: Env;
}

/** The export a call names: `retry` in `import { retry }`, `ns.retry(…)` and `require('m').retry`. */
export function exportName(m: LibraryCall): string | undefined {
  if (m.imported !== 'default' && m.imported !== '*') return m.members.length === 0 ? m.imported : undefined;
  return m.members.length === 1 ? m.members[0] : undefined;
}

/** The last name of the callee: the class or function, through namespaces (`policies.reconnection.X`). */
export function lastName(m: LibraryCall): string {
  return m.members[m.members.length - 1] ?? m.imported;
}

/** The first object argument that has one of `names` (after resolving consts). */
export function optionsWith(m: LibraryCall, names: readonly string[]): { options: Options; object: TSESTree.ObjectExpression } | undefined {
  for (const arg of m.a) {
    const object = arg && resolveObject(arg, m.env);
    if (object && names.some((n) => getProperty(object, n))) return { options: optionsOf(object, m.env), object };
  }
  return undefined;
}

/** A library site plus what nesting needs: the code it retries and clients that now retry. */
export interface LibraryFinding {
  site: RetrySite;
  /** Variables holding a client or policy that retries by itself (`axiosRetry(client)`, `ky.create({ retry })`). */
  retryingClient?: Variable;
  /** A field of the instance that holds one (`axiosRetry(this.http)`, `this.http = ky.create({ retry })`): its class and name. */
  retryingField?: { cls: Node; name: string };
  /** A site the code did not configure (a client's default retries): only nesting sees it, no rule reports it. */
  silent?: boolean;
}

export type Option = { present: false; unknown: boolean } | { present: true; node: Node };

export interface Options {
  get(name: string): Option;
  known: boolean;
  /**
   * The options are the enclosing function's own parameter handed on unread (`function
   * promiseRetry(fn, options) { retry.operation(options) }`): each option is the caller's
   * or, when the caller leaves it out, the library's default.
   */
  passedThrough?: boolean;
}

export function optionsOf(node: Node | undefined, env: Env): Options {
  if (!node) return { known: true, get: () => ({ present: false, unknown: false }) };
  const object = resolveObject(node, env);
  if (!object) return { known: false, passedThrough: isCallerParameter(node, env), get: () => ({ present: false, unknown: true }) };
  const hasSpread = object.properties.some((p) => p.type === 'SpreadElement');
  return {
    known: true,
    get(name) {
      const prop = getProperty(object, name);
      if (prop) return { present: true, node: prop.value as Node };
      return { present: false, unknown: hasSpread };
    },
  };
}

/**
 * A parameter of an enclosing function, written (if at all) only with another of its
 * parameters (`options = fn` when the arguments come swapped): what the caller passed.
 */
function isCallerParameter(node: Node, env: Env): boolean {
  const n = unwrap(node);
  if (n.type !== 'Identifier') return false;
  const variable = env.ctx.variableOf(n);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Parameter') return false;
  // The whole argument (`options`, `options = {}`), not a name destructured out of it.
  if (!def.node.params.some((p) => p === def.name || (p.type === 'AssignmentPattern' && p.left === def.name))) return false;
  return variable.references.every((ref) => {
    const id = ref.identifier as Node;
    // `options.randomize = true` or `Object.assign(options, …)` before handing it on: no longer just the caller's.
    const parent = id.parent;
    if (parent?.type === 'MemberExpression' && parent.object === id && (parent.parent?.type === 'AssignmentExpression' || parent.parent?.type === 'UpdateExpression') && (parent.parent.type === 'UpdateExpression' ? parent.parent.argument : parent.parent.left) === parent) return false;
    if (parent?.type === 'CallExpression' && parent.arguments[0] === id && /^Object\.(assign|defineProperty|defineProperties)$/.test(dottedName(parent.callee) ?? '')) return false;
    if (!ref.isWrite() || ref.init) return true;
    const assignment = (ref.identifier as Node).parent;
    if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=') return false;
    const right = unwrap(assignment.right);
    // `options = null` (the caller gave none, `wrap(obj, methods)`): every option is then the library's default.
    if ((right.type === 'Literal' && right.value === null) || (right.type === 'Identifier' && right.name === 'undefined' && !env.ctx.variableOf(right)?.defs.length)) return true;
    return right.type === 'Identifier' && firstDefinition(env.ctx.variableOf(right))?.type === 'Parameter';
  });
}

/** A number option: its value, the default when absent, 'unknown' when not static. */
export function numberOption(options: Options, name: string, fallback: number, env: Env): number | 'unknown' {
  const option = options.get(name);
  if (!option.present) return option.unknown ? 'unknown' : fallback;
  return staticNumber(option.node, env.ctx) ?? 'unknown';
}

export function boolOption(options: Options, name: string, fallback: boolean, env: Env): boolean | 'unknown' {
  const option = options.get(name);
  if (!option.present) return option.unknown ? 'unknown' : fallback;
  const n = unwrap(option.node);
  if (n.type === 'Literal' && typeof n.value === 'boolean') return n.value;
  // `shouldRetryOnError: () => false`: a predicate that answers the same whatever it is asked.
  if (isFunction(n)) return constantAnswer(n, env.ctx) ?? 'unknown';
  if (n.type === 'Identifier') {
    const def = firstDefinition(env.ctx.variableOf(n));
    const init = def?.type === 'Variable' ? def.node.init : undefined;
    if (init?.type === 'Literal' && typeof init.value === 'boolean') return init.value;
  }
  return 'unknown';
}

export function attemptsFromRetries(retries: number | 'unknown', forever: boolean | 'unknown'): RetryPolicy['maxAttempts'] {
  if (forever === true) return 'unbounded';
  if (retries === 'unknown') return 'unknown';
  if (!Number.isFinite(retries)) return 'unbounded';
  return retries + 1;
}

export function exponential(base: number | 'unknown', factor: number | 'unknown', cap: number | 'unknown'): RetryPolicy['delay'] {
  // A cap no higher than the first wait makes every wait the cap.
  if (cap !== 'unknown' && base !== 'unknown' && cap <= base) return cap === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: cap };
  if (factor === 1) return base === 'unknown' ? { kind: 'constant' } : base === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: base };
  const delay: RetryPolicy['delay'] = { kind: factor === 'unknown' ? 'unknown' : factor > 1 ? 'exponential' : 'constant' };
  if (base !== 'unknown') delay.baseMs = base;
  if (factor !== 'unknown') delay.factor = factor;
  if (cap !== 'unknown' && Number.isFinite(cap)) delay.capMs = cap;
  return delay;
}

export function site(
  library: RetryLibrary,
  node: Node,
  loc: TSESTree.SourceLocation,
  policy: RetryPolicy,
  defaults: RetrySite['fromLibraryDefault'],
  extra: Partial<RetrySite> = {},
): RetrySite {
  return {
    kind: 'library',
    library,
    node,
    loc,
    policy,
    fromLibraryDefault: defaults,
    classifiesErrors: false,
    abortAware: false,
    deadlineBound: policy.deadlineMs !== undefined,
    nested: [],
    ...extra,
  };
}

/** The code a library retries: an inline callback, or a local function passed by name. */
export function operationScope(arg: Node | undefined, ctx: AnalysisContext): Node | undefined {
  if (!arg) return undefined;
  const n = unwrap(arg);
  if (isFunction(n)) return n.body;
  if (n.type === 'Identifier') return ctx.functionOf(n)?.body;
  return n;
}

export function args(call: TSESTree.CallExpression | TSESTree.NewExpression): (Node | undefined)[] {
  return call.arguments.map((a) => (a.type === 'SpreadElement' ? undefined : a));
}

export function clientOf(call: Node, ctx: AnalysisContext): Pick<LibraryFinding, 'retryingClient' | 'retryingField'> {
  const parent = call.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') {
    const variable = ctx.variableOf(parent.id);
    if (variable) return { retryingClient: variable };
  }
  // `this.http = ky.create({ retry: 3 })`: the field holds it.
  if (parent?.type === 'AssignmentExpression' && parent.right === call && parent.operator === '=') return heldClient(parent.left, ctx);
  return {};
}

/** The variable or instance field a client is held in (`client`, `this.client`), for a configuration that makes it retry. */
export function heldClient(node: Node | undefined, ctx: AnalysisContext): Pick<LibraryFinding, 'retryingClient' | 'retryingField'> {
  const held = node && unwrap(node);
  if (held?.type === 'Identifier') {
    const variable = ctx.variableOf(held);
    return variable ? { retryingClient: variable } : {};
  }
  if (held?.type !== 'MemberExpression' || held.computed || unwrap(held.object).type !== 'ThisExpression') return {};
  const cls = enclosingClass(held);
  const name = propertyName(held);
  return cls && name !== undefined ? { retryingField: { cls, name } } : {};
}

export function subtractOne(n: number | 'unknown'): number | 'unknown' {
  return n === 'unknown' ? n : n - 1;
}

export function resolveNew(node: Node, env: Env): TSESTree.NewExpression | undefined {
  const n = unwrap(node);
  if (n.type === 'NewExpression') return n;
  if (n.type === 'Identifier') {
    const def = firstDefinition(env.ctx.variableOf(n));
    const init = def?.type === 'Variable' ? def.node.init : undefined;
    if (init && unwrap(init).type === 'NewExpression') return unwrap(init) as TSESTree.NewExpression;
  }
  return undefined;
}

export function delayFunctionPolicy(node: Node, counterIndex: number, env: Env): Pick<RetryPolicy, 'delay' | 'jitter'> {
  const n = unwrap(node);
  let value;
  if (isFunction(n)) {
    const counterParam = n.params[counterIndex];
    const inner = helperEnv(n, [], env);
    const counters = new Set(inner.counters);
    if (counterParam?.type === 'Identifier') {
      const variable = env.ctx.sourceCode.getScope(n).set.get(counterParam.name);
      if (variable) counters.add(variable);
    }
    const bodyEnv: Env = { ...inner, counters, bindings: new Map([...(inner.bindings ?? [])].filter(([v]) => !counters.has(v))) };
    if (n.body.type !== 'BlockStatement') value = evaluate(n.body, bodyEnv);
    else {
      let returned: Node | undefined;
      walk(n.body, env.ctx.keys, (x) => {
        if (x !== n.body && isFunction(x)) return false;
        if (x.type === 'ReturnStatement' && x.argument && !returned) returned = x.argument;
        return undefined;
      });
      value = returned ? evaluate(returned, bodyEnv) : undefined;
    }
  } else {
    value = evaluate(n, env);
    // `retryDelay: calculateRetryDelay` imported: a name the import gives no number here may be
    // the function the option also takes (a wait of any shape), not a constant.
    if (value.t !== 'num' && n.type === 'Identifier' && firstDefinition(env.ctx.variableOf(n))?.type === 'ImportBinding') value = undefined;
  }
  if (!value) return { delay: { kind: 'unknown' }, jitter: 'unknown' };
  return delayAndJitter(value);
}

