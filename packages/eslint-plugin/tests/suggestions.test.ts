// The exact output of each kind of suggestion, applied to the code before it. The proofs
// over every case and fixture (parse, re-lint, type-check, run) are in rule-tester.ts,
// suggestions-fixtures.test.ts and suggestions-runtime.test.ts.
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/** `code` with one exact piece of text replaced (which must be there once). */
function edit(code: string, from: string, to: string): string {
  if (code.split(from).length !== 2) throw new Error(`expected exactly one ${JSON.stringify(from)}`);
  return code.replace(from, to);
}

const CLASSIFIED_BACKOFF = `import { isTransient } from './errors';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function load(id: string): Promise<string> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      // one call per attempt
      return await fetchText(id);
    } catch (err) {
      lastError = err;
      if (!isTransient(err)) throw err;
      await sleep(250 * 2 ** attempt);
    }
  }
  throw lastError;
}
`;

const GUARDED_CJS = `const { setTimeout: sleep } = require('node:timers/promises');
const pRetry = require('p-retry');

async function connect(client, log) {
  let attempt = 0;
  while (true) {
    try {
      await client.connect();
      return client;
    } catch (err) {
      attempt++;
      if (attempt >= 6) throw err;
      log(\`connect failed (\${attempt}), retrying\`);
      await sleep(1000);
    }
  }
}

function push(job) {
  return pRetry(() => job.run(), { retries: 3 });
}

module.exports = { connect, push };
`;

const BREAK_WITH_STATE = `export async function save(db, row) {
  let saved;
  for (let i = 0; i < 3; i++) {
    try {
      saved = await db.insert(row);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return saved ?? null;
}

export function refresh() {
  return fetchToken().catch(() => refresh());
}
`;

const SHADOWED_RETRY = `export async function run(op, retry = console.log) {
  retry('starting');
  for (let i = 0; i < 3; i++) {
    try {
      return await op();
    } catch (err) {
      if (i === 2) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
`;

const UNAWAITED = `export async function load(client, id) {
  for (let i = 0; i < 3; i++) {
    try {
      const session = await client.open();
      return session.fetch(id);
    } catch (err) {
      if (i === 2) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
`;

const GENERIC_HELPERS = `const fetchRetry = require('fetch-retry');
const async = require('async');

const fetchWithRetry = fetchRetry(global.fetch);
function load(done) {
  async.retry((cb) => get(cb), done);
}
`;

