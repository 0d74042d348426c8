// Issue 27: a client of a package the catalog does not know, given an attempt option that says
// "forever" in so many words (`maxRetries: Infinity`, `retries: Infinity`, `maxAttempts:
// Infinity`, also through a constant or one level down in a `retry` group). The evidence is the
// option's key and value, never the callee's name; `-1` is not read (forever in some packages,
// never or the default in others).
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

const unbounded = (what: string, line: number, column: number, endColumn: number) => ({ messageId: 'unbounded' as const, line, column, endLine: line, endColumn, data: { what } });

ruleTester.run('no-unbounded-retry unknown clients with an unlimited setting', noUnboundedRetry, {
  valid: [
    { name: 'a finite maxRetries', code: "import { Client } from 'acme-sdk';\nexport const c = new Client({ maxRetries: 5 });" },
    { name: 'retries: -1 is not plain (forever in some packages, never in others)', code: "import { Client } from 'acme-sdk';\nexport const c = new Client({ retries: -1 });" },
    { name: 'a local module: its own retry code is read as code', code: "import { Client } from './client';\nexport const c = new Client({ maxRetries: Infinity });" },
    { name: 'no import at all: a class of the file', code: 'class Client { constructor(readonly o: object) {} }\nexport const c = new Client({ maxRetries: Infinity });' },
    { name: 'another key with Infinity (a cache size)', code: "import LRU from 'lru-cache';\nexport const cache = new LRU({ max: Infinity, maxAge: 1000 });" },
    { name: 'Infinity with a total-time limit next to it', code: "import { connect } from 'acme-queue';\nexport const q = connect(url, { maxAttempts: Infinity, maxRetryTime: 60_000 });" },
    { name: 'Infinity with an abort signal next to it', code: "import { connect } from 'acme-queue';\nexport const run = (signal: AbortSignal) => connect(url, { retries: Infinity, signal });" },
    { name: 'an object that is not an argument of the import\'s call', code: "import { connect } from 'acme-queue';\nconst settings = { retries: Infinity };\nexport const q = connect(url);\nexport { settings };" },
  ],
  invalid: [
    {
      name: 'new Client({ maxRetries: Infinity }) of an unknown package',
      code: "import { Client } from 'acme-sdk';\nexport const c = new Client({ region, maxRetries: Infinity });",
      errors: [unbounded("This `maxRetries: Infinity` given to new `Client` from 'acme-sdk'", 2, 39, 59)],
    },
    {
      name: 'retries: Infinity through a constant, a call of a namespace member (CommonJS)',
      code: "const queue = require('acme-queue');\nconst FOREVER = Number.POSITIVE_INFINITY;\nexports.q = queue.createQueue('jobs', { retries: FOREVER });",
      errors: [unbounded("This `retries: Infinity` given to `createQueue()` from 'acme-queue'", 3, 41, 57)],
    },
    {
      name: 'maxAttempts: Infinity one level down, in a retry group of an options const',
      code: "import createClient from 'acme-http';\nconst options = { baseUrl, retry: { maxAttempts: Infinity, delay: 500 } };\nexport const http = createClient(options);",
      errors: [unbounded("This `maxAttempts: Infinity` given to the call from 'acme-http'", 2, 37, 58)],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry unknown clients with an unlimited setting', noFixedSleepRetry, {
  valid: [{ name: 'the wait of an unknown package is not read', code: "import { Client } from 'acme-sdk';\nexport const c = new Client({ maxRetries: Infinity, retryDelay: 1000 });" }],
  invalid: [],
});

ruleTester.run('require-jitter unknown clients with an unlimited setting', requireJitter, {
  valid: [{ name: 'the wait of an unknown package is not read', code: "import { Client } from 'acme-sdk';\nexport const c = new Client({ maxRetries: Infinity, backoff: 'exponential' });" }],
  invalid: [],
});
