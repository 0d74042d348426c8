import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, isFunction, propertyName, unwrap, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { importOf } from './imports.js';
import { catalogEntry, libraryOfModule } from './catalog.js';
import { stoppedByOwner } from './libraries/owner-stop.js';
import { inHouseCall } from './libraries-in-house.js';
import { unlimitedOption } from './libraries-unlimited.js';
import {
  apolloRetryLink, cassandraReconnection, graphqlWs, ioredis, mqtt, nestConnectionRetry, nodeRedis, socketIo, upstashRedis, urqlRetry,
} from './libraries-clients.js';
import { queryClientFetch, swr, tanstackQuery } from './libraries-data-fetching.js';
import { instanceSite, kyClientDefault, newApplicationSite } from './libraries-instances.js';
import { octokitRetry } from './libraries-http.js';
import { asyncRetry, backoffLib, fetchRetry, lifeomicAttempt, nodeFsRm, promiseRetryLib, retryAsPromised, retryAxios, retryHygiene, rtkRetry, superagentRetry, tsRetryPromise, undiciRetry } from './libraries-generic.js';
import {
  args, attemptsFromRetries, boolOption, clientOf, heldClient, delayFunctionPolicy, exponential, numberOption, operationScope, optionsOf, resolveNew, site, subtractOne,
  type LibraryCall, type LibraryFinding,
} from './library-options.js';
import type { RetryPolicy, RetrySite } from './types.js';
import { rxjsRetry, rxjsPipeAround, rxjsRetryWhen } from './libraries/rxjs.js';
import { httpClient, defaultHttpRetries } from './libraries/got-ky.js';
import { libraryOrigin } from './libraries/origin.js';
import { calleeAlias } from './libraries/callee-alias.js';
import { graphileQuickAddJob } from './libraries-graphile-worker.js';

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
  const found = readLibrarySite(call, ctx);
  const site = found?.site;
  if (site?.policy.maxAttempts !== 'unbounded' || site.deadlineBound || site.abortAware) return found;
  const stops = catalogEntry(site.library)?.stops;
  if (stops && stoppedByOwner(call, stops, ctx)) site.policy = { ...site.policy, maxAttempts: 'unknown', ownerStop: true };
  return found;
}

function readLibrarySite(call: TSESTree.CallExpression | TSESTree.NewExpression, ctx: AnalysisContext): LibraryFinding | undefined {
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
  const { root, members } = calleeRoot(calleeAlias(callee, ctx) ?? callee);
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
    case 'graphile-worker':
      return graphileQuickAddJob(m, imported, member);
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
  return { site: result, ...heldClient(a[0], env.ctx) };
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
