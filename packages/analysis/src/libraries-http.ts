import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { strategyFunction } from './strategy-callback.js';
import type { AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { importOf } from './imports.js';
import { libraryOfModule } from './catalog.js';
import { writesNoRetryOption } from './library-defaults.js';
import {
  attemptsFromRetries, args, boolOption, clientOf, delayFunctionPolicy, exponential, exportName, lastName, numberOption, optionsOf, site,
  type LibraryCall, type LibraryFinding,
} from './library-options.js';
import type { RetryPolicy } from './types.js';
import { firstDefinition } from './definitions/bodies.js';

/*
 * HTTP clients application code retries with (issue 27), read in the published source at the
 * versions catalog-applications.ts cites:
 * - ofetch@1.5.1 dist/shared/ofetch.*.mjs `onError`: `retry` (a number, or `false`) defaults to
 *   1 for GET-like requests and 0 for POST/PUT/PATCH/DELETE; the wait is `retryDelay` (a number,
 *   or a function of the request context), default 0: at once, never random.
 * - typed-rest-client@3.1.2 HttpClient.js: retries only with `allowRetries: true` (default
 *   false), `maxRetries` times (default 1), OPTIONS/GET/DELETE/HEAD only, waiting
 *   `5 × 2^min(n, 10)` ms (10 ms, 20 ms, … up to 5120 ms), never random.
 * - make-fetch-happen@15.0.6 lib/options.js, lib/remote.js: `retry` (a number, a string, or
 *   promise-retry options) defaults to `{ retries: 0 }`; an object without `retries` retries 0
 *   times. The waits are @gar/promise-retry@1.0.3's: `minTimeout` (1000) × `factor` (2)^n up to
 *   `maxTimeout`, times 1–2 at random only with `randomize: true`; `retries: Infinity` is forever.
 * - @octokit/plugin-retry@8.1.1 dist-bundle/index.js: an Octokit class given the plugin
 *   (`Octokit.plugin(retry)`) retries failed requests `retries` times (default 3), except the
 *   statuses in `doNotRetry` (400, 401, 403, 404, 410, 422, 451), waiting
 *   `(n + 1)² × retryAfterBaseValue` (1000 ms): 1 s, 4 s, 9 s, never random.
 */

const OFETCH_OPTIONS = ['retry', 'retryDelay'];
const PAYLOAD_METHODS = /^(PATCH|POST|PUT|DELETE)$/i;

/** `ofetch(url, opts)`, `$fetch(url, opts)`, `ofetch.raw(url, opts)`, `$fetch.create(defaults)`. */
export function ofetchSite(m: LibraryCall): LibraryFinding | undefined {
  const fn = m.imported === 'default' || m.imported === '*' ? m.members[0] : m.imported;
  const rest = m.imported === 'default' || m.imported === '*' ? m.members.slice(1) : m.members;
  if (fn !== 'ofetch' && fn !== '$fetch') return undefined;
  const member = rest.length === 0 ? undefined : rest.length === 1 ? rest[0] : '';
  if (member !== undefined && member !== 'raw' && member !== 'create') return undefined;
  const creates = member === 'create';
  const optionsNode = creates ? m.a[0] : m.a[1];
  const object = optionsNode ? resolveObject(optionsNode, m.env) : undefined;
  if (optionsNode && (!object || object.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  const retryProp = object && getProperty(object, 'retry');
  const delayProp = object && getProperty(object, 'retryDelay');
  const method = object && getProperty(object, 'method');
  const methodValue = method ? unwrap(method.value as Node) : undefined;
  const methodName = methodValue?.type === 'Literal' && typeof methodValue.value === 'string' ? methodValue.value : method ? undefined : 'GET';
  if (methodName === undefined && !retryProp) return undefined;
  const retryValue = retryProp ? unwrap(retryProp.value as Node) : undefined;
  if (retryValue?.type === 'Literal' && retryValue.value === false) return undefined;
  // Anything but a number (`retry: true`) leaves ofetch's own count: 1, or 0 for a payload method.
  const defaultRetries = methodName === undefined ? undefined : PAYLOAD_METHODS.test(methodName) ? 0 : 1;
  const retries = retryValue && !(retryValue.type === 'Literal' && typeof retryValue.value === 'boolean') ? staticNumber(retryValue, m.env.ctx) : defaultRetries;
  if (retries === 0) return undefined;
  const shape = delayProp
    ? delayFunctionPolicy(delayProp.value as Node, 99, m.env)
    : { delay: { kind: 'none', baseMs: 0 } as RetryPolicy['delay'], jitter: 'none' as const };
  if (shape.delay.kind === 'constant' && shape.delay.baseMs === 0) shape.delay = { kind: 'none', baseMs: 0 };
  const policy: RetryPolicy = { maxAttempts: attemptsFromRetries(retries ?? 'unknown', false), ...shape };
  const where = retryProp ?? delayProp;
  const result = site('ofetch', m.call, (where ?? m.call).loc, policy, { delay: !delayProp, jitter: !delayProp, attempts: !retryProp });
  if (object) result.optionsObject = object;
  const client = creates ? clientOf(m.call, m.env.ctx) : {};
  // Nothing written: one retry at once, which no rule reports on its own; inside another retry it is nested.
  if (!retryProp && !delayProp) return writesNoRetryOption(m, OFETCH_OPTIONS, creates ? 0 : 1) ? { site: result, ...client, silent: true } : undefined;
  return { site: result, ...client };
}

const NODE_FETCH_RETRY_OPTIONS = ['retry', 'pause'];

/**
 * node-fetch-retry@2.0.1 index.js: `fetch(url, { retry, pause })` makes `retry` attempts in all
 * (`opts.retry || 3`: 0 is 3 too) on a thrown (network) error, `pause` ms apart (none by
 * default: at once), never random.
 */
export function nodeFetchRetry(m: LibraryCall): LibraryFinding | undefined {
  if (m.isNew || !(m.imported === 'default' || m.imported === '*') || m.members.length > 0) return undefined;
  const node = m.a[1];
  const object = node ? resolveObject(node, m.env) : undefined;
  if (node && (!object || object.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  if (!object && !writesNoRetryOption(m, NODE_FETCH_RETRY_OPTIONS, 1)) return undefined;
  const options = optionsOf(object, m.env);
  const count = numberOption(options, 'retry', 3, m.env);
  const pause = numberOption(options, 'pause', 0, m.env);
  const policy: RetryPolicy = {
    maxAttempts: count === 'unknown' ? 'unknown' : !Number.isFinite(count) ? 'unbounded' : count === 0 ? 3 : Math.max(1, Math.ceil(count)),
    delay: pause === 'unknown' ? { kind: 'constant' } : pause <= 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: pause },
    jitter: 'none',
  };
  const where = object && (getProperty(object, 'retry') ?? getProperty(object, 'pause'));
  const result = site('node-fetch-retry', m.call, (where ?? m.call).loc, policy, { delay: !options.get('pause').present, jitter: true, attempts: !options.get('retry').present });
  if (object) result.optionsObject = object;
  return { site: result };
}

const TRC_CLASSES: Record<string, number> = { HttpClient: 2, RestClient: 3 };

/** `new HttpClient(userAgent, handlers, { allowRetries: true, maxRetries })`, `new RestClient(userAgent, baseUrl, handlers, options)`. */
export function typedRestClient(m: LibraryCall): LibraryFinding | undefined {
  const index = TRC_CLASSES[lastName(m)];
  if (!m.isNew || index === undefined) return undefined;
  const node = m.a[index];
  const object = node ? resolveObject(node, m.env) : undefined;
  const allow = object && getProperty(object, 'allowRetries');
  if (!object || !allow) return undefined;
  const options = optionsOf(object, m.env);
  if (boolOption(options, 'allowRetries', false, m.env) !== true) return undefined;
  const maxRetries = numberOption(options, 'maxRetries', 1, m.env);
  if (maxRetries === 0) return undefined;
  const policy: RetryPolicy = { maxAttempts: attemptsFromRetries(maxRetries, false), delay: { kind: 'exponential', baseMs: 10, factor: 2, capMs: 5120 }, jitter: 'none' };
  const result = site('typed-rest-client', m.call, allow.loc, policy, { delay: true, jitter: true, attempts: !getProperty(object, 'maxRetries') });
  result.optionsObject = object;
  return { site: result, ...clientOf(m.call, m.env.ctx) };
}

/** make-fetch-happen `fetch(url, { retry })` and `fetch.defaults([url,] { retry })`. */
export function makeFetchHappen(m: LibraryCall): LibraryFinding | undefined {
  const whole = m.imported === 'default' || m.imported === '*';
  if (!whole || (m.members.length > 0 && !(m.members.length === 1 && m.members[0] === 'defaults'))) return undefined;
  const creates = m.members[0] === 'defaults';
  for (const arg of m.a) {
    const object = arg && resolveObject(arg, m.env);
    const prop = object && getProperty(object, 'retry');
    if (!prop) continue;
    const value = unwrap(prop.value as Node);
    const number = value.type === 'Literal' && typeof value.value === 'string' ? Number.parseInt(value.value, 10) : staticNumber(value, m.env.ctx);
    const options = number === undefined ? optionsOf(value, m.env) : optionsOf(undefined, m.env);
    if (number === undefined && !options.known) return undefined;
    const retries = number ?? numberOption(options, 'retries', 0, m.env);
    if (retries === 0 || Number.isNaN(retries)) return undefined;
    const randomize = boolOption(options, 'randomize', false, m.env);
    const policy: RetryPolicy = {
      maxAttempts: attemptsFromRetries(retries, false),
      delay: exponential(numberOption(options, 'minTimeout', 1000, m.env), numberOption(options, 'factor', 2, m.env), numberOption(options, 'maxTimeout', Infinity, m.env)),
      jitter: randomize === 'unknown' ? 'unknown' : randomize ? 'proportional' : 'none',
    };
    const result = site('make-fetch-happen', m.call, prop.loc, policy, { delay: !options.get('minTimeout').present && !options.get('factor').present, jitter: !options.get('randomize').present, attempts: false });
    result.optionsObject = object;
    return { site: result, ...(creates ? clientOf(m.call, m.env.ctx) : {}) };
  }
  return undefined;
}

/**
 * `new MyOctokit(options)` where `MyOctokit = Octokit.plugin(retry, …)` with `retry` from
 * @octokit/plugin-retry (or `new (Octokit.plugin(retry))(options)`): the plugin's retry, read
 * from `options.retry`, its defaults when none is written.
 */
export function octokitRetry(call: TSESTree.NewExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  const made = pluginCall(unwrap(call.callee), ctx, '@octokit/plugin-retry', 'retry');
  if (!made) return octokitThrottling(call, ctx);
  const env: Env = { ctx, region: call, counters: new Set(), depth: 0 };
  const a = args(call);
  const object = a[0] ? resolveObject(a[0], env) : undefined;
  if (call.arguments.length > 0 && (!object || object.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  const retryProp = object && getProperty(object, 'retry');
  const retry = retryProp ? resolveObject(retryProp.value as Node, env) : undefined;
  if (retryProp && !retry) return undefined;
  const options = optionsOf(retry, env);
  if (boolOption(options, 'enabled', true, env) !== true) return undefined;
  const retries = numberOption(options, 'retries', 3, env);
  if (retries === 0) return undefined;
  const base = numberOption(options, 'retryAfterBaseValue', 1000, env);
  const delay: RetryPolicy['delay'] = base === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'polynomial', power: 2, ...(base === 'unknown' ? {} : { baseMs: base }) };
  const policy: RetryPolicy = { maxAttempts: attemptsFromRetries(retries, false), delay, jitter: 'none' };
  const result = site('@octokit/plugin-retry', call, (retryProp ?? call).loc, policy, {
    delay: !options.get('retryAfterBaseValue').present,
    jitter: true,
    attempts: !options.get('retries').present,
  });
  // `doNotRetry` keeps 4xx (but 408/429) from being retried by default.
  result.classifiesErrors = true;
  if (retry) result.optionsObject = retry;
  return { site: result, ...clientOf(call, ctx) };
}

/** `Octokit.plugin(retry, throttling)` with the plugin (`retry` of @octokit/plugin-retry) imported, held in a const or written in place. */
function pluginCall(callee: Node, ctx: AnalysisContext, library: string, exported: string): TSESTree.CallExpression | undefined {
  let made: Node | undefined = callee;
  if (callee.type === 'Identifier') {
    const def = firstDefinition(ctx.variableOf(callee));
    made = def?.type === 'Variable' && def.node.id.type === 'Identifier' && def.node.init ? unwrap(def.node.init) : undefined;
    if (def?.type === 'Variable' && def.parent?.type === 'VariableDeclaration' && def.parent.kind !== 'const') return undefined;
  }
  if (made?.type !== 'CallExpression') return undefined;
  const pluginCallee = unwrap(made.callee);
  if (pluginCallee.type !== 'MemberExpression' || propertyName(pluginCallee) !== 'plugin') return undefined;
  return made.arguments.some((arg) => arg.type !== 'SpreadElement' && isPlugin(unwrap(arg), ctx, library, exported)) ? made : undefined;
}

function isPlugin(n: Node, ctx: AnalysisContext, library: string, exported: string): boolean {
  let root = n;
  let member: string | undefined;
  if (n.type === 'MemberExpression') {
    member = propertyName(n);
    root = unwrap(n.object);
  }
  if (root.type !== 'Identifier') return false;
  const origin = importOf(root, ctx);
  if (!origin || libraryOfModule(origin.module)?.library !== library) return false;
  const name = exportName({ imported: origin.imported, members: member ? [member] : [] } as LibraryCall);
  return name === exported;
}

const THROTTLE_HANDLERS = ['onRateLimit', 'onSecondaryRateLimit'];

/**
 * @octokit/plugin-throttling@11.0.5 dist-bundle/index.js: on a 403/429 rate limit the client
 * calls `throttle.onRateLimit` / `onSecondaryRateLimit(retryAfter, options, octokit, retryCount)`
 * and retries after the server's `retry-after` whenever the handler returns true. A handler that
 * returns true on every path, whatever `retryCount` is, retries for as long as the limit lasts.
 */
function octokitThrottling(call: TSESTree.NewExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  if (!pluginCall(unwrap(call.callee), ctx, '@octokit/plugin-throttling', 'throttling')) return undefined;
  const env: Env = { ctx, region: call, counters: new Set(), depth: 0 };
  const options = call.arguments[0] && call.arguments[0].type !== 'SpreadElement' ? resolveObject(call.arguments[0], env) : undefined;
  const throttleProp = options && getProperty(options, 'throttle');
  const throttle = throttleProp ? resolveObject(throttleProp.value as Node, env) : undefined;
  if (!throttle) return undefined;
  for (const name of THROTTLE_HANDLERS) {
    const prop = getProperty(throttle, name);
    const fn = prop && strategyFunction(prop.value as Node, env);
    if (!prop || !fn || !alwaysTrue(fn, ctx)) continue;
    // The wait is the server's `retry-after`: only the missing bound is a finding.
    const result = site('@octokit/plugin-throttling', call, prop.loc, { maxAttempts: 'unbounded', delay: { kind: 'unknown' }, jitter: 'unknown' }, { delay: false, jitter: false, attempts: false });
    return { site: result, ...clientOf(call, ctx) };
  }
  return undefined;
}

/** `() => true`, or a body whose every `return` gives `true` and that ends in one. */
function alwaysTrue(fn: FunctionNode, ctx: AnalysisContext): boolean {
  const isTrue = (n: Node | null | undefined) => {
    const u = n ? unwrap(n) : undefined;
    return u?.type === 'Literal' && u.value === true;
  };
  if (fn.body.type !== 'BlockStatement') return isTrue(fn.body);
  const last = fn.body.body[fn.body.body.length - 1];
  if (last?.type !== 'ReturnStatement' || !isTrue(last.argument)) return false;
  let only = true;
  walk(fn.body, ctx.keys, (node) => {
    if (node !== fn.body && isFunction(node)) return false;
    if (node.type === 'ThrowStatement' || (node.type === 'ReturnStatement' && !isTrue(node.argument))) only = false;
    return undefined;
  });
  return only;
}
