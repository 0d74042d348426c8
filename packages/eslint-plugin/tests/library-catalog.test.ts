import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

/**
 * The library catalog, library by library: the default configuration, jitter configured, a
 * bound and no bound. Each case labels the lines a rule must report with a trailing
 * `// expect: rule, rule` (the fixtures' convention); every other line must be silent. A few
 * cases also pin the whole message, where the wording carries the policy read.
 */
interface Case {
  name: string;
  code: string;
  messages?: Record<string, string>;
  /** JSX needs a .tsx name for the TypeScript parser. */
  jsx?: boolean;
}

const RULES = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'] as const;

const linter = new Linter({ configType: 'flat' });
const config: Linter.Config[] = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tsParser as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { 'retry-hygiene': plugin as never },
    rules: Object.fromEntries(RULES.map((r) => [`retry-hygiene/${r}`, 'error'])),
  },
];

function lint(code: string, jsx = false): Linter.LintMessage[] {
  return linter.verify(code, config, jsx ? 'case.tsx' : 'case.ts');
}

function expected(code: string): string[] {
  const keys: string[] = [];
  code.split('\n').forEach((line, i) => {
    const m = /\/\/ expect: (.*)$/.exec(line);
    for (const rule of m?.[1]?.split(',').map((r) => r.trim()) ?? []) keys.push(`${i + 1}:${rule}`);
  });
  return keys.sort();
}

