import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, unwrap, type Node } from './ast.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import {
  attemptsFromRetries, boolOption, clientOf, delayFunctionPolicy, exponential, exportName, lastName, numberOption, optionsOf, optionsWith, site,
  type LibraryCall, type LibraryFinding, type Options,
} from './library-options.js';
import { readStrategy, strategyFunction } from './strategy-callback.js';
import { writesNoRetryOption } from './library-defaults.js';
import type { RetryPolicy, RetrySite } from './types.js';

/*
 * Clients that retry or reconnect through an option. A site exists where the code writes the
 * option (the finding is about what it wrote, or the default it left in place next to it);
 * a client constructed with no retry option is not reported. Defaults read in each package's
 * published source at the version cited (catalog.ts `checked`).
 */

const UNKNOWN_SHAPE: Pick<RetryPolicy, 'delay' | 'jitter'> = { delay: { kind: 'unknown' }, jitter: 'unknown' };

/**
 * A strategy option that returns the next delay or gives up (ioredis `retryStrategy`,
 * node-redis `reconnectStrategy`): unbounded when no path gives up.
 */
function strategySite(library: string, m: LibraryCall, prop: TSESTree.Property, counterIndex: number): RetrySite | undefined {
  const fn = strategyFunction(prop.value as Node, m.env);
  if (!fn) return undefined;
  const reading = readStrategy(fn, counterIndex, m.env);
  const policy: RetryPolicy = { maxAttempts: reading.canGiveUp ? 'unknown' : 'unbounded', delay: reading.delay, jitter: reading.jitter };
  const result = site(library, m.call, prop.loc, policy, { delay: false, jitter: false, attempts: false });
  result.classifiesErrors = reading.readsError;
  return result;
}

/**
 * ioredis@6.0.0: `retryStrategy(times)` (also cluster/sentinel strategies) returns ms or null to
 * stop. iovalkey (its fork for Valkey) takes the same options; its default is ioredis 5's.
 */
export function ioredis(m: LibraryCall, library: 'ioredis' | 'iovalkey' = 'ioredis'): LibraryFinding | undefined {
  if (!m.isNew) return undefined;
  const name = lastName(m);
  // iovalkey also exports its client as `Valkey`.
  const names = library === 'iovalkey' ? ['default', '*', 'Redis', 'Cluster', 'Valkey'] : ['default', '*', 'Redis', 'Cluster'];
  if (!names.includes(m.imported) || !names.includes(name)) return undefined;
  for (const arg of m.a) {
    const object = arg && resolveObject(arg, m.env);
    if (!object) continue;
    const holders = [object];
    const nested = getProperty(object, 'redisOptions');
    const nestedObject = nested && resolveObject(nested.value as Node, m.env);
    if (nestedObject) holders.push(nestedObject);
    for (const holder of holders) {
      for (const option of ['retryStrategy', 'clusterRetryStrategy', 'sentinelRetryStrategy']) {
        const prop = getProperty(holder, option);
        const result = prop && strategySite(library, m, prop, 0);
        if (result) return { site: result };
      }
    }
  }
  if (name === 'Cluster') return clusterDefault(m, library);
  return name === 'Redis' || name === 'Valkey' || name === 'default' || name === '*' ? ioredisDefault(m, library) : undefined;
}

/**
 * With no `clusterRetryStrategy` a cluster client reconnects to its startup nodes forever,
 * waiting `min(100 + 2 × n, 2000)` ms, without randomness: ioredis@6.0.0 and @5.11.1
 * built/cluster/ClusterOptions.js (iovalkey, its fork, keeps ioredis 5's options). The first
 * argument is the startup nodes, not options.
 */
function clusterDefault(m: LibraryCall, library: 'ioredis' | 'iovalkey'): LibraryFinding | undefined {
  if (!writesNoRetryOption(m, ['clusterRetryStrategy'], 1)) return undefined;
  const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: { kind: 'linear', capMs: 2000 }, jitter: 'none' };
  return { site: site(library, m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }) };
}

