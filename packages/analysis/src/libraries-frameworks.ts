import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, propertyName, unwrap, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { importOf } from './imports.js';
import { libraryOfModule } from './catalog.js';
import { writesNoRetryOption } from './library-defaults.js';
import { args, clientOf, exportName, lastName, numberOption, operationScope, optionsOf, site, type LibraryCall, type LibraryFinding } from './library-options.js';
import type { RetryPolicy, RetrySite } from './types.js';
import { firstDefinition } from './definitions/bodies.js';

/*
 * Framework and lock retries (issue 27), read in the published source at the versions
 * catalog-applications.ts cites:
 * - redlock@4.2.0 redlock.js and redlock@5.0.0-beta.2 dist/esm/index.js: a lock is tried
 *   `retryCount + 1` times (default 10; -1: until it is had), waiting
 *   `retryDelay + random(−1, 1) × retryJitter` ms (200 ± 100 by default; `retryJitter: 0`: a
 *   fixed wait).
 * - @redux-saga/core@1.5.1 effects/dist/redux-saga-core-effects.esm.js: `retry(maxTries,
 *   delayLength, fn, …args)` calls `fn` up to `maxTries` times (first call included), waiting
 *   `delay(delayLength)` between: the same wait each time, never random.
 * - @nestjs/microservices@12.1.1 client/client-redis.js, server/server-redis.js,
 *   server/server-tcp.js: the Redis transport reconnects only with `retryAttempts` (default 0),
 *   `retryAttempts` times, `retryDelay` apart (default 5000 ms), through a `retryStrategy` it
 *   sets itself (one in the options is overwritten); a TCP server listens again on close, the
 *   same way, `retryDelay` default 0. Never random.
 */

const REDLOCK_OPTIONS = ['retryCount', 'retryDelay', 'retryJitter'];

