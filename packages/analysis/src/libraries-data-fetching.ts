import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, propertyName, unwrap, type Node } from './ast.js';
import { libraryOfModule } from './catalog.js';
import { isReassigned, type AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { importOf } from './imports.js';
import {
  args, boolOption, delayFunctionPolicy, exponential, lastName, numberOption, optionsOf, optionsWith, site,
  type LibraryCall, type LibraryFinding,
} from './library-options.js';
import { readStrategy, strategyFunction, type StrategyReading } from './strategy-callback.js';
import { writesNoRetryOption } from './library-defaults.js';
import type { RetryPolicy, RetrySite } from './types.js';
import { soleDefinition } from './definitions/bodies.js';
import { constantAnswer } from './functions/constant-answer.js';
import { predicateAttempts } from './functions/predicate-limit.js';

// Data-fetching libraries: @tanstack/query (hooks, client defaults, imperative fetches) and swr (hooks, <SWRConfig>).

const QUERY_HOOKS = /^(useQuery|useInfiniteQuery|useSuspenseQuery|useSuspenseInfiniteQuery|useMutation|queryOptions|infiniteQueryOptions|mutationOptions|createQuery|createMutation|createInfiniteQuery|injectQuery|injectMutation)$/;

/**
 * @tanstack/query-core@5.108.0 retryer: `retry` 3 for queries (0 for mutations), true = forever,
 * a function = the caller decides; `retryDelay` default `min(1000 × 2^n, 30 000)`, no randomness.
 */
export function tanstackQuery(m: LibraryCall): LibraryFinding | undefined {
  const name = lastName(m);
  if (m.isNew && name === 'QueryClient') {
    const object = m.a[0] && resolveObject(m.a[0], m.env);
    const defaults = object && getProperty(object, 'defaultOptions');
    const defaultsObject = defaults && resolveObject(defaults.value as Node, m.env);
    if (!defaultsObject) return !defaults && writesNoRetryOption(m, ['defaultOptions']) ? queryClientDefault(m) : undefined;
    for (const kind of ['queries', 'mutations'] as const) {
      const prop = getProperty(defaultsObject, kind);
      const holder = prop && resolveObject(prop.value as Node, m.env);
      const result = holder && querySite(m, holder, kind === 'mutations' ? 1 : 4);
      if (result) return { site: result };
    }
    // `defaultOptions` that leave the queries' retry alone: the default, as with none.
    const queries = getProperty(defaultsObject, 'queries');
    const queriesObject = queries && resolveObject(queries.value as Node, m.env);
    const untouched = !defaultsObject.properties.some((p) => p.type === 'SpreadElement')
      && (!queries || (queriesObject && !queriesObject.properties.some((p) => p.type === 'SpreadElement') && !getProperty(queriesObject, 'retry') && !getProperty(queriesObject, 'retryDelay')));
    return untouched ? queryClientDefault(m) : undefined;
  }
  if (m.isNew || !QUERY_HOOKS.test(name)) return undefined;
  const found = optionsWith(m, ['retry', 'retryDelay']);
  const result = found && querySite(m, found.object, /Mutation|mutation/.test(name) ? 1 : 4);
  return result ? { site: result } : undefined;
}

/**
 * A `QueryClient` whose queries keep the default retry: 3 retries, `min(1000 × 2^n, 30 000)` ms,
 * no randomness (query-core retryer.ts). Reported on the client, where `defaultOptions` would
 * change it for every query, rather than on each `useQuery()`.
 */
function queryClientDefault(m: LibraryCall): LibraryFinding {
  const policy: RetryPolicy = { maxAttempts: 4, delay: { kind: 'exponential', baseMs: 1000, factor: 2, capMs: 30_000 }, jitter: 'none' };
  return { site: site('@tanstack/query', m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }) };
}