/**
 * With no `retryStrategy` an ioredis client reconnects forever. ioredis@6.0.0
 * built/redis/RedisOptions.js waits `min(2^(n-1) × 50, 5000)` ms plus a random 0–200 ms;
 * ioredis@5.9.3 built/redis/RedisOptions.js `min(n × 50, 2000)` ms, without randomness. The
 * major is the one the file's project installs or declares (library-versions.ts), else 6.
 * Reported on the construction when nothing written can change it (`new Redis(url)`,
 * `new Redis({ host })`).
 */
function ioredisDefault(m: LibraryCall, library: 'ioredis' | 'iovalkey'): LibraryFinding | undefined {
  if (!writesNoRetryOption(m, ['retryStrategy', 'sentinelRetryStrategy'])) return undefined;
  // iovalkey@0.4.0 built/redis/RedisOptions.js: `min(times × 50, 2000)`, ioredis 5's.
  const linear = library === 'iovalkey' || (m.env.ctx.libraryMajor?.('ioredis') ?? 6) < 6;
  const policy: RetryPolicy = linear
    ? { maxAttempts: 'unbounded', delay: { kind: 'linear', baseMs: 50, capMs: 2000 }, jitter: 'none' }
    : { maxAttempts: 'unbounded', delay: { kind: 'exponential', baseMs: 50, factor: 2, capMs: 5000 }, jitter: 'proportional' };
  return { site: site(library, m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }) };
}

/** @redis/client@6.3.1: `socket.reconnectStrategy`: a number (ms, forever), false, or `(retries, cause) => ms | false | Error`. */
export function nodeRedis(m: LibraryCall): LibraryFinding | undefined {
  const name = exportName(m);
  if (name !== 'createClient' && name !== 'createCluster' && name !== 'createSentinel') return undefined;
  const found = optionsWith(m, ['socket']);
  const socket = found && getProperty(found.object, 'socket');
  const socketObject = socket && resolveObject(socket.value as Node, m.env);
  const prop = socketObject && getProperty(socketObject, 'reconnectStrategy');
  if (!prop) {
    // No strategy written: the default reconnects for as long as the socket errors (a timeout
    // aside), `min(2^n × 50, 2000)` ms plus 0–200 ms at random (socket.js defaultReconnectStrategy).
    const readable = socket ? socketObject !== undefined && !socketObject.properties.some((p) => p.type === 'SpreadElement') : writesNoRetryOption(m, ['socket']);
    if (name !== 'createClient' || !readable) return undefined;
    const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: { kind: 'exponential', baseMs: 50, factor: 2, capMs: 2000 }, jitter: 'proportional' };
    return { site: site('redis', m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }) };
  }
  const value = unwrap(prop.value as Node);
  if (value.type === 'Literal' && value.value === false) return undefined;
  const ms = staticNumber(value, m.env.ctx);
  if (ms !== undefined) {
    const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: ms === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: ms }, jitter: 'none' };
    return { site: site('redis', m.call, prop.loc, policy, { delay: false, jitter: false, attempts: false }) };
  }
  const result = strategySite('redis', m, prop, 0);
  return result ? { site: result } : undefined;
}

