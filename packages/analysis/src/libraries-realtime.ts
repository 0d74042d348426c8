import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, isFunction, unwrap, walk, type Node } from './ast.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { writesNoRetryOption } from './library-defaults.js';
import {
  boolOption, delayFunctionPolicy, exponential, exportName, lastName, numberOption, optionsOf, optionsWith, site,
  type LibraryCall, type LibraryFinding,
} from './library-options.js';
import type { RetryPolicy } from './types.js';

/*
 * Realtime and messaging clients that reconnect by themselves (catalog-realtime.ts). The call
 * must come from the row's import (libraries.ts resolves it); the defaults are the ones the
 * rows cite, read in each package's published source.
 */

/** The first argument that is an options object the file shows, from `from` on. */
function optionsArgument(m: LibraryCall, from: number): TSESTree.ObjectExpression | undefined {
  for (let i = from; i < m.a.length; i++) {
    const arg = m.a[i];
    const object = arg && resolveObject(arg, m.env);
    if (object) return object;
  }
  return undefined;
}

/**
 * subscriptions-transport-ws@0.11.0: `reconnect` false by default; with it, `reconnectionAttempts`
 * (default Infinity) reconnections waiting backo2's 100 ms × 2^n up to 10 s, ± up to half at random.
 */
export function subscriptionsTransportWs(m: LibraryCall): LibraryFinding | undefined {
  if (!m.isNew || lastName(m) !== 'SubscriptionClient') return undefined;
  const found = optionsWith(m, ['reconnect', 'reconnectionAttempts']);
  if (!found) return undefined;
  const { options, object } = found;
  if (boolOption(options, 'reconnect', false, m.env) !== true) return undefined;
  const attempts = numberOption(options, 'reconnectionAttempts', Infinity, m.env);
  if (attempts === 0) return undefined;
  const policy: RetryPolicy = {
    maxAttempts: attempts === 'unknown' ? 'unknown' : Number.isFinite(attempts) ? attempts + 1 : 'unbounded',
    delay: exponential(100, 2, 10_000),
    jitter: 'proportional',
  };
  const where = getProperty(object, 'reconnect') ?? (getProperty(object, 'reconnectionAttempts') as TSESTree.Property);
  return { site: site('subscriptions-transport-ws', m.call, where.loc, policy, { delay: true, jitter: true, attempts: !options.get('reconnectionAttempts').present }, { optionsObject: object }) };
}

/**
 * `new EventSource(url, init)` of the `eventsource` package: after every error it waits its
 * reconnect interval (3000 ms from eventsource 3 on, 1000 ms in 2 and before) and connects again,
 * until `close()`. No option changes the wait or limits the reconnections.
 */
export function eventSource(m: LibraryCall): LibraryFinding | undefined {
  if (!m.isNew) return undefined;
  const name = lastName(m);
  if (name !== 'EventSource' && name !== 'default' && name !== '*') return undefined;
  const major = m.env.ctx.libraryMajor?.('eventsource');
  const ms = major !== undefined && major <= 2 ? 1000 : 3000;
  const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: ms }, jitter: 'none' };
  return { site: site('eventsource', m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }) };
}

/** reconnecting-eventsource@1.6.5: each wait random below `max_retry_time` (3000), for as long as the stream closes. */
export function reconnectingEventSource(m: LibraryCall): LibraryFinding | undefined {
  if (!m.isNew) return undefined;
  const name = lastName(m);
  if (name !== 'default' && name !== '*' && name !== 'ReconnectingEventSource') return undefined;
  const object = optionsArgument(m, 1);
  const options = optionsOf(object, m.env);
  const max = numberOption(options, 'max_retry_time', 3000, m.env);
  const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: { kind: 'constant', ...(max !== 'unknown' ? { baseMs: max } : {}) }, jitter: 'full' };
  return { site: site('reconnecting-eventsource', m.call, m.call.loc, policy, { delay: !options.get('max_retry_time').present, jitter: true, attempts: true }) };
}

/**
 * @microsoft/fetch-event-source@2.0.1 `fetchEventSource(url, options)`: after any error it waits
 * what `onerror` returns (nothing: 1000 ms, or the server's `retry:`) and fetches again; a throw
 * from `onerror` stops it, and so does `signal`. Read only where the options are shown.
 */
