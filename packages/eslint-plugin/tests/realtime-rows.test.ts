// Issue 27's realtime and messaging rows (catalog-realtime.ts): subscriptions-transport-ws,
// EventSource clients (eventsource, reconnecting-eventsource, @microsoft/fetch-event-source),
// NATS, iovalkey and amqp-connection-manager. For each row: the default, an explicit setting a rule
// reports and one it does not, with the exact message and position; the option edit where the
// library has an option that fixes it. A row fires only when the import proves the library.
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// subscriptions-transport-ws@0.11.0: reconnect false; with it, reconnectionAttempts Infinity, backo2 100 ms × 2^n ± half.
const STW = "import { SubscriptionClient } from 'subscriptions-transport-ws';\n";
// eventsource@4.1.1: 3000 ms, forever; reconnecting-eventsource@1.6.5: random below 3000 ms, forever.
const ES = "import { EventSource } from 'eventsource';\n";
const RES = "import ReconnectingEventSource from 'reconnecting-eventsource';\n";
// @microsoft/fetch-event-source@2.0.1: onerror's return (none: 1000 ms), until onerror throws or signal aborts.
const FES = "import { fetchEventSource } from '@microsoft/fetch-event-source';\n";
// nats@2.29.3: maxReconnectAttempts 10 (-1 forever), reconnectTimeWait 2000, reconnectJitter 100.
const NATS = "import { connect } from 'nats';\n";
// amqp-connection-manager@5.0.0: every reconnectTimeInSeconds (default heartbeatIntervalInSeconds, 5), forever.
const AMQP = "import amqp from 'amqp-connection-manager';\n";

const NATS_NOUN = 'This NATS reconnection (each wait `reconnectTimeWait` plus 0 to `reconnectJitter` ms at random, 2000 + 0–100 ms by default: a small fixed range)';

