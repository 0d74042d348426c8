import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, propertyName, unwrap, walk, type Node } from './ast.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import {
  attemptsFromRetries, boolOption, clientOf, heldClient, delayFunctionPolicy, exponential, exportName, lastName, numberOption, operationScope, optionsOf, site,
  type LibraryCall, type LibraryFinding, type Option, type Options,
} from './library-options.js';
import { readStrategy, strategyFunction } from './strategy-callback.js';
import type { RetryPolicy, RetrySite } from './types.js';

/*
 * Generic retry libraries: a call that retries a function. Defaults read in each package's
 * published source at the version cited (catalog.ts `checked`).
 */

function withScope(result: RetrySite, operation: Node | undefined, m: LibraryCall): RetrySite {
  const scope = operationScope(operation, m.env.ctx);
  if (scope) result.operationScope = scope;
  return result;
}

/** A delay option: a number (the same every attempt) or a function of the attempt number. */
function delayOption(options: Options, name: string, fallbackMs: number, counterIndex: number, m: LibraryCall): Pick<RetryPolicy, 'delay' | 'jitter'> {
  const option = options.get(name);
  if (!option.present) {
    if (option.unknown) return { delay: { kind: 'unknown' }, jitter: 'unknown' };
    return { delay: fallbackMs === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: fallbackMs }, jitter: 'none' };
  }
  return delayFunctionPolicy(option.node, counterIndex, m.env);
}

/** async@3.2.6 retry.js: `times` 5, `interval` 0 (a number or `retryCount => ms`), `errorFilter`. */
export function asyncRetry(m: LibraryCall): LibraryFinding | undefined {
  const name = m.module === 'async/retry' || m.module === 'async/retryable' ? m.module.slice(6) : exportName(m);
  if (name !== 'retry' && name !== 'retryable') return undefined;
  if (m.module === 'async/retry' || m.module === 'async/retryable' ? m.members.length > 0 : false) return undefined;
  const [first, second] = m.a;
  // `retry(task, cb)` or `retry(opts, task, cb)`: options come first when there are two functions or more args.
  const firstNode = first ? unwrap(first) : undefined;
  // `retry(opts, task, callback)` and `retryable(opts, task)` have their options first whatever
  // they are (a caller's `opts` the analysis cannot read is not the task).
  const optsFirst = firstNode && (m.a.length >= (name === 'retryable' ? 2 : 3) || firstNode.type === 'ObjectExpression' || staticNumber(firstNode, m.env.ctx) !== undefined || (firstNode.type === 'Identifier' && resolveObject(firstNode, m.env) !== undefined));
  const optsNode = optsFirst ? first : undefined;
  const task = optsFirst ? second : first;
  const times = optsNode ? staticNumber(optsNode, m.env.ctx) : undefined;
  const options = times === undefined ? optionsOf(optsNode, m.env) : optionsOf(undefined, m.env);
  const attempts = times ?? numberOption(options, 'times', 5, m.env);
  const policy: RetryPolicy = {
    maxAttempts: attempts === 'unknown' ? 'unknown' : Number.isFinite(attempts) ? Math.max(1, attempts) : 'unbounded',
    ...delayOption(options, 'interval', 0, 0, m),
  };
  const result = site('async', m.call, m.call.loc, policy, { delay: !options.get('interval').present, jitter: !options.get('interval').present, attempts: times === undefined && !options.get('times').present });
  result.classifiesErrors = options.get('errorFilter').present;
  return { site: withScope(result, task, m) };
}

/** promise-retry@2.0.1: `promiseRetry(fn, opts)` or `(opts, fn)`, the options of `retry` (randomize false). */
export function promiseRetryLib(m: LibraryCall, retriesPolicy: (library: string, call: Node, options: Node | undefined, randomize: boolean) => RetrySite): LibraryFinding | undefined {
  if (m.members.length > 0 || (m.imported !== 'default' && m.imported !== '*')) return undefined;
  const [first, second] = m.a;
  const firstIsOptions = first !== undefined && resolveObject(first, m.env) !== undefined;
  const result = retriesPolicy('promise-retry', m.call, firstIsOptions ? first : second, false);
  return { site: withScope(result, firstIsOptions ? second : first, m) };
}

