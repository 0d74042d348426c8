import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, getProperty, isFunction, propertyName, unwrap, walk, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { importOf, type ImportedName } from './imports.js';
import { isRelativeSpecifier } from './cross-file.js';
import { libraryOfModule } from './catalog.js';
import { inHouseCall } from './libraries-in-house.js';
import { unlimitedOption } from './libraries-unlimited.js';
import {
  apolloRetryLink, cassandraReconnection, graphqlWs, ioredis, mqtt, nestConnectionRetry, nodeRedis, socketIo, upstashRedis, urqlRetry,
} from './libraries-clients.js';
import { queryClientFetch, swr, tanstackQuery } from './libraries-data-fetching.js';
import { instanceSite, kyClientDefault, newApplicationSite } from './libraries-instances.js';
import { octokitRetry } from './libraries-http.js';
import { asyncRetry, backoffLib, fetchRetry, lifeomicAttempt, nodeFsRm, promiseRetryLib, retryAsPromised, retryAxios, retryHygiene, rtkRetry, superagentRetry, tsRetryPromise, undiciRetry } from './libraries-generic.js';
import { readStrategy, strategyFunction } from './strategy-callback.js';
import {
  type Options,
  args, attemptsFromRetries, boolOption, clientOf, delayFunctionPolicy, exponential, numberOption, operationScope, optionsOf, resolveNew, site, subtractOne,
  type LibraryCall, type LibraryFinding,
} from './library-options.js';
import type { RetryPolicy, RetrySite } from './types.js';
import { firstDefinition, definitionsOf, soleDefinition } from './definitions/bodies.js';

export type { LibraryFinding } from './library-options.js';

const NAMED_EXPORTS = /^(backOff|retry|retryWhen)$/;
const NAMED_MODULES = /^(exponential-backoff|cockatiel|rxjs|rxjs\/operators)$/;

/** The identifier a callee starts from, and the member names after it: `a.b.c` → a, ['b', 'c']. */
function calleeRoot(callee: Node): { root: Node; members: string[] } {
  const members: string[] = [];
  let root: Node = callee;
  while (root.type === 'MemberExpression') {
    members.unshift(propertyName(root) ?? '');
    root = unwrap(root.object);
  }
  return { root, members };
}

/** Recognises a call or `new` of a catalog library (catalog.ts) and reads its policy, defaults included. */
export function librarySite(call: TSESTree.CallExpression | TSESTree.NewExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  // Most calls of a file that imports a library are not the library's: the environment is made once one is.
  const envOf = (): Env => ({ ctx, region: call, counters: new Set(), depth: 0 });
  // superagent: `request.get(url).set(…).retry(3)`: the chain starts at the import.
  if (call.type === 'CallExpression' && callee.type === 'MemberExpression' && propertyName(callee) === 'retry' && unwrap(callee.object).type === 'CallExpression') {
    const root = chainRoot(callee);
    const origin = root?.type === 'Identifier' ? importOf(root, ctx) : undefined;
    if (origin && libraryOfModule(origin.module)?.library === 'superagent') return superagentRetry(call, { module: origin.module, a: args(call), env: envOf() });
    return undefined;
  }
  // `queryClient.fetchQuery(…)`: the chain starts at a client, not at the import.
  if (call.type === 'CallExpression' && callee.type === 'MemberExpression') {
    const fetch = queryClientFetch(call, ctx) ?? instanceSite(call, ctx);
    if (fetch) return fetch;
  }
  // `new MyOctokit(options)` of a class given @octokit/plugin-retry's `retry`.
  if (call.type === 'NewExpression') {
    const octokit = octokitRetry(call, ctx);
    if (octokit) return octokit;
  }
  const { root, members } = calleeRoot(callee);
  if (root.type !== 'Identifier') return undefined;
  const origin = libraryOrigin(root, members, call, ctx);
  if (!origin) return undefined;
  const module = origin.module.replace(/^node:/, '');
  const entry = libraryOfModule(module);
  if (!entry) return inHouseCall(call, module, origin.imported, members, ctx, envOf) ?? (origin.self ? undefined : unlimitedOption(call, module, origin.imported, members, ctx, envOf));
  const env = envOf();
  const a = args(call);
  let member = members.length === 1 ? members[0] : members.length === 0 ? undefined : members.join('.');
  let imported = origin.imported;
  // `import * as c from 'cockatiel'; c.retry(…)` is the named export `retry`.
  if (imported === '*' && member !== undefined && members.length === 1 && NAMED_EXPORTS.test(member) && NAMED_MODULES.test(module)) {
    imported = member;
    member = undefined;
  }
  const m: LibraryCall = { call, isNew: call.type === 'NewExpression', module, imported: origin.imported, members, a, env };
  if (call.type === 'NewExpression') return newLibrarySite(entry.library, m);
  // In the library's own entry, a call of one of its exports inside another export that is itself
  // a retry site (`exports.timeouts(options)` in `exports.operation`) is the library at work, not a use of it.
  if (origin.self && implementsSite(call, entry.library, m, ctx)) return undefined;
  return callSite(entry.library, m, imported, member);
}

