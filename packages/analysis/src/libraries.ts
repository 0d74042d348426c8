import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, getProperty, isFunction, propertyName, unwrap, walk, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';
import { evaluate, helperEnv, resolveObject, staticNumber, type Env } from './evaluate.js';
import { importOf } from './imports.js';
import { delayAndJitter } from './policy.js';
import type { RetryLibrary, RetryPolicy, RetrySite } from './types.js';

/** A library site plus what nesting needs: the code it retries and clients that now retry. */
export interface LibraryFinding {
  site: RetrySite;
  /** Variables holding a client or policy that retries by itself (`axiosRetry(client)`, `ky.create({ retry })`). */
  retryingClient?: Variable;
}

type Option = { present: false; unknown: boolean } | { present: true; node: Node };

interface Options {
  get(name: string): Option;
  known: boolean;
}

function optionsOf(node: Node | undefined, env: Env): Options {
  if (!node) return { known: true, get: () => ({ present: false, unknown: false }) };
  const object = resolveObject(node, env);
  if (!object) return { known: false, get: () => ({ present: false, unknown: true }) };
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

/** A number option: its value, the default when absent, 'unknown' when not static. */
function numberOption(options: Options, name: string, fallback: number, env: Env): number | 'unknown' {
  const option = options.get(name);
  if (!option.present) return option.unknown ? 'unknown' : fallback;
  return staticNumber(option.node, env.ctx) ?? 'unknown';
}

function boolOption(options: Options, name: string, fallback: boolean, env: Env): boolean | 'unknown' {
  const option = options.get(name);
  if (!option.present) return option.unknown ? 'unknown' : fallback;
  const n = unwrap(option.node);
  if (n.type === 'Literal' && typeof n.value === 'boolean') return n.value;
  if (n.type === 'Identifier') {
    const def = env.ctx.variableOf(n)?.defs[0];
    const init = def?.type === 'Variable' ? def.node.init : undefined;
    if (init?.type === 'Literal' && typeof init.value === 'boolean') return init.value;
  }
  return 'unknown';
}

function attemptsFromRetries(retries: number | 'unknown', forever: boolean | 'unknown'): RetryPolicy['maxAttempts'] {
  if (forever === true) return 'unbounded';
  if (retries === 'unknown') return 'unknown';
  if (!Number.isFinite(retries)) return 'unbounded';
  return retries + 1;
}

function exponential(base: number | 'unknown', factor: number | 'unknown', cap: number | 'unknown'): RetryPolicy['delay'] {
  // A cap no higher than the first wait makes every wait the cap.
  if (cap !== 'unknown' && base !== 'unknown' && cap <= base) return cap === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: cap };
  if (factor === 1) return base === 'unknown' ? { kind: 'constant' } : base === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: base };
  const delay: RetryPolicy['delay'] = { kind: factor === 'unknown' ? 'unknown' : factor > 1 ? 'exponential' : 'constant' };
  if (base !== 'unknown') delay.baseMs = base;
  if (factor !== 'unknown') delay.factor = factor;
  if (cap !== 'unknown' && Number.isFinite(cap)) delay.capMs = cap;
  return delay;
}