const WHILE_TRUE = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function connectWithRetry(pool, logger) {
  while (true) {
    try {
      return await pool.connect();
    } catch (err) {
      logger.error(err);
      await sleep(5000);
    }
  }
}
`;

// The loop of issue 28, as the issue wrote it.
const DELIVER = `const ATTEMPTS = 3;
const PAUSE_MS = 1500;
export async function deliver(event: Event): Promise<void> {
  let n = 0;
  while (n < ATTEMPTS) {
    try {
      await queue.publish(event);
      return;
    } catch (err) {
      n++;
      log.error({ err, n }, 'deliver failed');
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  }
  throw new DeliveryError(event.id);
}
`;

const AWAITED_EFFECT = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function push(queue, audit, job) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await queue.push(job);
    } catch (err) {
      await audit.record('push-failed', attempt);
      await sleep(800);
    }
  }
  throw new Error('queue unavailable');
}
`;

const MESSAGE_READ = `const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function push(queue: { push(job: string): Promise<void> }, job: string): Promise<void> {
  let tries = 0;
  while (tries < 4) {
    try {
      await queue.push(job);
      return;
    } catch (err: any) {
      tries++;
      console.error(\`push \${tries} failed: \${err.message}\`);
      await sleep(800);
    }
  }
}
`;

const GRAPHQL_WS = `import { createClient } from 'graphql-ws';

export const client = createClient({
  url: 'wss://api.example.com/graphql',
  retryAttempts: 8,
  retryWait: async (retries: number) => {
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** retries, 30_000)));
  },
});
`;

const CLIENT_OPTIONS = `import { QueryClient } from '@tanstack/react-query';
import Redis from 'ioredis';

export const client = new QueryClient({ defaultOptions: { queries: { retry: 4 } } });
export const cache = new Redis({ retryStrategy: (times: number) => Math.min(times * 50, 2000) });
`;

const SWR_CUSTOM = `import { SWRConfig } from 'swr';

export const App = ({ children }) => (
  <SWRConfig
    value={{
      onErrorRetry: (error, key, config, revalidate, { retryCount }) => {
        if (error.status === 404) return;
        setTimeout(() => revalidate({ retryCount }), 5000);
      },
    }}
  >
    {children}
  </SWRConfig>
);
`;

/** The same without its 404 return: it retries every failure, for ever. */
const SWR_FOREVER = SWR_CUSTOM.replace('        if (error.status === 404) return;\n', '');

ruleTester.run('require-jitter', requireJitter, {
  valid: [],
  invalid: [
    {
      name: "graphql-ws: a custom retryWait that waits one setTimeout gets that delay jittered",
      code: GRAPHQL_WS,
      errors: [
        {
          messageId: 'libraryDefault',
          suggestions: [
            {
              messageId: 'libraryEdit',
              data: { edit: "Wait a random time up to `retryWait`'s delay (full jitter)" },
              output: edit(GRAPHQL_WS, 'setTimeout(resolve, Math.min', 'setTimeout(resolve, Math.random() * Math.min'),
            },
          ],
        },
      ],
    },
    {
      name: "clients configured by an options object: react-query's default delay, an ioredis strategy",
      code: CLIENT_OPTIONS,
      errors: [
        {
          messageId: 'libraryDefault',
          line: 4,
          suggestions: [
            {
              messageId: 'libraryEdit',
              data: { edit: "Set a jittered `retryDelay` (react-query's default backoff, full jitter)" },
              output: edit(CLIENT_OPTIONS, '{ retry: 4 }', '{ retry: 4, retryDelay: (attempt: number) => Math.random() * Math.min(1000 * 2 ** attempt, 30_000) }'),
            },
          ],
        },
        {
          messageId: 'libraryDefault',
          line: 5,
          suggestions: [
            {
              messageId: 'libraryEdit',
              data: { edit: "Wait a random time up to the strategy's delay (full jitter)" },
              output: edit(CLIENT_OPTIONS, '=> Math.min(times * 50, 2000)', '=> Math.random() * Math.min(times * 50, 2000)'),
            },
          ],
        },
      ],
    },
    {
      name: 'classified exponential backoff: add jitter, or rewrite with shouldRetry and the last error',
      code: CLASSIFIED_BACKOFF,
      errors: [
        {
          messageId: 'missingJitter',
          line: 7,
          suggestions: [
            {
              messageId: 'addJitter',
              data: { delay: '`250 * 2 ** attempt`' },
              output: edit(CLASSIFIED_BACKOFF, 'await sleep(250 * 2 ** attempt);', 'await sleep(Math.random() * 250 * 2 ** attempt);'),
            },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { isTransient } from './errors';
import { retry } from '@retry-hygiene/retry';

export async function load(id: string): Promise<string> {
  return retry(async () => {
    // one call per attempt
    return await fetchText(id);
  }, {
    maxAttempts: 4,
    baseMs: 250,
    shouldRetry: (err) => isTransient(err),
    rejectWith: 'last-error',
  });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'p-retry defaults: randomize set',
      filename: 'file.cjs',
      code: GUARDED_CJS,
      errors: [
        {
          messageId: 'libraryDefault',
          line: 20,
          suggestions: [
            { messageId: 'libraryEdit', data: { edit: 'Set `randomize: true`' }, output: edit(GUARDED_CJS, '{ retries: 3 }', '{ retries: 3, randomize: true }') },
          ],
        },
      ],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'the textbook loop: the log line of every failure in onRetry (and onGiveUp for the last), its own error thrown once the 3 attempts run out',
      code: DELIVER,
      errors: [
        {
          messageId: 'fixedDelay',
          line: 5,
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`PAUSE_MS`' }, output: DELIVER.replace('setTimeout(r, PAUSE_MS)', 'setTimeout(r, Math.random() * PAUSE_MS)') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { retry } from '@retry-hygiene/retry';

const ATTEMPTS = 3;
const PAUSE_MS = 1500;
export async function deliver(event: Event): Promise<void> {
  return retry(async () => {
    await queue.publish(event);
    return;
  }, {
    maxAttempts: ATTEMPTS,
    baseMs: 1500,
    factor: 1,
    capMs: 1500,
    shouldRetry: () => true,
    onRetry: ({ attempt: n, error: err }) => {
      log.error({ err, n }, 'deliver failed');
    },
    onGiveUp: ({ attempts: n, error: err }) => {
      log.error({ err, n }, 'deliver failed');
    },
    rejectWith: 'last-error',
  }).catch(() => {
    throw new DeliveryError(event.id);
  });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'an effect of every failure that awaits stays in a catch inside the attempt (onRetry and onGiveUp are synchronous)',
      filename: 'file.js',
      code: AWAITED_EFFECT,
      errors: [
        {
          messageId: 'fixedDelay',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`800`' }, output: AWAITED_EFFECT.replace('sleep(800)', 'sleep(Math.random() * 800)') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { retry } from '@retry-hygiene/retry';

export async function push(queue, audit, job) {
  return retry(async ({ attempt }) => {
    try {
      return await queue.push(job);
    } catch (err) {
      await audit.record('push-failed', attempt);
      throw err;
    }
  }, {
    maxAttempts: 3,
    baseMs: 800,
    factor: 1,
    capMs: 800,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  }).catch(() => {
    throw new Error('queue unavailable');
  });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a TypeScript member read on the error stays in the attempt (the hooks type it unknown); the count read after the catch\'s increment is the attempt',
      code: MESSAGE_READ,
      errors: [
        {
          messageId: 'fixedDelay',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`800`' }, output: MESSAGE_READ.replace('sleep(800)', 'sleep(Math.random() * 800)') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { retry } from '@retry-hygiene/retry';

export async function push(queue: { push(job: string): Promise<void> }, job: string): Promise<void> {
  return retry(async ({ attempt: tries }) => {
    try {
      await queue.push(job);
      return;
    } catch (err: any) {
      console.error(\`push \${tries} failed: \${err.message}\`);
      throw err;
    }
  }, {
    maxAttempts: 4,
    baseMs: 800,
    factor: 1,
    capMs: 800,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  }).catch(() => undefined);
}
`,
            },
          ],
        },
      ],
    },
    {
      name: "a custom SWR onErrorRetry: the wait of its one setTimeout jittered (swr's errorRetryInterval does not apply to it)",
      filename: 'file.jsx',
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      code: SWR_CUSTOM,
      errors: [
        {
          messageId: 'fixedDelay',
          line: 6,
          suggestions: [{ messageId: 'libraryEdit', data: { edit: "Wait a random time up to `onErrorRetry`'s delay (full jitter)" }, output: edit(SWR_CUSTOM, '}), 5000);', '}), Math.random() * 5000);') }],
        },
      ],
    },
    {
      name: 'while (true) with a give-up guard: the log after it becomes onRetry, require() added after the others',
      filename: 'file.cjs',
      code: GUARDED_CJS,
      errors: [
        {
          messageId: 'fixedDelay',
          line: 6,
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`1000`' }, output: edit(GUARDED_CJS, 'await sleep(1000);', 'await sleep(Math.random() * 1000);') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `const pRetry = require('p-retry');
const { retry } = require('@retry-hygiene/retry');

async function connect(client, log) {
  return retry(async () => {
    await client.connect();
    return client;
  }, {
    maxAttempts: 6,
    baseMs: 1000,
    factor: 1,
    capMs: 1000,
    shouldRetry: () => true,
    onRetry: ({ attempt }) => {
      log(\`connect failed (\${attempt}), retrying\`);
    },
    rejectWith: 'last-error',
  });
}

function push(job) {
  return pRetry(() => job.run(), { retries: 3 });
}

module.exports = { connect, push };
`,
            },
          ],
        },
      ],
    },
    {
      name: 'libraries with no randomize switch get a delay function that draws one (fetch-retry, async.retry)',
      filename: 'file.cjs',
      code: GENERIC_HELPERS,
      errors: [
        {
          messageId: 'fixedDelay',
          line: 4,
          suggestions: [{ messageId: 'libraryEdit', data: { edit: 'Wait a random, growing `retryDelay` (full jitter)' }, output: edit(GENERIC_HELPERS, 'fetchRetry(global.fetch)', 'fetchRetry(global.fetch, { retryDelay: (attempt) => Math.random() * Math.min(20_000, 1000 * 2 ** attempt) })') }],
        },
        {
          messageId: 'immediate',
          line: 6,
          suggestions: [{ messageId: 'libraryEdit', data: { edit: 'Wait a random, growing `interval` between tries (full jitter)' }, output: edit(GENERIC_HELPERS, 'async.retry((cb)', 'async.retry({ interval: (retryCount) => Math.random() * Math.min(20_000, 100 * 2 ** retryCount) }, (cb)') }],
        },
      ],
    },
    {
      name: 'no rewrite where `retry` is already a name around the loop (it would call that instead of the import)',
      filename: 'file.js',
      code: SHADOWED_RETRY,
      errors: [{ messageId: 'fixedDelay', line: 3, suggestions: [{ messageId: 'addJitter', data: { delay: '`500`' }, output: edit(SHADOWED_RETRY, 'setTimeout(r, 500)', 'setTimeout(r, Math.random() * 500)') }] }],
    },
    {
      name: 'the attempt returns a promise without awaiting it: the body as written is the attempt (rewrite-round.ts), so that rejection still leaves unretried',
      filename: 'file.js',
      code: UNAWAITED,
      errors: [
        {
          messageId: 'fixedDelay',
          line: 2,
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`500`' }, output: edit(UNAWAITED, 'setTimeout(r, 500)', 'setTimeout(r, Math.random() * 500)') },
            { messageId: 'rewrite', data: { bound: '' }, output: `import { retry } from '@retry-hygiene/retry';

export async function load(client, id) {
  let i = 0;
  const tryAgain = new Error('try again');
  return retry(async () => {
    if (!(i < 3)) throw tryAgain;
    try {
      const session = await client.open();
      return session.fetch(id);
    } catch (err) {
      if (i === 2) throw err;
      i++;
      throw tryAgain;
    }
  }, {
    maxAttempts: 3,
    baseMs: 500,
    factor: 1,
    capMs: 500,
    shouldRetry: (error) => error === tryAgain && (i < 3),
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
  });
}
` },
          ],
        },
      ],
    },
    {
      name: 'no jittered wait or rewrite for a self-call whose value is not a promise (the function would start returning one); a .catch self-call gets both',
      filename: 'file.js',
      code: `function parse(text, tries = 3) {
  try {
    return JSON.parse(text);
  } catch (err) {
    if (tries <= 1) throw err;
    return parse(text.trim(), tries - 1);
  }
}
export function read() {
  return readSync().catch(() => read());
}
function readSync() {
  return load();
}
`,
      errors: [{ messageId: 'immediate', line: 6, suggestions: [] }, { messageId: 'immediate', line: 10, suggestions: [{ messageId: 'waitBeforeRetry', data: { ms: '1000' }, output: `function parse(text, tries = 3) {
  try {
    return JSON.parse(text);
  } catch (err) {
    if (tries <= 1) throw err;
    return parse(text.trim(), tries - 1);
  }
}
export function read() {
  return readSync().catch(() => new Promise((resolve) => setTimeout(resolve, Math.random() * 1000)).then(() => read()));
}
function readSync() {
  return load();
}
` }, { messageId: 'rewrite', data: { bound: ' (stops after 5 attempts)' }, output: `import { retry } from '@retry-hygiene/retry';

function parse(text, tries = 3) {
  try {
    return JSON.parse(text);
  } catch (err) {
    if (tries <= 1) throw err;
    return parse(text.trim(), tries - 1);
  }
}
export function read() {
  return retry(() => readSync(), {
    maxAttempts: 5,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  });
}
function readSync() {
  return load();
}
` }] }],
    },
    {
      name: 'a break that leaves state behind: the loop stays a statement, the break returns from the attempt (rewrite-round.ts); an immediate self-call gets a jittered wait, or the rewrite with a bound',
      filename: 'file.js',
      code: BREAK_WITH_STATE,
      errors: [
        {
          messageId: 'fixedDelay',
          line: 3,
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`500`' }, output: edit(BREAK_WITH_STATE, 'setTimeout(r, 500)', 'setTimeout(r, Math.random() * 500)') },
            { messageId: 'rewrite', data: { bound: '' }, output: `import { retry } from '@retry-hygiene/retry';

export async function save(db, row) {
  let saved;
  const tryAgain = new Error('try again');
  await retry(async () => {
    try {
      saved = await db.insert(row);
      return;
    } catch {
      throw tryAgain;
    }
  }, {
    maxAttempts: 3,
    baseMs: 500,
    factor: 1,
    capMs: 500,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
  });
  return saved ?? null;
}

export function refresh() {
  return fetchToken().catch(() => refresh());
}
` },
          ],
        },
        {
          messageId: 'immediate',
          line: 15,
          suggestions: [
            {
              messageId: 'waitBeforeRetry',
              data: { ms: '1000' },
              output: edit(BREAK_WITH_STATE, '.catch(() => refresh())', '.catch(() => new Promise((resolve) => setTimeout(resolve, Math.random() * 1000)).then(() => refresh()))'),
            },
            {
              messageId: 'rewrite',
              data: { bound: ' (stops after 5 attempts)' },
              output: `import { retry } from '@retry-hygiene/retry';

${edit(BREAK_WITH_STATE, 'fetchToken().catch(() => refresh());', `retry(() => fetchToken(), {
    maxAttempts: 5,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  });`)}`,
            },
          ],
        },
      ],
    },
  ],
});

ruleTester.run('no-unbounded-retry', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: "a custom SWR onErrorRetry ignores errorRetryCount: swr's documented guard first (retryCount is 1 on the first failure: 5 attempts)",
      filename: 'file.jsx',
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      code: SWR_FOREVER,
      errors: [
        {
          messageId: 'unbounded',
          line: 6,
          suggestions: [
            {
              messageId: 'libraryEdit',
              data: { edit: 'Stop after 5 attempts (`if (retryCount >= 5) return;`)' },
              output: edit(SWR_FOREVER, '        setTimeout(', '        if (retryCount >= 5) return;\n        setTimeout('),
            },
          ],
        },
      ],
    },
    {
      name: 'while (true) gets a bound, named in the title; side effects of every failure run in onRetry and in onGiveUp',
      filename: 'file.js',
      code: WHILE_TRUE,
      options: [{ maxAttempts: 4 }],
      errors: [
        {
          messageId: 'unbounded',
          line: 4,
          suggestions: [
            {
              messageId: 'rewrite',
              data: { bound: ' (stops after 4 attempts)' },
              output: `import { retry } from '@retry-hygiene/retry';

export async function connectWithRetry(pool, logger) {
  return retry(async () => {
    return await pool.connect();
  }, {
    maxAttempts: 4,
    baseMs: 5000,
    factor: 1,
    capMs: 5000,
    shouldRetry: () => true,
    onRetry: ({ error: err }) => {
      logger.error(err);
    },
    onGiveUp: ({ error: err }) => {
      logger.error(err);
    },
    rejectWith: 'last-error',
  });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'an ioredis strategy that never gives up returns null after the bound',
      code: CLIENT_OPTIONS,
      errors: [
        {
          messageId: 'unbounded',
          line: 5,
          suggestions: [
            {
              messageId: 'libraryEdit',
              data: { edit: 'Stop after 5 attempts (`times > 4 ? null : …`)' },
              output: edit(CLIENT_OPTIONS, '=> Math.min(times * 50, 2000)', '=> times > 4 ? null : Math.min(times * 50, 2000)'),
            },
          ],
        },
      ],
    },
    {
      name: 'p-retry retries: Infinity and async-retry forever: true get a number of retries',
      filename: 'file.mjs',
      code: `import pRetry from 'p-retry';
import retry from 'async-retry';
pRetry(run, { retries: Infinity, randomize: true });
retry(run, { forever: true });
`,
      errors: [
        {
          messageId: 'unbounded',
          line: 3,
          suggestions: [{ messageId: 'libraryEdit', data: { edit: 'Stop after 5 attempts (`retries: 4`)' }, output: `import pRetry from 'p-retry';
import retry from 'async-retry';
pRetry(run, { retries: 4, randomize: true });
retry(run, { forever: true });
` }],
        },
        {
          messageId: 'unbounded',
          line: 4,
          suggestions: [{ messageId: 'libraryEdit', data: { edit: 'Stop after 5 attempts (`retries: 4`)' }, output: `import pRetry from 'p-retry';
import retry from 'async-retry';
pRetry(run, { retries: Infinity, randomize: true });
retry(run, { retries: 4 });
` }],
        },
      ],
    },
  ],
});