/**
 * backoff@2.5.0: `backoff.exponential(opts)` / `backoff.fibonacci(opts)` (initialDelay 100,
 * maxDelay 10000, randomisationFactor 0) and `backoff.call(fn, …, cb)` (Fibonacci by default,
 * `setStrategy(new backoff.ExponentialStrategy(opts))`). Unbounded without `.failAfter(n)`.
 */
export function backoffLib(m: LibraryCall): LibraryFinding | undefined {
  if (m.imported !== 'default' && m.imported !== '*') return undefined;
  const name = exportName(m);
  if (name !== 'exponential' && name !== 'fibonacci' && name !== 'call') return undefined;
  const uses = methodCallsOnResult(m);
  let strategyName = name === 'call' ? 'fibonacci' : name;
  let optionsNode: Node | undefined = name === 'call' ? undefined : m.a[0];
  const setStrategy = uses.get('setStrategy')?.arguments[0];
  if (name === 'call' && setStrategy) {
    const n = unwrap(setStrategy as Node);
    const cls = n.type === 'NewExpression' ? (n.callee.type === 'MemberExpression' ? propertyName(n.callee) : n.callee.type === 'Identifier' ? n.callee.name : undefined) : undefined;
    if (cls === 'ExponentialStrategy') strategyName = 'exponential';
    else if (cls === 'FibonacciStrategy') strategyName = 'fibonacci';
    else return undefined;
    optionsNode = (n as TSESTree.NewExpression).arguments[0] as Node | undefined;
  }
  const options = optionsOf(optionsNode, m.env);
  const factor = strategyName === 'exponential' ? numberOption(options, 'factor', 2, m.env) : 1.618;
  const randomisation = numberOption(options, 'randomisationFactor', 0, m.env);
  const failAfter = uses.get('failAfter');
  const limit = failAfter ? staticNumber(failAfter.arguments[0] as Node | undefined, m.env.ctx) : undefined;
  const policy: RetryPolicy = {
    maxAttempts: failAfter ? (limit === undefined ? 'unknown' : limit + 1) : 'unbounded',
    delay: exponential(numberOption(options, 'initialDelay', 100, m.env), factor, numberOption(options, 'maxDelay', 10_000, m.env)),
    jitter: randomisation === 'unknown' ? 'unknown' : randomisation > 0 ? 'proportional' : 'none',
  };
  const written = !options.get('randomisationFactor').present;
  const result = site('backoff', m.call, m.call.loc, policy, { delay: !options.get('initialDelay').present, jitter: written, attempts: !failAfter });
  return { site: name === 'call' ? withScope(result, m.a[0], m) : result };
}

/** `const b = backoff.exponential(); b.failAfter(5)`: the calls made on the value a call returns. */
function methodCallsOnResult(m: LibraryCall): Map<string, TSESTree.CallExpression> {
  const found = new Map<string, TSESTree.CallExpression>();
  const parent = m.call.parent;
  // Chained: `backoff.call(fn, cb).failAfter(3)` is rare; a variable is the common shape.
  if (parent?.type !== 'VariableDeclarator' || parent.id.type !== 'Identifier') return found;
  const variable = m.env.ctx.variableOf(parent.id);
  for (const ref of variable?.references ?? []) {
    const member = (ref.identifier as Node).parent;
    if (member?.type !== 'MemberExpression' || member.object !== ref.identifier) continue;
    const use = member.parent;
    const name = propertyName(member);
    if (use?.type === 'CallExpression' && use.callee === member && name !== undefined && !found.has(name)) found.set(name, use);
  }
  return found;
}