function site(
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
function operationScope(arg: Node | undefined, ctx: AnalysisContext): Node | undefined {
  if (!arg) return undefined;
  const n = unwrap(arg);
  if (isFunction(n)) return n.body;
  if (n.type === 'Identifier') return ctx.functionOf(n)?.body;
  return n;
}

function args(call: TSESTree.CallExpression): (Node | undefined)[] {
  return call.arguments.map((a) => (a.type === 'SpreadElement' ? undefined : a));
}

const NAMED_EXPORTS = /^(backOff|retry|retryWhen)$/;
const NAMED_MODULES = /^(exponential-backoff|cockatiel|rxjs|rxjs\/operators)$/;

/** Recognises a call of a catalog library (DESIGN.md) and reads its policy, defaults included. */
export function librarySite(call: TSESTree.CallExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  let root: Node = callee;
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  if (root.type !== 'Identifier') return undefined;
  const origin = importOf(root, ctx);
  if (!origin) return undefined;
  const module = origin.module.replace(/^node:/, '');
  let member = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  let imported = origin.imported;
  // `import * as c from 'cockatiel'; c.retry(…)` is the named export `retry`.
  if (imported === '*' && member !== undefined && callee.type === 'MemberExpression' && unwrap(callee.object) === root && NAMED_EXPORTS.test(member) && NAMED_MODULES.test(module)) {
    imported = member;
    member = undefined;
  }
  const named = { ...origin, imported };
  const isWhole = imported === 'default' || imported === '*';
  const env: Env = { ctx, region: call, counters: new Set(), depth: 0 };
  const a = args(call);
  switch (module) {
    case 'p-retry':
    case 'async-retry':
      if (!isWhole || member !== undefined) return undefined;
      return { site: promiseRetry(module, call, a, env) };
    case 'retry':
      if (!isWhole || (member !== 'operation' && member !== 'timeouts')) return undefined;
      return { site: nodeRetry(call, a, env) };
    case 'exponential-backoff':
      if (named.imported !== 'backOff' || member !== undefined) return undefined;
      return { site: exponentialBackoff(call, a, env) };
    case 'cockatiel':
      if (named.imported !== 'retry' || member !== undefined) return undefined;
      return { site: cockatiel(call, a, env), ...clientOf(call, ctx) };
    case 'rxjs':
    case 'rxjs/operators':
      if (member !== undefined) return undefined;
      if (named.imported === 'retry') return { site: rxjsRetry(call, a, env) };
      if (named.imported === 'retryWhen') return { site: rxjsRetryWhen(call, a, env) };
      return undefined;
    case 'axios-retry':
      if (!isWhole || member !== undefined) return undefined;
      return axiosRetry(call, a, env);
    case 'got':
    case 'ky':
      if (!isWhole) return undefined;
      return httpClient(module, call, member, a, env);
    default:
      return undefined;
  }
}

function clientOf(call: Node, ctx: AnalysisContext): { retryingClient?: Variable } {
  const parent = call.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') {
    const variable = ctx.variableOf(parent.id);
    if (variable) return { retryingClient: variable };
  }
  return {};
}

/** p-retry, async-retry and the `retry` package share option names; only `randomize`'s default differs. */
function retriesPolicy(library: 'p-retry' | 'async-retry' | 'retry', call: TSESTree.CallExpression, optionsNode: Node | undefined, env: Env): RetrySite {
  const options = optionsOf(optionsNode, env);
  const randomize = boolOption(options, 'randomize', library === 'async-retry', env);
  const policy: RetryPolicy = {
    maxAttempts: attemptsFromRetries(numberOption(options, 'retries', 10, env), boolOption(options, 'forever', false, env)),
    delay: exponential(numberOption(options, 'minTimeout', 1000, env), numberOption(options, 'factor', 2, env), numberOption(options, 'maxTimeout', Infinity, env)),
    jitter: randomize === 'unknown' ? 'unknown' : randomize ? 'proportional' : 'none',
  };
  const maxRetryTime = numberOption(options, 'maxRetryTime', Infinity, env);
  if (typeof maxRetryTime === 'number' && Number.isFinite(maxRetryTime)) policy.deadlineMs = maxRetryTime;
  const result = site(library, call, call.loc, policy, {
    delay: !options.get('minTimeout').present && !options.get('factor').present,
    jitter: !options.get('randomize').present,
    attempts: !options.get('retries').present && !options.get('forever').present,
  });
  result.classifiesErrors = options.get('shouldRetry').present || options.get('onFailedAttempt').present;
  result.abortAware = options.get('signal').present;
  return result;
}

function promiseRetry(library: 'p-retry' | 'async-retry', call: TSESTree.CallExpression, a: (Node | undefined)[], env: Env): RetrySite {
  const result = retriesPolicy(library, call, a[1], env);
  const scope = operationScope(a[0], env.ctx);
  if (scope) result.operationScope = scope;
  return result;
}

/** The `retry` package: `retry.operation(opts)` then `operation.attempt(fn)`. */
function nodeRetry(call: TSESTree.CallExpression, a: (Node | undefined)[], env: Env): RetrySite {
  const result = retriesPolicy('retry', call, a[0], env);
  const attempt = attemptCallback(call, env.ctx);
  if (attempt) result.operationScope = attempt;
  return result;
}