/** `defaultAttempts`: with no `retry` written, 4 for a query (3 retries), 1 for a mutation or an imperative fetch. */
function querySite(m: LibraryCall, object: TSESTree.ObjectExpression, defaultAttempts: 1 | 4): RetrySite | undefined {
  const retry = getProperty(object, 'retry');
  const retryDelay = getProperty(object, 'retryDelay');
  if (!retry && !retryDelay) return undefined;
  let maxAttempts: RetryPolicy['maxAttempts'] = defaultAttempts;
  let classifies = false;
  if (retry) {
    const value = unwrap(retry.value as Node);
    const n = staticNumber(value, m.env.ctx);
    // (`retry: () => false`: a function answering the same whatever the failure, as the literal does.)
    const answer = value.type === 'Literal' ? value.value : constantAnswer(value, m.env.ctx);
    if (answer === true) maxAttempts = 'unbounded';
    else if (answer === false) maxAttempts = 1;
    else if (n !== undefined) maxAttempts = Number.isFinite(n) ? n + 1 : 'unbounded';
    else {
      // `retry: (failureCount) => failureCount < 3`: asked with the failures so far, from 0.
      maxAttempts = predicateAttempts(value, 0, 0, m.env) ?? 'unknown';
      classifies = true;
    }
  }
  if (maxAttempts === 1) return undefined;
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'> = { delay: { kind: 'exponential', baseMs: 1000, factor: 2, capMs: 30_000 }, jitter: 'none' };
  if (retryDelay) shape = delayFunctionPolicy(retryDelay.value as Node, 0, m.env);
  const result = site('@tanstack/query', m.call, (retry ?? retryDelay)!.loc, { maxAttempts, ...shape }, { delay: !retryDelay, jitter: !retryDelay, attempts: !retry });
  result.classifiesErrors = classifies;
  return result;
}

/**
 * swr@2.5.1: the default onErrorRetry waits `(random + 0.5) × 2^min(n, 8) × errorRetryInterval`
 * and has no limit unless `errorRetryCount` is set; a custom onErrorRetry is read like a loop.
 */
export function swr(m: LibraryCall): LibraryFinding | undefined {
  const name = lastName(m);
  if (m.isNew || !/^(useSWR|useSWRInfinite|useSWRImmutable|useSWRSubscription|default|\*)$/.test(name)) return undefined;
  const found = optionsWith(m, SWR_OPTIONS);
  if (found) return swrSite(m.call, found.object, m.env);
  // `useSWR(key, fetcher)`: the default onErrorRetry, with no `errorRetryCount`, retries for as long as it fails.
  // With no fetcher written (`useSWR(key)`, `useSWR(key, null, opts)`: a local store) only a
  // provider's fetcher would fetch (swr@2.5.1 `fn || config.fetcher`), which this file does not show.
  const fetcher = m.a[1] ? unwrap(m.a[1]) : undefined;
  const noFetcher = !fetcher || (fetcher.type === 'Literal' && fetcher.value === null) || (fetcher.type === 'Identifier' && fetcher.name === 'undefined') || resolveObject(fetcher, m.env) !== undefined;
  if (name === 'useSWRSubscription' || noFetcher || !writesNoRetryOption(m, [...SWR_OPTIONS, 'shouldRetryOnError'], 1, [1])) return undefined;
  const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: { kind: 'exponential', baseMs: 5000, factor: 2 }, jitter: 'proportional' };
  return { site: site('swr', m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }) };
}

const SWR_OPTIONS = ['onErrorRetry', 'errorRetryCount', 'errorRetryInterval'];

/**
 * `<SWRConfig value={{ onErrorRetry, errorRetryCount }}>`: the defaults every `useSWR` below the
 * element inherits, so the retry policy is written here. The element's name is resolved through
 * scopes to swr's `SWRConfig` export.
 */
export function swrConfigElement(element: TSESTree.JSXOpeningElement, ctx: AnalysisContext): LibraryFinding | undefined {
  if (element.name.type !== 'JSXIdentifier') return undefined;
  // A JSX name is an identifier for scope lookup (by name through the scope chain).
  const origin = importOf(element.name as unknown as TSESTree.Identifier, ctx);
  if (origin?.module !== 'swr' || origin.imported !== 'SWRConfig') return undefined;
  const env: Env = { ctx, region: element, counters: new Set(), depth: 0 };
  for (const attribute of element.attributes) {
    if (attribute.type !== 'JSXAttribute' || attribute.name.name !== 'value' || attribute.value?.type !== 'JSXExpressionContainer') continue;
    const expression = attribute.value.expression;
    const object = expression.type === 'JSXEmptyExpression' ? undefined : resolveObject(expression, env);
    if (object && SWR_OPTIONS.some((n) => getProperty(object, n))) return swrSite(element, object, env);
  }
  return undefined;
}

