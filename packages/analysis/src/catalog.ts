/**
 * The library catalog as data: one entry per library, what the analysis recognises, and the
 * defaults that decide a finding when the code writes no option. The README's catalog table
 * is rendered from this list (`catalogTable()`) and a test checks that they match, so the
 * documentation cannot drift from what the analysis does.
 *
 * Every default was read in the library's published source at the version in `checked`
 * (installed from the registry, file named), not taken from memory or docs alone.
 */
import type { CatalogEntry } from './catalog-entry.js';
import { APPLICATION_ROWS } from './catalog-applications.js';
import { REALTIME_ROWS } from './catalog-realtime.js';
import { UNLIMITED_TEXT } from './libraries-unlimited.js';

export type { CatalogEntry } from './catalog-entry.js';

export const CATALOG: readonly CatalogEntry[] = [
  {
    library: 'p-retry',
    modules: ['p-retry'],
    recognises: '`pRetry(fn, opts)`',
    noJitter: '`randomize` not true (default false)',
    unbounded: '`retries: Infinity`, `forever: true`',
    defaultAttempts: '11',
    retriesByDefault: false,
    noun: 'p-retry call',
    jitterFix: 'Set `randomize: true`',
    checked: 'p-retry@9.0.0 index.js',
    withNoOption: 'reported',
  },
  {
    library: 'async-retry',
    modules: ['async-retry'],
    recognises: '`retry(fn, opts)`',
    noJitter: '`randomize: false` (default true)',
    unbounded: '`forever: true`, `retries: Infinity`',
    defaultAttempts: '11',
    retriesByDefault: false,
    noun: 'async-retry call',
    jitterFix: 'Remove `randomize: false`',
    checked: 'async-retry@1.3.3 lib/index.js',
    withNoOption: 'reported',
  },
  {
    library: 'retry',
    modules: ['retry'],
    recognises: '`retry.operation(opts)`, `retry.timeouts(opts)`',
    noJitter: '`randomize` not true (default false)',
    unbounded: '`forever: true`, `retries: Infinity`',
    defaultAttempts: '11',
    retriesByDefault: false,
    noun: '`retry` package operation',
    jitterFix: 'Set `randomize: true`',
    checked: 'retry@0.13.1 lib/retry.js',
    withNoOption: 'reported',
  },
  {
    library: 'promise-retry',
    modules: ['promise-retry'],
    recognises: '`promiseRetry(fn, opts)`',
    noJitter: '`randomize` not true (default false)',
    unbounded: '`forever: true`, `retries: Infinity`',
    defaultAttempts: '11',
    retriesByDefault: false,
    noun: 'promise-retry call',
    jitterFix: 'Set `randomize: true`',
    checked: 'promise-retry@2.0.1 index.js (options of retry@0.12)',
    withNoOption: 'reported',
  },
  {
    library: 'async',
    modules: ['async', 'async/retry', 'async/retryable', 'async-es'],
    recognises: '`async.retry(opts, task)`, `async.retryable(opts, task)`',
    noJitter: 'always, unless `interval` is a function using randomness (default interval 0: at once)',
    unbounded: '`times: Infinity`',
    defaultAttempts: '5',
    retriesByDefault: false,
    noun: '`async.retry` call',
    jitterFix: 'Give `interval` a function that adds randomness',
    checked: 'async@3.2.6 retry.js',
    withNoOption: 'reported',
  },
  {
    library: 'exponential-backoff',
    modules: ['exponential-backoff'],
    recognises: '`backOff(fn, opts)`',
    noJitter: "`jitter` not `'full'` (default `'none'`)",
    unbounded: '`numOfAttempts: Infinity`',
    defaultAttempts: '10',
    retriesByDefault: false,
    noun: 'backOff() call',
    jitterFix: "Set `jitter: 'full'`",
    checked: 'exponential-backoff@3.1.3 src/options.ts',
    withNoOption: 'reported',
  },
  {
    library: 'backoff',
    modules: ['backoff'],
    recognises: '`backoff.exponential(opts)`, `backoff.fibonacci(opts)`, `backoff.call(fn, …)`',
    noJitter: '`randomisationFactor` 0 or absent (default 0)',
    unbounded: 'no `.failAfter(n)` on it',
    defaultAttempts: 'unbounded',
    retriesByDefault: false,
    noun: '`backoff` instance',
    jitterFix: 'Set `randomisationFactor` (e.g. 0.5)',
    checked: 'backoff@2.5.0 lib/strategy/strategy.js, lib/function_call.js',
    withNoOption: 'reported',
  },
  {
    library: '@lifeomic/attempt',
    modules: ['@lifeomic/attempt'],
    recognises: '`retry(fn, opts)`',
    noJitter: '`jitter` not true (default false)',
    unbounded: '`maxAttempts: 0`',
    defaultAttempts: '3',
    retriesByDefault: false,
    noun: '@lifeomic/attempt retry',
    jitterFix: 'Set `jitter: true`',
    checked: '@lifeomic/attempt@3.1.0 dist/es6/src/index.js',
    withNoOption: 'reported',
  },
  {
    library: '@retry-hygiene/retry',
    modules: ['@retry-hygiene/retry'],
    recognises: '`retry(fn, opts)`',
    noJitter: "`jitter: 'none'` (default `'full'`)",
    unbounded: 'never (`maxAttempts` must be finite)',
    defaultAttempts: '3',
    retriesByDefault: false,
    noun: 'retry() call',
    jitterFix: "Remove `jitter: 'none'`",
    checked: '@retry-hygiene/retry@0.1.0 src/options.ts (this repository)',
    withNoOption: 'reported',
  },
  {
    library: 'ts-retry-promise',
    modules: ['ts-retry-promise'],
    recognises: '`retry(fn, config)`, `retryDecorator(fn, config)`',
    noJitter: 'always (its backoffs have no randomness)',
    unbounded: "`retries: 'INFINITELY'` and `timeout: 'INFINITELY'`",
    defaultAttempts: '11 (within 60 s)',
    retriesByDefault: false,
    noun: 'ts-retry-promise retry',
    jitterFix: 'Pass a `backoff` function that adds randomness',
    checked: 'ts-retry-promise@0.8.1 src/retry-promise.ts',
    withNoOption: 'reported',
  },
  {
    library: 'cockatiel',
    modules: ['cockatiel'],
    recognises: '`retry(handler, opts)`',
    noJitter: 'backoff built with `noJitterGenerator`',
    unbounded: 'no `maxAttempts` (default Infinity)',
    defaultAttempts: 'unbounded',
    retriesByDefault: false,
    noun: 'cockatiel retry policy',
    jitterFix: 'Use ExponentialBackoff with its default decorrelated-jitter generator',
    checked: 'cockatiel@4.0.0 dist/Policy.js',
    withNoOption: 'reported',
  },
  {
    library: 'rxjs',
    modules: ['rxjs', 'rxjs/operators'],
    recognises: '`retry()`, `retryWhen()` operators',
    noJitter: 'deterministic `delay` number or function',
    unbounded: '`retry()` / no `count`',
    defaultAttempts: 'unbounded',
    retriesByDefault: false,
    noun: 'rxjs retry operator',
    jitterFix: 'Add randomness to the delay, e.g. `timer(Math.random() * 2 ** count * 100)`',
    checked: 'rxjs@7 operators/retry',
    withNoOption: 'reported',
  },
  {
    library: 'axios-retry',
    modules: ['axios-retry'],
    recognises: '`axiosRetry(client, opts)` (the client then retries)',
    noJitter: 'custom `retryDelay` without randomness',
    unbounded: '`retries: Infinity`',
    defaultAttempts: '4',
    retriesByDefault: false,
    noun: 'axios-retry configuration',
    jitterFix: 'Use `retryDelay: axiosRetry.exponentialDelay`, which adds jitter',
    checked: 'axios-retry@4.5.0 dist/esm/index.js',
    withNoOption: 'reported',
  },
  {
    library: 'retry-axios',
    modules: ['retry-axios'],
    recognises: '`rax.attach(client)` with `raxConfig` (the client then retries)',
    noJitter: "`jitter` not `'full'`/`'equal'` (default `'none'`)",
    unbounded: '`retry: Infinity`',
    defaultAttempts: '4',
    retriesByDefault: false,
    noun: 'retry-axios configuration',
    jitterFix: "Set `raxConfig.jitter: 'full'`",
    checked: 'retry-axios@4.0.3 build/src/index.js',
    withNoOption: 'reported',
  },
  {
    library: 'fetch-retry',
    modules: ['fetch-retry'],
    recognises: '`fetchRetry(fetch, defaults)` (the returned fetch retries)',
    noJitter: '`retryDelay` a number (default 1000) or a function without randomness',
    unbounded: '`retries: Infinity`',
    defaultAttempts: '4',
    retriesByDefault: true,
    noun: 'fetch-retry wrapper',
    jitterFix: 'Give `retryDelay` a function that adds randomness',
    checked: 'fetch-retry@6.0.0 index.js',
    withNoOption: 'reported',
  },
  {
    library: 'retry-as-promised',
    modules: ['retry-as-promised'],
    recognises: '`retryAsPromised(fn, opts)`',
    noJitter: '`backoffJitter` absent',
    unbounded: '`max: Infinity`',
    defaultAttempts: '`max` (required)',
    retriesByDefault: false,
    noun: 'retry-as-promised call',
    jitterFix: 'Set `backoffJitter`',
    checked: 'retry-as-promised@7.1.1 index.ts',
    withNoOption: 'no retry',
  },
  {
    library: 'superagent',
    modules: ['superagent'],
    recognises: '`request.get(url).retry(n)`',
    noJitter: 'always: it retries at once, with no wait',
    unbounded: '`.retry(Infinity)`',
    defaultAttempts: '2 with `.retry()`',
    retriesByDefault: false,
    noun: 'superagent `.retry()`',
    jitterFix: 'Retry with a jittered backoff instead of `.retry()`',
    checked: 'superagent@10.4.2 lib/request-base.js',
    withNoOption: 'reported',
  },
  {
    library: 'got',
    modules: ['got'],
    recognises: '`retry` option of a request or `got.extend()`: `limit`, `backoffLimit` (a cap), `noise`, `calculateDelay` (read with `attemptCount` as the counter)',
    noJitter: '`noise: 0` (default 100: up to 100 ms at random), or a `calculateDelay` without randomness',
    unbounded: '`limit: Infinity`; a `calculateDelay` that ignores `computedValue` and never returns 0, in got 14 and before (`enforceRetryRules` false; true from got 15 on)',
    defaultAttempts: '3',
    retriesByDefault: true,
    noun: 'got `retry` option',
    jitterFix: 'Keep got\'s `noise` (up to 100 ms at random, on by default) or add randomness to `calculateDelay`',
    checked: 'got@16.1.0 dist/source/core/options.js, calculate-retry-delay.js, index.js (and got@14.6.6, got@15.1.0 options.js: `enforceRetryRules` false before 15)',
    withNoOption: 'nesting',
  },
  {
    library: 'ky',
    modules: ['ky'],
    recognises: '`retry` option of a request or `ky.create()`; a `ky.create()` / `ky.extend()` with none is a client with the default retry',
    noJitter: '`jitter` not set',
    unbounded: '`limit: Infinity`',
    defaultAttempts: '3',
    retriesByDefault: true,
    noun: 'ky `retry` option',
    defaultNoun: "ky client's default retry",
    jitterFix: 'Set `jitter: true` in the retry options',
    checked: 'ky@2.1.0 distribution/utils/normalize.js',
    withNoOption: 'reported',
  },
  {
    library: 'undici',
    modules: ['undici'],
    recognises: '`new RetryAgent(dispatcher, opts)`, `interceptors.retry(opts)`, `new RetryHandler(opts, …)`',
    noJitter: 'always (exponential `minTimeout × timeoutFactor^n`, no randomness)',
    unbounded: '`maxRetries: Infinity`',
    defaultAttempts: '6',
    retriesByDefault: false,
    noun: 'undici retry dispatcher',
    jitterFix: 'Wrap the dispatcher in a retry with jitter; undici adds none',
    checked: 'undici@8.12.4 lib/handler/retry-handler.js',
    withNoOption: 'reported',
  },
  {
    library: 'ioredis',
    modules: ['ioredis'],
    recognises: '`retryStrategy` / `clusterRetryStrategy` / `sentinelRetryStrategy` option of `new Redis()` / `new Cluster()`; a `new Redis(url)` or `new Cluster(nodes)` with none runs the default strategy',
    noJitter: 'the strategy returns a delay without randomness; the default does in ioredis 5 (`min(n × 50, 2000)`), not in 6 (+ 0–200 ms at random); a cluster\'s default (`min(100 + 2n, 2000)`) does in both',
    unbounded: 'the strategy always returns a number',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'ioredis retry strategy',
    defaultNoun: "ioredis client's default reconnection",
    jitterFix: 'Add `Math.random()` to the delay the strategy returns (with none written, set a `retryStrategy`, or a cluster\'s `clusterRetryStrategy`, that does)',
    checked: 'ioredis@6.0.0 built/redis/RedisOptions.js (and ioredis@5.9.3 built/redis/RedisOptions.js: the major is the project\'s)',
    withNoOption: 'reported',
    stops: ['quit', 'disconnect'],
  },
  {
    library: 'redis',
    modules: ['redis', '@redis/client'],
    recognises: '`socket.reconnectStrategy` option of `createClient()`; a `createClient()` with none runs the default strategy (jittered, forever)',
    noJitter: 'a number, or a function returning a delay without randomness',
    unbounded: 'a number, or a function that never returns `false` or an Error',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'node-redis reconnect strategy',
    defaultNoun: "node-redis client's default reconnection",
    jitterFix: 'Add `Math.random()` to the delay the strategy returns',
    checked: '@redis/client@6.3.1 dist/lib/client/socket.js',
    withNoOption: 'reported',
    stops: ['quit', 'disconnect', 'close', 'destroy'],
  },
  {
    library: 'mqtt',
    modules: ['mqtt'],
    recognises: '`reconnectPeriod` option of `mqtt.connect()`; a `connect(url)` with none reconnects every 1000 ms',
    noJitter: 'always (a fixed period)',
    unbounded: 'always (reconnects for as long as the client lives)',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'mqtt `reconnectPeriod`',
    defaultNoun: "mqtt client's default reconnection",
    jitterFix: 'Reconnect yourself with a jittered backoff (`reconnectPeriod: 0`)',
    checked: 'mqtt@5.16.0 build/lib/client.js',
    withNoOption: 'reported',
    stops: ['end', 'endAsync'],
  },
  {
    library: 'socket.io-client',
    modules: ['socket.io-client'],
    recognises: '`reconnection*` options of `io()` / `new Manager()`; an `io(url)` with none runs the defaults',
    noJitter: '`randomizationFactor: 0` (default 0.5)',
    unbounded: 'no `reconnectionAttempts` (default Infinity)',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'socket.io reconnection',
    defaultNoun: "socket.io client's default reconnection",
    jitterFix: 'Keep `randomizationFactor` above 0',
    checked: 'socket.io-client@4.8.4 build/esm/manager.js',
    withNoOption: 'reported',
    stops: ['close', 'disconnect'],
  },
  {
    library: '@tanstack/query',
    modules: ['@tanstack/query-core', '@tanstack/react-query', '@tanstack/vue-query', '@tanstack/solid-query', '@tanstack/svelte-query', 'react-query'],
    recognises: '`retry` / `retryDelay` in query options, `useQuery()`, `new QueryClient({ defaultOptions })` (a client that leaves its queries\' retry alone: the default), `client.fetchQuery()` / `prefetchQuery()` / `ensureQueryData()` on a `QueryClient` or `useQueryClient()`',
    noJitter: 'default `retryDelay` (`min(1000 × 2^n, 30 s)`), or one without randomness',
    unbounded: '`retry: true` or `retry: Infinity`',
    defaultAttempts: '4 (queries), 1 (mutations, imperative fetches)',
    retriesByDefault: false,
    noun: 'query `retry` option',
    defaultNoun: "QueryClient's default query retry",
    jitterFix: 'Give `retryDelay` a function that adds randomness',
    checked: '@tanstack/query-core@5.108.0 src/retryer.ts, src/queryClient.ts',
    withNoOption: 'reported',
  },
  {
    library: 'swr',
    modules: ['swr'],
    recognises: '`onErrorRetry`, `errorRetryCount`, `errorRetryInterval` of `useSWR()` / `<SWRConfig value>`; a `useSWR(key, fetcher)` with none runs the default',
    noJitter: 'a custom `onErrorRetry` whose wait has no randomness',
    unbounded: 'no `errorRetryCount` (default: no limit)',
    defaultAttempts: 'unbounded',
    retriesByDefault: false,
    noun: 'SWR error retry',
    defaultNoun: "SWR hook's default error retry",
    jitterFix: 'Add `Math.random()` to the wait of `onErrorRetry`',
    checked: 'swr@2.5.1 dist/config-context-ext53wcz.mjs',
    withNoOption: 'reported',
  },
  {
    library: '@reduxjs/toolkit',
    modules: ['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react'],
    recognises: '`retry(baseQuery, opts)`',
    noJitter: 'a custom `backoff` without randomness',
    unbounded: '`maxRetries: Infinity`',
    defaultAttempts: '6',
    retriesByDefault: false,
    noun: 'RTK Query `retry`',
    jitterFix: 'Keep the default backoff or add randomness to `backoff`',
    checked: '@reduxjs/toolkit@2.14.0 src/query/retry.ts',
    withNoOption: 'reported',
  },
  {
    library: '@apollo/client',
    modules: ['@apollo/client', '@apollo/client/link/retry', '@apollo/client/core'],
    recognises: '`new RetryLink(opts)`',
    noJitter: '`delay.jitter: false` (default true), or a `delay` function without randomness',
    unbounded: '`attempts.max: Infinity`',
    defaultAttempts: '5',
    retriesByDefault: false,
    noun: 'Apollo RetryLink',
    jitterFix: 'Remove `jitter: false`',
    checked: '@apollo/client@4.3.8 link/retry/delayFunction.js, retryFunction.js',
    withNoOption: 'reported',
  },
  {
    library: '@urql/exchange-retry',
    modules: ['@urql/exchange-retry'],
    recognises: '`retryExchange(opts)`',
    noJitter: '`randomDelay: false` (default true)',
    unbounded: '`maxNumberAttempts: Infinity`',
    defaultAttempts: '2',
    retriesByDefault: false,
    noun: 'urql retryExchange',
    jitterFix: 'Remove `randomDelay: false`',
    checked: '@urql/exchange-retry@2.0.0 dist/urql-exchange-retry.mjs',
    withNoOption: 'reported',
  },
  {
    library: 'graphql-ws',
    modules: ['graphql-ws'],
    recognises: '`retryAttempts` / `retryWait` of `createClient()`',
    noJitter: 'a `retryWait` whose wait has no randomness',
    unbounded: '`retryAttempts: Infinity`',
    defaultAttempts: '6',
    retriesByDefault: false,
    noun: 'graphql-ws reconnect',
    jitterFix: 'Add `Math.random()` to the wait of `retryWait`',
    checked: 'graphql-ws@6.4.2 dist/client.js',
    withNoOption: 'reported',
  },
  {
    library: '@nestjs/typeorm',
    modules: ['@nestjs/typeorm'],
    recognises: '`retryAttempts` / `retryDelay` of `TypeOrmModule.forRoot()` (with neither: the defaults)',
    noJitter: 'always (a fixed `retryDelay`, default 3000 ms)',
    unbounded: '`retryAttempts: Infinity`',
    defaultAttempts: '10',
    retriesByDefault: false,
    noun: 'TypeORM connection retry',
    defaultNoun: "TypeORM module's default connection retry",
    jitterFix: 'Retry the connection yourself with jitter',
    checked: '@nestjs/typeorm@12.0.2 dist/common/typeorm.utils.js',
    withNoOption: 'reported',
  },
  {
    library: '@nestjs/mongoose',
    modules: ['@nestjs/mongoose'],
    recognises: '`retryAttempts` / `retryDelay` of `MongooseModule.forRoot()` (with neither: the defaults)',
    noJitter: 'always (a fixed `retryDelay`, default 3000 ms)',
    unbounded: '`retryAttempts: Infinity`',
    defaultAttempts: '9',
    retriesByDefault: false,
    noun: 'Mongoose connection retry',
    defaultNoun: "Mongoose module's default connection retry",
    jitterFix: 'Retry the connection yourself with jitter',
    checked: '@nestjs/mongoose@12.0.0 dist/common/mongoose.utils.js',
    withNoOption: 'reported',
  },
  {
    library: 'cassandra-driver',
    modules: ['cassandra-driver'],
    recognises: '`new ConstantReconnectionPolicy(ms)`, `new ExponentialReconnectionPolicy(base, max)`; a `new Client(options)` without `policies.reconnection` runs the default exponential one',
    noJitter: '`ConstantReconnectionPolicy` (Exponential adds ±15 %)',
    unbounded: 'always (reconnects to a host until it is back)',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'cassandra-driver reconnection policy',
    defaultNoun: "cassandra-driver client's default reconnection",
    jitterFix: 'Use `ExponentialReconnectionPolicy`, which adds jitter',
    checked: 'cassandra-driver@4.10.0 lib/policies/reconnection.js',
    withNoOption: 'reported',
    stops: ['shutdown'],
  },
  {
    library: '@upstash/redis',
    // The platform entries (`@upstash/redis/cloudflare`, `/fastly`) build the same HttpClient with the same `retry`.
    modules: ['@upstash/redis', '@upstash/redis/node', '@upstash/redis/cloudflare', '@upstash/redis/fastly'],
    recognises: '`retry` option of `new Redis()` / `Redis.fromEnv()`, and a client with none (its default retries)',
    noJitter: 'default `backoff` (`exp(n) × 50`), or one without randomness',
    unbounded: '`retries: Infinity`',
    defaultAttempts: '6',
    retriesByDefault: true,
    noun: '@upstash/redis `retry` option',
    defaultNoun: "@upstash/redis client's default retry",
    jitterFix: 'Pass a `backoff` that adds randomness',
    checked: '@upstash/redis@1.39.0 chunk-4WQYU7T6.mjs (HttpClient), cloudflare.mjs, fastly.mjs',
    withNoOption: 'reported',
  },
  {
    library: 'node:fs',
    modules: ['fs', 'fs/promises'],
    recognises: '`rm`, `rmSync`, `rmdir`, `rmdirSync` with `recursive: true` and `maxRetries`',
    noJitter: 'always (Node waits `retryDelay` × n, default 100 ms)',
    unbounded: 'never (`maxRetries` retries at most)',
    defaultAttempts: '1 (`maxRetries` 0)',
    retriesByDefault: false,
    noun: 'fs removal retry (`maxRetries`)',
    jitterFix: 'Node adds no jitter to `maxRetries`: retry the removal yourself with jittered backoff',
    checked: 'node@20.19.0 lib/internal/fs/rimraf.js',
    withNoOption: 'no retry',
    only: /\bmaxRetries\b/,
  },
  ...APPLICATION_ROWS,
  ...REALTIME_ROWS,
];