export function fetchEventSource(m: LibraryCall): LibraryFinding | undefined {
  if (m.isNew || exportName(m) !== 'fetchEventSource') return undefined;
  const object = m.a[1] ? resolveObject(m.a[1], m.env) : undefined;
  if (!object || object.properties.some((p) => p.type === 'SpreadElement')) return undefined;
  const onerror = getProperty(object, 'onerror');
  const signal = getProperty(object, 'signal') !== undefined;
  let policy: RetryPolicy;
  let where: TSESTree.SourceLocation = m.call.loc;
  if (!onerror) {
    policy = { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' };
  } else {
    const value = unwrap(onerror.type === 'Property' ? (onerror.value as Node) : (onerror as Node));
    const fn = isFunction(value) ? value : m.env.ctx.functionIn(value);
    if (!fn) return undefined;
    where = onerror.loc;
    policy = { maxAttempts: canStop(fn, m) ? 'unknown' : 'unbounded', ...onerrorWait(fn, m) };
  }
  const result = site('@microsoft/fetch-event-source', m.call, where, policy, { delay: !onerror, jitter: !onerror, attempts: !onerror }, { optionsObject: object });
  result.abortAware = signal;
  return { site: result };
}

/** Whether `onerror` may throw: a `throw`, or any call but `console.*` (which may throw for it). */
function canStop(fn: Node, m: LibraryCall): boolean {
  let found = false;
  walk(fn, m.env.ctx.keys, (node) => {
    if (found) return false;
    if (node !== fn && isFunction(node)) return false;
    if (node.type === 'ThrowStatement') found = true;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      const callee = unwrap(node.callee);
      const isConsole = callee.type === 'MemberExpression' && unwrap(callee.object).type === 'Identifier' && (unwrap(callee.object) as TSESTree.Identifier).name === 'console';
      if (!isConsole) found = true;
    }
    return undefined;
  });
  return found;
}

/** The wait `onerror` gives: the number it returns, or 1000 ms where it returns none. */
function onerrorWait(fn: Node, m: LibraryCall): Pick<RetryPolicy, 'delay' | 'jitter'> {
  const returns: Node[] = [];
  const body = (fn as TSESTree.FunctionLike).body;
  if (body && body.type !== 'BlockStatement') returns.push(body as Node);
  else {
    walk(fn, m.env.ctx.keys, (node) => {
      if (node !== fn && isFunction(node)) return false;
      if (node.type === 'ReturnStatement' && node.argument) returns.push(node.argument as Node);
      return undefined;
    });
  }
  if (returns.length === 0) return { delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' };
  if (returns.length > 1) return { delay: { kind: 'unknown' }, jitter: 'unknown' };
  const ms = staticNumber(returns[0], m.env.ctx);
  if (ms !== undefined) return { delay: ms === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: ms }, jitter: 'none' };
  return delayFunctionPolicy(fn, -1, m.env);
}

/**
 * nats@2.29.3 `connect(options)`: each server is tried again up to `maxReconnectAttempts` times
 * (10; -1 forever), `reconnectTimeWait` (2000 ms) apart plus 0 to `reconnectJitter` ms at random
 * (100; `reconnectJitterTLS`, 1000, with `tls`). A `reconnectDelayHandler` replaces the wait.
 */