/** `const op = retry.operation(); op.attempt(async () => …)`: the callback retried. */
function attemptCallback(call: Node, ctx: AnalysisContext): Node | undefined {
  const parent = call.parent;
  if (parent?.type !== 'VariableDeclarator' || parent.id.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(parent.id);
  for (const ref of variable?.references ?? []) {
    const member = (ref.identifier as Node).parent;
    if (member?.type !== 'MemberExpression' || propertyName(member) !== 'attempt') continue;
    const use = member.parent;
    if (use?.type === 'CallExpression' && use.callee === member) return operationScope(use.arguments[0], ctx);
  }
  return undefined;
}

function exponentialBackoff(call: TSESTree.CallExpression, a: (Node | undefined)[], env: Env): RetrySite {
  const options = optionsOf(a[1], env);
  const jitterOption = options.get('jitter');
  let jitter: RetryPolicy['jitter'] = 'none';
  if (jitterOption.present) {
    const n = unwrap(jitterOption.node);
    jitter = n.type === 'Literal' ? (n.value === 'full' ? 'full' : n.value === 'none' ? 'none' : 'unknown') : 'unknown';
  } else if (jitterOption.unknown) jitter = 'unknown';
  const policy: RetryPolicy = {
    maxAttempts: attemptsFromRetries(subtractOne(numberOption(options, 'numOfAttempts', 10, env)), false),
    delay: exponential(numberOption(options, 'startingDelay', 100, env), numberOption(options, 'timeMultiple', 2, env), numberOption(options, 'maxDelay', Infinity, env)),
    jitter,
  };
  const result = site('exponential-backoff', call, call.loc, policy, {
    delay: !options.get('startingDelay').present && !options.get('timeMultiple').present,
    jitter: !jitterOption.present,
    attempts: !options.get('numOfAttempts').present,
  });
  const scope = operationScope(a[0], env.ctx);
  if (scope) result.operationScope = scope;
  result.classifiesErrors = options.get('retry').present;
  return result;
}

function subtractOne(n: number | 'unknown'): number | 'unknown' {
  return n === 'unknown' ? n : n - 1;
}

/** cockatiel `retry(handler, { maxAttempts, backoff })`; the default backoff is ConstantBackoff(0). */
function cockatiel(call: TSESTree.CallExpression, a: (Node | undefined)[], env: Env): RetrySite {
  const options = optionsOf(a[1], env);
  const maxAttempts = numberOption(options, 'maxAttempts', Infinity, env);
  const backoffOption = options.get('backoff');
  let delay: RetryPolicy['delay'] = { kind: 'none', baseMs: 0 };
  let jitter: RetryPolicy['jitter'] = 'none';
  if (backoffOption.present) {
    const backoff = resolveNew(backoffOption.node, env);
    const name = backoff ? calleeName(backoff) : undefined;
    if (backoff && name === 'ConstantBackoff') {
      const ms = staticNumber(backoff.arguments[0], env.ctx);
      delay = ms === undefined ? { kind: 'constant' } : ms === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: ms };
    } else if (backoff && name === 'ExponentialBackoff') {
      const opts = optionsOf(backoff.arguments[0], env);
      delay = exponential(numberOption(opts, 'initialDelay', 128, env), numberOption(opts, 'exponent', 2, env), numberOption(opts, 'maxDelay', 30_000, env));
      const generator = opts.get('generator');
      if (generator.present) {
        const g = unwrap(generator.node);
        const gName = g.type === 'Identifier' ? g.name : g.type === 'MemberExpression' ? propertyName(g) : undefined;
        jitter = gName === 'noJitterGenerator' ? 'none' : gName === 'fullJitterGenerator' ? 'full' : gName === 'halfJitterGenerator' ? 'equal' : gName === 'decorrelatedJitterGenerator' ? 'decorrelated' : 'unknown';
      } else {
        jitter = generator.unknown ? 'unknown' : 'decorrelated';
      }
    } else {
      delay = { kind: 'unknown' };
      jitter = 'unknown';
    }
  } else if (backoffOption.unknown) {
    delay = { kind: 'unknown' };
    jitter = 'unknown';
  }
  const policy: RetryPolicy = {
    maxAttempts: maxAttempts === 'unknown' ? 'unknown' : Number.isFinite(maxAttempts) ? maxAttempts + 1 : 'unbounded',
    delay,
    jitter,
  };
  const result = site('cockatiel', call, call.loc, policy, { delay: !backoffOption.present, jitter: !backoffOption.present, attempts: !options.get('maxAttempts').present });
  result.classifiesErrors = true;
  return result;
}

