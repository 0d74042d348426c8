import { getProperty } from './ast.js';
import { clientOf, lastName, numberOption, optionsOf, site, type LibraryCall, type LibraryFinding } from './library-options.js';
import { resolveObject } from './objects/resolve-object.js';
import type { RetryPolicy } from './types.js';

/*
 * The HubSpot API client, read in @hubspot/api-client@13.5.0 lib/src/client.js and
 * lib/src/services/decorators/RetryDecorator.js: `new Client({ numberOfApiCallRetries })` (0 to
 * 6, more throws; none by default) wraps each call in a loop of `numberOfApiCallRetries` calls in
 * all (the count is the attempts, not the retries), going again only after a 5xx, waiting
 * 200 ms × n, or after a 429 of the ten-secondly limit, waiting 10 s × n; never random.
 */

const MAX_RETRIES_OPTION = 6;

/** `new Client({ accessToken, numberOfApiCallRetries: 3 })`. */
export function hubspotClient(m: LibraryCall): LibraryFinding | undefined {
  if (!m.isNew || lastName(m) !== 'Client') return undefined;
  const node = m.a[0];
  const object = node ? resolveObject(node, m.env) : undefined;
  const option = object && getProperty(object, 'numberOfApiCallRetries');
  if (!object || !option) return undefined;
  const count = numberOption(optionsOf(object, m.env), 'numberOfApiCallRetries', 0, m.env);
  // One call or none retried, or a count the client refuses at construction: no retry.
  if (count !== 'unknown' && (count < 2 || count > MAX_RETRIES_OPTION)) return undefined;
  // With two calls there is one wait, 200 ms: nothing grows.
  const delay: RetryPolicy['delay'] = count === 2 ? { kind: 'constant', baseMs: 200 } : { kind: 'linear', baseMs: 200 };
  const policy: RetryPolicy = { maxAttempts: count === 'unknown' ? 'unknown' : Math.floor(count), delay, jitter: 'none' };
  const result = site('@hubspot/api-client', m.call, option.loc, policy, { delay: true, jitter: true, attempts: false }, { classifiesErrors: true });
  result.optionsObject = object;
  return { site: result, ...clientOf(m.call, m.env.ctx) };
}