function callSite(library: string, m: LibraryCall, imported: string, member: string | undefined): LibraryFinding | undefined {
  const { call, a, env, members } = m;
  if (call.type !== 'CallExpression') return undefined;
  const ctx = env.ctx;
  const isWhole = imported === 'default' || imported === '*';
  switch (library) {
    case 'p-retry':
    case 'async-retry':
      if (!isWhole || member !== undefined) return undefined;
      return { site: promiseRetry(library, call, a, env) };
    case 'retry':
      if (!isWhole || (member !== 'operation' && member !== 'timeouts')) return undefined;
      return { site: nodeRetry(call, a, env) };
    case 'exponential-backoff':
      if (imported !== 'backOff' || member !== undefined) return undefined;
      return { site: exponentialBackoff(call, a, env) };
    case 'cockatiel':
      if (imported !== 'retry' || member !== undefined) return undefined;
      return { site: cockatiel(call, a, env), ...clientOf(call, ctx) };
    case 'rxjs':
      if (member !== undefined) return undefined;
      if (imported === 'retry') {
        const around = rxjsPipeAround(call, ctx);
        // `first(isReady), retry({ delay })`: a value that fails the predicate errors too, so the
        // retry re-polls a condition until it holds; not a retry of failures only.
        if (around.polls) return undefined;
        const result = rxjsRetry(call, a, env);
        if (around.deadline) result.deadlineBound = true;
        if (around.stoppable) result.abortAware = true;
        return { site: result };
      }
      if (imported === 'retryWhen') return { site: rxjsRetryWhen(call, a, env) };
      return undefined;
    case 'axios-retry':
      if (!isWhole || member !== undefined) return undefined;
      return axiosRetry(call, a, env);
    case 'got':
    case 'ky':
      if (!isWhole || members.length > 1) return undefined;
      return httpClient(library, call, member, a, env) ?? defaultHttpRetries(library, call, member, a, env) ?? kyClientDefault(library, m, member);
    case 'promise-retry':
      return promiseRetryLib(m, (library, node, options, randomize) => retriesPolicy(library, node as TSESTree.CallExpression, options, env, randomize));
    case 'async':
      return asyncRetry(m);
    case 'backoff':
      return backoffLib(m);
    case '@lifeomic/attempt':
      return lifeomicAttempt(m);
    case '@retry-hygiene/retry':
      return retryHygiene(m);
    case 'ts-retry-promise':
      return tsRetryPromise(m);
    case 'fetch-retry':
      return fetchRetry(m);
    case 'retry-axios':
      return retryAxios(m);
    case 'retry-as-promised':
      return retryAsPromised(m);
    case 'undici':
      return undiciRetry(m);
    case '@reduxjs/toolkit':
      return rtkRetry(m);
    case 'redis':
      return nodeRedis(m);
    case 'mqtt':
      return mqtt(m);
    case 'socket.io-client':
      return socketIo(m);
    case '@tanstack/query':
      return tanstackQuery(m);
    case 'swr':
      return swr(m);
    case '@urql/exchange-retry':
      return urqlRetry(m);
    case 'graphql-ws':
      return graphqlWs(m);
    case '@nestjs/typeorm':
    case '@nestjs/mongoose':
      return nestConnectionRetry(library, m);
    case '@upstash/redis':
      return upstashRedis(m);
    case 'node:fs':
      return nodeFsRm(m);
    default:
      return newApplicationSite(library, m);
  }
}

