// The catalog's application rows (issue 27: job queues, AWS SDK v3 clients) and the library
// defaults read with no option written (ioredis, socket.io-client, QueryClient, useSWR): for each,
// the default, an explicit setting the rule reports and one it does not, with the exact
// message and position. Defaults are the ones catalog.ts cites (package@version and file).
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

const BULLMQ_FIX = "Set `jitter: 1` in `backoff` (full jitter, bullmq ≥ 5.54.0); before 5.54.0, or in a worker's `settings.backoffStrategy`, add randomness to the delay the strategy returns";
const BULL_FIX = "Bull has no jitter option: register a strategy that adds randomness in the queue's `settings.backoffStrategies` and name it as the `backoff` type";
const QUERY_FIX = 'Give `retryDelay` a function that adds randomness';

ruleTester.run('require-jitter', requireJitter, {
  valid: [
    // bullmq@6.7.0 job.js: `attempts` 0 by default, so a job with a backoff but no attempts runs once.
    { name: 'bullmq default: no retry', code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { backoff: { type: 'exponential', delay: 1000 } });" },
    { name: 'bullmq jitter: 1', code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { attempts: 5, backoff: { type: 'exponential', delay: 1000, jitter: 1 } });" },
    { name: 'bull default: no retry', code: "import Queue from 'bull';\nconst q = new Queue('q');\nq.add({}, { backoff: { type: 'exponential', delay: 1000 } });" },
    { name: 'bull custom backoff type (read where registered, not here)', code: "import Queue from 'bull';\nconst q = new Queue('q');\nq.add({}, { attempts: 5, backoff: { type: 'mine' } });" },
    { name: 'AWS SDK default: full jitter', code: "import { S3Client } from '@aws-sdk/client-s3';\nexport const s3 = new S3Client({ maxAttempts: 5 });" },
    { name: 'AWS SDK StandardRetryStrategy: full jitter', code: "import { S3Client } from '@aws-sdk/client-s3';\nimport { StandardRetryStrategy } from '@smithy/util-retry';\nexport const s3 = new S3Client({ retryStrategy: new StandardRetryStrategy(4) });" },
    { name: 'ioredis@6 default strategy adds 0–200 ms at random', code: "import Redis from 'ioredis';\nexport const r = new Redis();" },
    { name: 'QueryClient with a jittered retryDelay', code: "import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient({ defaultOptions: { queries: { retryDelay: (n) => Math.random() * 1000 * 2 ** n } } });" },
    { name: 'a bare QueryClient, ignoreLibraryDefaults', options: [{ ignoreLibraryDefaults: true }], code: "import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient();" },
    { name: 'bullmq inherited no-jitter, ignoreLibraryDefaults', options: [{ ignoreLibraryDefaults: true }], code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { attempts: 5, backoff: { type: 'exponential', delay: 1000 } });" },
  ],
  invalid: [
    {
      name: 'bullmq exponential without jitter',
      code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { attempts: 5, backoff: { type: 'exponential', delay: 1000 } });",
      errors: [{ messageId: 'libraryDefault' as const, line: 3, column: 18, endLine: 3, endColumn: 29, data: { what: 'This BullMQ job retry', delay: '1 s × 2^n', attempts: 'up to 5 attempts', inherited: ', the library default', fix: BULLMQ_FIX } }],
    },
    {
      name: 'bullmq explicit jitter: 0',
      code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { attempts: 5, backoff: { type: 'exponential', delay: 1000, jitter: 0 } });",
      options: [{ ignoreLibraryDefaults: true }],
      errors: [{ messageId: 'libraryDefault' as const, line: 3, column: 18, endLine: 3, endColumn: 29, data: { what: 'This BullMQ job retry', delay: '1 s × 2^n', attempts: 'up to 5 attempts', inherited: '', fix: BULLMQ_FIX } }],
    },
    {
      name: "bullmq worker's backoffStrategy without randomness",
      code: "import { Worker } from 'bullmq';\nexport const w = new Worker('q', async () => {}, { settings: { backoffStrategy: (n) => 1000 * 2 ** n } });",
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 64, endLine: 2, endColumn: 101, data: { what: 'This BullMQ job retry', delay: '1 s × 2^n', attempts: 'an unknown number of attempts', inherited: '', fix: BULLMQ_FIX } }],
    },
    {
      name: 'bullmq options a function of the file returns',
      code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nfunction jobOptions() {\n  return { attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true };\n}\nq.add('j', {}, jobOptions());",
      errors: [{ messageId: 'libraryDefault' as const, line: 4, column: 12, endLine: 4, endColumn: 23, data: { what: 'This BullMQ job retry', delay: '1 s × 2^n', attempts: 'up to 5 attempts', inherited: ', the library default', fix: BULLMQ_FIX } }],
    },
    {
      name: 'bull exponential: no jitter option',
      code: "import Queue from 'bull';\nconst q = new Queue('q');\nq.add({ to: 'a' }, { attempts: 4, backoff: { type: 'exponential', delay: 2000 } });",
      errors: [{ messageId: 'libraryDefault' as const, line: 3, column: 22, endLine: 3, endColumn: 33, data: { what: 'This Bull job retry', delay: '2 s × 2^n', attempts: 'up to 4 attempts', inherited: ', the library default', fix: BULL_FIX } }],
    },
    {
      name: 'AWS SDK ConfiguredRetryStrategy without randomness',
      code: "import { S3Client } from '@aws-sdk/client-s3';\nimport { ConfiguredRetryStrategy } from '@smithy/util-retry';\nexport const s3 = new S3Client({ retryStrategy: new ConfiguredRetryStrategy(4, (attempt) => 100 * 2 ** attempt) });",
      errors: [{ messageId: 'libraryDefault' as const, line: 3, column: 34, endLine: 3, endColumn: 112, data: { what: 'This AWS SDK client retry', delay: '100 ms × 2^n', attempts: 'up to 4 attempts', inherited: '', fix: 'Remove the custom `retryStrategy` (the default is full jitter) or add randomness to its delay' } }],
    },
    {
      name: "a bare QueryClient: the queries' default delay has no jitter",
      code: "import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient();",
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 19, endLine: 2, endColumn: 36, data: { what: "This QueryClient's default query retry", delay: '1 s × 2^n, capped at 30 s', attempts: 'up to 4 attempts', inherited: ', the library default', fix: QUERY_FIX } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry', noFixedSleepRetry, {
  valid: [
    { name: 'bullmq fixed with jitter', code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { attempts: 3, backoff: { type: 'fixed', delay: 1000, jitter: 0.5 } });" },
    { name: 'bullmq attempts: 1', code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { attempts: 1, backoff: 1000 });" },
    { name: 'AWS SDK ConfiguredRetryStrategy with randomness', code: "import { S3Client } from '@aws-sdk/client-s3';\nimport { ConfiguredRetryStrategy } from '@smithy/util-retry';\nexport const s3 = new S3Client({ retryStrategy: new ConfiguredRetryStrategy(4, (attempt) => Math.random() * 100 * 2 ** attempt) });" },
  ],
  invalid: [
    {
      name: 'bullmq attempts with no backoff: retried at once',
      code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { attempts: 3 });",
      errors: [{ messageId: 'immediate' as const, line: 3, column: 18, endLine: 3, endColumn: 29 }],
    },
    {
      name: "bullmq a queue's defaultJobOptions with a number backoff",
      code: "import { Queue } from 'bullmq';\nexport const q = new Queue('q', { defaultJobOptions: { attempts: 3, backoff: 5000 } });",
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 56, endLine: 2, endColumn: 67 }],
    },
    {
      name: 'bull fixed backoff',
      code: "import Queue from 'bull';\nconst q = new Queue('q');\nq.add('welcome', {}, { attempts: 3, backoff: { type: 'fixed', delay: 1000 } });",
      errors: [{ messageId: 'fixedDelay' as const, line: 3, column: 24, endLine: 3, endColumn: 35 }],
    },
    {
      name: 'AWS SDK ConfiguredRetryStrategy with a fixed delay',
      code: "import { S3Client } from '@aws-sdk/client-s3';\nimport { ConfiguredRetryStrategy } from '@smithy/util-retry';\nexport const s3 = new S3Client({ retryStrategy: new ConfiguredRetryStrategy(4, 1000) });",
      errors: [{ messageId: 'fixedDelay' as const, line: 3, column: 34, endLine: 3, endColumn: 85 }],
    },
  ],
});