/** mqtt@5.16.0: `reconnectPeriod` (default 1000, 0 disables): a fixed period, until `end()`. */
export function mqtt(m: LibraryCall): LibraryFinding | undefined {
  const name = exportName(m) ?? (m.imported === 'default' || m.imported === '*' ? undefined : m.imported);
  if (name !== 'connect' && name !== 'connectAsync') return undefined;
  const found = optionsWith(m, ['reconnectPeriod']);
  const prop = found && getProperty(found.object, 'reconnectPeriod');
  if (!prop) {
    // No period written: the default, 1000 ms (client.js defaultConnectOptions). In `connect(url, opts)` the first is the URL.
    if (!writesNoRetryOption(m, ['reconnectPeriod'], 0, m.call.arguments.length >= 2 ? [0] : [])) return undefined;
    return { site: site('mqtt', m.call, m.call.loc, { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' }, { delay: true, jitter: true, attempts: true }) };
  }
  const period = staticNumber(prop.value as Node, m.env.ctx);
  if (period === 0) return undefined;
  const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: period === undefined ? { kind: 'constant' } : { kind: 'constant', baseMs: period }, jitter: 'none' };
  return { site: site('mqtt', m.call, prop.loc, policy, { delay: false, jitter: true, attempts: true }) };
}

const SOCKET_IO_OPTIONS = ['reconnection', 'reconnectionAttempts', 'reconnectionDelay', 'reconnectionDelayMax', 'randomizationFactor'] as const;

const SOCKET_IO_DEFAULT: RetryPolicy = { maxAttempts: 'unbounded', delay: { kind: 'exponential', baseMs: 1000, factor: 2, capMs: 5000 }, jitter: 'proportional' };

/** socket.io-client@4.8.4: attempts Infinity, delay 1000 × 2^n up to 5000, randomizationFactor 0.5. */
export function socketIo(m: LibraryCall): LibraryFinding | undefined {
  const name = lastName(m);
  const isIo = !m.isNew && (name === 'io' || name === 'connect' || name === 'default' || name === '*');
  if (!isIo && !(m.isNew && name === 'Manager')) return undefined;
  const found = optionsWith(m, SOCKET_IO_OPTIONS);
  // `io(url)`: the same endless reconnection as any options that leave the attempts out.
  if (!found) return writesNoRetryOption(m, SOCKET_IO_OPTIONS) ? { site: site('socket.io-client', m.call, m.call.loc, SOCKET_IO_DEFAULT, { delay: true, jitter: true, attempts: true }) } : undefined;
  const { options, object } = found;
  if (boolOption(options, 'reconnection', true, m.env) === false) return undefined;
  const attempts = numberOption(options, 'reconnectionAttempts', Infinity, m.env);
  const factor = numberOption(options, 'randomizationFactor', 0.5, m.env);
  const policy: RetryPolicy = {
    maxAttempts: attempts === 'unknown' ? 'unknown' : Number.isFinite(attempts) ? attempts + 1 : 'unbounded',
    delay: exponential(numberOption(options, 'reconnectionDelay', 1000, m.env), 2, numberOption(options, 'reconnectionDelayMax', 5000, m.env)),
    jitter: factor === 'unknown' ? 'unknown' : factor > 0 ? 'proportional' : 'none',
  };
  const where = SOCKET_IO_OPTIONS.map((o) => getProperty(object, o)).find((p) => p !== undefined) as TSESTree.Property;
  const result = site('socket.io-client', m.call, where.loc, policy, {
    delay: !options.get('reconnectionDelay').present,
    jitter: !options.get('randomizationFactor').present,
    attempts: !options.get('reconnectionAttempts').present,
  });
  return { site: result };
}

/** @apollo/client@4.3.8 RetryLink: attempts.max 5 (first call included), delay.initial 300, jitter true. */
export function apolloRetryLink(m: LibraryCall): LibraryFinding | undefined {
  if (!m.isNew || lastName(m) !== 'RetryLink') return undefined;
  const object = m.a[0] ? resolveObject(m.a[0], m.env) : undefined;
  if (m.a[0] && !object) return undefined;
  const attemptsProp = object && getProperty(object, 'attempts');
  const delayProp = object && getProperty(object, 'delay');
  let maxAttempts: RetryPolicy['maxAttempts'] = 5;
  let classifies = false;
  if (attemptsProp) {
    const attempts = resolveObject(attemptsProp.value as Node, m.env);
    if (attempts) {
      const o = optionsOf(attempts, m.env);
      const max = numberOption(o, 'max', 5, m.env);
      maxAttempts = max === 'unknown' ? 'unknown' : Number.isFinite(max) ? max : 'unbounded';
      classifies = o.get('retryIf').present;
    } else {
      maxAttempts = 'unknown';
      classifies = true;
    }
  }
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'>;
  const delayObject = delayProp && resolveObject(delayProp.value as Node, m.env);
  if (delayProp && !delayObject) shape = delayFunctionPolicy(delayProp.value as Node, 0, m.env);
  else {
    const o: Options = optionsOf(delayObject, m.env);
    const jitter = boolOption(o, 'jitter', true, m.env);
    shape = {
      delay: exponential(numberOption(o, 'initial', 300, m.env), 2, numberOption(o, 'max', Infinity, m.env)),
      jitter: jitter === 'unknown' ? 'unknown' : jitter ? 'full' : 'none',
    };
  }
  const result = site('@apollo/client', m.call, m.call.loc, { maxAttempts, ...shape }, { delay: !delayProp, jitter: !delayProp, attempts: !attemptsProp });
  result.classifiesErrors = classifies;
  return { site: result };
}

/** @urql/exchange-retry@2.0.0: initialDelayMs 1000, maxDelayMs 15 000, randomDelay true, maxNumberAttempts 2. */
export function urqlRetry(m: LibraryCall): LibraryFinding | undefined {
  if (exportName(m) !== 'retryExchange') return undefined;
  const options = optionsOf(m.a[0], m.env);
  const random = boolOption(options, 'randomDelay', true, m.env);
  const base = numberOption(options, 'initialDelayMs', 1000, m.env);
  const cap = numberOption(options, 'maxDelayMs', 15_000, m.env);
  const attempts = numberOption(options, 'maxNumberAttempts', 2, m.env);
  // Without randomness the wait is `min(n × initialDelayMs, maxDelayMs)`; with it, it grows by 1.5–2.5× each time.
  const delay: RetryPolicy['delay'] = random === false
    ? { kind: 'linear', ...(base !== 'unknown' ? { baseMs: base } : {}), ...(cap !== 'unknown' ? { capMs: cap } : {}) }
    : exponential(base, 2, cap);
  const policy: RetryPolicy = {
    maxAttempts: attempts === 'unknown' ? 'unknown' : Number.isFinite(attempts) ? attempts : 'unbounded',
    delay,
    jitter: random === 'unknown' ? 'unknown' : random ? 'proportional' : 'none',
  };
  const result = site('@urql/exchange-retry', m.call, m.call.loc, policy, { delay: !options.get('initialDelayMs').present, jitter: !options.get('randomDelay').present, attempts: !options.get('maxNumberAttempts').present });
  result.classifiesErrors = options.get('retryIf').present || options.get('retryWith').present;
  return { site: result };
}

/** graphql-ws@6.4.2 createClient: retryAttempts 5, retryWait = 2^n s + random 300–3000 ms. */
export function graphqlWs(m: LibraryCall): LibraryFinding | undefined {
  if (exportName(m) !== 'createClient') return undefined;
  const found = optionsWith(m, ['retryAttempts', 'retryWait']);
  // Neither written: the defaults, 5 retries with a randomised wait (they break no rule).
  if (!found) return writesNoRetryOption(m, ['retryAttempts', 'retryWait']) ? { site: site('graphql-ws', m.call, m.call.loc, { maxAttempts: 6, delay: { kind: 'exponential', baseMs: 1000, factor: 2 }, jitter: 'proportional' }, { delay: true, jitter: true, attempts: true }) } : undefined;
  const { options, object } = found;
  const attempts = numberOption(options, 'retryAttempts', 5, m.env);
  if (attempts === 0) return undefined;
  const wait = getProperty(object, 'retryWait');
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'> = { delay: { kind: 'exponential', baseMs: 1000, factor: 2 }, jitter: 'proportional' };
  if (wait) {
    const fn = strategyFunction(wait.value as Node, m.env);
    shape = fn ? readStrategy(fn, 0, m.env, { sleeps: true }) : UNKNOWN_SHAPE;
  }
  const policy: RetryPolicy = { maxAttempts: attemptsFromRetries(attempts, false), ...shape };
  const where = (getProperty(object, 'retryAttempts') ?? wait)!;
  const result = site('graphql-ws', m.call, where.loc, policy, { delay: !wait, jitter: !wait, attempts: !getProperty(object, 'retryAttempts') });
  result.classifiesErrors = options.get('shouldRetry').present;
  return { site: result };
}

/**
 * @nestjs/typeorm@12.0.2 and @nestjs/mongoose@12.0.0 `handleRetry`: a fixed `retryDelay`
 * (3000) between connection attempts, `retryAttempts` 10 / 9 (counting the first).
 */
export function nestConnectionRetry(library: '@nestjs/typeorm' | '@nestjs/mongoose', m: LibraryCall): LibraryFinding | undefined {
  const name = lastName(m);
  if (name !== 'forRoot' && name !== 'forRootAsync') return undefined;
  if (m.members[0] !== 'forRoot' && m.members[0] !== 'forRootAsync') return undefined;
  let found = optionsWith(m, ['retryAttempts', 'retryDelay']);
  if (!found && name === 'forRootAsync') found = asyncFactoryOptions(m);
  // `forRoot(options)` with neither: the module's own retry, 10 / 9 attempts 3 s apart.
  if (!found && name === 'forRoot' && writesNoRetryOption(m, ['retryAttempts', 'retryDelay'], 0, library === '@nestjs/mongoose' ? [0] : [])) {
    const policy: RetryPolicy = { maxAttempts: library === '@nestjs/typeorm' ? 10 : 9, delay: { kind: 'constant', baseMs: 3000 }, jitter: 'none' };
    return { site: site(library, m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }) };
  }
  if (!found) return undefined;
  const { options, object } = found;
  const attempts = numberOption(options, 'retryAttempts', library === '@nestjs/typeorm' ? 10 : 9, m.env);
  const delay = numberOption(options, 'retryDelay', 3000, m.env);
  const policy: RetryPolicy = {
    maxAttempts: attempts === 'unknown' ? 'unknown' : Number.isFinite(attempts) ? Math.max(1, attempts) : 'unbounded',
    delay: delay === 'unknown' ? { kind: 'constant' } : delay === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: delay },
    jitter: 'none',
  };
  if (policy.maxAttempts === 1) return undefined;
  const where = (getProperty(object, 'retryAttempts') ?? getProperty(object, 'retryDelay'))!;
  return { site: site(library, m.call, where.loc, policy, { delay: !getProperty(object, 'retryDelay'), jitter: true, attempts: !getProperty(object, 'retryAttempts') }) };
}