export function nats(m: LibraryCall): LibraryFinding | undefined {
  if (m.isNew || exportName(m) !== 'connect') return undefined;
  const object = m.a[0] ? resolveObject(m.a[0], m.env) : undefined;
  const NAMES = ['maxReconnectAttempts', 'reconnectTimeWait', 'reconnectJitter', 'reconnectJitterTLS', 'reconnect', 'reconnectDelayHandler'];
  if (!object || !NAMES.some((n) => getProperty(object, n))) {
    // `connect()` / `connect({ servers })`: 10 reconnections a server, 2 s + 0–100 ms apart. Only nesting sees it.
    if (!writesNoRetryOption(m, NAMES)) return undefined;
    const policy: RetryPolicy = { maxAttempts: 11, delay: { kind: 'constant', baseMs: 2000 }, jitter: 'proportional' };
    return { site: site('nats', m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }), silent: true };
  }
  const options = optionsOf(object, m.env);
  if (boolOption(options, 'reconnect', true, m.env) === false) return undefined;
  const mra = numberOption(options, 'maxReconnectAttempts', 10, m.env);
  const wait = numberOption(options, 'reconnectTimeWait', 2000, m.env);
  const tls = options.get('tls');
  const usesTls = tls.present && !(unwrap(tls.node).type === 'Literal' && !(unwrap(tls.node) as TSESTree.Literal).value);
  const jitterName = usesTls ? 'reconnectJitterTLS' : 'reconnectJitter';
  const jitterMs = numberOption(options, jitterName, usesTls ? 1000 : 100, m.env);
  const handler = options.get('reconnectDelayHandler');
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'>;
  if (handler.present) shape = delayFunctionPolicy(handler.node, -1, m.env);
  else {
    shape = {
      delay: wait === 'unknown' ? { kind: 'constant' } : wait === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: wait },
      jitter: jitterMs === 'unknown' ? 'unknown' : jitterMs > 0 ? 'proportional' : 'none',
    };
  }
  const policy: RetryPolicy = {
    maxAttempts: mra === 'unknown' ? 'unknown' : mra === -1 || !Number.isFinite(mra) ? 'unbounded' : mra <= 0 ? 1 : mra + 1,
    ...shape,
  };
  if (policy.maxAttempts === 1) return undefined;
  const first = NAMES.map((n) => getProperty(object, n)).find((p) => p !== undefined) as TSESTree.Property;
  const where = getProperty(object, 'maxReconnectAttempts') && policy.maxAttempts === 'unbounded' ? getProperty(object, 'maxReconnectAttempts') as TSESTree.Property
    : getProperty(object, jitterName) ?? first;
  return {
    site: site('nats', m.call, where.loc, policy, {
      delay: !options.get('reconnectTimeWait').present && !handler.present,
      jitter: !options.get(jitterName).present && !handler.present,
      attempts: !options.get('maxReconnectAttempts').present,
    }, { optionsObject: object }),
  };
}

/**
 * amqp-connection-manager@5.0.0 `connect(urls, options)`: after a failed connection or a closed
 * one it waits `reconnectTimeInSeconds` (default `heartbeatIntervalInSeconds`, 5) and connects
 * again, until `close()`: no limit, no randomness.
 */
export function amqpConnectionManager(m: LibraryCall): LibraryFinding | undefined {
  const name = lastName(m);
  const isConnect = !m.isNew && (name === 'connect' || exportName(m) === 'connect');
  const isClass = m.isNew && (name === 'AmqpConnectionManagerClass' || name === 'AmqpConnectionManager');
  if (!isConnect && !isClass) return undefined;
  const NAMES = ['reconnectTimeInSeconds', 'heartbeatIntervalInSeconds'];
  const object = optionsArgument(m, 1);
  if (!object || !NAMES.some((n) => getProperty(object, n))) {
    if (!writesNoRetryOption(m, NAMES, 0, [0])) return undefined;
    const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 5000 }, jitter: 'none' };
    return { site: site('amqp-connection-manager', m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }) };
  }
  const options = optionsOf(object, m.env);
  const heartbeat = numberOption(options, 'heartbeatIntervalInSeconds', 5, m.env);
  const reconnect = numberOption(options, 'reconnectTimeInSeconds', 0, m.env);
  // `options.reconnectTimeInSeconds || this.heartbeatIntervalInSeconds`.
  const seconds = reconnect === 'unknown' ? 'unknown' : reconnect || heartbeat;
  const policy: RetryPolicy = {
    maxAttempts: 'unbounded',
    delay: seconds === 'unknown' ? { kind: 'constant' } : seconds === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: seconds * 1000 },
    jitter: 'none',
  };
  const where = (getProperty(object, 'reconnectTimeInSeconds') ?? getProperty(object, 'heartbeatIntervalInSeconds')) as TSESTree.Property;
  return { site: site('amqp-connection-manager', m.call, where.loc, policy, { delay: false, jitter: true, attempts: true }, { optionsObject: object }) };
}
