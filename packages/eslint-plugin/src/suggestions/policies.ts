import type { RetryPolicy, RetrySite } from '@retry-hygiene/analysis';

/**
 * The retry policy each suggestion leaves behind, so a report can simulate the herd of the
 * edit a user would actually apply (not one idealised fix for every finding). Each mirrors
 * what its edit writes; the library ones name the jitter the library then applies, in the
 * terms the analysis reads it in.
 */

/**
 * `retry()`'s defaults from @retry-hygiene/retry, which the rewrite relies on for what it
 * does not write. Copied, not imported: the plugin does not depend on the runtime helper
 * (the CLI's tests check the two agree).
 */
export const REWRITE_DEFAULTS = { baseMs: 100, factor: 2, capMs: 20_000 } as const;

/** "Add full jitter": the same waits and limit, each wait drawn from [0, d). */
export function jitteredPolicy(site: RetrySite): RetryPolicy {
  return { ...site.policy, jitter: 'full' };
}

/** "Wait a random 0–ms ms before retrying": an immediate self-call gets a fully jittered constant wait. */
export function waitedPolicy(site: RetrySite, ms: number): RetryPolicy {
  return { ...site.policy, delay: { kind: 'constant', baseMs: ms }, jitter: 'full' };
}

/**
 * "Rewrite with retry()": full jitter over the loop's own wait (a constant wait is base and
 * cap; a linear one doubles up to its last wait; an exponential one keeps base, factor and
 * cap, retry()'s 20 s cap when it had none; no wait gets retry()'s defaults) and the loop's
 * own attempt count, or `bound` when the rewrite adds one.
 */
export function rewrittenPolicy(site: RetrySite, bound: number | undefined): RetryPolicy {
  const { maxAttempts, delay } = site.policy;
  const attempts = bound ?? maxAttempts;
  const base = { maxAttempts: attempts, jitter: 'full' as const };
  switch (delay.kind) {
    case 'none':
      return { ...base, delay: { kind: 'exponential', ...REWRITE_DEFAULTS } };
    case 'constant':
      return { ...base, delay: { kind: 'constant', ...(delay.baseMs !== undefined ? { baseMs: delay.baseMs } : {}) } };
    case 'linear':
    case 'polynomial': {
      const last = delay.baseMs !== undefined && typeof attempts === 'number' ? lastWait(delay, attempts) : Infinity;
      const capMs = Math.min(delay.capMs ?? Infinity, last);
      return { ...base, delay: { kind: 'exponential', ...(delay.baseMs !== undefined ? { baseMs: delay.baseMs } : {}), factor: REWRITE_DEFAULTS.factor, ...(Number.isFinite(capMs) ? { capMs } : {}) } };
    }
    case 'exponential':
      return { ...base, delay: { ...delay, factor: delay.factor ?? REWRITE_DEFAULTS.factor, capMs: delay.capMs ?? REWRITE_DEFAULTS.capMs } };
    default:
      return { ...base, delay };
  }
}

/** The wait before the last attempt of a linear (base × n) or polynomial (base × n^power) schedule. */
export function lastWait(delay: RetryPolicy['delay'], attempts: number): number {
  const n = attempts - 1;
  return (delay.baseMs ?? 0) * (delay.kind === 'polynomial' ? n ** (delay.power ?? 2) : n);
}

/** A library option edit: a bound sets the attempts; a jitter edit the jitter (and delay) the library then uses. */
export function libraryEditPolicy(site: RetrySite, problem: 'jitter' | 'bound', bound: number): RetryPolicy {
  const policy = site.policy;
  if (problem === 'bound') return { ...policy, maxAttempts: bound };
  const library = site.library ?? '';
  const jitter = LIBRARY_JITTER[library] ?? 'full';
  const delay = LIBRARY_DELAY[library]?.(policy.delay) ?? policy.delay;
  // rxjs's edit also bounds a retry that had no count.
  // The AWS SDK's own strategy, once the custom one is removed, makes up to 3 attempts.
  const maxAttempts = library === 'rxjs' && policy.maxAttempts === 'unbounded' ? bound : library === '@aws-sdk/client-*' ? 3 : policy.maxAttempts;
  return { ...policy, maxAttempts, delay, jitter };
}