/** `forRootAsync({ useFactory: () => ({ …, retryAttempts }) })`: the object the factory returns. */
function asyncFactoryOptions(m: LibraryCall): { options: Options; object: TSESTree.ObjectExpression } | undefined {
  const object = m.a[0] && resolveObject(m.a[0], m.env);
  const factory = object && getProperty(object, 'useFactory');
  const fn = factory && strategyFunction(factory.value as Node, m.env);
  if (!fn) return undefined;
  let returned: Node | undefined = fn.body.type === 'BlockStatement' ? undefined : fn.body;
  if (fn.body.type === 'BlockStatement') {
    const last = fn.body.body[fn.body.body.length - 1];
    if (last?.type === 'ReturnStatement' && last.argument) returned = last.argument;
  }
  const result = returned && resolveObject(returned, m.env);
  if (!result || !(getProperty(result, 'retryAttempts') || getProperty(result, 'retryDelay'))) return undefined;
  return { options: optionsOf(result, m.env), object: result };
}

/** cassandra-driver@4.10.0 reconnection policies: an endless schedule; Exponential adds ±15 %. */
export function cassandraReconnection(m: LibraryCall): LibraryFinding | undefined {
  if (!m.isNew) return undefined;
  const name = lastName(m);
  if (name === 'Client') return cassandraDefault(m);
  if (name === 'ConstantReconnectionPolicy') {
    const ms = m.a[0] ? staticNumber(m.a[0], m.env.ctx) : undefined;
    const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: ms === undefined ? { kind: 'constant' } : ms === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: ms }, jitter: 'none' };
    return { site: site('cassandra-driver', m.call, m.call.loc, policy, { delay: false, jitter: false, attempts: true }) };
  }
  if (name === 'ExponentialReconnectionPolicy') {
    const base = m.a[0] ? staticNumber(m.a[0], m.env.ctx) ?? 'unknown' : 'unknown';
    const max = m.a[1] ? staticNumber(m.a[1], m.env.ctx) ?? 'unknown' : 'unknown';
    const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: exponential(base, 2, max), jitter: 'proportional' };
    return { site: site('cassandra-driver', m.call, m.call.loc, policy, { delay: false, jitter: true, attempts: true }) };
  }
  return undefined;
}