ruleTester.run('no-unbounded-retry', noUnboundedRetry, {
  valid: [
    { name: 'ioredis strategy that gives up', code: "import Redis from 'ioredis';\nexport const r = new Redis({ retryStrategy: (times) => (times > 10 ? null : Math.random() * 1000) });" },
    { name: 'ioredis options the file cannot read', code: "import Redis from 'ioredis';\nexport const make = (options) => new Redis(options);" },
    { name: 'socket.io bounded', code: "import { io } from 'socket.io-client';\nexport const s = io('https://h', { reconnectionAttempts: 10 });" },
    { name: 'useSWR with errorRetryCount', code: "import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { errorRetryCount: 3 });" },
    { name: 'useSWR with shouldRetryOnError: false', code: "import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { shouldRetryOnError: false });" },
    { name: 'bullmq bounded', code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { attempts: 10, backoff: { type: 'exponential', delay: 1000, jitter: 1 } });" },
    // @smithy/core@3.41.1 StandardRetryStrategy: the client's 500-token quota stops a failing service's retries.
    { name: 'AWS SDK maxAttempts: Infinity is bounded by the retry quota', code: "import { S3Client } from '@aws-sdk/client-s3';\nexport const s3 = new S3Client({ maxAttempts: Infinity });" },
  ],
  invalid: [
    {
      name: 'ioredis default: reconnects forever',
      code: "import Redis from 'ioredis';\nexport const r = new Redis(process.env.REDIS_URL);",
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 18, endLine: 2, endColumn: 50, data: { what: "This ioredis client's default reconnection" } }],
    },
    {
      name: 'ioredis explicit strategy that never gives up',
      code: "import Redis from 'ioredis';\nexport const r = new Redis({ retryStrategy: (times) => Math.random() * 1000 });",
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 30, endLine: 2, endColumn: 76, data: { what: 'This ioredis retry strategy' } }],
    },
    {
      name: 'socket.io io(url): reconnects forever',
      code: "import { io } from 'socket.io-client';\nexport const s = io('https://h');",
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 18, endLine: 2, endColumn: 33, data: { what: "This socket.io client's default reconnection" } }],
    },
    {
      name: 'useSWR(key, fetcher): retries for as long as it fails',
      code: "import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load);",
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 27, endLine: 2, endColumn: 45, data: { what: "This SWR hook's default error retry" } }],
    },
    {
      name: 'bullmq attempts: Infinity',
      code: "import { Queue } from 'bullmq';\nconst q = new Queue('q');\nq.add('j', {}, { attempts: Infinity, backoff: { type: 'exponential', delay: 1000, jitter: 1 } });",
      errors: [{ messageId: 'unbounded' as const, line: 3, column: 18, endLine: 3, endColumn: 36, data: { what: 'This BullMQ job retry' } }],
    },
    {
      name: 'AWS SDK maxAttempts above the configured limit',
      code: "import { S3Client } from '@aws-sdk/client-s3';\nexport const s3 = new S3Client({ maxAttempts: Infinity });",
      options: [{ maxAttempts: 10 }],
      errors: [{ messageId: 'tooManyAttempts' as const, line: 2, column: 34, endLine: 2, endColumn: 55, data: { what: 'This AWS SDK client retry', attempts: 101, max: 10 } }],
    },
  ],
});