/** @lifeomic/attempt@3.1.0: delay 200, factor 0 (constant), maxAttempts 3 (0: no limit), jitter false. */
export function lifeomicAttempt(m: LibraryCall): LibraryFinding | undefined {
  if (exportName(m) !== 'retry') return undefined;
  const options = optionsOf(m.a[1], m.env);
  const factor = numberOption(options, 'factor', 0, m.env);
  const base = numberOption(options, 'delay', 200, m.env);
  const maxDelay = numberOption(options, 'maxDelay', 0, m.env);
  const delay = factor === 0 || factor === 1 ? exponential(base, 1, 'unknown') : exponential(base, factor, maxDelay === 0 ? Infinity : maxDelay);
  const jitter = boolOption(options, 'jitter', false, m.env);
  const attempts = numberOption(options, 'maxAttempts', 3, m.env);
  // `beforeAttempt` and `handleError` are handed a context whose `abort()` ends the retry: exits of
  // unknown kind, which leave no retry "unbounded"; `calculateDelay` replaces the wait.
  const mayAbort = options.get('beforeAttempt').present || options.get('handleError').present;
  const policy: RetryPolicy = {
    maxAttempts: attempts === 'unknown' ? 'unknown' : attempts === 0 || !Number.isFinite(attempts) ? (mayAbort ? 'unknown' : 'unbounded') : attempts,
    delay: options.get('calculateDelay').present ? { kind: 'unknown' } : delay,
    jitter: jitter === 'unknown' ? 'unknown' : jitter ? 'full' : 'none',
  };
  const result = site('@lifeomic/attempt', m.call, m.call.loc, policy, { delay: !options.get('delay').present && !options.get('factor').present, jitter: !options.get('jitter').present, attempts: !options.get('maxAttempts').present });
  result.classifiesErrors = options.get('handleError').present;
  result.abortAware = options.get('abortSignal').present;
  return { site: withScope(result, m.a[0], m) };
}

/**
 * This project's own `retry(fn, opts)` (packages/retry/src/options.ts): 3 attempts, 100 ms
 * doubling to a 20 s cap, full jitter. A site so that a retry() around a retrying client is
 * still a nested retry, and a `jitter: 'none'` still lacks jitter.
 */
export function retryHygiene(m: LibraryCall): LibraryFinding | undefined {
  if (exportName(m) !== 'retry') return undefined;
  const options = optionsOf(m.a[1], m.env);
  const attempts = numberOption(options, 'maxAttempts', 3, m.env);
  const jitterOption = options.get('jitter');
  let jitter: RetryPolicy['jitter'] = 'full';
  if (jitterOption.present) {
    const n = unwrap(jitterOption.node);
    jitter = n.type === 'Literal' && (n.value === 'full' || n.value === 'equal' || n.value === 'decorrelated' || n.value === 'none') ? n.value : 'unknown';
  } else if (jitterOption.unknown) jitter = 'unknown';
  const policy: RetryPolicy = {
    // Infinity is refused by the helper (a RangeError), so a written maxAttempts is a bound even when unknown.
    maxAttempts: attempts,
    delay: exponential(numberOption(options, 'baseMs', 100, m.env), numberOption(options, 'factor', 2, m.env), numberOption(options, 'capMs', 20_000, m.env)),
    jitter,
  };
  const deadline = options.get('deadlineMs').present ? options.get('deadlineMs') : options.get('maxElapsedMs');
  const deadlineMs = deadline.present ? staticNumber(deadline.node, m.env.ctx) : undefined;
  if (deadlineMs !== undefined) policy.deadlineMs = deadlineMs;
  const result = site('@retry-hygiene/retry', m.call, m.call.loc, policy, {
    delay: !options.get('baseMs').present && !options.get('factor').present,
    jitter: !jitterOption.present,
    attempts: !options.get('maxAttempts').present,
  });
  result.deadlineBound = deadline.present;
  result.classifiesErrors = true;
  result.abortAware = options.get('signal').present;
  return { site: withScope(result, m.a[0], m) };
}