/**
 * A `new Client(options)` with no `policies.reconnection`: the driver's default,
 * `new ExponentialReconnectionPolicy(1000, 10 * 60 * 1000, false)` (lib/policies/index.js
 * `defaultReconnectionPolicy`), endless like any reconnection policy of the driver.
 */
function cassandraDefault(m: LibraryCall): LibraryFinding | undefined {
  const options = m.a[0] ? resolveObject(m.a[0], m.env) : undefined;
  if (!options || !writesNoRetryOption(m, [])) return undefined;
  const policies = getProperty(options, 'policies');
  const policiesObject = policies && resolveObject(policies.value as Node, m.env);
  if (policies && (!policiesObject || policiesObject.properties.some((p) => p.type === 'SpreadElement') || getProperty(policiesObject, 'reconnection'))) return undefined;
  const policy: RetryPolicy = { maxAttempts: 'unbounded', delay: exponential(1000, 2, 600_000), jitter: 'proportional' };
  return { site: site('cassandra-driver', m.call, m.call.loc, policy, { delay: true, jitter: true, attempts: true }) };
}

/**
 * @upstash/redis@1.39.0 HttpClient: `retry` { retries 5, backoff `exp(n) × 50` } (false: none).
 * A client built without the option still retries: nesting sees it through the client.
 */