ruleTester.run('no-unbounded-retry realtime rows', noUnboundedRetry, {
  valid: [
    { name: 'subscriptions-transport-ws: reconnect not set (the default: no reconnection)', code: `${STW}export const c = new SubscriptionClient(url, { lazy: true });` },
    { name: 'subscriptions-transport-ws: reconnect with a finite reconnectionAttempts', code: `${STW}export const c = new SubscriptionClient(url, { reconnect: true, reconnectionAttempts: 5 });` },
    { name: 'a SubscriptionClient of another module', code: "import { SubscriptionClient } from './ws';\nexport const c = new SubscriptionClient(url, { reconnect: true });" },
    { name: 'fetch-event-source: onerror throws to give up', code: `${FES}export const run = () => fetchEventSource(url, { onmessage, onerror(err) { if (err instanceof Fatal) throw err; return Math.random() * 5000; } });` },
    { name: 'fetch-event-source: a signal stops it', code: `${FES}export const run = (signal: AbortSignal) => fetchEventSource(url, { signal, onmessage, onerror() { return Math.random() * 5000; } });` },
    { name: 'nats: the default, 10 reconnections a server', code: `${NATS}export const nc = await connect({ servers: 'nats://h:4222' });` },
    { name: 'nats: a finite maxReconnectAttempts', code: `${NATS}export const nc = await connect({ servers, maxReconnectAttempts: 20 });` },
    { name: 'a connect() of another module with maxReconnectAttempts -1', code: "import { connect } from './bus';\nexport const nc = await connect({ servers, maxReconnectAttempts: -1 });" },
  ],
  invalid: [
    {
      name: 'subscriptions-transport-ws: reconnect: true, reconnectionAttempts left at Infinity',
      code: `${STW}export const c = new SubscriptionClient(url, { reconnect: true });`,
      errors: [{
        messageId: 'unbounded' as const, line: 2, column: 48, endLine: 2, endColumn: 63, data: { what: 'This subscriptions-transport-ws reconnection' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`reconnectionAttempts: 4`)' }, output: `${STW}export const c = new SubscriptionClient(url, { reconnect: true, reconnectionAttempts: 4 });` }],
      }],
    },
    {
      name: 'eventsource: new EventSource(url) reconnects forever',
      code: `${ES}export const es = new EventSource(url);`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 19, endLine: 2, endColumn: 39, data: { what: "This EventSource client's reconnection (from the `eventsource` package)" } }],
    },
    {
      name: 'reconnecting-eventsource: forever, with jitter',
      code: `${RES}export const es = new ReconnectingEventSource(url, { max_retry_time: 10000 });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 19, endLine: 2, endColumn: 78, data: { what: 'This reconnecting-eventsource reconnection' } }],
    },
    {
      name: 'fetch-event-source: onerror only logs and returns a wait, no signal',
      code: `${FES}export const run = () => fetchEventSource(url, { onmessage, onerror(err) { console.warn(err); return 5000; } });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 61, endLine: 2, endColumn: 109, data: { what: 'This @microsoft/fetch-event-source reconnection' } }],
    },
    {
      name: 'nats: maxReconnectAttempts -1 (forever); the message says what its jitter is',
      code: `${NATS}export const nc = await connect({ servers, maxReconnectAttempts: -1 });`,
      errors: [{
        messageId: 'unbounded' as const, line: 2, column: 44, endLine: 2, endColumn: 68, data: { what: NATS_NOUN },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`maxReconnectAttempts: 4`)' }, output: `${NATS}export const nc = await connect({ servers, maxReconnectAttempts: 4 });` }],
      }],
    },
    {
      name: 'amqp-connection-manager: connect(urls) reconnects every 5 s until close()',
      code: `${AMQP}export const conn = amqp.connect(['amqp://localhost']);`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 21, endLine: 2, endColumn: 55, data: { what: "This amqp-connection-manager's default reconnection" } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry realtime rows', noFixedSleepRetry, {
  valid: [
    { name: 'subscriptions-transport-ws: backo2 adds jitter', code: `${STW}export const c = new SubscriptionClient(url, { reconnect: true, reconnectionAttempts: 5 });` },
    { name: 'reconnecting-eventsource: a random wait', code: `${RES}export const es = new ReconnectingEventSource(url);` },
    { name: 'fetch-event-source: onerror returns a random wait', code: `${FES}export const run = (signal: AbortSignal) => fetchEventSource(url, { signal, onerror() { return Math.random() * 5000; } });` },
    { name: 'nats: the default jitter of 0–100 ms counts as jitter (as got\'s noise does)', code: `${NATS}export const nc = await connect({ servers, maxReconnectAttempts: 20, reconnectTimeWait: 5000 });` },
    { name: 'an EventSource of another module', code: "import { EventSource } from './sse';\nexport const es = new EventSource(url);" },
  ],
  invalid: [
    {
      name: 'eventsource: a fixed 3 s, the server\'s `retry:` aside',
      code: `${ES}export const es = new EventSource(url, { withCredentials: true });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 19, endLine: 2, endColumn: 66, data: { what: "This EventSource client's reconnection (from the `eventsource` package)", delay: 'a fixed 3 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'fetch-event-source: onerror returns a fixed interval',
      code: `${FES}export const run = (signal: AbortSignal) => fetchEventSource(url, { signal, onerror(err) { if (err instanceof Fatal) throw err; return 2000; } });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 77, endLine: 2, endColumn: 143, data: { what: 'This @microsoft/fetch-event-source reconnection', delay: 'a fixed 2 s', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'fetch-event-source: no onerror, the default 1000 ms (stopped by a signal)',
      code: `${FES}export const run = (signal: AbortSignal) => fetchEventSource(url, { signal, onmessage });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 45, endLine: 2, endColumn: 89, data: { what: "This fetchEventSource()'s default reconnection", delay: 'a fixed 1 s', attempts: 'until aborted' } }],
    },
    {
      name: 'nats: reconnectJitter: 0 takes the randomness away',
      code: `${NATS}export const nc = await connect({ servers, maxReconnectAttempts: 20, reconnectJitter: 0 });`,
      errors: [{
        messageId: 'fixedDelay' as const, line: 2, column: 70, endLine: 2, endColumn: 88, data: { what: NATS_NOUN, delay: 'a fixed 2 s', attempts: 'up to 21 attempts' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `reconnectJitter: 2000` (each wait plus up to 2000 ms at random)' }, output: `${NATS}export const nc = await connect({ servers, maxReconnectAttempts: 20, reconnectJitter: 2000 });` }],
      }],
    },
    {
      name: 'nats with tls: reconnectJitterTLS: 0, and a wait of its own',
      code: `${NATS}export const nc = await connect({ servers, tls: { caFile }, reconnectTimeWait: 5000, reconnectJitterTLS: 0 });`,
      errors: [{
        messageId: 'fixedDelay' as const, line: 2, column: 86, endLine: 2, endColumn: 107, data: { what: NATS_NOUN, delay: 'a fixed 5 s', attempts: 'up to 11 attempts' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `reconnectJitterTLS: 5000` (each wait plus up to 5000 ms at random)' }, output: `${NATS}export const nc = await connect({ servers, tls: { caFile }, reconnectTimeWait: 5000, reconnectJitterTLS: 5000 });` }],
      }],
    },
    {
      name: 'amqp-connection-manager: reconnectTimeInSeconds, a fixed wait',
      code: "const amqp = require('amqp-connection-manager');\nexports.conn = amqp.connect(urls, { reconnectTimeInSeconds: 10 });",
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 37, endLine: 2, endColumn: 63, data: { what: 'This amqp-connection-manager reconnection', delay: 'a fixed 10 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter realtime rows', requireJitter, {
  valid: [
    { name: 'subscriptions-transport-ws: growing waits, with jitter', code: `${STW}export const c = new SubscriptionClient(url, { reconnect: true });` },
    { name: 'nats: a reconnectDelayHandler with randomness', code: `${NATS}export const nc = await connect({ servers, reconnectDelayHandler: () => 1000 + Math.random() * 1000 });` },
  ],
  invalid: [],
});

ruleTester.run('no-nested-retry realtime rows', noNestedRetry, {
  valid: [
    { name: 'a loop around a NATS connect with reconnect: false', code: `${NATS}export async function open() {\n  for (let n = 0; n < 3; n++) {\n    try { return await connect({ servers, reconnect: false }); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
  ],
  invalid: [],
});

// A default client given its URL from the environment (`process.env.REDIS_URL || 'redis://…'`,
// also through a const): a string, so no retry option can be among the arguments and the
// library's default policy is read (ioredis 5: reconnects forever, min(times × 50, 2000) ms).
const REDIS_URL = "import Redis from 'ioredis';\nconst REDIS_URL = process.env.REDIS_URL || 'redis://localhost:6379';\n";

ruleTester.run('no-unbounded-retry default clients given a URL from the environment', noUnboundedRetry, {
  valid: [
    { name: 'an options object the file does not show', code: `${REDIS_URL}export const make = (options: object) => new Redis(options);` },
    { name: 'a const that may hold an object', code: "import Redis from 'ioredis';\nconst target = process.env.REDIS_URL || { host: 'localhost', retryStrategy: () => null };\nexport const connection = new Redis(target as never);" },
  ],
  invalid: [
    {
      name: 'new Redis(REDIS_URL) with REDIS_URL = process.env.REDIS_URL || literal',
      code: `${REDIS_URL}export const connection = new Redis(REDIS_URL);`,
      errors: [{ messageId: 'unbounded' as const, line: 3, column: 27, endLine: 3, endColumn: 47, data: { what: "This ioredis client's default reconnection" } }],
    },
  ],
});

// `…Client.fromConnectionString(connectionString, options?)`: the first argument is the
// connection string by the API, whatever the file shows of it (a parameter, a destructured
// option): with no second argument the client's default policy is read.
const STORAGE = "import { BlobServiceClient } from '@azure/storage-blob';\n";

ruleTester.run('require-jitter a connection string the file does not show', requireJitter, {
  valid: [
    { name: 'options the file does not show', code: `${STORAGE}export const make = (conn: string, options: object) => BlobServiceClient.fromConnectionString(conn, options);` },
  ],
  invalid: [
    {
      name: 'fromConnectionString(connectionString) with the string destructured from an options parameter',
      code: `${STORAGE}export function client(options: { connectionString: string }) {\n  const { connectionString } = options;\n  return BlobServiceClient.fromConnectionString(connectionString);\n}`,
      errors: [{
        messageId: 'libraryDefault' as const, line: 4, column: 10, endLine: 4, endColumn: 66,
        data: {
          what: "This Azure Storage client's default retry", delay: 'a schedule of 0 ms, 4 s then 12 s', attempts: 'up to 4 attempts', inherited: ', the library default',
          fix: 'Azure Storage has no jitter option: keep `maxTries` low, and where many clients share a failure, retry the operation yourself with jitter',
        },
      }],
    },
  ],
});

// iovalkey@0.4.0 (the ioredis fork for Valkey): the same strategy options; its default is
// ioredis 5's `min(times × 50, 2000)`, no randomness, forever.
const VALKEY = "import Valkey from 'iovalkey';\n";

ruleTester.run('require-jitter iovalkey', requireJitter, {
  valid: [
    { name: 'a strategy with randomness', code: `${VALKEY}export const c = new Valkey({ retryStrategy: (times: number) => (times > 3 ? null : Math.random() * 500 * times) });` },
    { name: 'a Valkey class of another module', code: "import Valkey from './valkey';\nexport const c = new Valkey({ retryStrategy: (times: number) => (times > 3 ? null : 500 * times) });" },
  ],
  invalid: [
    {
      name: 'a linear strategy that gives up after 3, next to a spread (ez4\'s shape)',
      code: `${VALKEY}export const c = (tls: boolean) => new Valkey({ ...(tls && { tls: {} }), retryStrategy: (times: number) => (times > 3 ? null : 500 * times), lazyConnect: true });`,
      errors: [{
        messageId: 'libraryDefault' as const, line: 2, column: 74, endLine: 2, endColumn: 140,
        data: { what: 'This iovalkey retry strategy', delay: 'a linear 500 ms × n', inherited: '', attempts: 'an unknown number of attempts', fix: 'Add `Math.random()` to the delay the strategy returns (with none written, set a `retryStrategy` that does)' },
      }],
    },
    {
      name: 'new Valkey(url): the default, linear and capped',
      code: `${VALKEY}export const c = new Valkey('redis://localhost:6379');`,
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 18, endLine: 2, endColumn: 54 }],
    },
  ],
});