/** ts-retry-promise@0.8.1: retries 10, delay 100, backoff 'FIXED', timeout 60 000 (overall). */
export function tsRetryPromise(m: LibraryCall): LibraryFinding | undefined {
  const name = exportName(m);
  if (name !== 'retry' && name !== 'retryDecorator') return undefined;
  const options = optionsOf(m.a[1], m.env);
  const literal = (name2: string): unknown => {
    const o = options.get(name2);
    if (!o.present) return o.unknown ? undefined : null;
    const n = unwrap(o.node);
    return n.type === 'Literal' ? n.value : staticNumber(n, m.env.ctx);
  };
  const retriesValue = literal('retries');
  const timeoutValue = literal('timeout');
  const base = numberOption(options, 'delay', 100, m.env);
  const cap = numberOption(options, 'maxBackoff', Infinity, m.env);
  const backoff = options.get('backoff');
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'>;
  const backoffName = backoff.present ? unwrap(backoff.node) : undefined;
  if (!backoff.present) shape = backoff.unknown ? { delay: { kind: 'unknown' }, jitter: 'unknown' } : { delay: exponential(base, 1, cap), jitter: 'none' };
  else if (backoffName?.type === 'Literal' && backoffName.value === 'FIXED') shape = { delay: exponential(base, 1, cap), jitter: 'none' };
  else if (backoffName?.type === 'Literal' && backoffName.value === 'LINEAR') shape = { delay: base === 'unknown' ? { kind: 'linear' } : { kind: 'linear', baseMs: base }, jitter: 'none' };
  else if (backoffName?.type === 'Literal' && backoffName.value === 'EXPONENTIAL') shape = { delay: { kind: 'exponential' }, jitter: 'none' };
  else if (backoffName) shape = delayFunctionPolicy(backoffName, 0, m.env);
  else shape = { delay: { kind: 'unknown' }, jitter: 'unknown' };
  const policy: RetryPolicy = {
    maxAttempts: retriesValue === 'INFINITELY' ? 'unbounded' : retriesValue === null ? 11 : typeof retriesValue === 'number' ? retriesValue + 1 : 'unknown',
    ...shape,
  };
  if (timeoutValue === null) policy.deadlineMs = 60_000;
  else if (typeof timeoutValue === 'number') policy.deadlineMs = timeoutValue;
  const result = site('ts-retry-promise', m.call, m.call.loc, policy, { delay: !backoff.present && !options.get('delay').present, jitter: !backoff.present, attempts: retriesValue === null });
  result.deadlineBound = policy.deadlineMs !== undefined || timeoutValue === undefined;
  result.classifiesErrors = options.get('retryIf').present || options.get('until').present;
  return { site: withScope(result, m.a[0], m) };
}

/** fetch-retry@6.0.0: `fetchRetry(fetch, { retries: 3, retryDelay: 1000 })`; the returned fetch retries. */
export function fetchRetry(m: LibraryCall): LibraryFinding | undefined {
  if (m.members.length > 0 || (m.imported !== 'default' && m.imported !== '*')) return undefined;
  const options = optionsOf(m.a[1], m.env);
  const policy: RetryPolicy = {
    maxAttempts: attemptsFromRetries(numberOption(options, 'retries', 3, m.env), false),
    ...delayOption(options, 'retryDelay', 1000, 0, m),
  };
  const result = site('fetch-retry', m.call, m.call.loc, policy, { delay: !options.get('retryDelay').present, jitter: !options.get('retryDelay').present, attempts: !options.get('retries').present });
  result.classifiesErrors = options.get('retryOn').present;
  return { site: result, ...clientOf(m.call, m.env.ctx) };
}

/**
 * retry-axios@4.0.3: `rax.attach(client)`; the policy is the `raxConfig` the file sets
 * (retry 3, retryDelay 100, backoffType 'exponential', jitter 'none' by default).
 */
export function retryAxios(m: LibraryCall): LibraryFinding | undefined {
  if (exportName(m) !== 'attach') return undefined;
  const configs: TSESTree.ObjectExpression[] = [];
  let unknownConfig = false;
  walk(m.env.ctx.sourceCode.ast, m.env.ctx.keys, (node) => {
    // `{ raxConfig: {…} }` in a client or request config, or `client.defaults.raxConfig = {…}`.
    let value: Node | undefined;
    if (node.type === 'Property' && !node.computed && ((node.key.type === 'Identifier' && node.key.name === 'raxConfig') || (node.key.type === 'Literal' && node.key.value === 'raxConfig'))) value = node.value as Node;
    if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression' && propertyName(node.left) === 'raxConfig') value = node.right;
    if (!value) return undefined;
    const object = resolveObject(value, m.env);
    if (object) configs.push(object);
    else unknownConfig = true;
    return undefined;
  });
  // Several configurations in one file are several policies: the attach call has none of its own.
  if (configs.length > 1 || unknownConfig) return undefined;
  const options = optionsOf(configs[0], m.env);
  const type = options.get('backoffType');
  const typeName = type.present ? (unwrap(type.node) as TSESTree.Literal).value : 'exponential';
  const base = numberOption(options, 'retryDelay', 100, m.env);
  const cap = numberOption(options, 'maxRetryDelay', Infinity, m.env);
  const jitterOption = options.get('jitter');
  const jitterName = jitterOption.present ? (unwrap(jitterOption.node).type === 'Literal' ? (unwrap(jitterOption.node) as TSESTree.Literal).value : undefined) : 'none';
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'>;
  if (typeName === 'static') shape = { delay: exponential(base, 1, cap), jitter: 'none' };
  else if (typeName === 'linear') shape = { delay: base === 'unknown' ? { kind: 'linear' } : { kind: 'linear', baseMs: base }, jitter: 'none' };
  else if (typeName === 'exponential') shape = { delay: exponential(base, 2, cap), jitter: jitterName === 'full' ? 'full' : jitterName === 'equal' ? 'equal' : jitterName === 'none' ? 'none' : 'unknown' };
  else shape = { delay: { kind: 'unknown' }, jitter: 'unknown' };
  const policy: RetryPolicy = { maxAttempts: attemptsFromRetries(numberOption(options, 'retry', 3, m.env), false), ...shape };
  const result = site('retry-axios', m.call, m.call.loc, policy, { delay: !type.present && !options.get('retryDelay').present, jitter: !jitterOption.present, attempts: !options.get('retry').present });
  result.classifiesErrors = options.get('shouldRetry').present || options.get('statusCodesToRetry').present;
  if (configs[0]) result.optionsObject = configs[0];
  return { site: result, ...heldClient(m.a[0], m.env.ctx) };
}

