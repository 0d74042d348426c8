import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, unwrap, walk, type Node } from '../ast.js';
import type { Env } from '../evaluate.js';
import { staticNumber } from '../evaluation/static-number.js';
import { resolveObject } from '../objects/resolve-object.js';
import { readStrategy, strategyFunction } from '../strategy-callback.js';
import { attemptsFromRetries, boolOption, clientOf, delayFunctionPolicy, exponential, numberOption, optionsOf, site, type LibraryFinding, type Options } from '../library-options.js';
import type { RetryPolicy } from '../types.js';

/**
 * What policy do got and ky requests have: the `retry` option written on a request or client,
 * and the retries the libraries make by default when none is written?
 */

const HTTP_METHODS = /^(get|post|put|patch|delete|head|options|stream|paginate|extend|create)$/;

/** got and ky retry when given a `retry` option: report on that option. */
export function httpClient(library: 'got' | 'ky', call: TSESTree.CallExpression, member: string | undefined, a: (Node | undefined)[], env: Env): LibraryFinding | undefined {
  if (member !== undefined && !HTTP_METHODS.test(member)) return undefined;
  for (const arg of a) {
    const object = arg && resolveObject(arg, env);
    const prop = object && getProperty(object, 'retry');
    if (!prop) continue;
    const value = unwrap(prop.value as Node);
    const limitNumber = staticNumber(value, env.ctx);
    const options = limitNumber === undefined ? optionsOf(value, env) : optionsOf(undefined, env);
    const limit = limitNumber ?? numberOption(options, 'limit', 2, env);
    if (limit === 0) return undefined;
    let policy: RetryPolicy;
    let jitterDefault = true;
    if (library === 'got') {
      policy = gotPolicy(options, limit, env);
      jitterDefault = !options.get('noise').present && !options.get('calculateDelay').present;
    } else {
      const jitterOption = options.get('jitter');
      jitterDefault = !jitterOption.present;
      const jitterOn = jitterOption.present && !(unwrap(jitterOption.node).type === 'Literal' && (unwrap(jitterOption.node) as TSESTree.Literal).value === false);
      const cap = numberOption(options, 'backoffLimit', Infinity, env);
      const delayOption = options.get('delay');
      const shape = delayOption.present ? delayFunctionPolicy(delayOption.node, 0, env) : { delay: exponential(300, 2, cap), jitter: 'none' as const };
      policy = { maxAttempts: attemptsFromRetries(limit, false), delay: shape.delay, jitter: jitterOn ? 'full' : shape.jitter };
      if (!jitterOption.present && jitterOption.unknown) policy.jitter = 'unknown';
    }
    const result = site(library, call, prop.loc, policy, { delay: true, jitter: jitterDefault, attempts: limitNumber === undefined && !options.get('limit').present });
    const creates = member === 'extend' || member === 'create';
    return creates ? { site: result, ...clientOf(call, env.ctx) } : { site: result };
  }
  return undefined;
}

/**
 * got's `retry` object, read in got@16.1.0 and got@14.6.6 dist/source/core/calculate-retry-delay.js,
 * core/index.js and core/options.js: the wait is `min(1000 × 2^(n−1), backoffLimit) + random × noise`
 * (noise 100 ms by default, at most ±100; `noise: 0` takes the randomness away). A
 * `calculateDelay` decides every retry unless `enforceRetryRules` is true (the default from
 * got 15.0.0 on; false in 14): there, one that ignores `computedValue` (0 once `limit` is
 * reached) and never returns 0 retries for as long as the request fails.
 */
function gotPolicy(options: Options, limit: number | 'unknown', env: Env): RetryPolicy {
  const cap = numberOption(options, 'backoffLimit', Infinity, env);
  const noise = numberOption(options, 'noise', 100, env);
  const policy: RetryPolicy = {
    maxAttempts: attemptsFromRetries(limit, false),
    delay: exponential(1000, 2, cap),
    jitter: noise === 'unknown' ? 'unknown' : noise === 0 ? 'none' : 'proportional',
  };
  const calculate = options.get('calculateDelay');
  if (!calculate.present) return calculate.unknown ? { ...policy, delay: { kind: 'unknown' }, jitter: 'unknown' } : policy;
  const fn = strategyFunction(calculate.node, env);
  if (!fn) return { ...policy, delay: { kind: 'unknown' }, jitter: 'unknown' };
  // `({ computedValue }) => computedValue`: got's own wait, and its own limit.
  const body = fn.body.type === 'BlockStatement' ? undefined : unwrap(fn.body);
  if (body?.type === 'Identifier' && body.name === 'computedValue') return policy;
  const reading = readStrategy(fn, -1, env, { counterName: 'attemptCount', zeroStops: true });
  // `enforceRetryRules` is true by default from got 15 on (a project that declares no one major is read as the current one).
  const enforced = boolOption(options, 'enforceRetryRules', (env.ctx.libraryMajor?.('got') ?? 16) >= 15, env);
  const respectsLimit = readsName(fn, 'computedValue', env) || enforced !== false;
  const maxAttempts: RetryPolicy['maxAttempts'] = respectsLimit ? policy.maxAttempts : reading.canGiveUp ? 'unknown' : 'unbounded';
  return { maxAttempts, delay: reading.delay, jitter: reading.jitter };
}

/** Whether a function reads a name (`computedValue`, destructured or as `o.computedValue`). */
function readsName(fn: Node, name: string, env: Env): boolean {
  let found = false;
  walk(fn, env.ctx.keys, (node) => {
    if (found) return false;
    if (node.type === 'Identifier' && node.name === name) found = true;
    return undefined;
  });
  return found;
}

const RETRIED_METHODS = /^(get|put|head|delete|options|trace|query)$/i;

/**
 * got@16 and ky@2 retry GET-like requests twice by default (got with up to 100 ms of noise,
 * ky without). A request with no `retry` option written still retries: no rule reports it on
 * its own, but inside another retry it is a nested one.
 */
export function defaultHttpRetries(library: 'got' | 'ky', call: TSESTree.CallExpression, member: string | undefined, a: (Node | undefined)[], env: Env): LibraryFinding | undefined {
  if (member !== undefined && !RETRIED_METHODS.test(member)) return undefined;
  for (const [index, arg] of a.entries()) {
    if (!arg) return undefined;
    const object = resolveObject(arg, env);
    if (!object) {
      // The first argument is the URL unless it is an options object; any later one is
      // options this file does not show, which may turn retries off.
      if (index === 0 && unwrap(arg).type !== 'ObjectExpression') continue;
      return undefined;
    }
    if (object.properties.some((p) => p.type === 'SpreadElement') || getProperty(object, 'retry')) return undefined;
    const method = getProperty(object, 'method');
    if (method) {
      const value = unwrap(method.value as Node);
      if (value.type !== 'Literal' || typeof value.value !== 'string' || !RETRIED_METHODS.test(value.value)) return undefined;
    }
  }
  const policy: RetryPolicy = library === 'got'
    ? { maxAttempts: 3, delay: { kind: 'exponential', baseMs: 1000, factor: 2 }, jitter: 'proportional' }
    : { maxAttempts: 3, delay: { kind: 'exponential', baseMs: 300, factor: 2 }, jitter: 'none' };
  return { site: site(library, call, call.loc, policy, { delay: true, jitter: true, attempts: true }), silent: true };
}
