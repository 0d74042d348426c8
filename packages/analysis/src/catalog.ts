/**
 * The library catalog as data: one entry per library, what the analysis recognises, and the
 * defaults that decide a finding when the code writes no option. The README's catalog table
 * is rendered from this list (`catalogTable()`) and a test checks that they match, so the
 * documentation cannot drift from what the analysis does.
 *
 * Every default was read in the library's published source at the version in `checked`
 * (installed from the registry, file named), not taken from memory or docs alone.
 */
export interface CatalogEntry {
  /** The name a site carries (`site.library`) and the README shows. */
  library: string;
  /** Import specifiers (`import … from` / `require()`) that bring the library in. */
  modules: readonly string[];
  /** The call, constructor or option that is a retry site. */
  recognises: string;
  /** When a finding says "no jitter". */
  noJitter: string;
  /** When a finding says "never gives up". */
  unbounded: string;
  /** Attempts (first call included) when the code sets none. */
  defaultAttempts: string;
  /** A plain call retries with no retry option written: inside another retry it is a nested retry. */
  retriesByDefault: boolean;
  /** What the message calls such a site ("This … "). */
  noun: string;
  /** How to get jitter in this library (require-jitter's message). */
  jitterFix: string;
  /** package@version and file the defaults were read from. */
  checked: string;
  /**
   * Text a file must also contain for the library's calls to be read: a module most files
   * import (`fs`) is a retry only with its retry option written.
   */
  only?: RegExp;
}

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
  },
  {
    library: 'got',
    modules: ['got'],
    recognises: '`retry` option of a request or `got.extend()`',
    noJitter: 'custom `calculateDelay` without randomness',
    unbounded: '`limit: Infinity`',
    defaultAttempts: '3',
    retriesByDefault: true,
    noun: 'got `retry` option',
    jitterFix: 'Add randomness to `calculateDelay`',
    checked: 'got@16.1.0 dist/source/core/options.js',
  },
  {
    library: 'ky',
    modules: ['ky'],
    recognises: '`retry` option of a request or `ky.create()`',
    noJitter: '`jitter` not set',
    unbounded: '`limit: Infinity`',
    defaultAttempts: '3',
    retriesByDefault: true,
    noun: 'ky `retry` option',
    jitterFix: 'Set `jitter: true` in the retry options',
    checked: 'ky@2.1.0 distribution/utils/normalize.js',
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
  },
  {
    library: 'ioredis',
    modules: ['ioredis'],
    recognises: '`retryStrategy` / `clusterRetryStrategy` / `sentinelRetryStrategy` option of `new Redis()` / `new Cluster()`',
    noJitter: 'the strategy returns a delay without randomness',
    unbounded: 'the strategy always returns a number',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'ioredis retry strategy',
    jitterFix: 'Add `Math.random()` to the delay the strategy returns',
    checked: 'ioredis@6.0.0 built/redis/RedisOptions.js',
  },
  {
    library: 'redis',
    modules: ['redis', '@redis/client'],
    recognises: '`socket.reconnectStrategy` option of `createClient()`',
    noJitter: 'a number, or a function returning a delay without randomness',
    unbounded: 'a number, or a function that never returns `false` or an Error',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'node-redis reconnect strategy',
    jitterFix: 'Add `Math.random()` to the delay the strategy returns',
    checked: '@redis/client@6.3.1 dist/lib/client/socket.js',
  },
  {
    library: 'mqtt',
    modules: ['mqtt'],
    recognises: '`reconnectPeriod` option of `mqtt.connect()`',
    noJitter: 'always (a fixed period)',
    unbounded: 'always (reconnects until `end()`)',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'mqtt `reconnectPeriod`',
    jitterFix: 'Reconnect yourself with a jittered backoff (`reconnectPeriod: 0`)',
    checked: 'mqtt@5.16.0 build/lib/client.js',
  },
  {
    library: 'socket.io-client',
    modules: ['socket.io-client'],
    recognises: '`reconnection*` options of `io()` / `new Manager()`',
    noJitter: '`randomizationFactor: 0` (default 0.5)',
    unbounded: 'no `reconnectionAttempts` (default Infinity)',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'socket.io reconnection',
    jitterFix: 'Keep `randomizationFactor` above 0',
    checked: 'socket.io-client@4.8.4 build/esm/manager.js',
  },
  {
    library: '@tanstack/query',
    modules: ['@tanstack/query-core', '@tanstack/react-query', '@tanstack/vue-query', '@tanstack/solid-query', '@tanstack/svelte-query', 'react-query'],
    recognises: '`retry` / `retryDelay` in query options, `useQuery()`, `new QueryClient({ defaultOptions })`, `client.fetchQuery()` / `prefetchQuery()` / `ensureQueryData()` on a `QueryClient` or `useQueryClient()`',
    noJitter: 'default `retryDelay` (`min(1000 × 2^n, 30 s)`), or one without randomness',
    unbounded: '`retry: true` or `retry: Infinity`',
    defaultAttempts: '4 (queries), 1 (mutations, imperative fetches)',
    retriesByDefault: false,
    noun: 'query `retry` option',
    jitterFix: 'Give `retryDelay` a function that adds randomness',
    checked: '@tanstack/query-core@5.108.0 src/retryer.ts, src/queryClient.ts',
  },
  {
    library: 'swr',
    modules: ['swr'],
    recognises: '`onErrorRetry`, `errorRetryCount`, `errorRetryInterval` of `useSWR()` / `<SWRConfig value>`',
    noJitter: 'a custom `onErrorRetry` whose wait has no randomness',
    unbounded: 'no `errorRetryCount` (default: no limit)',
    defaultAttempts: 'unbounded',
    retriesByDefault: false,
    noun: 'SWR error retry',
    jitterFix: 'Add `Math.random()` to the wait of `onErrorRetry`',
    checked: 'swr@2.5.1 dist/config-context-ext53wcz.mjs',
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
  },
  {
    library: '@nestjs/typeorm',
    modules: ['@nestjs/typeorm'],
    recognises: '`retryAttempts` / `retryDelay` of `TypeOrmModule.forRoot()`',
    noJitter: 'always (a fixed `retryDelay`, default 3000 ms)',
    unbounded: '`retryAttempts: Infinity`',
    defaultAttempts: '10',
    retriesByDefault: false,
    noun: 'TypeORM connection retry',
    jitterFix: 'Retry the connection yourself with jitter',
    checked: '@nestjs/typeorm@12.0.2 dist/common/typeorm.utils.js',
  },
  {
    library: '@nestjs/mongoose',
    modules: ['@nestjs/mongoose'],
    recognises: '`retryAttempts` / `retryDelay` of `MongooseModule.forRoot()`',
    noJitter: 'always (a fixed `retryDelay`, default 3000 ms)',
    unbounded: '`retryAttempts: Infinity`',
    defaultAttempts: '9',
    retriesByDefault: false,
    noun: 'Mongoose connection retry',
    jitterFix: 'Retry the connection yourself with jitter',
    checked: '@nestjs/mongoose@12.0.0 dist/common/mongoose.utils.js',
  },
  {
    library: 'cassandra-driver',
    modules: ['cassandra-driver'],
    recognises: '`new ConstantReconnectionPolicy(ms)`, `new ExponentialReconnectionPolicy(base, max)`',
    noJitter: '`ConstantReconnectionPolicy` (Exponential adds ±15 %)',
    unbounded: 'always (reconnects to a host until it is back)',
    defaultAttempts: 'unbounded (reconnects)',
    retriesByDefault: false,
    noun: 'cassandra-driver reconnection policy',
    jitterFix: 'Use `ExponentialReconnectionPolicy`, which adds jitter',
    checked: 'cassandra-driver@4.10.0 lib/policies/reconnection.js',
  },
  {
    library: '@upstash/redis',
    modules: ['@upstash/redis'],
    recognises: '`retry` option of `new Redis()` / `Redis.fromEnv()`; its commands retry by default',
    noJitter: 'default `backoff` (`exp(n) × 50`), or one without randomness',
    unbounded: '`retries: Infinity`',
    defaultAttempts: '6',
    retriesByDefault: true,
    noun: '@upstash/redis `retry` option',
    jitterFix: 'Pass a `backoff` that adds randomness',
    checked: '@upstash/redis@1.39.0 chunk-4WQYU7T6.mjs (HttpClient)',
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
    only: /\bmaxRetries\b/,
  },
];

const byName = new Map(CATALOG.map((entry) => [entry.library, entry]));

export function catalogEntry(library: string | undefined): CatalogEntry | undefined {
  return library === undefined ? undefined : byName.get(library);
}

/** The library an import specifier belongs to. */
export function libraryOfModule(module: string): CatalogEntry | undefined {
  return moduleIndex.get(module);
}

const moduleIndex = new Map(CATALOG.flatMap((entry) => entry.modules.map((m) => [m, entry] as const)));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

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
  test: (text) => ALWAYS.test(text) || GATED.some((g) => g.only.test(text) && g.modules.test(text)),
};

/** The README table: one row per library, from the data above. */
export function catalogTable(): string {
  const rows = CATALOG.map((e) => `| ${e.library} | ${e.recognises} | ${e.noJitter} | ${e.unbounded} | ${e.defaultAttempts} |`);
  return ['| library | retry site | no jitter when | unbounded when | default attempts |', '|---|---|---|---|---|', ...rows].join('\n');
}
