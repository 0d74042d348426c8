import type { CatalogEntry } from './catalog-entry.js';

/**
 * Catalog rows for realtime and messaging clients that reconnect by themselves (issue 27):
 * subscriptions-transport-ws, EventSource clients, NATS and amqp-connection-manager. (mqtt,
 * socket.io-client, graphql-ws, ioredis and node-redis are rows of catalog.ts; amqplib has no
 * reconnection of its own.) Same rules as catalog.ts: every default read in the published
 * source named in `checked`.
 *
 * Randomness of a small fixed range (NATS adds 0–100 ms to a 2 s wait) counts as jitter, as
 * got's 100 ms of `noise` and Redlock's `retryJitter` do: the catalog never weighs how much
 * randomness there is, only whether there is any. The NATS noun says what it is.
 */
export const REALTIME_ROWS: readonly CatalogEntry[] = [
  {
    library: 'subscriptions-transport-ws',
    modules: ['subscriptions-transport-ws'],
    recognises: '`reconnect` / `reconnectionAttempts` of `new SubscriptionClient(url, options)`',
    noJitter: 'never (backo2 with `jitter: 0.5`: each wait ± up to half at random)',
    unbounded: '`reconnect: true` without `reconnectionAttempts` (default Infinity), or `Infinity`',
    defaultAttempts: '1 (`reconnect` false: no reconnection); unbounded with `reconnect: true`',
    retriesByDefault: false,
    noun: 'subscriptions-transport-ws reconnection',
    jitterFix: 'subscriptions-transport-ws adds jitter itself',
    checked: 'subscriptions-transport-ws@0.11.0 dist/client.js (waits of backo2@1.0.2 index.js: 100 ms × 2^n up to 10 s)',
    withNoOption: 'no retry',
  },
  {
    library: 'eventsource',
    modules: ['eventsource'],
    recognises: '`new EventSource(url, init)`: reconnects after every error until `close()`',
    noJitter: 'always (a fixed wait: 3000 ms from eventsource 3, 1000 ms in 2 and before; a server\'s `retry:` field changes it)',
    unbounded: 'always (no option limits the reconnections)',
    defaultAttempts: 'unbounded',
    retriesByDefault: true,
    noun: 'eventsource reconnection',
    defaultNoun: "EventSource client's reconnection (from the `eventsource` package)",
    jitterFix: 'eventsource has no option for its wait: `close()` it in `onerror` and reconnect with a jittered backoff yourself, or use reconnecting-eventsource (a random wait)',
    checked: 'eventsource@4.1.1 and @3.0.7 dist/index.js (`_reconnectInterval` 3e3), eventsource@2.0.2 lib/eventsource.js (`reconnectInterval` 1000)',
    withNoOption: 'reported',
  },
  {
    library: 'reconnecting-eventsource',
    modules: ['reconnecting-eventsource'],
    recognises: '`new ReconnectingEventSource(url, { max_retry_time })`: reconnects after a closed stream until `close()`',
    noJitter: 'never (each wait random below `max_retry_time`, 3000 ms by default: full jitter)',
    unbounded: 'always (no option limits the reconnections)',
    defaultAttempts: 'unbounded',
    retriesByDefault: true,
    noun: 'reconnecting-eventsource reconnection',
    defaultNoun: "ReconnectingEventSource's reconnection",
    jitterFix: 'reconnecting-eventsource adds full jitter itself',
    checked: 'reconnecting-eventsource@1.6.5 build/esm/reconnecting-eventsource.js',
    withNoOption: 'reported',
  },
  {
    library: '@microsoft/fetch-event-source',
    modules: ['@microsoft/fetch-event-source'],
    recognises: '`fetchEventSource(url, options)`: reconnects after any error, waiting what `onerror` returns (1000 ms, or the server\'s `retry:`, when it returns nothing), until `onerror` throws or `signal` aborts',
    noJitter: '`onerror` returns a wait with no randomness, or nothing (1000 ms)',
    unbounded: 'no `onerror` that can throw, and no `signal`',
    defaultAttempts: 'unbounded',
    retriesByDefault: true,
    noun: '@microsoft/fetch-event-source reconnection',
    defaultNoun: "fetchEventSource()'s default reconnection",
    jitterFix: 'Return a random wait from `onerror` (`return Math.random() * ms`), and throw from it to give up',
    checked: '@microsoft/fetch-event-source@2.0.1 lib/esm/fetch.js',
    withNoOption: 'reported',
  },
  {
    library: 'nats',
    modules: ['nats'],
    recognises: '`maxReconnectAttempts` / `reconnectTimeWait` / `reconnectJitter` / `reconnect` of `connect(options)`',
    noJitter: '`reconnectJitter: 0` (default 100: each wait `reconnectTimeWait` + 0–100 ms at random; `reconnectJitterTLS` 1000 with `tls`)',
    unbounded: '`maxReconnectAttempts: -1` (documented as forever) or `Infinity`',
    defaultAttempts: '11 per server (10 reconnections, 2 s apart)',
    retriesByDefault: true,
    noun: 'NATS reconnection (each wait `reconnectTimeWait` plus 0 to `reconnectJitter` ms at random, 2000 + 0–100 ms by default: a small fixed range)',
    jitterFix: 'Set `reconnectJitter` (and `reconnectJitterTLS`) as large as `reconnectTimeWait`, or give a `reconnectDelayHandler` that returns a random wait',
    checked: 'nats@2.29.3 lib/nats-base-client/options.js, protocol.js (dodialLoop)',
    withNoOption: 'nesting',
  },
  {
    library: 'amqp-connection-manager',
    modules: ['amqp-connection-manager'],
    recognises: '`connect(urls, options)` / `new AmqpConnectionManagerClass(urls, options)`: reconnects every `reconnectTimeInSeconds` (default `heartbeatIntervalInSeconds`, 5) until `close()`',
    noJitter: 'always (a fixed `reconnectTimeInSeconds`)',
    unbounded: 'always (no option limits the reconnections)',
    defaultAttempts: 'unbounded',
    retriesByDefault: true,
    noun: 'amqp-connection-manager reconnection',
    defaultNoun: "amqp-connection-manager's default reconnection",
    jitterFix: 'amqp-connection-manager has no jitter option: every client waits the same `reconnectTimeInSeconds`; reconnect with amqplib and a jittered backoff yourself where many clients share a broker',
    checked: 'amqp-connection-manager@5.0.0 dist/esm/AmqpConnectionManager.js, index.js',
    withNoOption: 'reported',
  },
];
