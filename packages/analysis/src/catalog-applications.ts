import type { CatalogEntry } from './catalog-entry.js';

/**
 * Catalog rows for the retry settings application code uses most outside retry libraries
 * (issue 27): job queues and cloud SDK clients. Same rules as catalog.ts: every default read in
 * the published source named in `checked`.
 */
export const APPLICATION_ROWS: readonly CatalogEntry[] = [
  {
    library: 'bullmq',
    modules: ['bullmq'],
    recognises: '`attempts` / `backoff` of `queue.add(name, data, opts)`, `addBulk()`, `flow.add({ opts })`, a `Queue`\'s `defaultJobOptions` or a flow\'s `queuesOptions`; a `Worker`\'s `settings.backoffStrategy`',
    noJitter: '`backoff` `fixed` or `exponential` without `jitter` (default 0; the option exists since bullmq 5.54.0)',
    unbounded: '`attempts: Infinity` or `Number.MAX_SAFE_INTEGER`',
    defaultAttempts: '1 (no retry)',
    retriesByDefault: false,
    noun: 'BullMQ job retry',
    jitterFix: 'Set `jitter: 1` in `backoff` (full jitter, bullmq ≥ 5.54.0); before 5.54.0, or in a worker\'s `settings.backoffStrategy`, add randomness to the delay the strategy returns',
    checked: 'bullmq@6.7.0 dist/esm/classes/job.js, dist/esm/classes/backoffs.js',
    withNoOption: 'no retry',
  },
  {
    library: 'bull',
    modules: ['bull'],
    recognises: '`attempts` / `backoff` of `queue.add(data, opts)` / `add(name, data, opts)`, a queue\'s `defaultJobOptions`',
    noJitter: 'always (`fixed` and `exponential` have no randomness)',
    unbounded: '`attempts: Infinity` or `Number.MAX_SAFE_INTEGER`',
    defaultAttempts: '1 (no retry)',
    retriesByDefault: false,
    noun: 'Bull job retry',
    jitterFix: 'Bull has no jitter option: register a strategy that adds randomness in the queue\'s `settings.backoffStrategies` and name it as the `backoff` type',
    checked: 'bull@4.16.5 lib/job.js, lib/backoffs.js',
    withNoOption: 'no retry',
  },
  {
    library: 'pg-boss',
    modules: ['pg-boss'],
    recognises: '`retryLimit` / `retryDelay` / `retryBackoff` of `boss.send(name, data, opts)`, `sendAfter()` / `sendThrottled()` / `sendDebounced()`, `createQueue(name, opts)` / `updateQueue()` on a `PgBoss`',
    noJitter: '`retryBackoff` not true (default false: a fixed `retryDelay`, default 0 s)',
    unbounded: '`retryLimit: Number.MAX_SAFE_INTEGER`',
    defaultAttempts: '3',
    retriesByDefault: false,
    noun: 'pg-boss job retry',
    jitterFix: 'Set `retryBackoff: true` (exponential, half of each wait random)',
    checked: 'pg-boss@12.38.0 dist/plans.js',
    withNoOption: 'not read',
  },
  {
    library: '@aws-sdk/client-*',
    modules: ['@aws-sdk/client-*'],
    recognises: '`new …Client({ maxAttempts, retryMode, retryStrategy })` of any `@aws-sdk/client-*`; a client retries `send()` by default',
    noJitter: 'a `retryStrategy` whose delay has no randomness (`new ConfiguredRetryStrategy(n, ms)`)',
    unbounded: 'never: a client\'s retry quota (500 tokens, 5–14 a retry) stops a failing service\'s retries after at most 100',
    defaultAttempts: '3',
    retriesByDefault: true,
    noun: 'AWS SDK client retry',
    jitterFix: 'Remove the custom `retryStrategy` (the default is full jitter) or add randomness to its delay',
    checked: '@smithy/core@3.41.1 dist-es/submodules/retry/util-retry/ (StandardRetryStrategy.js, config.js, constants.js), middleware-retry/configurations.js',
    withNoOption: 'nesting',
  },
];