export function upstashRedis(m: LibraryCall): LibraryFinding | undefined {
  const name = lastName(m);
  const constructs = (m.isNew && name === 'Redis') || (!m.isNew && name === 'fromEnv' && m.members.length >= 1);
  if (!constructs) return undefined;
  const object = m.a[0] ? resolveObject(m.a[0], m.env) : undefined;
  const retry = object && getProperty(object, 'retry');
  const retryValue = retry ? unwrap(retry.value as Node) : undefined;
  if (retryValue?.type === 'Literal' && retryValue.value === false) return undefined;
  const retryObject = retryValue ? resolveObject(retryValue, m.env) : undefined;
  if (retry && !retryObject) return undefined;
  const options = optionsOf(retryObject, m.env);
  const backoff = options.get('backoff');
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'> = { delay: { kind: 'exponential', baseMs: 50, factor: Math.E }, jitter: 'none' };
  if (backoff.present) {
    const fn = strategyFunction(backoff.node, m.env);
    shape = fn ? readStrategy(fn, 0, m.env) : UNKNOWN_SHAPE;
  } else if (backoff.unknown) shape = UNKNOWN_SHAPE;
  const policy: RetryPolicy = { maxAttempts: attemptsFromRetries(numberOption(options, 'retries', 5, m.env), false), ...shape };
  if (policy.maxAttempts === 1) return undefined;
  const result = site('@upstash/redis', m.call, (retry ?? m.call).loc, policy, { delay: !backoff.present, jitter: !backoff.present, attempts: !options.get('retries').present });
  // Without a `retry` option the default is reported on the construction, unless the options
  // are not readable here (they may set one): then the client only counts for nesting.
  return { site: result, ...clientOf(m.call, m.env.ctx), ...(retry || writesNoRetryOption(m, ['retry']) ? {} : { silent: true }) };
}