const byName = new Map(CATALOG.map((entry) => [entry.library, entry]));

export function catalogEntry(library: string | undefined): CatalogEntry | undefined {
  return library === undefined ? undefined : byName.get(library);
}

/** The library an import specifier belongs to. */
export function libraryOfModule(module: string): CatalogEntry | undefined {
  return moduleIndex.get(module) ?? FAMILIES.find((f) => module.startsWith(f.prefix) && /^[\w.-]+$/.test(module.slice(f.prefix.length)))?.entry;
}

const moduleIndex = new Map(CATALOG.flatMap((entry) => entry.modules.filter((m) => !m.endsWith('*')).map((m) => [m, entry] as const)));
/** A family of packages (`@aws-sdk/client-*`: one per AWS service) is one library. */
const FAMILIES = CATALOG.flatMap((entry) => entry.modules.filter((m) => m.endsWith('*')).map((m) => ({ prefix: m.slice(0, -1), entry })));

const escape = (s: string) => (s.endsWith('*') ? `${escapeText(s.slice(0, -1))}[\\w.-]+` : escapeText(s));
const escapeText = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Whether the text imports any catalog module (`from 'p-retry'`, `require('retry')`,
 * `import('ky')`); files that do not skip the library pass. The import context matters: the
 * string 'retry' alone is an event name as often as a module.
 */