function resolveNew(node: Node, env: Env): TSESTree.NewExpression | undefined {
  const n = unwrap(node);
  if (n.type === 'NewExpression') return n;
  if (n.type === 'Identifier') {
    const def = env.ctx.variableOf(n)?.defs[0];
    const init = def?.type === 'Variable' ? def.node.init : undefined;
    if (init && unwrap(init).type === 'NewExpression') return unwrap(init) as TSESTree.NewExpression;
  }
  return undefined;
}

/** rxjs `retry()`, `retry(3)`, `retry({ count, delay })`. Without a delay, resubscription is immediate. */
function rxjsRetry(call: TSESTree.CallExpression, a: (Node | undefined)[], env: Env): RetrySite {
  const first = a[0];
  let maxAttempts: RetryPolicy['maxAttempts'] = 'unbounded';
  let delay: RetryPolicy['delay'] = { kind: 'none', baseMs: 0 };
  let jitter: RetryPolicy['jitter'] = 'none';
  let countGiven = false;
  let delayGiven = false;
  if (first) {
    const count = staticNumber(first, env.ctx);
    if (count !== undefined) {
      maxAttempts = Number.isFinite(count) ? count + 1 : 'unbounded';
      countGiven = true;
    } else {
      const options = optionsOf(first, env);
      if (!options.known) {
        maxAttempts = 'unknown';
        delay = { kind: 'unknown' };
        jitter = 'unknown';
      } else {
        const c = numberOption(options, 'count', Infinity, env);
        countGiven = options.get('count').present;
        maxAttempts = c === 'unknown' ? 'unknown' : Number.isFinite(c) ? c + 1 : 'unbounded';
        const delayOption = options.get('delay');
        delayGiven = delayOption.present;
        if (delayOption.present) ({ delay, jitter } = delayFunctionPolicy(delayOption.node, 1, env));
      }
    }
  }
  const result = site('rxjs', call, call.loc, { maxAttempts, delay, jitter }, { delay: !delayGiven, jitter: !delayGiven, attempts: !countGiven });
  return result;
}

/** A delay given as a number or as `(error, retryCount) => timer(…)`. */
function delayFunctionPolicy(node: Node, counterIndex: number, env: Env): Pick<RetryPolicy, 'delay' | 'jitter'> {
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
  }
  if (!value) return { delay: { kind: 'unknown' }, jitter: 'unknown' };
  return delayAndJitter(value);
}

/** rxjs `retryWhen(errors => errors.pipe(delay(1000), take(3)))`. */
function rxjsRetryWhen(call: TSESTree.CallExpression, a: (Node | undefined)[], env: Env): RetrySite {
  const notifier = a[0] ? unwrap(a[0]) : undefined;
  let maxAttempts: RetryPolicy['maxAttempts'] = 'unbounded';
  let delay: RetryPolicy['delay'] = { kind: 'none', baseMs: 0 };
  let jitter: RetryPolicy['jitter'] = 'none';
  if (!notifier || !isFunction(notifier)) {
    return site('rxjs', call, call.loc, { maxAttempts: 'unknown', delay: { kind: 'unknown' }, jitter: 'unknown' }, { delay: false, jitter: false, attempts: false });
  }
  walk(notifier.body, env.ctx.keys, (node) => {
    if (node.type === 'ThrowStatement') maxAttempts = maxAttempts === 'unbounded' ? 'unknown' : maxAttempts;
    if (node.type !== 'CallExpression') return undefined;
    const name = calleeName(node);
    if (name === 'take' || name === 'takeWhile' || name === 'throwError' || name === 'timeout' || name === 'takeUntil') {
      const n = name === 'take' ? staticNumber(node.arguments[0], env.ctx) : undefined;
      maxAttempts = n !== undefined ? n + 1 : 'unknown';
    } else if (name === 'delay' && node.arguments[0]) {
      ({ delay, jitter } = delayFunctionPolicy(node.arguments[0], 0, env));
    } else if ((name === 'delayWhen' || name === 'mergeMap' || name === 'concatMap' || name === 'switchMap') && node.arguments[0]) {
      ({ delay, jitter } = delayFunctionPolicy(node.arguments[0], 1, env));
    }
    return undefined;
  });
  return site('rxjs', call, call.loc, { maxAttempts, delay, jitter }, { delay: false, jitter: false, attempts: false });
}

