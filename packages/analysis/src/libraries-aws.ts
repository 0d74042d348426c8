import { getProperty, unwrap, type Node } from './ast.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { importOf } from './imports.js';
import { clientOf, delayFunctionPolicy, lastName, resolveNew, site, type LibraryCall, type LibraryFinding } from './library-options.js';
import type { RetryPolicy } from './types.js';

/*
 * AWS SDK v3 clients (`new S3Client(config)` of any `@aws-sdk/client-*`), read in
 * @smithy/core@3.41.1 dist-es/submodules/retry:
 * - middleware-retry/configurations.js `resolveRetryConfig`: `maxAttempts` (first call
 *   included) defaults to 3 (util-retry/config.js DEFAULT_MAX_ATTEMPTS), `retryMode`
 *   'standard' (or 'adaptive', which adds client-side rate limiting to the same strategy), and
 *   a `retryStrategy` given replaces both.
 * - util-retry/DefaultRetryBackoffStrategy.js: the wait is `random × min(base × 2^n, 20 s)`:
 *   full jitter, base 50 ms (retries-2026-config.js `Retry.delay()`; 1 s for throttling).
 * - util-retry/StandardRetryStrategy.js: each retry also takes 14 tokens (5 for throttling)
 *   from the client's quota of 500, given back only on success, so a service that keeps
 *   failing gets at most 100 retries from one client whatever `maxAttempts` says.
 * - util-retry/ConfiguredRetryStrategy.js: `new ConfiguredRetryStrategy(maxAttempts, delay)`,
 *   a number or `(attempt) => ms` (default 50 ms, fixed), without randomness of its own.
 */

const BASE_MS = 50;
const CAP_MS = 20_000;
/** The most retries the quota allows when every one fails (500 tokens at 5 each), plus the first call. */
const QUOTA_ATTEMPTS = 101;

const STRATEGY_MODULES = /^(@smithy\/util-retry|@aws-sdk\/util-retry|@smithy\/core\/retry|@smithy\/core)$/;

export function awsClient(m: LibraryCall): LibraryFinding | undefined {
  const name = lastName(m);
  if (!m.isNew || !/^[A-Z]\w*Client$/.test(name)) return undefined;
  const config = m.a[0] ? resolveObject(m.a[0], m.env) : undefined;
  // A config this file cannot read (a variable from elsewhere, a spread) may set anything.
  if (m.a[0] && (!config || config.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  const attemptsProp = config && getProperty(config, 'maxAttempts');
  const strategyProp = config && getProperty(config, 'retryStrategy');
  let maxAttempts: RetryPolicy['maxAttempts'] = 3;
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'> = { delay: { kind: 'exponential', baseMs: BASE_MS, factor: 2, capMs: CAP_MS }, jitter: 'full' };
  if (attemptsProp) maxAttempts = attempts(staticNumber(attemptsProp.value as Node, m.env.ctx));
  if (strategyProp) {
    const strategy = configuredStrategy(strategyProp.value as Node, m);
    if (!strategy) return undefined;
    maxAttempts = strategy.maxAttempts;
    shape = strategy;
  }
  const written = strategyProp ?? attemptsProp;
  const result = site('@aws-sdk/client-*', m.call, (written ?? m.call).loc, { maxAttempts, ...shape }, { delay: !strategyProp, jitter: !strategyProp, attempts: !attemptsProp && !strategyProp });
  // With nothing written the defaults break no rule: the client only counts for nesting.
  return { site: result, ...clientOf(m.call, m.env.ctx), ...(written ? {} : { silent: true }) };
}

function attempts(n: number | undefined): RetryPolicy['maxAttempts'] {
  if (n === undefined) return 'unknown';
  return Math.max(1, Math.min(Number.isFinite(n) ? Math.floor(n) : QUOTA_ATTEMPTS, QUOTA_ATTEMPTS));
}

/** `new ConfiguredRetryStrategy(n, delay)` / `new StandardRetryStrategy(n)` imported from the SDK's retry package. */
function configuredStrategy(value: Node, m: LibraryCall): (Pick<RetryPolicy, 'maxAttempts' | 'delay' | 'jitter'>) | undefined {
  const made = resolveNew(value, m.env);
  const callee = made && unwrap(made.callee);
  const origin = callee?.type === 'Identifier' ? importOf(callee, m.env.ctx) : undefined;
  if (!made || !origin || !STRATEGY_MODULES.test(origin.module)) return undefined;
  const [first, second] = made.arguments.map((a) => (a.type === 'SpreadElement' ? undefined : a));
  const n = first ? staticNumber(first, m.env.ctx) : 3;
  if (origin.imported === 'StandardRetryStrategy') {
    return { maxAttempts: attempts(n), delay: { kind: 'exponential', baseMs: BASE_MS, factor: 2, capMs: CAP_MS }, jitter: 'full' };
  }
  if (origin.imported !== 'ConfiguredRetryStrategy') return undefined;
  const delay = second ? delayFunctionPolicy(second, 0, m.env) : { delay: { kind: 'constant', baseMs: BASE_MS } as RetryPolicy['delay'], jitter: 'none' as const };
  return { maxAttempts: attempts(n), ...delay };
}