/** retry-as-promised@7.1.1: `max` required, backoffBase 100 × backoffExponent 1.1^n, `backoffJitter` off. */
export function retryAsPromised(m: LibraryCall): LibraryFinding | undefined {
  if (m.members.length > 0) return undefined;
  if (m.imported !== 'default' && m.imported !== '*' && m.imported !== 'retryAsPromised') return undefined;
  const second = m.a[1];
  const maxNumber = second ? staticNumber(second, m.env.ctx) : undefined;
  const options = maxNumber === undefined ? optionsOf(second, m.env) : optionsOf(undefined, m.env);
  const max = maxNumber ?? numberOption(options, 'max', Number.NaN, m.env);
  // No `max`: `$current < undefined` is false, so it never retries.
  if (max !== 'unknown' && Number.isNaN(max)) return undefined;
  const policy: RetryPolicy = {
    maxAttempts: max === 'unknown' ? 'unknown' : Number.isFinite(max) ? Math.max(1, max) : 'unbounded',
    delay: exponential(numberOption(options, 'backoffBase', 100, m.env), numberOption(options, 'backoffExponent', 1.1, m.env), Infinity),
    jitter: jitterOf(options.get('backoffJitter')),
  };
  const result = site('retry-as-promised', m.call, m.call.loc, policy, { delay: !options.get('backoffBase').present, jitter: !options.get('backoffJitter').present, attempts: false });
  result.classifiesErrors = options.get('match').present;
  return { site: withScope(result, m.a[0], m) };
}

/** superagent@10.4.2 `.retry(n)` (n defaults to 1): the request is re-sent at once, with no wait. */
export function superagentRetry(call: TSESTree.CallExpression, m: Omit<LibraryCall, 'call' | 'members' | 'imported' | 'isNew'>): LibraryFinding | undefined {
  const count = call.arguments[0] as Node | undefined;
  let retries: number | 'unknown' = 1;
  if (count) {
    const n = unwrap(count);
    if (n.type === 'Literal' && n.value === true) retries = 1;
    else retries = staticNumber(n, m.env.ctx) ?? 'unknown';
  }
  if (retries !== 'unknown' && retries <= 0) return undefined;
  const policy: RetryPolicy = { maxAttempts: attemptsFromRetries(retries, false), delay: { kind: 'none', baseMs: 0 }, jitter: 'none' };
  const callee = call.callee as TSESTree.MemberExpression;
  const result = site('superagent', call, callee.property.loc, policy, { delay: true, jitter: true, attempts: !count });
  result.classifiesErrors = call.arguments.length > 1;
  return { site: result };
}

/**
 * undici@8.12.4 RetryHandler defaults: maxRetries 5, minTimeout 500, timeoutFactor 2,
 * maxTimeout 30 000, no randomness; only idempotent methods and listed errors are retried.
 */