function swrSite(node: Node, object: TSESTree.ObjectExpression, env: Env): LibraryFinding | undefined {
  const options = optionsOf(object, env);
  if (boolOption(options, 'shouldRetryOnError', true, env) === false) return undefined;
  const custom = getProperty(object, 'onErrorRetry');
  if (custom) {
    const fn = strategyFunction(custom.value as Node, env);
    if (!fn) return undefined;
    // (`onErrorRetry: (err, key) => { seen = key }`: never goes again, since it never reads the revalidate it is handed.)
    const again = fn.params[3];
    if (again?.type !== 'Identifier' || (env.ctx.variableOf(again)?.references.length ?? 0) === 0) return undefined;
    const opts = fn.params[4];
    const counterName = opts?.type === 'ObjectPattern' ? retryCountName(opts) : undefined;
    const reading: StrategyReading = readStrategy(fn, -1, env, { sleeps: true, ...(counterName ? { counterName } : {}) });
    // A return before revalidating is the way out; with none, it retries for as long as it fails.
    const policy: RetryPolicy = { maxAttempts: reading.canGiveUp ? 'unknown' : 'unbounded', delay: reading.delay, jitter: reading.jitter };
    return { site: site('swr', node, custom.loc, policy, { delay: false, jitter: false, attempts: false }) };
  }
  const count = numberOption(options, 'errorRetryCount', Infinity, env);
  const policy: RetryPolicy = {
    maxAttempts: count === 'unknown' ? 'unknown' : Number.isFinite(count) ? count + 1 : 'unbounded',
    delay: exponential(numberOption(options, 'errorRetryInterval', 5000, env), 2, 'unknown'),
    jitter: 'proportional',
  };
  const where = (getProperty(object, 'errorRetryCount') ?? getProperty(object, 'errorRetryInterval'))!;
  return { site: site('swr', node, where.loc, policy, { delay: !getProperty(object, 'errorRetryInterval'), jitter: true, attempts: !getProperty(object, 'errorRetryCount') }) };
}

function retryCountName(pattern: TSESTree.ObjectPattern): string | undefined {
  for (const p of pattern.properties) {
    if (p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'retryCount') {
      const value = p.value.type === 'AssignmentPattern' ? p.value.left : p.value;
      if (value.type === 'Identifier') return value.name;
    }
  }
  return undefined;
}

/**
 * @tanstack/query-core@5.108.0 QueryClient: `query`, `fetchQuery`, `prefetchQuery`,
 * `ensureQueryData` and their infinite forms do not retry unless `retry` is set ("retries are
 * disabled by default here"), unlike hooks. The receiver must be a client the code made or got
 * from the library (`new QueryClient()`, `useQueryClient()`), resolved through scopes.
 */
const IMPERATIVE_FETCHES = new Set(['query', 'fetchQuery', 'prefetchQuery', 'ensureQueryData', 'infiniteQuery', 'fetchInfiniteQuery', 'prefetchInfiniteQuery', 'ensureInfiniteQueryData']);

export function queryClientFetch(call: TSESTree.CallExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  const method = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  if (method === undefined || !IMPERATIVE_FETCHES.has(method)) return undefined;
  const receiver = unwrap((callee as TSESTree.MemberExpression).object);
  const origin = receiver.type === 'Identifier' ? queryClientOrigin(receiver, ctx) : undefined;
  if (!origin) return undefined;
  const env: Env = { ctx, region: call, counters: new Set(), depth: 0 };
  const m: LibraryCall = { call, isNew: false, module: origin, imported: 'QueryClient', members: [method], a: args(call), env };
  const object = m.a[0] && resolveObject(m.a[0], env);
  const result = object && querySite(m, object, 1);
  return result ? { site: result } : undefined;
}

/** The query module a client comes from: `const c = new QueryClient()` or `useQueryClient()` of @tanstack/query. */
function queryClientOrigin(id: TSESTree.Identifier, ctx: AnalysisContext): string | undefined {
  const variable = ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable)) return undefined;
  const init = unwrap(def.node.init);
  if (init.type !== 'NewExpression' && init.type !== 'CallExpression') return undefined;
  const made = unwrap(init.callee);
  const origin = made.type === 'Identifier' ? importOf(made, ctx) : undefined;
  if (!origin || libraryOfModule(origin.module)?.library !== '@tanstack/query') return undefined;
  const expected = init.type === 'NewExpression' ? 'QueryClient' : 'useQueryClient';
  return origin.imported === expected ? origin.module : undefined;
}