/** `new Redlock(clients, { retryCount, retryDelay, retryJitter })`. */
export function redlock(m: LibraryCall): LibraryFinding | undefined {
  const whole = (m.imported === 'default' || m.imported === '*') && m.members.length === 0;
  if (!m.isNew || !(whole || lastName(m) === 'Redlock')) return undefined;
  const node = m.a[1];
  const object = node ? resolveObject(node, m.env) : undefined;
  if (node && (!object || object.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  const where = object ? REDLOCK_OPTIONS.map((name) => getProperty(object, name)).find((p) => p !== undefined) : undefined;
  const result = redlockSite(m.call, where, object, undefined, m.env);
  // The defaults (11 tries, 200 ± 100 ms) break no rule: a lock taken inside another retry is a nested one.
  if (!where) return writesNoRetryOption(m, REDLOCK_OPTIONS, 1) ? { site: result, ...clientOf(m.call, m.env.ctx), silent: true } : undefined;
  return { site: result, ...clientOf(m.call, m.env.ctx) };
}

/**
 * redlock@5 `lock.acquire(resources, duration, settings)` and `lock.using(resources, duration,
 * settings, routine)`: the call's settings over the client's (`new Redlock(clients, settings)`
 * where this file makes it), reported where the call writes a retry setting.
 */
export function redlockCall(call: TSESTree.CallExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  const method = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  if ((method !== 'acquire' && method !== 'using') || callee.type !== 'MemberExpression') return undefined;
  const made = madeRedlock(unwrap(callee.object), ctx);
  if (!made) return undefined;
  const env: Env = { ctx, region: call, counters: new Set(), depth: 0 };
  const a = args(call);
  const settings = a[2] ? resolveObject(a[2], env) : undefined;
  if (!settings || settings.properties.some((p) => p.type === 'SpreadElement')) return undefined;
  const where = REDLOCK_OPTIONS.map((name) => getProperty(settings, name)).find((p) => p !== undefined);
  if (!where) return undefined;
  const clientNode = made.arguments[1];
  const client = clientNode && clientNode.type !== 'SpreadElement' ? resolveObject(clientNode, env) : undefined;
  // The client's settings, when it has some this file cannot read, may say anything.
  if (clientNode && (!client || client.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  return { site: redlockSite(call, where, settings, client, env) };
}

/** A variable made here with `new Redlock(…)` of the redlock import, never reassigned. */
function madeRedlock(receiver: Node, ctx: AnalysisContext): TSESTree.NewExpression | undefined {
  if (receiver.type !== 'Identifier') return undefined;
  const def = firstDefinition(ctx.variableOf(receiver));
  const init = def?.type === 'Variable' && def.parent?.type === 'VariableDeclaration' && def.parent.kind === 'const' && def.node.init ? unwrap(def.node.init) : undefined;
  if (init?.type !== 'NewExpression') return undefined;
  const callee = unwrap(init.callee);
  const root = callee.type === 'MemberExpression' ? unwrap(callee.object) : callee;
  const origin = root.type === 'Identifier' ? importOf(root, ctx) : undefined;
  if (!origin || libraryOfModule(origin.module)?.library !== 'redlock') return undefined;
  const whole = origin.imported === 'default' || origin.imported === '*';
  const name = callee.type === 'MemberExpression' ? propertyName(callee) : whole ? undefined : origin.imported;
  return name === undefined || name === 'Redlock' || name === 'default' ? init : undefined;
}

/** The lock retry of redlock settings (`own` over `inherited`, then the defaults). */
function redlockSite(call: Node, where: TSESTree.Property | undefined, own: TSESTree.ObjectExpression | undefined, inherited: TSESTree.ObjectExpression | undefined, env: Env): RetrySite {
  const pick = (name: string) => (own && getProperty(own, name)) ?? (inherited && getProperty(inherited, name));
  const value = (name: string, fallback: number): number | 'unknown' => {
    const prop = pick(name);
    return prop ? staticNumber(prop.value as Node, env.ctx) ?? 'unknown' : fallback;
  };
  const count = value('retryCount', 10);
  const delay = value('retryDelay', 200);
  const jitter = value('retryJitter', 100);
  const policy: RetryPolicy = {
    maxAttempts: count === 'unknown' ? 'unknown' : count === -1 || !Number.isFinite(count) ? 'unbounded' : Math.max(1, Math.floor(count) + 1),
    delay: delay === 'unknown' ? { kind: 'constant' } : delay <= 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: delay },
    jitter: jitter === 'unknown' ? 'unknown' : jitter === 0 ? 'none' : 'proportional',
  };
  // A random wait up to the delay either side: with no wait at all it is still a herd that goes at once.
  if (policy.delay.kind === 'none' && policy.jitter === 'proportional') policy.delay = { kind: 'constant', baseMs: jitter as number };
  const result = site('redlock', call, (where ?? call).loc, policy, {
    delay: !pick('retryDelay'),
    jitter: !pick('retryJitter'),
    attempts: !pick('retryCount'),
  });
  if (own) result.optionsObject = own;
  return result;
}

/** redux-saga's `retry(maxTries, delayMs, fn, …args)` effect. */
export function reduxSagaRetry(m: LibraryCall): LibraryFinding | undefined {
  if (m.isNew || exportName(m) !== 'retry' || m.call.arguments.length < 3) return undefined;
  const [triesNode, delayNode, fn] = m.a;
  const tries = triesNode ? staticNumber(triesNode, m.env.ctx) : undefined;
  const ms = delayNode ? staticNumber(delayNode, m.env.ctx) : undefined;
  const policy: RetryPolicy = {
    maxAttempts: tries === undefined ? 'unknown' : !Number.isFinite(tries) ? 'unbounded' : Math.max(1, Math.ceil(tries)),
    // `delay(delayLength)` is made once: the wait is the same every time, whatever its value.
    delay: ms === undefined ? { kind: 'constant' } : ms <= 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: ms },
    jitter: 'none',
  };
  const result = site('redux-saga', m.call, m.call.loc, policy, { delay: false, jitter: false, attempts: false });
  const scope = operationScope(fn, m.env.ctx);
  if (scope) result.operationScope = scope;
  return { site: result };
}

const NEST_CALLS = new Set(['register', 'create']);

/** `ClientsModule.register([{ transport: Transport.REDIS, options }])`, `ClientProxyFactory.create(…)`, `@Client(…)`. */
export function nestMicroserviceClient(m: LibraryCall): LibraryFinding | undefined {
  if (m.isNew) return undefined;
  const name = lastName(m);
  const isCall = (m.members.length === 1 && NEST_CALLS.has(name)) || (m.members.length === 0 && m.imported === 'Client');
  if (!isCall) return undefined;
  const list = m.a[0] ? unwrap(m.a[0]) : undefined;
  const candidates = list?.type === 'ArrayExpression' ? list.elements : [m.a[0]];
  for (const element of candidates) {
    if (!element || element.type === 'SpreadElement') continue;
    const found = transportRetry(m.call as TSESTree.CallExpression, element, m.env, false);
    if (found) return found;
  }
  return undefined;
}

/** `NestFactory.createMicroservice(AppModule, { transport: Transport.REDIS, options })`, `app.connectMicroservice(…)`. */
export function nestMicroserviceServer(call: TSESTree.CallExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  const method = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  if (method !== 'createMicroservice' && method !== 'connectMicroservice') return undefined;
  const a = args(call);
  const node = method === 'createMicroservice' ? a[1] : a[0];
  if (!node) return undefined;
  return transportRetry(call, node, { ctx, region: call, counters: new Set(), depth: 0 }, true);
}

/** `{ transport: Transport.REDIS | Transport.TCP, options: { retryAttempts, retryDelay } }`, the transport named through the import. */
function transportRetry(call: TSESTree.CallExpression, node: Node, env: Env, server: boolean): LibraryFinding | undefined {
  const object = resolveObject(node, env);
  const transportProp = object && getProperty(object, 'transport');
  const transport = transportProp ? transportName(unwrap(transportProp.value as Node), env.ctx) : undefined;
  if (!object || (transport !== 'REDIS' && !(transport === 'TCP' && server))) return undefined;
  const optionsProp = getProperty(object, 'options');
  const options = optionsProp ? resolveObject(optionsProp.value as Node, env) : undefined;
  const attemptsProp = options && getProperty(options, 'retryAttempts');
  if (!options || !attemptsProp) return undefined;
  const read = optionsOf(options, env);
  const attempts = numberOption(read, 'retryAttempts', 0, env);
  if (attempts === 0) return undefined;
  const ms = numberOption(read, 'retryDelay', transport === 'REDIS' ? 5000 : 0, env);
  const policy: RetryPolicy = {
    maxAttempts: attempts === 'unknown' ? 'unknown' : !Number.isFinite(attempts) ? 'unbounded' : Math.max(1, Math.floor(attempts) + 1),
    delay: ms === 'unknown' ? { kind: 'constant' } : ms <= 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: ms },
    jitter: 'none',
  };
  const result = site('@nestjs/microservices', call, attemptsProp.loc, policy, { delay: !getProperty(options, 'retryDelay'), jitter: true, attempts: false });
  result.optionsObject = options;
  return { site: result };
}

/** `Transport.REDIS` with `Transport` imported from @nestjs/microservices: 'REDIS'. */
function transportName(n: Node, ctx: AnalysisContext): string | undefined {
  if (n.type !== 'MemberExpression') return undefined;
  const object = unwrap(n.object);
  let root: Node = object;
  if (object.type === 'MemberExpression' && propertyName(object) === 'Transport') root = unwrap(object.object);
  if (root.type !== 'Identifier') return undefined;
  const origin = importOf(root, ctx);
  if (!origin || libraryOfModule(origin.module)?.library !== '@nestjs/microservices') return undefined;
  const isTransport = root === object ? origin.imported === 'Transport' : origin.imported === '*' || origin.imported === 'default';
  return isTransport ? propertyName(n) : undefined;
}