const cases: Record<string, Case[]> = {
  async: [
    { name: 'default: 5 attempts at once', code: `import async from 'async';\nasync.retry(task, done); // expect: no-fixed-sleep-retry` },
    { name: 'fixed interval', code: `import { retry } from 'async';\nretry({ times: 3, interval: 200 }, task, done); // expect: no-fixed-sleep-retry` },
    { name: 'interval function without randomness', code: `import async from 'async';\nasync.retry({ times: 4, interval: (n) => 100 * 2 ** n }, task, done); // expect: require-jitter` },
    { name: 'interval function with randomness', code: `import async from 'async';\nasync.retry({ times: 4, interval: (n) => Math.random() * 100 * 2 ** n }, task, done);` },
    { name: 'unbounded', code: `import async from 'async';\nasync.retry({ times: Infinity, interval: (n) => Math.random() * 1000 }, task, done); // expect: no-unbounded-retry` },
    { name: "a caller's options first of three arguments are not the task", code: `import async from 'async';\nexport function run(opts, task, done) {\n  async.retry(opts, task, done);\n}` },
    { name: "retryable with a caller's options first", code: `import retryable from 'async/retryable';\nexport const wrap = (opts, task) => retryable(opts, task);` },
    { name: "Babel's interop wrapper of a require, called through a sequence", code: `var _retry = _interopRequireDefault(require('async/retry'));\nfunction _interopRequireDefault(obj) { return obj && obj.__esModule ? obj : { default: obj }; }\n(0, _retry.default)({ times: 3, interval: 500 }, task, done); // expect: no-fixed-sleep-retry` },
    { name: "TypeScript's __importDefault of a require, the wrapped variable passed in", code: `const async_1 = require('async');\nconst async_2 = __importDefault(async_1);\nasync_2.default.retry({ times: 3, interval: (n) => 100 * 2 ** n }, task, done); // expect: require-jitter` },
    { name: 'an interop wrapper of a module outside the catalog', code: `var _retry = _interopRequireDefault(require('./my-retry'));\n(0, _retry.default)({ times: 3, interval: 500 }, task, done);` },
    { name: 'retryable without options: at once, 5 attempts', code: `import retryable from 'async/retryable';\nexport const wrap = (task) => retryable(task); // expect: no-fixed-sleep-retry` },
  ],
  'promise-retry': [
    { name: 'default: exponential, no jitter', code: `import promiseRetry from 'promise-retry';\npromiseRetry((retry) => op().catch(retry)); // expect: require-jitter` },
    { name: 'randomize', code: `import promiseRetry from 'promise-retry';\npromiseRetry((retry) => op().catch(retry), { retries: 3, randomize: true });` },
    { name: 'options first, forever', code: `import promiseRetry from 'promise-retry';\npromiseRetry({ forever: true, randomize: true }, (retry) => op().catch(retry)); // expect: no-unbounded-retry` },
  ],
  backoff: [
    {
      name: 'default exponential: no jitter, no failAfter',
      code: `import backoff from 'backoff';\nconst b = backoff.exponential({ initialDelay: 10, maxDelay: 1000 }); // expect: require-jitter, no-unbounded-retry\nb.on('ready', () => op());`,
      messages: { 'no-unbounded-retry': 'This `backoff` instance never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.' },
    },
    { name: 'randomised and bounded', code: `import backoff from 'backoff';\nconst b = backoff.fibonacci({ randomisationFactor: 0.5 });\nb.failAfter(10);` },
    { name: 'backoff.call with failAfter', code: `import backoff from 'backoff';\nconst call = backoff.call(op, done); // expect: require-jitter\ncall.failAfter(5);\ncall.start();` },
  ],
  '@lifeomic/attempt': [
    { name: 'default: fixed 200 ms, 3 attempts', code: `import { retry } from '@lifeomic/attempt';\nretry(() => op()); // expect: no-fixed-sleep-retry` },
    { name: 'factor and jitter', code: `import { retry } from '@lifeomic/attempt';\nretry(() => op(), { delay: 100, factor: 2, jitter: true, maxAttempts: 5 });` },
    { name: 'maxAttempts 0 is no limit', code: `import { retry } from '@lifeomic/attempt';\nretry(() => op(), { factor: 2, jitter: true, maxAttempts: 0 }); // expect: no-unbounded-retry` },
    // A context whose abort() ends the retry is handed to beforeAttempt and handleError: a stop of unknown kind.
    { name: 'maxAttempts 0 with a beforeAttempt that may abort', code: `import { retry } from '@lifeomic/attempt';\nretry(() => op(), { factor: 2, jitter: true, maxAttempts: 0, beforeAttempt: (context) => { if (!open) context.abort(); } });` },
    { name: 'maxAttempts 0 with a handleError that may abort', code: `import { retry } from '@lifeomic/attempt';\nretry(() => op(), { factor: 2, jitter: true, maxAttempts: 0, handleError: (err, context) => { if (err.fatal) context.abort(); } });` },
  ],
  '@retry-hygiene/retry': [
    { name: 'defaults: 3 attempts, exponential, full jitter', code: `import { retry } from '@retry-hygiene/retry';\nretry(() => op());` },
    {
      name: "jitter: 'none' on a growing backoff",
      code: `import { retry } from '@retry-hygiene/retry';\nretry(() => op(), { maxAttempts: 4, jitter: 'none' }); // expect: require-jitter`,
      messages: { 'require-jitter': "This retry() call backs off by 100 ms × 2^n, capped at 20 s without jitter (up to 4 attempts). Remove `jitter: 'none'`." },
    },
    {
      name: "jitter: 'none' on a constant wait",
      code: `import { retry } from '@retry-hygiene/retry';\nretry(() => op(), { baseMs: 500, factor: 1, jitter: 'none' }); // expect: no-fixed-sleep-retry`,
      messages: { 'no-fixed-sleep-retry': "This retry() call waits a fixed 500 ms between attempts (up to 3 attempts), so clients that failed together retry in lockstep. Remove `jitter: 'none'`: retry() adds full jitter by default." },
    },
    { name: 'one attempt is no retry', code: `import { retry } from '@retry-hygiene/retry';\nimport pRetry from 'p-retry';\nretry(() => pRetry(() => op(), { retries: 3, randomize: true }), { maxAttempts: 1 });` },
    {
      name: 'around a retrying call: nested',
      code: `import { retry } from '@retry-hygiene/retry';\nimport pRetry from 'p-retry';\nretry(() => pRetry(() => op(), { retries: 3, randomize: true })); // expect: no-nested-retry`,
      messages: { 'no-nested-retry': 'This retry() call retries code that retries again (p-retry, line 3): up to 3 × 4 = 12 calls per request. Retry at one layer only.' },
    },
  ],
  'ts-retry-promise': [
    { name: 'default: fixed 100 ms', code: `import { retry } from 'ts-retry-promise';\nretry(() => op()); // expect: no-fixed-sleep-retry` },
    { name: 'exponential backoff', code: `import { retry } from 'ts-retry-promise';\nretry(() => op(), { backoff: 'LINEAR' }); // expect: require-jitter` },
    { name: 'infinitely within the default 60 s timeout is bounded', code: `import { retry } from 'ts-retry-promise';\nretry(() => op(), { retries: 'INFINITELY', backoff: (n, d) => Math.random() * d * n });` },
    { name: 'infinitely without timeout', code: `import { retry } from 'ts-retry-promise';\nretry(() => op(), { retries: 'INFINITELY', timeout: 'INFINITELY', backoff: (n, d) => Math.random() * d * n }); // expect: no-unbounded-retry` },
  ],
  'fetch-retry': [
    { name: 'default: fixed 1 s', code: `import fetchRetry from 'fetch-retry';\nconst f = fetchRetry(fetch); // expect: no-fixed-sleep-retry` },
    { name: 'jittered delay function', code: `import fetchRetry from 'fetch-retry';\nconst f = fetchRetry(fetch, { retries: 5, retryDelay: (n) => Math.random() * 1000 * 2 ** n });` },
    { name: 'unbounded', code: `import fetchRetry from 'fetch-retry';\nconst f = fetchRetry(fetch, { retries: Infinity, retryDelay: (n) => Math.random() * 1000 }); // expect: no-unbounded-retry` },
    {
      name: 'its fetch inside a retry loop is a nested retry',
      code: `import fetchRetry from 'fetch-retry';\nconst f = fetchRetry(fetch, { retryDelay: (n) => Math.random() * 100 });\nasync function load() {\n  for (let i = 0; i < 3; i++) { // expect: no-nested-retry\n    try { return await f('/x'); } catch { await sleep(Math.random() * 100); }\n  }\n}`,
    },
  ],
  'retry-axios': [
    { name: 'default: exponential, no jitter', code: `import * as rax from 'retry-axios';\nrax.attach(); // expect: require-jitter` },
    { name: 'full jitter configured', code: `import * as rax from 'retry-axios';\nimport axios from 'axios';\nconst client = axios.create({ raxConfig: { retry: 5, jitter: 'full' } });\nrax.attach(client);` },
    { name: 'static delay', code: `import * as rax from 'retry-axios';\nimport axios from 'axios';\naxios.defaults.raxConfig = { backoffType: 'static', retryDelay: 500 };\nrax.attach(); // expect: no-fixed-sleep-retry` },
  ],
  'retry-as-promised': [
    { name: 'default backoff: 1.1^n, no jitter', code: `import retryAsPromised from 'retry-as-promised';\nretryAsPromised(() => op(), { max: 5 }); // expect: require-jitter` },
    { name: 'jitter', code: `import retryAsPromised from 'retry-as-promised';\nretryAsPromised(() => op(), { max: 5, backoffJitter: 100 });` },
    { name: 'no max: never retries', code: `import retryAsPromised from 'retry-as-promised';\nretryAsPromised(() => op(), {});` },
    { name: 'max Infinity', code: `import retryAsPromised from 'retry-as-promised';\nretryAsPromised(() => op(), { max: Infinity, backoffJitter: 50 }); // expect: no-unbounded-retry` },
  ],
  superagent: [
    { name: '.retry(n) re-sends at once', code: `import request from 'superagent';\nrequest.get('/x').set('a', 'b').retry(3).end(done); // expect: no-fixed-sleep-retry` },
    { name: 'not superagent', code: `const request = makeClient();\nrequest.get('/x').retry(3);` },
    { name: '.retry(0) does not retry', code: `import request from 'superagent';\nrequest.get('/x').retry(0);` },
  ],
  undici: [
    { name: 'RetryAgent default: exponential, no jitter', code: `import { Agent, RetryAgent } from 'undici';\nconst agent = new RetryAgent(new Agent()); // expect: require-jitter` },
    { name: 'interceptors.retry with a constant wait', code: `import { interceptors } from 'undici';\nconst i = interceptors.retry({ minTimeout: 1000, timeoutFactor: 1 }); // expect: no-fixed-sleep-retry` },
    { name: 'unbounded', code: `import { Agent, RetryAgent } from 'undici';\nconst agent = new RetryAgent(new Agent(), { maxRetries: Infinity }); // expect: require-jitter, no-unbounded-retry` },
  ],
  ioredis: [
    {
      name: 'linear strategy that always returns a number',
      code: `import Redis from 'ioredis';\nconst r = new Redis({ retryStrategy: (times) => Math.min(times * 50, 2000) }); // expect: require-jitter, no-unbounded-retry`,
      messages: { 'require-jitter': 'This ioredis retry strategy backs off by a linear 50 ms × n, capped at 2 s without jitter (no limit on attempts). Add `Math.random()` to the delay the strategy returns (with none written, set a `retryStrategy`, or a cluster\'s `clusterRetryStrategy`, that does).' },
    },
    { name: 'returns null after 10: bounded', code: `import Redis from 'ioredis';\nconst r = new Redis({\n  retryStrategy(times) { // expect: require-jitter\n    if (times > 10) return null;\n    return Math.min(times * 100, 3000);\n  },\n});` },
    { name: 'jittered and bounded', code: `import Redis from 'ioredis';\nconst r = new Redis(6379, 'h', { retryStrategy: (t) => (t > 5 ? null : Math.random() * 100 * 2 ** t) });` },
    { name: 'a fixed wait forever', code: `import { Cluster } from 'ioredis';\nconst c = new Cluster([], { clusterRetryStrategy: () => 1000 }); // expect: no-fixed-sleep-retry, no-unbounded-retry` },
    {
      name: 'no option: the default reconnects forever (jittered since ioredis 6)',
      code: `import Redis from 'ioredis';\nconst r = new Redis(); // expect: no-unbounded-retry`,
      messages: { 'no-unbounded-retry': "This ioredis client's default reconnection never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time." },
    },
    { name: 'a URL from the environment: the default', code: `import Redis from 'ioredis';\nconst r = new Redis(process.env.REDIS_URL); // expect: no-unbounded-retry` },
    { name: 'options without a strategy: the default', code: `import { Redis } from 'ioredis';\nconst r = new Redis({ host: 'h', port: 6379 }); // expect: no-unbounded-retry` },
    { name: 'options the file cannot read may set a strategy: not reported', code: `import Redis from 'ioredis';\nexport const make = (options) => new Redis(options);` },
  ],
  redis: [
    { name: 'a number: fixed, forever', code: `import { createClient } from 'redis';\nconst c = createClient({ socket: { reconnectStrategy: 1000 } }); // expect: no-fixed-sleep-retry, no-unbounded-retry` },
    { name: 'false: no reconnect', code: `import { createClient } from 'redis';\nconst c = createClient({ socket: { reconnectStrategy: false } });` },
    { name: 'gives up with an Error, jittered', code: `import { createClient } from '@redis/client';\nconst c = createClient({ socket: { reconnectStrategy: (retries) => (retries > 20 ? new Error('gave up') : Math.random() * 500 + retries * 100) } });` },
    { name: 'no strategy written: the default (jittered) reconnects forever', code: `import { createClient } from 'redis';\nconst c = createClient({ url: process.env.REDIS_URL }); // expect: no-unbounded-retry` },
    { name: 'a socket without a strategy: the default', code: `import { createClient } from 'redis';\nconst c = createClient({ socket: { host: 'h', port: 6379 } }); // expect: no-unbounded-retry` },
    { name: 'options the file cannot read: not reported', code: `import { createClient } from 'redis';\nexport const make = (options) => createClient(options);` },
    { name: 'exponential, no jitter, forever', code: `import { createClient } from 'redis';\nconst c = createClient({ socket: { reconnectStrategy: (retries) => Math.min(2 ** retries * 50, 5000) } }); // expect: require-jitter, no-unbounded-retry` },
  ],
  mqtt: [
    { name: 'reconnectPeriod: fixed, forever', code: `import mqtt from 'mqtt';\nconst c = mqtt.connect('mqtt://h', { reconnectPeriod: 5000 }); // expect: no-fixed-sleep-retry, no-unbounded-retry` },
    { name: 'reconnectPeriod 0 disables reconnecting', code: `import mqtt from 'mqtt';\nconst c = mqtt.connect('mqtt://h', { reconnectPeriod: 0 });` },
    { name: 'no reconnectPeriod written: the default, every 1000 ms, forever', code: `import mqtt from 'mqtt';\nconst c = mqtt.connect('mqtt://h', { keepalive: 30 }); // expect: no-fixed-sleep-retry, no-unbounded-retry` },
    { name: 'connect(url, options) with options the file cannot read: not reported', code: `import mqtt from 'mqtt';\nexport const open = (url, options) => mqtt.connect(url, options);` },
  ],
  'socket.io-client': [
    { name: 'default attempts: forever (jittered)', code: `import { io } from 'socket.io-client';\nconst s = io('/ns', { reconnectionDelay: 2000 }); // expect: no-unbounded-retry` },
    { name: 'bounded and jittered', code: `import { io } from 'socket.io-client';\nconst s = io('/ns', { reconnectionAttempts: 10 });` },
    { name: 'randomizationFactor 0', code: `import { Manager } from 'socket.io-client';\nconst m = new Manager('/x', { reconnectionAttempts: 5, randomizationFactor: 0 }); // expect: require-jitter` },
    { name: 'reconnection off', code: `import { io } from 'socket.io-client';\nconst s = io('/ns', { reconnection: false, reconnectionDelay: 10 });` },
    {
      name: 'io(url) with no option: the same endless reconnection',
      code: `import { io } from 'socket.io-client';\nconst s = io('https://h'); // expect: no-unbounded-retry`,
      messages: { 'no-unbounded-retry': "This socket.io client's default reconnection never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time." },
    },
    { name: 'io(url, options) without reconnection options: the default', code: `import { io } from 'socket.io-client';\nconst s = io('https://h', { transports: ['websocket'] }); // expect: no-unbounded-retry` },
    { name: 'options the file cannot read: not reported', code: `import { io } from 'socket.io-client';\nexport const connect = (url, options) => io(url, options);` },
  ],
  '@tanstack/query': [
    {
      name: 'retry count with the default delay',
      code: `import { useQuery } from '@tanstack/react-query';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: 5 }); // expect: require-jitter`,
      messages: { 'require-jitter': 'This query `retry` option backs off by 1 s × 2^n, capped at 30 s without jitter, the library default (up to 6 attempts). Give `retryDelay` a function that adds randomness.' },
    },
    { name: 'retry: true with a fixed delay', code: `import { useQuery } from '@tanstack/react-query';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: true, retryDelay: 1000 }); // expect: no-fixed-sleep-retry, no-unbounded-retry` },
    { name: 'jittered retryDelay', code: `import { QueryClient } from '@tanstack/query-core';\nconst qc = new QueryClient({ defaultOptions: { queries: { retryDelay: (n) => Math.random() * Math.min(1000 * 2 ** n, 30000) } } });` },
    { name: 'defaultOptions with the default delay', code: `import { QueryClient } from '@tanstack/react-query';\nconst qc = new QueryClient({ defaultOptions: { queries: { retry: 2 } } }); // expect: require-jitter` },
    { name: 'mutations do not retry unless told', code: `import { useMutation } from '@tanstack/react-query';\nexport const useM = () => useMutation({ mutationFn: save, retryDelay: 500 });` },
    { name: 'retry: false', code: `import { useQuery } from '@tanstack/react-query';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: false });` },
    { name: 'retryDelay: an imported name, which may be a function: no wait is claimed', code: `import { useQuery } from '@tanstack/react-query';\nimport { backoff } from './backoff';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: 5, retryDelay: backoff });` },
    { name: 'retryDelay: a constant of the file is a fixed wait', code: `import { useQuery } from '@tanstack/react-query';\nconst PAUSE = 2000;\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: 5, retryDelay: PAUSE }); // expect: no-fixed-sleep-retry` },
    {
      name: 'retry: a predicate of the failure count, asked from 0: its limit',
      code: `import { useQuery } from '@tanstack/react-query';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: (failures) => failures < 2 }); // expect: require-jitter`,
      messages: { 'require-jitter': 'This query `retry` option backs off by 1 s × 2^n, capped at 30 s without jitter, the library default (up to 3 attempts). Give `retryDelay` a function that adds randomness.' },
    },
    {
      name: 'retry: a limit on the count before a look at the error',
      code: `import { useQuery } from '@tanstack/react-query';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: (count, error) => { if (count > 4) return false; return error.status >= 500; } }); // expect: require-jitter`,
      messages: { 'require-jitter': 'This query `retry` option backs off by 1 s × 2^n, capped at 30 s without jitter, the library default (up to 6 attempts). Give `retryDelay` a function that adds randomness.' },
    },
    {
      name: 'retry: a yes for some errors before the limit: no count claimed',
      code: `import { useQuery } from '@tanstack/react-query';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: (count, error) => { if (error.name === 'NetworkError') return true; return count < 3; } }); // expect: require-jitter`,
      messages: { 'require-jitter': 'This query `retry` option backs off by 1 s × 2^n, capped at 30 s without jitter, the library default (an unknown number of attempts). Give `retryDelay` a function that adds randomness.' },
    },
    { name: 'retry: a function that always answers false, as retry: false', code: `import { useQuery } from '@tanstack/react-query';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: () => false });` },
    { name: 'retry: a function whose every return is true, as retry: true', code: `import { useQuery } from '@tanstack/react-query';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: function () { return true; }, retryDelay: 1000 }); // expect: no-fixed-sleep-retry, no-unbounded-retry` },
    { name: 'retry: a function that answers by the count: not a constant', code: `import { useQuery } from '@tanstack/react-query';\nexport const useA = () => useQuery({ queryKey: ['a'], queryFn: load, retry: (n) => { if (n > 2) return false; return true; } }); // expect: require-jitter` },
    {
      name: 'a bare QueryClient: its queries keep the default delay without jitter',
      code: `import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient(); // expect: require-jitter`,
      messages: { 'require-jitter': "This QueryClient's default query retry backs off by 1 s × 2^n, capped at 30 s without jitter, the library default (up to 4 attempts). Give `retryDelay` a function that adds randomness." },
    },
    { name: 'defaultOptions that leave the retry alone: the default', code: `import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 60000 } } }); // expect: require-jitter` },
    { name: 'defaultOptions with retry: false', code: `import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });` },
    { name: 'a client config the file cannot read: not reported', code: `import { QueryClient } from '@tanstack/react-query';\nexport const make = (config) => new QueryClient(config);` },
    { name: 'fetchQuery on a client made here: retry written, default delay', code: `import { QueryClient } from '@tanstack/query-core';\nconst qc = new QueryClient(); // expect: require-jitter\nexport const get = () => qc.fetchQuery({ queryKey: ['a'], queryFn: load, retry: 3 }); // expect: require-jitter` },
    { name: 'prefetchQuery from useQueryClient(), retry: true with a fixed delay', code: `import { useQueryClient } from '@tanstack/react-query';\nexport function usePrefetch() {\n  const client = useQueryClient();\n  return () => client.prefetchQuery({ queryKey: ['a'], queryFn: load, retry: true, retryDelay: 500 }); // expect: no-fixed-sleep-retry, no-unbounded-retry\n}` },
    { name: 'imperative fetches do not retry unless told', code: `import { QueryClient } from '@tanstack/query-core';\nconst qc = new QueryClient({ defaultOptions: { queries: { retryDelay: (n) => Math.random() * 1000 * 2 ** n } } });\nexport const get = () => qc.fetchQuery({ queryKey: ['a'], queryFn: load, retryDelay: 500 });` },
    { name: 'fetchQuery on something that is not a query client', code: `import { QueryClient } from '@tanstack/query-core';\nconst qc = makeClient();\nexport const get = () => qc.fetchQuery({ queryKey: ['a'], queryFn: load, retry: true });` },
  ],
  swr: [
    { name: 'errorRetryInterval without errorRetryCount: forever (jittered)', code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { errorRetryInterval: 1000 }); // expect: no-unbounded-retry` },
    { name: 'errorRetryCount', code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { errorRetryCount: 3 });` },
    { name: 'shouldRetryOnError: a function that always answers false, as false', code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { shouldRetryOnError: () => false });` },
    { name: 'an onErrorRetry that never calls the revalidate it is handed: no retry', code: `import useSWR from 'swr';\nlet last;\nexport const useA = () => useSWR('/a', load, { onErrorRetry: (err, key) => { last = key; } });` },
    { name: 'an onErrorRetry that revalidates after a fixed wait', code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { onErrorRetry: (err, key, config, revalidate) => { setTimeout(() => revalidate(), 50); } }); // expect: no-fixed-sleep-retry, no-unbounded-retry` },
    {
      name: 'useSWR(key, fetcher): the default retries for as long as it fails',
      code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load); // expect: no-unbounded-retry`,
      messages: { 'no-unbounded-retry': "This SWR hook's default error retry never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time." },
    },
    { name: 'options without retry options: the default', code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { revalidateOnFocus: false }); // expect: no-unbounded-retry` },
    { name: 'shouldRetryOnError: false', code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { shouldRetryOnError: false });` },
    { name: 'options the file cannot read: not reported', code: `import useSWR from 'swr';\nexport const useA = (options) => useSWR('/a', load, options);` },
    { name: 'a null fetcher: a local store, no fetch to retry', code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', null, { fallbackData: 0 });` },
    { name: 'no fetcher written: only a provider\'s would fetch', code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a');` },
    {
      name: 'custom onErrorRetry: fixed wait, gives up after 10',
      code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, {\n  onErrorRetry: (error, key, config, revalidate, { retryCount }) => { // expect: no-fixed-sleep-retry\n    if (retryCount >= 10) return;\n    setTimeout(() => revalidate({ retryCount }), 5000);\n  },\n});`,
    },
    {
      name: 'custom onErrorRetry that never stops',
      code: `import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, {\n  onErrorRetry: (error, key, config, revalidate, { retryCount }) => { // expect: require-jitter, no-unbounded-retry\n    setTimeout(() => revalidate({ retryCount }), 1000 * 2 ** retryCount);\n  },\n});`,
    },
    { name: '<SWRConfig value> with errorRetryInterval and no count: forever', jsx: true, code: `import { SWRConfig } from 'swr';\nexport const App = ({ children }) => <SWRConfig value={{ errorRetryInterval: 2000 }}>{children}</SWRConfig>; // expect: no-unbounded-retry` },
    { name: '<SWRConfig value> through a const, with a count', jsx: true, code: `import { SWRConfig } from 'swr';\nconst swrOptions = { errorRetryCount: 4 };\nexport const App = ({ children }) => <SWRConfig value={swrOptions}>{children}</SWRConfig>;` },
    { name: 'an element named SWRConfig that is not swr’s', jsx: true, code: `import useSWR from 'swr';\nimport { SWRConfig } from './my-config';\nexport const useA = () => useSWR('/a', load); // expect: no-unbounded-retry\nexport const App = ({ children }) => <SWRConfig value={{ errorRetryInterval: 2000 }}>{children}</SWRConfig>;` },
  ],
  '@reduxjs/toolkit': [
    { name: 'default backoff is jittered', code: `import { retry, fetchBaseQuery } from '@reduxjs/toolkit/query';\nconst q = retry(fetchBaseQuery({ baseUrl: '/' }), { maxRetries: 3 });` },
    { name: 'custom linear backoff', code: `import { retry, fetchBaseQuery } from '@reduxjs/toolkit/query/react';\nconst q = retry(fetchBaseQuery({}), { backoff: async (attempt) => { await new Promise((r) => setTimeout(r, 1000 * attempt)); } }); // expect: require-jitter` },
    { name: 'maxRetries Infinity', code: `import { retry, fetchBaseQuery } from '@reduxjs/toolkit/query';\nconst q = retry(fetchBaseQuery({}), { maxRetries: Infinity }); // expect: no-unbounded-retry` },
  ],
  '@apollo/client': [
    { name: 'defaults: 5 attempts, jittered', code: `import { RetryLink } from '@apollo/client/link/retry';\nconst link = new RetryLink();` },
    { name: 'jitter off', code: `import { RetryLink } from '@apollo/client/link/retry';\nconst link = new RetryLink({ delay: { initial: 500, jitter: false } }); // expect: require-jitter` },
    { name: 'attempts.max Infinity', code: `import { RetryLink } from '@apollo/client';\nconst link = new RetryLink({ attempts: { max: Infinity } }); // expect: no-unbounded-retry` },
  ],
  '@urql/exchange-retry': [
    { name: 'defaults: jittered, 2 attempts', code: `import { retryExchange } from '@urql/exchange-retry';\nconst ex = retryExchange({});` },
    { name: 'randomDelay false: linear', code: `import { retryExchange } from '@urql/exchange-retry';\nconst ex = retryExchange({ randomDelay: false, maxNumberAttempts: 5 }); // expect: require-jitter` },
    { name: 'maxNumberAttempts Infinity', code: `import { retryExchange } from '@urql/exchange-retry';\nconst ex = retryExchange({ maxNumberAttempts: Infinity }); // expect: no-unbounded-retry` },
  ],
  'graphql-ws': [
    { name: 'retryAttempts with the default (jittered) wait', code: `import { createClient } from 'graphql-ws';\nconst c = createClient({ url: 'wss://x', retryAttempts: 10 });` },
    { name: 'retryWait without randomness', code: `import { createClient } from 'graphql-ws';\nconst c = createClient({\n  url: 'wss://x',\n  retryWait: async (retries) => { // expect: require-jitter\n    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** retries));\n  },\n});` },
    { name: 'no retry option: the defaults (5 retries, randomised) break no rule', code: `import { createClient } from 'graphql-ws';\nexport const c = createClient({ url: 'wss://x' });` },
    { name: 'retryAttempts Infinity', code: `import { createClient } from 'graphql-ws';\nconst c = createClient({ url: 'wss://x', retryAttempts: Infinity }); // expect: no-unbounded-retry` },
  ],
  '@nestjs/typeorm': [
    { name: 'retryDelay written: fixed', code: `import { TypeOrmModule } from '@nestjs/typeorm';\nexport const db = TypeOrmModule.forRoot({ type: 'postgres', retryAttempts: 20, retryDelay: 5000 }); // expect: no-fixed-sleep-retry` },
    { name: 'forRootAsync factory', code: `import { TypeOrmModule } from '@nestjs/typeorm';\nexport const db = TypeOrmModule.forRootAsync({ useFactory: () => ({ type: 'postgres', retryAttempts: Infinity }) }); // expect: no-fixed-sleep-retry, no-unbounded-retry` },
    { name: 'no retry option: the defaults, 10 attempts 3 s apart', code: `import { TypeOrmModule } from '@nestjs/typeorm';\nexport const db = TypeOrmModule.forRoot({ type: 'postgres' }); // expect: no-fixed-sleep-retry` },
    { name: 'options the file cannot read: not reported', code: `import { TypeOrmModule } from '@nestjs/typeorm';\nexport const db = (options) => TypeOrmModule.forRoot(options);` },
  ],
  '@nestjs/mongoose': [
    { name: 'retryAttempts written: the default fixed 3 s', code: `import { MongooseModule } from '@nestjs/mongoose';\nexport const db = MongooseModule.forRoot('mongodb://h', { retryAttempts: 5 }); // expect: no-fixed-sleep-retry` },
    { name: 'retryAttempts 1: no retry', code: `import { MongooseModule } from '@nestjs/mongoose';\nexport const db = MongooseModule.forRoot('mongodb://h', { retryAttempts: 1 });` },
    { name: 'a URI and no retry option: the defaults, 9 attempts 3 s apart', code: `import { MongooseModule } from '@nestjs/mongoose';\nexport const db = MongooseModule.forRoot(process.env.MONGO_URI); // expect: no-fixed-sleep-retry` },
  ],
  'cassandra-driver': [
    { name: 'constant policy', code: `import cassandra from 'cassandra-driver';\nconst p = new cassandra.policies.reconnection.ConstantReconnectionPolicy(1000); // expect: no-fixed-sleep-retry, no-unbounded-retry` },
    { name: 'a Client without a reconnection policy: the default exponential one, endless', code: `import cassandra from 'cassandra-driver';\nexport const client = new cassandra.Client({ contactPoints: ['h'], localDataCenter: 'dc1' }); // expect: no-unbounded-retry` },
    { name: 'a Client with other policies: the default reconnection', code: `import { Client, policies } from 'cassandra-driver';\nexport const client = new Client({ contactPoints: ['h'], policies: { retry: new policies.retry.RetryPolicy() } }); // expect: no-unbounded-retry` },
    { name: 'a Client whose options the file cannot read: not reported', code: `import { Client } from 'cassandra-driver';\nexport const make = (options) => new Client(options);` },
    { name: 'exponential policy: jittered, but endless', code: `import { policies } from 'cassandra-driver';\nconst p = new policies.reconnection.ExponentialReconnectionPolicy(1000, 60000); // expect: no-unbounded-retry` },
  ],
  '@upstash/redis': [
    { name: 'retry written, default backoff', code: `import { Redis } from '@upstash/redis';\nconst r = new Redis({ url: 'u', token: 't', retry: { retries: 3 } }); // expect: require-jitter` },
    { name: 'jittered backoff', code: `import { Redis } from '@upstash/redis';\nconst r = Redis.fromEnv({ retry: { retries: 3, backoff: (n) => Math.random() * 50 * 2 ** n } });` },
    { name: 'retry false', code: `import { Redis } from '@upstash/redis';\nconst r = new Redis({ url: 'u', token: 't', retry: false });` },
    { name: 'no retry option: the default backoff, no jitter', code: `import { Redis } from '@upstash/redis';\nexport const r = Redis.fromEnv(); // expect: require-jitter` },
    { name: 'a config the file cannot read: not reported', code: `import { Redis } from '@upstash/redis';\nexport const make = (config) => new Redis(config);` },
    {
      name: 'a default client inside a retry loop is a nested retry',
      code: `import { Redis } from '@upstash/redis';\nconst redis = new Redis({ url: 'u', token: 't' }); // expect: require-jitter\nexport async function get(k: string) {\n  for (let i = 0; i < 3; i++) { // expect: no-nested-retry\n    try { return await redis.get(k); } catch { await sleep(Math.random() * 200); }\n  }\n}`,
      messages: { 'no-nested-retry': 'This retry loop retries code that retries again (a client configured with @upstash/redis, line 2): up to 3 × 6 = 18 calls per request. Retry at one layer only.' },
    },
  ],
  'node:fs': [
    {
      name: 'fs.promises.rm with maxRetries: a linear wait without jitter',
      code: `import fs from 'node:fs';\nconst rmOptions = { force: true, recursive: true, maxRetries: 10, retryDelay: 100 };\nexport const rm = (path: string) => fs.promises.rm(path, rmOptions); // expect: require-jitter`,
      messages: { 'require-jitter': 'This fs removal retry (`maxRetries`) backs off by a linear 100 ms × n without jitter (up to 11 attempts). Node adds no jitter to `maxRetries`: retry the removal yourself with jittered backoff.' },
    },
    { name: 'rmSync by name, default retryDelay', code: `import { rmSync } from 'fs';\nrmSync(dir, { recursive: true, force: true, maxRetries: 3 }); // expect: require-jitter` },
    { name: 'rm from fs/promises', code: `import { rm } from 'node:fs/promises';\nawait rm(dir, { recursive: true, maxRetries: 2, retryDelay: 50 }); // expect: require-jitter` },
    { name: 'no maxRetries: no retry', code: `import fs from 'fs';\nfs.rmSync(dir, { recursive: true, force: true });` },
    { name: 'maxRetries without recursive is ignored by Node', code: `import fs from 'fs';\nfs.rmSync(file, { force: true, maxRetries: 3 });` },
  ],
  bullmq: [
    { name: 'default: attempts 1, no retry, whatever the backoff', code: `import { Queue } from 'bullmq';\nconst q = new Queue('mail');\nexport const send = () => q.add('send', {}, { backoff: { type: 'exponential', delay: 1000 } });` },
    {
      name: 'exponential without jitter',
      code: `import { Queue } from 'bullmq';\nconst q = new Queue('mail');\nexport const send = () => q.add('send', {}, { attempts: 5, backoff: { type: 'exponential', delay: 1000 } }); // expect: require-jitter`,
      messages: { 'require-jitter': "This BullMQ job retry backs off by 1 s × 2^n without jitter, the library default (up to 5 attempts). Set `jitter: 1` in `backoff` (full jitter, bullmq ≥ 5.54.0); before 5.54.0, or in a worker's `settings.backoffStrategy`, add randomness to the delay the strategy returns." },
    },
    { name: 'exponential with full jitter', code: `import { Queue } from 'bullmq';\nconst q = new Queue('mail');\nexport const send = () => q.add('send', {}, { attempts: 5, backoff: { type: 'exponential', delay: 1000, jitter: 1 } });` },
    { name: 'attempts without a backoff: retried at once', code: `import { Queue } from 'bullmq';\nconst q = new Queue('mail');\nexport const send = () => q.add('send', {}, { attempts: 3 }); // expect: no-fixed-sleep-retry` },
    { name: 'a number backoff is fixed', code: `import { Queue } from 'bullmq';\nconst q = new Queue('mail', { defaultJobOptions: { attempts: 3, backoff: 5000 } }); // expect: no-fixed-sleep-retry` },
    { name: 'a job that leaves them to the defaults is reported once, at the queue', code: `import { Queue } from 'bullmq';\nconst q = new Queue('mail', { defaultJobOptions: { attempts: 3, backoff: { type: 'fixed', delay: 5000 } } }); // expect: no-fixed-sleep-retry\nexport const send = () => q.add('send', {});` },
    { name: 'attempts: Number.MAX_SAFE_INTEGER', code: `import { Queue } from 'bullmq';\nconst q = new Queue('mail');\nexport const send = () => q.add('send', {}, { attempts: Number.MAX_SAFE_INTEGER, backoff: { type: 'exponential', delay: 1000, jitter: 0.5 } }); // expect: no-unbounded-retry` },
    { name: 'a NestJS injected queue (a parameter property typed Queue)', code: `import { InjectQueue } from '@nestjs/bullmq';\nimport { Queue } from 'bullmq';\nexport class Mailer {\n  constructor(@InjectQueue('mail') private readonly queue: Queue) {}\n  send() { return this.queue.add('send', {}, { attempts: 5, backoff: 1000 }); } // expect: no-fixed-sleep-retry\n}` },
    { name: 'addBulk', code: `import { Queue } from 'bullmq';\nconst q = new Queue('mail');\nexport const send = () => q.addBulk([{ name: 'a', data: {}, opts: { attempts: 4, backoff: { type: 'exponential', delay: 500 } } }]); // expect: require-jitter` },
    { name: 'a flow job', code: `import { FlowProducer } from 'bullmq';\nconst flow = new FlowProducer();\nexport const run = () => flow.add({ name: 'a', queueName: 'q', opts: { attempts: 3, backoff: { type: 'fixed', delay: 1000 } } }); // expect: no-fixed-sleep-retry` },
    { name: "a flow's queuesOptions defaultJobOptions", code: `import { FlowProducer } from 'bullmq';\nconst flow = new FlowProducer();\nexport const run = () => flow.add({ name: 'a', queueName: 'q' }, { queuesOptions: { q: { defaultJobOptions: { attempts: 4, backoff: { type: 'exponential', delay: 500 } } } } }); // expect: require-jitter` },
    { name: "a worker's backoffStrategy without randomness", code: `import { Worker } from 'bullmq';\nexport const w = new Worker('q', async () => {}, { settings: { backoffStrategy: (attemptsMade) => attemptsMade * 1000 } }); // expect: require-jitter` },
    { name: "a worker's backoffStrategy with randomness", code: `import { Worker } from 'bullmq';\nexport const w = new Worker('q', async () => {}, { settings: { backoffStrategy: (attemptsMade) => Math.random() * 1000 * 2 ** attemptsMade } });` },
    { name: 'add on something that is not a queue', code: `import { Queue } from 'bullmq';\nconst list = makeList();\nexport const send = () => list.add('send', {}, { attempts: 3 });` },
  ],
  bull: [
    { name: 'default: attempts 1, no retry', code: `import Queue from 'bull';\nconst q = new Queue('mail');\nexport const send = () => q.add({ to: 'a' }, { backoff: 1000 });` },
    {
      name: 'exponential: Bull has no jitter option',
      code: `import Queue from 'bull';\nconst q = new Queue('mail', 'redis://h');\nexport const send = () => q.add({ to: 'a' }, { attempts: 4, backoff: { type: 'exponential', delay: 2000 } }); // expect: require-jitter`,
      messages: { 'require-jitter': "This Bull job retry backs off by 2 s × 2^n without jitter, the library default (up to 4 attempts). Bull has no jitter option: register a strategy that adds randomness in the queue's `settings.backoffStrategies` and name it as the `backoff` type." },
    },
    { name: 'a named job and a fixed backoff, Queue called without new', code: `const Queue = require('bull');\nconst q = Queue('mail');\nexport const send = () => q.add('welcome', { to: 'a' }, { attempts: 3, backoff: { type: 'fixed', delay: 1000 } }); // expect: no-fixed-sleep-retry` },
    { name: 'a custom backoff type is not read', code: `import Queue from 'bull';\nconst q = new Queue('mail', { settings: { backoffStrategies: { jittered: (n) => Math.random() * 1000 * 2 ** n } } });\nexport const send = () => q.add({}, { attempts: 5, backoff: { type: 'jittered' } });` },
    { name: 'add(name, data) has no options', code: `import Queue from 'bull';\nconst q = new Queue('mail');\nexport const send = () => q.add('welcome', { attempts: 3 });` },
  ],
  'bee-queue': [
    { name: 'retries with the default strategy: retried at once', code: `import Queue from 'bee-queue';\nconst queue = new Queue('mail');\nexport const send = () => queue.createJob({}).retries(3).save(); // expect: no-fixed-sleep-retry` },
    { name: 'exponential backoff with no randomness', code: `const Queue = require('bee-queue');\nconst queue = new Queue('mail');\nexports.send = () => queue.createJob({}).backoff('exponential', 1000).retries(5).save(); // expect: require-jitter`, messages: { 'require-jitter': "This Bee-Queue job retry backs off by 1 s × 2^n without jitter (up to 6 attempts). Bee-Queue has no jitter option: register a strategy that adds randomness with `queue.backoffStrategies.set(name, fn)` and name it in `.backoff()`." } },
    { name: 'no retries: the job runs once', code: `import Queue from 'bee-queue';\nconst queue = new Queue('mail');\nexport const send = () => queue.createJob({}).backoff('fixed', 1000).save();` },
  ],
  agenda: [
    { name: 'a constant strategy with no jitter', code: `import { Agenda, constant } from 'agenda';\nconst agenda = new Agenda({ db: { address: 'mongodb://db' } });\nagenda.define('mail', async () => {}, { backoff: constant({ delay: 5000 }) }); // expect: no-fixed-sleep-retry` },
    { name: 'backoffStrategies.exponential, default jitter 0', code: `const { Agenda, backoffStrategies } = require('agenda');\nconst agenda = new Agenda();\nagenda.define('mail', async () => {}, { backoff: backoffStrategies.exponential({ maxRetries: 4 }) }); // expect: require-jitter` },
    { name: 'no backoff: no retry', code: `import { Agenda } from 'agenda';\nconst agenda = new Agenda();\nagenda.define('mail', async () => {});` },
  ],
  'graphile-worker': [
    { name: 'quickAddJob with the default 25 attempts', code: `import { quickAddJob } from 'graphile-worker';\nexport const add = () => quickAddJob({ connectionString: 'postgres://db' }, 'mail', {}); // expect: require-jitter` },
    { name: 'maxAttempts: 1 on the utilities', code: `const { makeWorkerUtils } = require('graphile-worker');\nexports.add = async () => {\n  const utils = await makeWorkerUtils({ connectionString: 'postgres://db' });\n  await utils.addJob('mail', {}, { maxAttempts: 1 });\n};` },
  ],
  '@hubspot/api-client': [
    { name: 'two calls in all: one fixed wait', code: `import { Client } from '@hubspot/api-client';\nexport const hs = new Client({ accessToken: 'token', numberOfApiCallRetries: 2 }); // expect: no-fixed-sleep-retry` },
    { name: 'six calls: a linear wait', code: `const hubspot = require('@hubspot/api-client');\nexports.hs = new hubspot.Client({ accessToken: 'token', numberOfApiCallRetries: 6 }); // expect: require-jitter`, messages: { 'require-jitter': 'This HubSpot client retry backs off by a linear 200 ms × n without jitter, the library default (up to 6 attempts). The HubSpot client has no jitter option: leave `numberOfApiCallRetries` unset and retry the call with a jittered backoff.' } },
    { name: 'no option: no retry', code: `import { Client } from '@hubspot/api-client';\nexport const hs = new Client({ accessToken: 'token' });` },
  ],
  'pg-boss': [
    { name: 'retryLimit with the default delay: retried at once', code: `import { PgBoss } from 'pg-boss';\nconst boss = new PgBoss(process.env.DATABASE_URL);\nexport const send = () => boss.send('email', {}, { retryLimit: 5 }); // expect: no-fixed-sleep-retry` },
    { name: 'a fixed retryDelay on a queue', code: `import PgBoss from 'pg-boss';\nconst boss = new PgBoss('postgres://h');\nexport const setup = () => boss.createQueue('email', { retryLimit: 3, retryDelay: 30 }); // expect: no-fixed-sleep-retry` },
    { name: 'retryBackoff: exponential, half of each wait random', code: `import { PgBoss } from 'pg-boss';\nconst boss = new PgBoss('postgres://h');\nexport const send = () => boss.send('email', {}, { retryLimit: 5, retryDelay: 2, retryBackoff: true });` },
    { name: 'the object form of send', code: `import { PgBoss } from 'pg-boss';\nconst boss = new PgBoss('postgres://h');\nexport const send = () => boss.send({ name: 'email', data: {}, options: { retryLimit: Number.MAX_SAFE_INTEGER, retryBackoff: true } }); // expect: no-unbounded-retry` },
    { name: 'a send with no retry option runs its queue\'s policy: not read', code: `import { PgBoss } from 'pg-boss';\nconst boss = new PgBoss('postgres://h');\nexport const send = () => boss.send('email', {}, { priority: 1 });` },
  ],
  '@aws-sdk/client-*': [
    { name: 'default: 3 attempts, full jitter: nothing to report', code: `import { S3Client } from '@aws-sdk/client-s3';\nexport const s3 = new S3Client({ region: 'eu-west-1' });` },
    {
      name: 'a loop around send() of a default client is a nested retry',
      code: `import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';\nconst s3 = new S3Client({});\nexport async function get(Key: string) {\n  for (let i = 0; i < 3; i++) { // expect: no-nested-retry\n    try { return await s3.send(new GetObjectCommand({ Bucket: 'b', Key })); } catch { await sleep(Math.random() * 1000); }\n  }\n}`,
      messages: { 'no-nested-retry': 'This retry loop retries code that retries again (a client configured with @aws-sdk/client-*, line 2): up to 3 × 3 = 9 calls per request. Retry at one layer only.' },
    },
    { name: 'maxAttempts: 1 turns retries off', code: `import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';\nconst s3 = new S3Client({ maxAttempts: 1 });\nexport async function get(Key: string) {\n  for (let i = 0; i < 3; i++) {\n    try { return await s3.send(new GetObjectCommand({ Bucket: 'b', Key })); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
    { name: 'a ConfiguredRetryStrategy with a fixed delay', code: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nimport { ConfiguredRetryStrategy } from '@smithy/util-retry';\nexport const db = new DynamoDBClient({ retryStrategy: new ConfiguredRetryStrategy(4, 1000) }); // expect: no-fixed-sleep-retry` },
    { name: 'a ConfiguredRetryStrategy growing without randomness', code: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nimport { ConfiguredRetryStrategy } from '@smithy/util-retry';\nexport const db = new DynamoDBClient({ retryStrategy: new ConfiguredRetryStrategy(4, (attempt) => 100 * 2 ** attempt) }); // expect: require-jitter` },
    { name: 'maxAttempts: Infinity is still bounded by the retry quota', code: `import { SQSClient } from '@aws-sdk/client-sqs';\nexport const sqs = new SQSClient({ maxAttempts: Infinity });` },
  ],
  got: [
    {
      name: 'a plain GET inside a retry loop is a nested retry',
      code: `import got from 'got';\nexport async function load(url: string) {\n  for (let i = 0; i < 3; i++) { // expect: no-nested-retry\n    try { return await got(url).json(); } catch { await sleep(Math.random() * 1000); }\n  }\n}`,
      messages: { 'no-nested-retry': 'This retry loop retries code that retries again (got, line 4): up to 3 × 3 = 9 calls per request. Retry at one layer only.' },
    },
    { name: 'a POST does not retry by default', code: `import got from 'got';\nexport async function send(url: string) {\n  for (let i = 0; i < 3; i++) {\n    try { return await got.post(url); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
    { name: 'retry: 0 turns it off', code: `import got from 'got';\nexport async function load(url: string) {\n  for (let i = 0; i < 3; i++) {\n    try { return await got(url, { retry: { limit: 0 } }); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
  ],
  ky: [
    { name: 'a ky GET inside a retry loop is a nested retry', code: `import ky from 'ky';\nexport async function load() {\n  for (let i = 0; i < 3; i++) { // expect: no-nested-retry\n    try { return await ky.get('/a').json(); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
    {
      name: 'ky.create() with no retry option: its default backoff has no jitter',
      code: `import ky from 'ky';\nexport const api = ky.create({ prefixUrl: 'https://api.example.com' }); // expect: require-jitter`,
      messages: { 'require-jitter': "This ky client's default retry backs off by 300 ms × 2^n without jitter, the library default (up to 3 attempts). Set `jitter: true` in the retry options." },
    },
    {
      name: "a loop around a default ky client's request is a nested retry",
      code: `import ky from 'ky';\nconst api = ky.create({ prefixUrl: '/api' }); // expect: require-jitter\nexport async function load() {\n  for (let i = 0; i < 3; i++) { // expect: no-nested-retry\n    try { return await api.get('a').json(); } catch { await sleep(Math.random() * 1000); }\n  }\n}`,
    },
    { name: 'ky.extend(fn) may set a retry: not read', code: `import ky from 'ky';\nexport const api = ky.extend((options) => ({ ...options, retry: 0 }));` },
    { name: 'method POST in the options', code: `import ky from 'ky';\nexport async function load() {\n  for (let i = 0; i < 3; i++) {\n    try { return await ky('/a', { method: 'post' }).json(); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
  ],
};

describe('library catalog cases', () => {
  for (const [library, list] of Object.entries(cases)) {
    describe(library, () => {
      for (const c of list) {
        it(c.name, () => {
          const messages = lint(c.code, c.jsx);
          expect(messages.filter((m) => !m.ruleId).map((m) => m.message)).toEqual([]);
          const found = messages.map((m) => `${m.line}:${(m.ruleId ?? '').replace('retry-hygiene/', '')}`).sort();
          expect(found).toEqual(expected(c.code));
          for (const [rule, text] of Object.entries(c.messages ?? {})) {
            expect(messages.find((m) => m.ruleId === `retry-hygiene/${rule}`)?.message).toBe(text);
          }
        });
      }
    });
  }
});
