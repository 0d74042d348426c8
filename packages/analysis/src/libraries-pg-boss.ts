import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, type Node } from './ast.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { boolOption, optionsOf, site, type LibraryFinding } from './library-options.js';
import type { RetryPolicy } from './types.js';

/*
 * pg-boss job retries, read in pg-boss@12.38.0: dist/plans.js QUEUE_DEFAULTS (`retry_limit` 2,
 * `retry_delay` 0, `retry_backoff` false) and its failure SQL: with no backoff the job waits
 * `retryDelay` seconds (0: at once); with `retryBackoff: true` it waits
 * `max(retryDelay, 1) × (2^n / 2 + 2^n / 2 × random())` seconds, up to `retryDelayMax`, i.e.
 * half the exponential wait plus a random half ("equal jitter"). A job's options override its
 * queue's (`createQueue` / `updateQueue`), so a `send()` that writes none runs whatever the
 * queue was given, which may be in another file: it is not read.
 */

/** The methods whose options carry retry settings, and the index of those options. */
const OPTIONS_INDEX: Record<string, number> = { send: 2, sendAfter: 2, sendThrottled: 2, sendDebounced: 2, createQueue: 1, updateQueue: 1 };
export const PG_BOSS_METHODS: ReadonlySet<string> = new Set(Object.keys(OPTIONS_INDEX));

const RETRY_OPTIONS = ['retryLimit', 'retryDelay', 'retryBackoff', 'retryDelayMax'];

export function pgBossSite(call: TSESTree.CallExpression, method: string, a: (Node | undefined)[], env: Env): LibraryFinding | undefined {
  const index = OPTIONS_INDEX[method];
  if (index === undefined) return undefined;
  // `send({ name, data, options })`: the object form.
  const first = method === 'send' && a.length === 1 && a[0] ? resolveObject(a[0], env) : undefined;
  const optionsNode = first ? (getProperty(first, 'options')?.value as Node | undefined) : a[index];
  const object = optionsNode ? resolveObject(optionsNode, env) : undefined;
  if (!object || object.properties.some((p) => p.type === 'SpreadElement')) return undefined;
  const where = RETRY_OPTIONS.map((name) => getProperty(object, name)).find((p) => p !== undefined);
  if (!where) return undefined;
  const options = optionsOf(object, env);
  const limitProp = getProperty(object, 'retryLimit');
  const limit = limitProp ? staticNumber(limitProp.value as Node, env.ctx) : 2;
  const maxAttempts: RetryPolicy['maxAttempts'] = limit === undefined ? 'unknown' : limit >= Number.MAX_SAFE_INTEGER || !Number.isFinite(limit) ? 'unbounded' : Math.max(0, Math.floor(limit)) + 1;
  const delayProp = getProperty(object, 'retryDelay');
  const seconds = delayProp ? staticNumber(delayProp.value as Node, env.ctx) : 0;
  const backoff = boolOption(options, 'retryBackoff', false, env);
  const capProp = getProperty(object, 'retryDelayMax');
  const cap = capProp ? staticNumber(capProp.value as Node, env.ctx) : undefined;
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'>;
  if (backoff === 'unknown') shape = { delay: { kind: 'unknown' }, jitter: 'unknown' };
  else if (backoff) {
    const base = seconds === undefined ? undefined : Math.max(seconds, 1) * 1000;
    shape = { delay: { kind: 'exponential', ...(base !== undefined ? { baseMs: base } : {}), factor: 2, ...(cap !== undefined ? { capMs: cap * 1000 } : {}) }, jitter: 'equal' };
  } else {
    shape = { delay: seconds === undefined ? { kind: 'constant' } : seconds === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: seconds * 1000 }, jitter: 'none' };
  }
  const result = site('pg-boss', call, where.loc, { maxAttempts, ...shape }, { delay: !delayProp && !getProperty(object, 'retryBackoff'), jitter: !getProperty(object, 'retryBackoff'), attempts: !limitProp });
  result.optionsObject = object;
  return { site: result };
}