ruleTester.run('no-nested-retry', noNestedRetry, {
  valid: [
    {
      name: 'AWS SDK client with maxAttempts: 1 inside a loop',
      code: "import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';\nconst s3 = new S3Client({ maxAttempts: 1 });\nexport async function get(Key: string) {\n  for (let i = 0; i < 3; i++) {\n    try { return await s3.send(new GetObjectCommand({ Bucket: 'b', Key })); } catch { await sleep(Math.random() * 1000); }\n  }\n}",
    },
  ],
  invalid: [
    {
      name: 'a loop around send() of a default AWS SDK client',
      code: "import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';\nconst s3 = new S3Client({ region: 'eu-west-1' });\nexport async function get(Key: string) {\n  for (let i = 0; i < 3; i++) {\n    try { return await s3.send(new GetObjectCommand({ Bucket: 'b', Key })); } catch { await sleep(Math.random() * 1000); }\n  }\n}",
      errors: [{ messageId: 'nested' as const, line: 4, column: 3, endLine: 4, endColumn: 30 }],
    },
  ],
});

// The option edits (catalog-edits.ts), exactly: BullMQ's `backoff.jitter` (since 5.54.0) and
// `attempts`, Bull's `attempts`, and an AWS SDK client's custom `retryStrategy` removed.
const QUEUE = "import { Queue } from 'bullmq';\nconst q = new Queue('q');\n";
const edited = (code: string, from: string, to: string) => {
  if (code.split(from).length !== 2) throw new Error(`expected exactly one ${from}`);
  return code.replace(from, to);
};