/** axios-retry: 3 retries, no delay by default; `exponentialDelay` adds jitter. */
function axiosRetry(call: TSESTree.CallExpression, a: (Node | undefined)[], env: Env): LibraryFinding {
  const options = optionsOf(a[1], env);
  const retries = numberOption(options, 'retries', 3, env);
  const delayOption = options.get('retryDelay');
  let delay: RetryPolicy['delay'] = { kind: 'none', baseMs: 0 };
  let jitter: RetryPolicy['jitter'] = 'none';
  if (delayOption.present) {
    const n = unwrap(delayOption.node);
    const name = n.type === 'Identifier' ? n.name : n.type === 'MemberExpression' ? propertyName(n) : undefined;
    if (name === 'exponentialDelay') {
      delay = { kind: 'exponential', baseMs: 100, factor: 2 };
      jitter = 'proportional';
    } else if (name === 'linearDelay') {
      delay = { kind: 'linear', baseMs: 100 };
    } else {
      ({ delay, jitter } = delayFunctionPolicy(n, 0, env));
    }
  } else if (delayOption.unknown || !options.known) {
    delay = { kind: 'unknown' };
    jitter = 'unknown';
  }
  const policy: RetryPolicy = { maxAttempts: attemptsFromRetries(retries, false), delay, jitter };
  const result = site('axios-retry', call, call.loc, policy, { delay: !delayOption.present, jitter: !delayOption.present, attempts: !options.get('retries').present });
  result.classifiesErrors = options.get('retryCondition').present;
  const client = a[0] ? unwrap(a[0]) : undefined;
  const variable = client?.type === 'Identifier' ? env.ctx.variableOf(client) : undefined;
  return variable ? { site: result, retryingClient: variable } : { site: result };
}

const HTTP_METHODS = /^(get|post|put|patch|delete|head|options|stream|paginate|extend|create)$/;

/** got and ky retry when given a `retry` option: report on that option. */
function httpClient(library: 'got' | 'ky', call: TSESTree.CallExpression, member: string | undefined, a: (Node | undefined)[], env: Env): LibraryFinding | undefined {
  if (member !== undefined && !HTTP_METHODS.test(member)) return undefined;
  for (const arg of a) {
    const object = arg && resolveObject(arg, env);
    const prop = object && getProperty(object, 'retry');
    if (!prop) continue;
    const value = unwrap(prop.value as Node);
    const limitNumber = staticNumber(value, env.ctx);
    const options = limitNumber === undefined ? optionsOf(value, env) : optionsOf(undefined, env);
    const limit = limitNumber ?? numberOption(options, 'limit', 2, env);
    if (limit === 0) return undefined;
    let policy: RetryPolicy;
    let jitterDefault = true;
    if (library === 'got') {
      policy = { maxAttempts: attemptsFromRetries(limit, false), delay: { kind: 'exponential', baseMs: 1000, factor: 2 }, jitter: 'proportional' };
      if (options.get('calculateDelay').present) policy = { ...policy, delay: { kind: 'unknown' }, jitter: 'unknown' };
    } else {
      const jitterOption = options.get('jitter');
      jitterDefault = !jitterOption.present;
      const jitterOn = jitterOption.present && !(unwrap(jitterOption.node).type === 'Literal' && (unwrap(jitterOption.node) as TSESTree.Literal).value === false);
      const cap = numberOption(options, 'backoffLimit', Infinity, env);
      const delayOption = options.get('delay');
      const shape = delayOption.present ? delayFunctionPolicy(delayOption.node, 0, env) : { delay: exponential(300, 2, cap), jitter: 'none' as const };
      policy = { maxAttempts: attemptsFromRetries(limit, false), delay: shape.delay, jitter: jitterOn ? 'full' : shape.jitter };
      if (!jitterOption.present && jitterOption.unknown) policy.jitter = 'unknown';
    }
    const result = site(library, call, prop.loc, policy, { delay: true, jitter: jitterDefault, attempts: limitNumber === undefined && !options.get('limit').present });
    const creates = member === 'extend' || member === 'create';
    return creates ? { site: result, ...clientOf(call, env.ctx) } : { site: result };
  }
  return undefined;
}