export function undiciRetry(m: LibraryCall): LibraryFinding | undefined {
  const name = lastName(m);
  let optionsNode: Node | undefined;
  if (m.isNew && name === 'RetryAgent') optionsNode = m.a[1];
  else if (m.isNew && name === 'RetryHandler') {
    const object = m.a[0] && resolveObject(m.a[0], m.env);
    const inner = object && getProperty(object, 'retryOptions');
    optionsNode = inner ? (inner.value as Node) : undefined;
  } else if (!m.isNew && name === 'retry' && m.members.includes('interceptors') || (!m.isNew && m.imported === 'interceptors' && m.members.join('.') === 'retry')) optionsNode = m.a[0];
  else return undefined;
  const options = optionsOf(optionsNode, m.env);
  const policy: RetryPolicy = {
    maxAttempts: attemptsFromRetries(numberOption(options, 'maxRetries', 5, m.env), false),
    delay: exponential(numberOption(options, 'minTimeout', 500, m.env), numberOption(options, 'timeoutFactor', 2, m.env), numberOption(options, 'maxTimeout', 30_000, m.env)),
    jitter: 'none',
  };
  const result = site('undici', m.call, m.call.loc, policy, { delay: !options.get('minTimeout').present && !options.get('timeoutFactor').present, jitter: true, attempts: !options.get('maxRetries').present });
  result.classifiesErrors = true;
  return { site: result, ...clientOf(m.call, m.env.ctx) };
}

/** @reduxjs/toolkit@2.14.0 query `retry(baseQuery, { maxRetries: 5, backoff })`; the default backoff is jittered. */
export function rtkRetry(m: LibraryCall): LibraryFinding | undefined {
  if (exportName(m) !== 'retry') return undefined;
  const options = optionsOf(m.a[1], m.env);
  const backoff = options.get('backoff');
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'> = { delay: { kind: 'exponential', baseMs: 300, factor: 2 }, jitter: 'proportional' };
  if (backoff.present) {
    const fn = strategyFunction(backoff.node, m.env);
    shape = fn ? readStrategy(fn, 0, m.env, { sleeps: true }) : { delay: { kind: 'unknown' }, jitter: 'unknown' };
  } else if (backoff.unknown) shape = { delay: { kind: 'unknown' }, jitter: 'unknown' };
  const retryCondition = options.get('retryCondition').present;
  const policy: RetryPolicy = {
    // With a retryCondition, maxRetries is only what the condition reads.
    maxAttempts: retryCondition ? 'unknown' : attemptsFromRetries(numberOption(options, 'maxRetries', 5, m.env), false),
    ...shape,
  };
  const result = site('@reduxjs/toolkit', m.call, m.call.loc, policy, { delay: !backoff.present, jitter: !backoff.present, attempts: !options.get('maxRetries').present });
  result.classifiesErrors = retryCondition;
  return { site: result };
}

function jitterOf(option: Option): RetryPolicy['jitter'] {
  if (option.present) return 'proportional';
  return option.unknown ? 'unknown' : 'none';
}

/**
 * node:fs `rm(path, { recursive: true, maxRetries, retryDelay })`, and `rmSync`, `rmdir`,
 * `rmdirSync`, `fs.promises.rm`: on EBUSY, EMFILE, ENFILE, ENOTEMPTY or EPERM Node removes
 * again after `retryDelay` × n ms (linear, default 100, no randomness), `maxRetries` times
 * (default 0). Without `recursive: true` the options are ignored.
 */
export function nodeFsRm(m: LibraryCall): LibraryFinding | undefined {
  if (!/^(rm|rmSync|rmdir|rmdirSync)$/.test(lastName(m))) return undefined;
  // `rm` imported by name, `fs.rm`, `fs.promises.rm`; not a method of something else.
  const path = m.imported === 'default' || m.imported === '*' ? m.members : [m.imported, ...m.members];
  if (!(path.length === 1 || (path.length === 2 && path[0] === 'promises'))) return undefined;
  const options = optionsOf(m.a[1], m.env);
  const retries = numberOption(options, 'maxRetries', 0, m.env);
  if (retries === 'unknown' || retries <= 0) return undefined;
  if (boolOption(options, 'recursive', false, m.env) !== true) return undefined;
  const base = numberOption(options, 'retryDelay', 100, m.env);
  const delay: RetryPolicy['delay'] = base === 'unknown' ? { kind: 'linear' } : base === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'linear', baseMs: base };
  const policy: RetryPolicy = { maxAttempts: Number.isFinite(retries) ? retries + 1 : 'unbounded', delay, jitter: 'none' };
  return { site: site('node:fs', m.call, m.call.loc, policy, { delay: !options.get('retryDelay').present, jitter: false, attempts: false }) };
}