function newLibrarySite(library: string, m: LibraryCall): LibraryFinding | undefined {
  switch (library) {
    case 'undici':
      return undiciRetry(m);
    case 'ioredis':
      return ioredis(m);
    case 'socket.io-client':
      return socketIo(m);
    case '@tanstack/query':
      return tanstackQuery(m);
    case '@apollo/client':
      return apolloRetryLink(m);
    case 'cassandra-driver':
      return cassandraReconnection(m);
    case '@upstash/redis':
      return upstashRedis(m);
    default:
      return newApplicationSite(library, m);
  }
}

/** The identifier a call chain starts from: `request` in `request.get(u).set(h).retry(2)`. */
function chainRoot(node: Node): Node | undefined {
  let n: Node = node;
  for (;;) {
    n = unwrap(n);
    if (n.type === 'MemberExpression') n = n.object;
    else if (n.type === 'CallExpression') n = n.callee;
    else return n;
  }
}

/** p-retry, async-retry and the `retry` package share option names; only `randomize`'s default differs. */
function retriesPolicy(library: string, call: TSESTree.CallExpression, optionsNode: Node | undefined, env: Env, randomizeDefault = library === 'async-retry'): RetrySite {
  const options = optionsOf(optionsNode, env);
  // The caller's options handed on: the wait and its jitter are the defaults unless the caller
  // says otherwise (the finding says so, as a library default); how many attempts is the caller's.
  const passed = options.passedThrough === true;
  const randomize = passed ? randomizeDefault : boolOption(options, 'randomize', randomizeDefault, env);
  const policy: RetryPolicy = {
    maxAttempts: passed ? 'unknown' : attemptsFromRetries(numberOption(options, 'retries', 10, env), boolOption(options, 'forever', false, env)),
    delay: passed ? exponential(1000, 2, Infinity) : exponential(numberOption(options, 'minTimeout', 1000, env), numberOption(options, 'factor', 2, env), numberOption(options, 'maxTimeout', Infinity, env)),
    jitter: randomize === 'unknown' ? 'unknown' : randomize ? 'proportional' : 'none',
  };
  const maxRetryTime = numberOption(options, 'maxRetryTime', Infinity, env);
  if (typeof maxRetryTime === 'number' && Number.isFinite(maxRetryTime)) policy.deadlineMs = maxRetryTime;
  const result = site(library, call, call.loc, policy, {
    delay: passed || (!options.get('minTimeout').present && !options.get('factor').present),
    jitter: passed || !options.get('randomize').present,
    attempts: !passed && !options.get('retries').present && !options.get('forever').present,
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

/** rxjs operators that error when no value passes a predicate (`first(pred)` on a source that completes). */
const RXJS_ERRORS_ON_VALUE = new Set(['first', 'single', 'throwIfEmpty']);

/**
 * What the other operators of the pipe a `retry()` sits in say about it: one before it that
 * turns an unwanted value into an error (`first(isVisible)`) makes it a poll; one after it that
 * ends the whole retrying subscription after a time (`timeout(ms)`) is a deadline, one that ends
 * it when another observable emits (`raceWith(timer$)`, `takeUntil(stop$)`) a way to stop it.
 */
function rxjsPipeAround(call: TSESTree.CallExpression, ctx: AnalysisContext): { polls: boolean; deadline: boolean; stoppable: boolean } {
  const result = { polls: false, deadline: false, stoppable: false };
  const pipe = call.parent;
  if (pipe?.type !== 'CallExpression' || !pipe.arguments.includes(call)) return result;
  const callee = unwrap(pipe.callee);
  const isPipe = callee.type === 'MemberExpression' ? propertyName(callee) === 'pipe' : callee.type === 'Identifier' && rxjsExport(callee, ctx) === 'pipe';
  if (!isPipe) return result;
  const index = pipe.arguments.indexOf(call);
  pipe.arguments.forEach((arg, i) => {
    const op = unwrap(arg);
    if (op.type !== 'CallExpression') return;
    const opCallee = unwrap(op.callee);
    const name = opCallee.type === 'Identifier' ? rxjsExport(opCallee, ctx) : undefined;
    if (!name) return;
    if (i < index && RXJS_ERRORS_ON_VALUE.has(name) && (name === 'throwIfEmpty' || op.arguments.length > 0)) result.polls = true;
    if (i > index && name === 'timeout' && op.arguments.length > 0) result.deadline = true;
    if (i > index && (name === 'raceWith' || name === 'takeUntil') && op.arguments.length > 0) result.stoppable = true;
  });
  return result;
}

/** The rxjs export an identifier names (`import { first } from 'rxjs'`, `rxjs/operators`), or undefined. */
function rxjsExport(id: TSESTree.Identifier, ctx: AnalysisContext): string | undefined {
  const origin = importOf(id, ctx);
  if (!origin || libraryOfModule(origin.module.replace(/^node:/, ''))?.library !== 'rxjs') return undefined;
  return origin.imported === 'default' || origin.imported === '*' ? undefined : origin.imported;
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
      policy = gotPolicy(options, limit, env);
      jitterDefault = !options.get('noise').present && !options.get('calculateDelay').present;
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

/**
 * got's `retry` object, read in got@16.1.0 and got@14.6.6 dist/source/core/calculate-retry-delay.js,
 * core/index.js and core/options.js: the wait is `min(1000 × 2^(n−1), backoffLimit) + random × noise`
 * (noise 100 ms by default, at most ±100; `noise: 0` takes the randomness away). A
 * `calculateDelay` decides every retry unless `enforceRetryRules` is true (the default from
 * got 15.0.0 on; false in 14): there, one that ignores `computedValue` (0 once `limit` is
 * reached) and never returns 0 retries for as long as the request fails.
 */
function gotPolicy(options: Options, limit: number | 'unknown', env: Env): RetryPolicy {
  const cap = numberOption(options, 'backoffLimit', Infinity, env);
  const noise = numberOption(options, 'noise', 100, env);
  const policy: RetryPolicy = {
    maxAttempts: attemptsFromRetries(limit, false),
    delay: exponential(1000, 2, cap),
    jitter: noise === 'unknown' ? 'unknown' : noise === 0 ? 'none' : 'proportional',
  };
  const calculate = options.get('calculateDelay');
  if (!calculate.present) return calculate.unknown ? { ...policy, delay: { kind: 'unknown' }, jitter: 'unknown' } : policy;
  const fn = strategyFunction(calculate.node, env);
  if (!fn) return { ...policy, delay: { kind: 'unknown' }, jitter: 'unknown' };
  // `({ computedValue }) => computedValue`: got's own wait, and its own limit.
  const body = fn.body.type === 'BlockStatement' ? undefined : unwrap(fn.body);
  if (body?.type === 'Identifier' && body.name === 'computedValue') return policy;
  const reading = readStrategy(fn, -1, env, { counterName: 'attemptCount', zeroStops: true });
  // `enforceRetryRules` is true by default from got 15 on (a project that declares no one major is read as the current one).
  const enforced = boolOption(options, 'enforceRetryRules', (env.ctx.libraryMajor?.('got') ?? 16) >= 15, env);
  const respectsLimit = readsName(fn, 'computedValue', env) || enforced !== false;
  const maxAttempts: RetryPolicy['maxAttempts'] = respectsLimit ? policy.maxAttempts : reading.canGiveUp ? 'unknown' : 'unbounded';
  return { maxAttempts, delay: reading.delay, jitter: reading.jitter };
}

/** Whether a function reads a name (`computedValue`, destructured or as `o.computedValue`). */
function readsName(fn: Node, name: string, env: Env): boolean {
  let found = false;
  walk(fn, env.ctx.keys, (node) => {
    if (found) return false;
    if (node.type === 'Identifier' && node.name === name) found = true;
    return undefined;
  });
  return found;
}

const RETRIED_METHODS = /^(get|put|head|delete|options|trace|query)$/i;

/**
 * got@16 and ky@2 retry GET-like requests twice by default (got with up to 100 ms of noise,
 * ky without). A request with no `retry` option written still retries: no rule reports it on
 * its own, but inside another retry it is a nested one.
 */
function defaultHttpRetries(library: 'got' | 'ky', call: TSESTree.CallExpression, member: string | undefined, a: (Node | undefined)[], env: Env): LibraryFinding | undefined {
  if (member !== undefined && !RETRIED_METHODS.test(member)) return undefined;
  for (const [index, arg] of a.entries()) {
    if (!arg) return undefined;
    const object = resolveObject(arg, env);
    if (!object) {
      // The first argument is the URL unless it is an options object; any later one is
      // options this file does not show, which may turn retries off.
      if (index === 0 && unwrap(arg).type !== 'ObjectExpression') continue;
      return undefined;
    }
    if (object.properties.some((p) => p.type === 'SpreadElement') || getProperty(object, 'retry')) return undefined;
    const method = getProperty(object, 'method');
    if (method) {
      const value = unwrap(method.value as Node);
      if (value.type !== 'Literal' || typeof value.value !== 'string' || !RETRIED_METHODS.test(value.value)) return undefined;
    }
  }
  const policy: RetryPolicy = library === 'got'
    ? { maxAttempts: 3, delay: { kind: 'exponential', baseMs: 1000, factor: 2 }, jitter: 'proportional' }
    : { maxAttempts: 3, delay: { kind: 'exponential', baseMs: 300, factor: 2 }, jitter: 'none' };
  return { site: site(library, call, call.loc, policy, { delay: true, jitter: true, attempts: true }), silent: true };
}

/** Where a library call's callee comes from: an import, a compiler's interop wrapper of one, or (in the library's own source) the library itself. */
function libraryOrigin(root: TSESTree.Identifier, members: string[], call: Node, ctx: AnalysisContext): (ImportedName & { self?: boolean }) | undefined {
  let origin = importOf(root, ctx) ?? interopImport(root, members, ctx);
  if (origin && isRelativeSpecifier(origin.module)) {
    // `require('./retry.js')` in async's own package is `async/retry`.
    const module = ctx.ownModule?.(origin.module) ?? ctx.vendoredModule?.(origin.module);
    return module ? { ...origin, module } : undefined;
  }
  if (origin || !ctx.ownModule) return origin;
  origin = ownExport(root, members, ctx);
  if (!origin) return undefined;
  const module = ctx.ownModule();
  return module ? { ...origin, module, self: true } : undefined;
}

/** A compiler's interop helper around a require: `_interopRequireDefault(require('m'))` (Babel), `__importDefault(require('m'))` (TypeScript). */
const INTEROP = /^_?_?(?:interopRequire(?:Default|Wildcard)|import(?:Default|Star))$/;

/** `var _r = _interopRequireDefault(_m)` with `_m = require('m')`, called as `(0, _r.default)(…)`: the default import of 'm'. */
function interopImport(root: TSESTree.Identifier, members: string[], ctx: AnalysisContext): ImportedName | undefined {
  const def = firstDefinition(ctx.variableOf(root));
  if (def?.type !== 'Variable' || !def.node.init) return undefined;
  const init = unwrap(def.node.init);
  if (init.type !== 'CallExpression' || init.callee.type !== 'Identifier' || !INTEROP.test(init.callee.name) || init.arguments.length !== 1) return undefined;
  const arg = unwrap(init.arguments[0] as Node);
  let module: string | undefined;
  if (arg.type === 'CallExpression' && arg.callee.type === 'Identifier' && arg.callee.name === 'require' && arg.arguments[0]?.type === 'Literal' && typeof arg.arguments[0].value === 'string') {
    module = arg.arguments[0].value;
  } else if (arg.type === 'Identifier') {
    const inner = importOf(arg, ctx);
    if (inner?.imported === '*') module = inner.module;
  }
  if (module === undefined) return undefined;
  if (members[0] === 'default') {
    members.shift();
    return { module, imported: 'default' };
  }
  return { module, imported: '*' };
}

/**
 * A name the file exports itself: `export default function pRetry` called as `pRetry(…)`,
 * `export function x`, or CommonJS's `exports.operation(…)` / `module.exports.operation(…)`.
 */
function ownExport(root: TSESTree.Identifier, members: string[], ctx: AnalysisContext): ImportedName | undefined {
  const variable = ctx.variableOf(root);
  if (!variable || definitionsOf(variable).length === 0) {
    if (root.name === 'exports' && members.length > 0) return { module: '', imported: '*' };
    if (root.name === 'module' && members[0] === 'exports' && members.length > 1) {
      members.shift();
      return { module: '', imported: '*' };
    }
    return undefined;
  }
  const def = soleDefinition(variable);
  if (def?.type !== 'FunctionName' || members.length > 0) return undefined;
  const parent = def.node.parent;
  if (parent?.type === 'ExportDefaultDeclaration') return { module: '', imported: 'default' };
  if (parent?.type === 'ExportNamedDeclaration') return { module: '', imported: root.name };
  return undefined;
}

/** The name a function of the file is exported by, as the import and member a call of it names. */
function exportOfFunction(fn: Node): { imported: string; members: string[] } | undefined {
  const parent = fn.parent;
  if (fn.type === 'FunctionDeclaration' && parent?.type === 'ExportDefaultDeclaration') return { imported: 'default', members: [] };
  if (fn.type === 'FunctionDeclaration' && parent?.type === 'ExportNamedDeclaration' && fn.id) return { imported: fn.id.name, members: [] };
  if (parent?.type === 'AssignmentExpression' && parent.right === fn && parent.left.type === 'MemberExpression') {
    const { root, members } = calleeRoot(parent.left);
    if (root.type !== 'Identifier') return undefined;
    if (root.name === 'module' && members[0] === 'exports') members.shift();
    else if (root.name !== 'exports') return undefined;
    return members.length === 1 ? { imported: '*', members } : undefined;
  }
  return undefined;
}

/** The call sits in another export of the library's entry that is itself a site of the library (its implementation). */
function implementsSite(call: TSESTree.CallExpression | TSESTree.NewExpression, library: string, m: LibraryCall, ctx: AnalysisContext): boolean {
  for (let p: Node | undefined = call.parent; p; p = p.parent) {
    if (!isFunction(p)) continue;
    const named = exportOfFunction(p);
    if (!named) continue;
    const member = named.members.length === 1 ? named.members[0] : undefined;
    if (callSite(library, { ...m, imported: named.imported, members: named.members, env: { ...m.env, ctx } }, named.imported, member)) return true;
  }
  return false;
}