ruleTester.run('require-jitter option edits', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'bullmq: jitter: 1 in an exponential backoff',
      code: `${QUEUE}q.add('j', {}, { attempts: 5, backoff: { type: 'exponential', delay: 1000 } });`,
      errors: [{ messageId: 'libraryDefault' as const, line: 3, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `jitter: 1` in `backoff` (full jitter, bullmq ≥ 5.54.0)' }, output: `${QUEUE}q.add('j', {}, { attempts: 5, backoff: { type: 'exponential', delay: 1000, jitter: 1 } });` }] }],
    },
    {
      name: 'aws: the custom retryStrategy removed',
      code: "import { S3Client } from '@aws-sdk/client-s3';\nimport { ConfiguredRetryStrategy } from '@smithy/util-retry';\nexport const s3 = new S3Client({ region: 'x', retryStrategy: new ConfiguredRetryStrategy(4, (n) => 100 * 2 ** n) });",
      errors: [{ messageId: 'libraryDefault' as const, line: 3, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: "Remove `retryStrategy` (the SDK's default: up to 3 attempts, full jitter)" }, output: "import { S3Client } from '@aws-sdk/client-s3';\nimport { ConfiguredRetryStrategy } from '@smithy/util-retry';\nexport const s3 = new S3Client({ region: 'x' });" }] }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry option edits', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'bullmq: a number backoff written as a fixed one with jitter',
      code: `${QUEUE}q.add('j', {}, { attempts: 5, backoff: 2000 });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 3, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: "Set `backoff: { type: 'fixed', delay: 2000, jitter: 1 }` (full jitter, bullmq ≥ 5.54.0)" }, output: edited(`${QUEUE}q.add('j', {}, { attempts: 5, backoff: 2000 });`, 'backoff: 2000', "backoff: { type: 'fixed', delay: 2000, jitter: 1 }") }] }],
    },
    {
      name: 'bullmq: a job retried at once gets a jittered backoff',
      code: `${QUEUE}q.add('j', {}, { attempts: 3 });`,
      errors: [{ messageId: 'immediate' as const, line: 3, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: "Set `backoff: { type: 'exponential', delay: 1000, jitter: 1 }` (full jitter, bullmq ≥ 5.54.0)" }, output: `${QUEUE}q.add('j', {}, { attempts: 3, backoff: { type: 'exponential', delay: 1000, jitter: 1 } });` }] }],
    },
    {
      name: 'bull: no jitter option, no edit',
      code: "import Queue from 'bull';\nconst q = new Queue('q');\nq.add({}, { attempts: 3, backoff: 2000 });",
      errors: [{ messageId: 'fixedDelay' as const, line: 3, suggestions: [] }],
    },
  ],
});

ruleTester.run('no-unbounded-retry option edits', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: 'bullmq: attempts bounded',
      code: `${QUEUE}q.add('j', {}, { attempts: Infinity, backoff: { type: 'exponential', delay: 1000, jitter: 1 } });`,
      errors: [{ messageId: 'unbounded' as const, line: 3, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`attempts: 5`)' }, output: `${QUEUE}q.add('j', {}, { attempts: 5, backoff: { type: 'exponential', delay: 1000, jitter: 1 } });` }] }],
    },
    {
      name: "bull: a queue's defaultJobOptions bounded",
      code: "import Queue from 'bull';\nexport const q = new Queue('q', { defaultJobOptions: { attempts: Number.MAX_SAFE_INTEGER, backoff: { type: 'exponential', delay: 1000 } } });",
      errors: [{ messageId: 'unbounded' as const, line: 2, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`attempts: 5`)' }, output: "import Queue from 'bull';\nexport const q = new Queue('q', { defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 1000 } } });" }] }],
    },
  ],
});

// pg-boss@12.38.0 dist/plans.js: retryLimit 2, retryDelay 0 s, retryBackoff false by default.
const BOSS = "import { PgBoss } from 'pg-boss';\nconst boss = new PgBoss(process.env.DATABASE_URL);\n";

ruleTester.run('no-fixed-sleep-retry pg-boss', noFixedSleepRetry, {
  valid: [
    { name: 'retryBackoff: true', code: `${BOSS}boss.send('email', {}, { retryLimit: 5, retryDelay: 2, retryBackoff: true });` },
    { name: 'retryLimit: 0', code: `${BOSS}boss.send('email', {}, { retryLimit: 0 });` },
    { name: 'no retry option written: the queue decides', code: `${BOSS}boss.send('email', {});` },
  ],
  invalid: [
    {
      name: 'default delay 0: retried at once',
      code: `${BOSS}boss.send('email', {}, { retryLimit: 5 });`,
      errors: [{ messageId: 'immediate' as const, line: 3, column: 26, endLine: 3, endColumn: 39, data: { what: 'This pg-boss job retry', attempts: 'up to 6 attempts' }, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `retryBackoff: true` (exponential, half of each wait random)' }, output: `${BOSS}boss.send('email', {}, { retryLimit: 5, retryBackoff: true });` }] }],
    },
    {
      name: 'a fixed retryDelay on a queue, default retryLimit',
      code: `${BOSS}boss.createQueue('email', { retryDelay: 30 });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 3, column: 29, endLine: 3, endColumn: 43, data: { what: 'This pg-boss job retry', delay: 'a fixed 30 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry pg-boss', noUnboundedRetry, {
  valid: [{ name: 'a finite retryLimit', code: `${BOSS}boss.send('email', {}, { retryLimit: 1000, retryBackoff: true });` }],
  invalid: [
    {
      name: 'retryLimit: Number.MAX_SAFE_INTEGER',
      code: `${BOSS}boss.send('email', {}, { retryLimit: Number.MAX_SAFE_INTEGER, retryBackoff: true });`,
      errors: [{ messageId: 'unbounded' as const, line: 3, column: 26, endLine: 3, endColumn: 61, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retryLimit: 4`)' }, output: `${BOSS}boss.send('email', {}, { retryLimit: 4, retryBackoff: true });` }] }],
    },
  ],
});

// bee-queue@2.0.0 lib/job.js, lib/backoff.js: retries 0 and the `immediate` strategy by default;
// `fixed` waits the delay, `exponential` doubles it after each use; none has randomness.
const BEE = "import Queue from 'bee-queue';\nconst queue = new Queue('email');\n";
const BEE_FIX = "Bee-Queue has no jitter option: register a strategy that adds randomness with `queue.backoffStrategies.set(name, fn)` and name it in `.backoff()`";

ruleTester.run('no-fixed-sleep-retry bee-queue', noFixedSleepRetry, {
  valid: [
    { name: 'default: no retries, the job runs once', code: `${BEE}export const send = () => queue.createJob({}).backoff('fixed', 1000).save();` },
    { name: 'retries(0)', code: `${BEE}export const send = () => queue.createJob({}).retries(0).save();` },
    { name: "a strategy of the queue's own is read where it is registered", code: `${BEE}export const send = () => queue.createJob({}).retries(3).backoff('jittered', 1000).save();` },
    { name: 'a createJob of another object', code: "declare const queue: { createJob(d: object): { retries(n: number): { save(): void } } };\nexport const send = () => queue.createJob({}).retries(3).save();" },
  ],
  invalid: [
    {
      name: 'retries with the default strategy: at once',
      code: `${BEE}export const send = () => queue.createJob({}).retries(3).save();`,
      errors: [{ messageId: 'immediate' as const, line: 3, column: 47, endLine: 3, endColumn: 54, data: { what: 'This Bee-Queue job retry', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'fixed, the backoff chained before the retries',
      code: `${BEE}export const send = () => queue.createJob({}).backoff('fixed', 1000).retries(3).save();`,
      errors: [{ messageId: 'fixedDelay' as const, line: 3, column: 70, endLine: 3, endColumn: 77, data: { what: 'This Bee-Queue job retry', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'fixed, set on the job held in a constant',
      code: `${BEE}export async function send() {\n  const job = queue.createJob({});\n  job.retries(2);\n  job.backoff('fixed', 2000);\n  await job.save();\n}`,
      errors: [{ messageId: 'fixedDelay' as const, line: 5, column: 7, endLine: 5, endColumn: 14, data: { what: 'This Bee-Queue job retry', delay: 'a fixed 2 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter bee-queue', requireJitter, {
  valid: [{ name: 'fixed: a fixed wait, no backoff to jitter', code: `${BEE}export const send = () => queue.createJob({}).retries(3).backoff('fixed', 1000).save();` }],
  invalid: [
    {
      name: 'exponential: no randomness',
      code: `${BEE}export const send = () => queue.createJob({}).retries(5).backoff('exponential', 500).save();`,
      errors: [{ messageId: 'libraryDefault' as const, line: 3, column: 47, endLine: 3, endColumn: 54, data: { what: 'This Bee-Queue job retry', delay: '500 ms × 2^n', attempts: 'up to 6 attempts', inherited: '', fix: BEE_FIX } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry bee-queue', noUnboundedRetry, {
  valid: [{ name: 'a finite count', code: `${BEE}export const send = () => queue.createJob({}).retries(1000).backoff('exponential', 500).save();` }],
  invalid: [
    {
      name: 'retries(Infinity)',
      code: `${BEE}export const send = () => queue.createJob({}).retries(Infinity).backoff('exponential', 500).save();`,
      errors: [{ messageId: 'unbounded' as const, line: 3, column: 47, endLine: 3, endColumn: 54 }],
    },
  ],
});

// agenda@6.2.6 dist/Job.js, dist/utils/backoff.js: no `backoff`, no retry; the builders default to
// `delay` 1000 ms, `maxRetries` 3, `jitter` 0.
const AGENDA = "import { Agenda, constant, exponential, when } from 'agenda';\nconst agenda = new Agenda({ db: { address: 'mongodb://db' } });\n";
const AGENDA_FIX = "Set `jitter` in the strategy's options (0–1: each wait moved by up to that fraction at random)";

ruleTester.run('no-fixed-sleep-retry agenda', noFixedSleepRetry, {
  valid: [
    { name: 'no backoff: the job runs once', code: `${AGENDA}agenda.define('mail', async () => {});` },
    { name: 'constant with jitter', code: `${AGENDA}agenda.define('mail', async () => {}, { backoff: constant({ delay: 5000, jitter: 0.5 }) });` },
    { name: "a strategy of the project's own is not read", code: `${AGENDA}agenda.define('mail', async () => {}, { backoff: (ctx) => (ctx.attempt > 3 ? null : 1000) });` },
    { name: 'define of another object', code: "import { constant } from 'agenda';\ndeclare const jobs: { define(n: string, f: () => void, o: object): void };\njobs.define('mail', () => {}, { backoff: constant({ delay: 5000 }) });" },
  ],
  invalid: [
    {
      name: 'constant, five retries',
      code: `${AGENDA}agenda.define('mail', async () => {}, { backoff: constant({ delay: 5000, maxRetries: 5 }) });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 3, column: 41, endLine: 3, endColumn: 90, data: { what: 'This Agenda job retry', delay: 'a fixed 5 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter agenda', requireJitter, {
  valid: [{ name: 'exponential with jitter', code: `${AGENDA}agenda.define('mail', async () => {}, { backoff: exponential({ jitter: 0.2 }) });` }],
  invalid: [
    {
      name: 'exponential with the default jitter 0',
      code: `${AGENDA}agenda.define('mail', async () => {}, { backoff: exponential({ delay: 2000 }) });`,
      errors: [{ messageId: 'libraryDefault' as const, line: 3, column: 41, endLine: 3, endColumn: 78, data: { what: 'This Agenda job retry', delay: '2 s × 2^n', attempts: 'up to 4 attempts', inherited: ', the library default', fix: AGENDA_FIX } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry agenda', noUnboundedRetry, {
  valid: [{ name: 'the default maxRetries', code: `${AGENDA}agenda.define('mail', async () => {}, { backoff: exponential({ jitter: 0.2 }) });` }],
  invalid: [
    {
      name: 'maxRetries: Infinity, through when()',
      code: `${AGENDA}agenda.define('mail', async () => {}, { backoff: when((ctx) => ctx.error.message.includes('timeout'), exponential({ maxRetries: Infinity, jitter: 0.2 })) });`,
      errors: [{ messageId: 'unbounded' as const, line: 3, column: 41, endLine: 3, endColumn: 154 }],
    },
  ],
});

// graphile-worker@0.18.0 dist/sql/failJobs.js, sql/000020.sql: 25 attempts by default, each retry
// exp(least(attempts, 10)) s after the failure, no randomness.
const GRAPHILE = "import { makeWorkerUtils, quickAddJob } from 'graphile-worker';\nconst utils = await makeWorkerUtils({ connectionString: 'postgres://db' });\n";
const GRAPHILE_FIX = 'Graphile Worker has no jitter option: lower `maxAttempts`, or catch the failure in the task and reschedule the job with `runAt` a random time ahead';
const GRAPHILE_DELAY = '1 s × e^n, capped at 6.1 h';

ruleTester.run('require-jitter graphile-worker', requireJitter, {
  valid: [
    { name: 'maxAttempts: 1, no retry', code: `${GRAPHILE}await utils.addJob('mail', {}, { maxAttempts: 1 });` },
    { name: 'a spec of unknown origin may set anything', code: `${GRAPHILE}export const add = (spec: object) => utils.addJob('mail', {}, spec);` },
    { name: 'addJob of another object', code: "declare const utils: { addJob(n: string, p: object): Promise<void> };\nawait utils.addJob('mail', {});" },
  ],
  invalid: [
    {
      name: 'the default: 25 attempts, e^n s, no randomness',
      code: `${GRAPHILE}await quickAddJob({ connectionString: 'postgres://db' }, 'mail', {});`,
      errors: [{ messageId: 'libraryDefault' as const, line: 3, column: 7, endLine: 3, endColumn: 69, data: { what: 'This Graphile Worker job retry', delay: GRAPHILE_DELAY, attempts: 'up to 25 attempts', inherited: ', the library default', fix: GRAPHILE_FIX } }],
    },
    {
      name: 'maxAttempts written on the utilities\' addJob',
      code: `${GRAPHILE}await utils.addJob('mail', {}, { maxAttempts: 5 });`,
      errors: [{ messageId: 'libraryDefault' as const, line: 3, column: 34, endLine: 3, endColumn: 48, data: { what: 'This Graphile Worker job retry', delay: GRAPHILE_DELAY, attempts: 'up to 5 attempts', inherited: ', the library default', fix: GRAPHILE_FIX } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry graphile-worker', noUnboundedRetry, {
  valid: [{ name: 'the default 25 attempts', code: `${GRAPHILE}await utils.addJob('mail', {});` }],
  invalid: [
    {
      name: 'maxAttempts: Infinity',
      code: `${GRAPHILE}await utils.addJob('mail', {}, { maxAttempts: Infinity });`,
      errors: [{ messageId: 'unbounded' as const, line: 3, column: 34, endLine: 3, endColumn: 55 }],
    },
  ],
});

// The option that fixes a default reported where no retry option is written (default-edits.ts).
ruleTester.run('no-unbounded-retry default edits', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: 'io(url): reconnectionAttempts added',
      code: "import { io } from 'socket.io-client';\nexport const s = io('https://h');",
      errors: [{ messageId: 'unbounded' as const, line: 2, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`reconnectionAttempts: 4`)' }, output: "import { io } from 'socket.io-client';\nexport const s = io('https://h', { reconnectionAttempts: 4 });" }] }],
    },
    {
      name: 'useSWR(key, fetcher, options): errorRetryCount set',
      code: "import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { revalidateOnFocus: false });",
      errors: [{ messageId: 'unbounded' as const, line: 2, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`errorRetryCount: 4`)' }, output: "import useSWR from 'swr';\nexport const useA = () => useSWR('/a', load, { revalidateOnFocus: false, errorRetryCount: 4 });" }] }],
    },
    {
      name: 'new Redis(url): a retryStrategy that gives up',
      code: "import Redis from 'ioredis';\nexport const r = new Redis(process.env.REDIS_URL);",
      errors: [{ messageId: 'unbounded' as const, line: 2, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retryStrategy: (times: number) => (times > 4 ? null : Math.random() * Math.min(2 ** times * 50, 5000))`)' }, output: "import Redis from 'ioredis';\nexport const r = new Redis(process.env.REDIS_URL, { retryStrategy: (times: number) => (times > 4 ? null : Math.random() * Math.min(2 ** times * 50, 5000)) });" }] }],
    },
  ],
});

ruleTester.run('require-jitter default edits', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'new QueryClient(): a jittered retryDelay for its queries',
      code: "import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient();",
      errors: [{ messageId: 'libraryDefault' as const, line: 2, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: "Set a jittered `retryDelay` for the client's queries (react-query's default backoff, full jitter)" }, output: "import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient({ defaultOptions: { queries: { retryDelay: (attempt: number) => Math.random() * Math.min(1000 * 2 ** attempt, 30_000) } } });" }] }],
    },
    {
      name: 'a QueryClient whose queries set something else: retryDelay added there',
      code: "import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 1000 } } });",
      errors: [{ messageId: 'libraryDefault' as const, line: 2, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: "Set a jittered `retryDelay` for the client's queries (react-query's default backoff, full jitter)" }, output: "import { QueryClient } from '@tanstack/react-query';\nexport const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 1000, retryDelay: (attempt: number) => Math.random() * Math.min(1000 * 2 ** attempt, 30_000) } } });" }] }],
    },
  ],
});

// The other clients whose default is read with no option written (catalog `withNoOption: 'reported'`):
// mqtt@5.16.0 reconnectPeriod 1000, @redis/client@6.3.1 defaultReconnectStrategy (jittered, forever),
// @nestjs/typeorm@12.0.2 10 attempts 3 s apart, @upstash/redis@1.39.0 exp(n) × 50 ms without jitter.
ruleTester.run('no-fixed-sleep-retry client defaults', noFixedSleepRetry, {
  valid: [
    { name: 'mqtt reconnectPeriod: 0', code: "import mqtt from 'mqtt';\nexport const c = mqtt.connect('mqtt://h', { reconnectPeriod: 0 });" },
    { name: 'TypeORM retryAttempts: 1', code: "import { TypeOrmModule } from '@nestjs/typeorm';\nexport const db = TypeOrmModule.forRoot({ type: 'postgres', retryAttempts: 1 });" },
  ],
  invalid: [
    {
      name: 'mqtt.connect(url): every 1 s',
      code: "import mqtt from 'mqtt';\nexport const c = mqtt.connect('mqtt://h');",
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 18, endLine: 2, endColumn: 42, data: { what: "This mqtt client's default reconnection", delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'TypeOrmModule.forRoot without retry options: 3 s apart',
      code: "import { TypeOrmModule } from '@nestjs/typeorm';\nexport const db = TypeOrmModule.forRoot({ type: 'postgres' });",
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 19, endLine: 2, endColumn: 62, data: { what: "This TypeORM module's default connection retry", delay: 'a fixed 3 s', attempts: 'up to 10 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry client defaults', noUnboundedRetry, {
  valid: [{ name: 'node-redis reconnectStrategy: false', code: "import { createClient } from 'redis';\nexport const c = createClient({ socket: { reconnectStrategy: false } });" }],
  invalid: [
    {
      name: 'createClient() without a strategy: reconnects forever',
      code: "import { createClient } from 'redis';\nexport const c = createClient({ url: process.env.REDIS_URL });",
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 18, endLine: 2, endColumn: 62, data: { what: "This node-redis client's default reconnection" } }],
    },
  ],
});

ruleTester.run('require-jitter client defaults', requireJitter, {
  valid: [{ name: '@upstash/redis with a jittered backoff', code: "import { Redis } from '@upstash/redis';\nexport const r = Redis.fromEnv({ retry: { backoff: (n) => Math.random() * Math.exp(n) * 50 } });" }],
  invalid: [
    {
      name: '@upstash/redis with no retry option: its default backoff',
      code: "import { Redis } from '@upstash/redis';\nexport const r = Redis.fromEnv();",
      errors: [{
        messageId: 'libraryDefault' as const, line: 2, column: 18, endLine: 2, endColumn: 33,
        data: { what: "This @upstash/redis client's default retry", delay: '50 ms × e^n', attempts: 'up to 6 attempts', inherited: ', the library default', fix: 'Pass a `backoff` that adds randomness' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: "Set a jittered `backoff` (@upstash/redis's default, full jitter)" }, output: "import { Redis } from '@upstash/redis';\nexport const r = Redis.fromEnv({ retry: { backoff: (retryCount: number) => Math.random() * Math.exp(retryCount) * 50 } });" }],
      }],
    },
    ...['cloudflare', 'fastly'].map((platform) => ({
      // @upstash/redis@1.39.0 cloudflare.mjs and fastly.mjs: the same HttpClient, handed the same `retry`.
      name: `@upstash/redis/${platform} with no retry option: the same default`,
      code: `import { Redis } from '@upstash/redis/${platform}';\nexport const r = new Redis({ url: 'https://x', token: 't' });`,
      errors: [{
        messageId: 'libraryDefault' as const, line: 2, column: 18,
        data: { what: "This @upstash/redis client's default retry", delay: '50 ms × e^n', attempts: 'up to 6 attempts', inherited: ', the library default', fix: 'Pass a `backoff` that adds randomness' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: "Set a jittered `backoff` (@upstash/redis's default, full jitter)" }, output: `import { Redis } from '@upstash/redis/${platform}';\nexport const r = new Redis({ url: 'https://x', token: 't', retry: { backoff: (retryCount: number) => Math.random() * Math.exp(retryCount) * 50 } });` }],
      }],
    })),
  ],
});

// cassandra-driver@4.10.0 lib/policies/index.js: a Client's default reconnection is ExponentialReconnectionPolicy(1000, 600 000), endless.
ruleTester.run('no-unbounded-retry cassandra-driver default', noUnboundedRetry, {
  valid: [{ name: 'a Client whose options the file cannot read', code: "import cassandra from 'cassandra-driver';\nexport const make = (options) => new cassandra.Client(options);" }],
  invalid: [
    {
      name: 'a Client without policies.reconnection',
      code: "import cassandra from 'cassandra-driver';\nexport const client = new cassandra.Client({ contactPoints: ['h'] });",
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 23, endLine: 2, endColumn: 69, data: { what: "This cassandra-driver client's default reconnection" } }],
    },
  ],
});

// ky@2.1.0 distribution/utils/normalize.js: a client made with no `retry` retries GET-like requests twice, 300 ms × 2^n, no jitter.
ruleTester.run('require-jitter ky client default', requireJitter, {
  valid: [{ name: 'ky.create with retry jitter', code: "import ky from 'ky';\nexport const api = ky.create({ prefixUrl: '/api', retry: { limit: 2, jitter: true } });" }],
  invalid: [
    {
      name: 'ky.create without retry',
      code: "import ky from 'ky';\nexport const api = ky.create({ prefixUrl: '/api' });",
      errors: [{
        messageId: 'libraryDefault' as const, line: 2, column: 20, endLine: 2, endColumn: 52,
        data: { what: "This ky client's default retry", delay: '300 ms × 2^n', attempts: 'up to 3 attempts', inherited: ', the library default', fix: 'Set `jitter: true` in the retry options' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `retry: { jitter: true }` (full jitter)' }, output: "import ky from 'ky';\nexport const api = ky.create({ prefixUrl: '/api', retry: { jitter: true } });" }],
      }],
    },
  ],
});