/** The jitter a library applies once the edit turns it on, where it is not a full one. */
const LIBRARY_JITTER: Record<string, RetryPolicy['jitter']> = {
  // `randomize: true`: each wait times a random factor between 1 and 2.
  'p-retry': 'proportional',
  'promise-retry': 'proportional',
  'async-retry': 'proportional',
  retry: 'proportional',
  cockatiel: 'decorrelated',
  // exponentialDelay adds up to 20 %; randomizationFactor 0.5; ExponentialReconnectionPolicy ±15 %.
  'axios-retry': 'proportional',
  'socket.io-client': 'proportional',
  'cassandra-driver': 'proportional',
  'pg-boss': 'equal',
  // make-fetch-happen `randomize: true`: each wait times a random factor between 1 and 2.
  'make-fetch-happen': 'proportional',
  // Redlock `retryJitter`: ± up to that many ms on each wait.
  redlock: 'proportional',
  // Azure messaging `RetryMode.Exponential`: 0.8–1.2 × the base at random.
  '@azure/service-bus': 'proportional',
};

type Delay = RetryPolicy['delay'];

/** The wait an edit writes where it replaces the library's own (a site that retried at once, a constant wait). */
const LIBRARY_DELAY: Record<string, (delay: Delay) => Delay | undefined> = {
  async: () => ({ kind: 'exponential', baseMs: 100, factor: 2, capMs: 20_000 }),
  'fetch-retry': () => ({ kind: 'exponential', baseMs: 1000, factor: 2, capMs: 20_000 }),
  'cassandra-driver': (d) => ({ kind: 'exponential', ...(d.baseMs !== undefined ? { baseMs: d.baseMs } : {}), factor: 2, capMs: 600_000 }),
  rxjs: (d) => (d.kind === 'none' ? { kind: 'exponential', baseMs: 100, factor: 2, capMs: 20_000 } : undefined),
  // axios-retry's exponentialDelay: 100 ms × 2^n.
  'axios-retry': (d) => (d.kind === 'none' ? { kind: 'exponential', baseMs: 100, factor: 2 } : undefined),
  // ExponentialBackoff's defaults: 128 ms initial, 30 s maximum.
  cockatiel: (d) => (d.kind === 'constant' || d.kind === 'none' ? { kind: 'exponential', baseMs: d.baseMs ?? 128, factor: 2, capMs: 30_000 } : undefined),
  // pg-boss `retryBackoff: true`: max(retryDelay, 1 s) × 2^n, half of it random.
  'pg-boss': (d) => ({ kind: 'exponential', baseMs: Math.max(d.baseMs ?? 0, 1000), factor: 2 }),
  // BullMQ: the backoff the edit adds to a job retried at once (1 s × 2^n, jitter 1).
  bullmq: (d) => (d.kind === 'none' ? { kind: 'exponential', baseMs: 1000, factor: 2 } : undefined),
  // The AWS SDK's own strategy once the custom one is removed: 50 ms × 2^n up to 20 s.
  '@aws-sdk/client-*': () => ({ kind: 'exponential', baseMs: 50, factor: 2, capMs: 20_000 }),
  // ofetch: `retryDelay: () => Math.random() * 1000` where it retried at once.
  ofetch: (d) => (d.kind === 'none' ? { kind: 'constant', baseMs: 1000 } : undefined),
  // Azure messaging `RetryMode.Exponential`: base × (2^n − 1) up to maxRetryDelayInMs (90 s by default).
  '@azure/service-bus': (d) => ({ kind: 'exponential', ...(d.baseMs !== undefined ? { baseMs: d.baseMs } : {}), factor: 2, capMs: 90_000 }),
  // react-query's default backoff, written as a jittered retryDelay when there was none.
  '@tanstack/query': (d) => (d.kind === 'none' ? { kind: 'exponential', baseMs: 1000, factor: 2, capMs: 30_000 } : undefined),
};