const importOfAny = (modules: readonly string[]) => new RegExp(`(?:\\bfrom|\\brequire\\s*\\(|\\bimport\\s*\\()\\s*['"](?:node:)?(?:${modules.map(escape).join('|')})['"]`);
const ALWAYS = importOfAny(CATALOG.filter((e) => !e.only).flatMap((e) => e.modules));
/** Entries read only in files that also show their retry option (`maxRetries` for fs). */
const GATED = CATALOG.filter((e) => e.only).map((e) => ({ only: e.only as RegExp, modules: importOfAny(e.modules) }));
export const CATALOG_MODULES: { test(text: string): boolean } = {
  // UNLIMITED_TEXT: an unknown package's client given `maxRetries: Infinity` (libraries-unlimited.ts).
  test: (text) => ALWAYS.test(text) || GATED.some((g) => g.only.test(text) && g.modules.test(text)) || VENDORED_IMPORT.test(text) || UNLIMITED_TEXT.test(text),
};

/** A folder that holds copies of other packages' source, by the usual names. */
const VENDOR_DIR = /(?:^|\/)(?:vendor|vendors|vendored|third[_-]party)\//;
/** An import of a relative path through such a folder (`require('../vendor/retry')`): read further by `vendoredModule`. */
const VENDORED_IMPORT = /(?:\bfrom|\brequire\s*\(|\bimport\s*\()\s*['"]\.{1,2}\/(?:[^'"\n]*\/)?(?:vendor|vendors|vendored|third[_-]party)\/[^'"\n]+['"]/;

/**
 * The catalog module a relative specifier through a vendor folder names: the path after the
 * folder, less its extension, `/index` and a `lib/`/`dist/` entry folder (`../vendor/p-retry`,
 * `./third_party/retry/index.js`, `../vendor/async-retry/lib` → p-retry, retry, async-retry).
 * A path whose rest is not a catalog module (`../vendor/my-utils`) is not one.
 */
export function vendoredModule(specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const match = VENDOR_DIR.exec(specifier);
  if (!match) return undefined;
  let rest = specifier.slice(match.index + match[0].length).replace(/\.(?:[cm]?js|[cm]?ts)$/, '').replace(/\/+$/, '');
  for (const tail of ['/index', '/lib', '/dist', '/src']) if (rest.endsWith(tail)) rest = rest.slice(0, -tail.length);
  if (rest.endsWith('/index')) rest = rest.slice(0, -'/index'.length);
  const entry = libraryOfModule(rest);
  // `retry/lib/retry` (the `retry` package's main file) is `retry`.
  if (!entry && /^(@[\w.-]+\/)?[\w.-]+\/(?:lib|dist|src)\/[\w.-]+$/.test(rest)) {
    const name = rest.split('/').slice(0, rest.startsWith('@') ? 2 : 1).join('/');
    return libraryOfModule(name) ? name : undefined;
  }
  return entry ? rest : undefined;
}

/** The README table: one row per library, from the data above. */
export function catalogTable(): string {
  const rows = CATALOG.map((e) => `| ${e.library} | ${e.recognises} | ${e.noJitter} | ${e.unbounded}${ownerStops(e)} | ${e.defaultAttempts} | ${NO_OPTION[e.withNoOption]} |`);
  return ['| library | retry site | no jitter when | unbounded when | default attempts | with no retry option written |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** The exception libraries/owner-stop.ts makes: a client the code that made it stops. */
function ownerStops(e: CatalogEntry): string {
  if (!e.stops) return '';
  const calls = e.stops.map((name) => `\`${name}()\``);
  const listed = calls.length === 1 ? calls[0] : `${calls.slice(0, -1).join(', ')} or ${calls[calls.length - 1]}`;
  return `, unless the code that made the client calls ${listed} on it`;
}

/** The README's words for `withNoOption`. */
const NO_OPTION: Record<CatalogEntry['withNoOption'], string> = {
  reported: 'the default is read and reported',
  nesting: 'retries: seen inside another retry (no-nested-retry)',
  'no retry': 'no retry',
  'not read': 'not read: the policy may be set elsewhere',
};
