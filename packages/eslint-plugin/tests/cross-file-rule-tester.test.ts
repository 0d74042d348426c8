import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * The rules through RuleTester on multi-file projects (tests/cross-file/*): each case is a
 * module of a small project linted under its real path, so the rule reads the modules it
 * imports. cross-file.test.ts pins every message of every project; these pin each rule's
 * reports with RuleTester's own checks (positions, message data, suggestion counts proved).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('no-fixed-sleep-retry across files', noFixedSleepRetry, {
  valid: [{ name: 'a module that only formats what it imports', ...file('plain/report.mjs') }],
  invalid: [
    {
      // waitForFlag() polls a helper whose false is a state it read: no finding there.
      name: "TypeScript: a loop round an imported probe that answers false from its catch: the probe's false is its failure",
      ...file('imported-sentinel/boot.mts'),
      errors: [{ messageId: 'fixedDelay', line: 7, column: 3, data: { what: 'This retry loop', delay: 'a fixed 5 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a method of an imported class on a field, a local and an exported instance; constructor arguments bound',
      ...file('classes/services/orders.mjs'),
      errors: [
        { messageId: 'fixedDelay', line: 12, column: 12, data: { what: "This call of `Retrier.run()` from '../lib/retry.mjs'", delay: 'a fixed 200 ms', attempts: 'up to 6 attempts' } },
        { messageId: 'fixedDelay', line: 31, column: 27, data: { what: "This call of `Retrier.run()` from '../lib/retry.mjs'", delay: 'a fixed 200 ms', attempts: 'up to 4 attempts' } },
        { messageId: 'fixedDelay', line: 32, column: 27, data: { what: "This call of `Retrier.run()` from '../lib/retry.mjs'", delay: 'a fixed 200 ms', attempts: 'up to 4 attempts' } },
      ],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry across files: a poller handed a check that swallows its failure', noFixedSleepRetry, {
  valid: [
    { name: 'a state poll, a check that rethrows, a failure value that is truthy, a helper that calls once', ...file('poller/quiet.mjs') },
    { name: 'the poller module itself: it polls, it retries nothing', ...file('poller/lib/wait-until.mjs') },
  ],
  invalid: [
    {
      name: 'a recursive poller with a deadline (catch { return false }) and a counted loop poller (catch { return null } behind a rethrow)',
      ...file('poller/main.mjs'),
      errors: [
        { messageId: 'fixedDelay', line: 4, column: 9, data: { what: "This call of `waitUntil()` from './lib/wait-until.mjs'", delay: 'a fixed 200 ms', attempts: 'until a deadline' } },
        { messageId: 'fixedDelay', line: 23, column: 10, data: { what: "This call of `pollFor()` from './lib/wait-until.mjs'", delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } },
        { messageId: 'immediate', line: 27, column: 3 },
      ],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry across files: a loop whose operation an inherited method guards', noFixedSleepRetry, {
  valid: [
    { name: 'a guard that only logs, one that rethrows, a loop that stops on nothing back, a guarded call in a branch', ...file('guarded/quiet.mjs') },
    { name: 'the base class itself', ...file('guarded/lib/base.mjs') },
  ],
  invalid: [
    {
      name: "the guard's default pause, and one the call passes",
      ...file('guarded/reader.mjs'),
      errors: [
        // `while (!this.stopped)`: a flag of the owner that neither the loop nor the guard sets, not a limit.
        { messageId: 'fixedDelay', line: 6, column: 5, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'no limit on attempts' } },
        { messageId: 'fixedDelay', line: 18, column: 5, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'no limit on attempts' } },
      ],
    },
  ],
});

ruleTester.run('no-unbounded-retry across files: a loop whose operation an inherited method guards', noUnboundedRetry, {
  valid: [{ name: 'a guard that only logs, one that rethrows, a loop that stops on nothing back', ...file('guarded/quiet.mjs') }],
  invalid: [
    {
      name: 'while (!this.stopped) (a flag of the owner: it stops when the owner does, not when the retry gives up) and for (;;) around the guarded call',
      ...file('guarded/reader.mjs'),
      errors: [
        { messageId: 'unbounded', line: 6, column: 5, data: { what: 'This retry loop' } },
        { messageId: 'unbounded', line: 18, column: 5, data: { what: 'This retry loop' } },
      ],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry across files: the rewrite at the call', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'a helper that only retries what it is given gets the rewrite at the call; one that reassigns its parameter first does not',
      ...file('reassigned/main.mjs'),
      errors: [
        {
          messageId: 'fixedDelay',
          line: 3,
          suggestions: [
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: file('reassigned/main.mjs')
                .code.replace("from './lib/retry.mjs';\n", "from './lib/retry.mjs';\nimport { retry } from '@retry-hygiene/retry';\n")
                .replace("withRetries(() => fetch('/a'))", "retry(() => fetch('/a'), {\n  maxAttempts: 4,\n  baseMs: 500,\n  factor: 1,\n  capMs: 500,\n  shouldRetry: () => true,\n  rejectWith: 'last-error',\n})"),
            },
          ],
        },
        { messageId: 'fixedDelay', line: 4, suggestions: [] },
      ],
    },
  ],
});

ruleTester.run('require-jitter across files', requireJitter, {
  valid: [{ name: 'a helper module with a fixed wait and a jittered backoff', ...file('helper/lib/retry.mjs') }],
  invalid: [
    {
      name: "TypeScript: a delay helper of another module handed an options literal: the literal's first wait, the helper's other defaults",
      ...file('helper-object/client.mts'),
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: '100 ms × 2^n, capped at 20 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a default export re-exported by an index file',
      ...file('barrel/app.mjs'),
      errors: [{ messageId: 'libraryDefault', line: 5, column: 34 }],
    },
    {
      // A self-retrying helper analysed again with what each call passes: the default wait
      // doubles without jitter; a call that passes its own retryDelay decides the wait itself.
      name: 'a self-retrying helper whose default wait is behind an option the call may pass',
      ...file('recursion-helper/app.mjs'),
      errors: [{ messageId: 'libraryDefault', line: 5, column: 20, data: { what: "This call of `createRetryer()` from './lib/retryer.mjs'", delay: '1 s × 2^n, capped at 30 s', attempts: 'up to 4 attempts', inherited: '', fix: "Add jitter to the helper's wait (lib/retryer.mjs, line 16)" } }],
    },
    {
      name: 'the self-retrying helper itself',
      ...file('recursion-helper/lib/retryer.mjs'),
      errors: [{ messageId: 'missingJitter', line: 16, column: 38, data: { what: '`run()` retrying itself', delay: '1 s × 2^n, capped at 30 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry across files', noUnboundedRetry, {
  valid: [{ name: 'bounded helpers behind an index file', ...file('barrel/app.mjs') }],
  invalid: [
    {
      name: 'Infinity in the options object the call writes out; the call rewritten to retry() with a bound',
      ...file('options/main.mjs'),
      errors: [
        {
          messageId: 'unbounded',
          line: 5,
          column: 24,
          data: { what: "This call of `withRetry()` from './lib/retry.mjs'" },
          suggestions: [
            {
              messageId: 'rewrite',
              data: { bound: ' (stops after 5 attempts)' },
              output: file('options/main.mjs')
                .code.replace("import { retrying, withRetry } from './lib/retry.mjs';\n", "import { retrying, withRetry } from './lib/retry.mjs';\nimport { retry } from '@retry-hygiene/retry';\n")
                .replace(
                  "withRetry(() => fetch('/c'), { retries: Infinity, delayMs: 200 })",
                  "retry(() => fetch('/c'), {\n  maxAttempts: 5,\n  baseMs: 200,\n  factor: 1,\n  capMs: 200,\n  shouldRetry: () => true,\n  rejectWith: 'last-error',\n})",
                ),
            },
          ],
        },
      ],
    },
    {
      name: 'through TypeScript’s compiled __exportStar and esbuild’s __reExport',
      ...file('barrel/app.cjs'),
      errors: [
        { messageId: 'unbounded', line: 4, column: 22, data: { what: "This call of `retryForever()` from './lib/compiled.cjs'" } },
        { messageId: 'unbounded', line: 5, column: 26, data: { what: "This call of `retryForever()` from './lib/bundled.cjs'" } },
      ],
    },
  ],
});

const madeBy = (module: string) => `This call of a retrier made by \`createRetry()\` from '${module}'`;

ruleTester.run('no-nested-retry across files', noNestedRetry, {
  valid: [
    { name: 'polls and a check that lets its failures out: nothing retried inside a retry', ...file('poller/quiet.mjs') },
    { name: 'helper calls that are not inside another retry', ...file('options/main.mjs') },
    {
      // A field with no declared class, one declared a class that retries nothing, one written
      // again after construction, and a retrier variable that is reassigned: nothing is claimed.
      name: 'calls of a retrier whose operation reaches no retry that can be resolved',
      ...file('retrier-factory/untyped.cjs'),
    },
    { name: 'the retrying class itself: its retries do not call one another', ...file('retrier-factory/lib/pool.cjs') },
    { name: 'TypeScript parameter properties declared of a local interface or of an export that is no class', ...file('retrier-factory/typed-interface.mts') },
    { name: 'the factory module: the retrier it returns is not called there', ...file('retrier-factory/lib/retry.cjs') },
    { name: 'a module whose retry is started by a constructor: nothing retries it again there', ...file('reach/lib/upload.mjs') },
    { name: 'a class whose writes reach a retrying function of another module, retried nowhere here', ...file('assigned/lib/file.mjs') },
    {
      // Inherited methods that reach no retry (size), a function that retries nothing (label), a
      // helper called for one attempt (peek); a field declared a union, one declared a local interface.
      name: 'retry loops around methods of fields declared of an imported class that reach no retry, or whose class is not known',
      ...file('typed-field/quiet.mts'),
    },
    { name: 'the base class whose method reaches the retrying helper: nothing retries it here', ...file('typed-field/lib/reader.mts') },
    // The same three layers down to a function that sends once: nothing to multiply.
    { name: 'TypeScript: retry loops around layers of modules that end in a single request', ...file('layers/lookup.mts') },
    {
      // A parameter declared a class that sends once, one declared an interface, one written again
      // before its loop; the retrying method called outside any retry.
      name: 'TypeScript: parameters declared of imported types that reach no retry, or may hold another object',
      ...file('typed-parameter/quiet.mts'),
    },
    // A factory of a class that sends once, and one that may return either class.
    { name: 'TypeScript: clients made by factories of the project whose class is not known to retry', ...file('factory-made/quiet.mts') },
  ],
  invalid: [
    {
      // issueInvoice() → createInvoice() → post() → sendWithRetry(): three modules, none of
      // which waits but the last; forwardInvoice() adds a fourth.
      name: 'TypeScript: retry loops around layers of modules (client, service, gateway) that reach a retry in a third and a fourth module',
      ...file('layers/billing.mts'),
      errors: [
        { messageId: 'nested', line: 9, column: 3, data: { what: 'This retry loop', inner: "`issueInvoice()` from './api/invoices.mjs'", line: 11, amplification: 'up to 3 × 4 = 12 calls per request' } },
        { messageId: 'nested', line: 21, column: 3, data: { what: 'This retry loop', inner: "`forwardInvoice()` from './api/gateway.mjs'", line: 23, amplification: 'up to 2 × 4 = 8 calls per request' } },
      ],
    },
    { name: 'a retrying method of an imported class inside a retry loop', ...file('classes/services/orders.mjs'), errors: [{ messageId: 'nested', line: 20, column: 5 }] },
    {
      name: 'TypeScript: a retry loop around a method of a parameter declared an imported class that retries',
      ...file('typed-parameter/forward.mts'),
      errors: [{ messageId: 'nested', line: 5, column: 3, data: { what: 'This retry loop', inner: "`Gateway.send()` from './lib/gateway.mjs'", line: 7, amplification: 'up to 3 × 4 = 12 calls per request' } }],
    },
    {
      // profile(): UsersApi.byId() → this.http.get(), the field a constructor parameter declared
      // HttpClient (with an instance as its default), whose get() retries. avatar(): a field
      // declared an inline type, not known to retry: no finding.
      name: 'TypeScript: a retry loop around a method of an imported class that calls a field declared an imported class that retries',
      ...file('layered-fields/profile.ts'),
      errors: [{ messageId: 'nested', line: 7, column: 3, data: { what: 'This retry loop', inner: "`UsersApi.byId()` from './lib/users.js'", line: 9, amplification: 'up to 3 × 4 = 12 calls per request' } }],
    },
    {
      // `createClient()` declares it returns a QueueClient; `connect()` returns `new QueueClient()`.
      name: 'TypeScript: retry loops around a client a factory of the project makes, whose method retries',
      ...file('factory-made/publish.mts'),
      errors: [
        { messageId: 'nested', line: 7, column: 3, data: { what: 'This retry loop', inner: "`QueueClient.publish()` from './lib/factory.mjs'", line: 9, amplification: 'up to 3 × 4 = 12 calls per request' } },
        { messageId: 'nested', line: 20, column: 5, data: { what: 'This retry loop', inner: "`QueueClient.publish()` from './lib/factory.mjs'", line: 22, amplification: 'up to 2 × 4 = 8 calls per request' } },
      ],
    },
    {
      name: 'a poller handed a check that swallows its failure, inside a retry loop: counted, or stopped by a deadline ("?")',
      ...file('poller/main.mjs'),
      errors: [
        { messageId: 'nested', line: 27, column: 3, data: { what: 'This retry loop', inner: "`pollFor()` from './lib/wait-until.mjs'", line: 23, amplification: 'up to 3 × 5 = 15 calls per request' } },
        { messageId: 'nested', line: 37, column: 3, data: { what: 'This retry loop', inner: "`waitUntil()` from './lib/wait-until.mjs'", line: 4, amplification: "2 × the inner layer's attempts per request" } },
      ],
    },
    {
      name: 'calls of the retrier a factory of the project made (a field, a const, called at once) around a method of a class that retries',
      ...file('retrier-factory/runner.cjs'),
      errors: [
        // The field's class is the JSDoc's `import("./lib/pool.cjs")`; refreshIfStale() retries through refresh().
        { messageId: 'nested', line: 16, column: 12, data: { what: madeBy('./lib/retry.cjs'), inner: "`Pool.refreshIfStale()` from './lib/pool.cjs'", line: 17, amplification: "the two layers' attempts multiply per request" } },
        { messageId: 'nested', line: 31, column: 10, data: { what: madeBy('./lib/retry.cjs'), inner: "`Pool.refresh()` from './lib/pool.cjs'", line: 32, amplification: "the two layers' attempts multiply per request" } },
        { messageId: 'nested', line: 37, column: 10, data: { what: madeBy('./lib/retry.cjs'), inner: "`Pool.refresh()` from './lib/pool.cjs'", line: 37, amplification: "6 × the inner layer's attempts per request" } },
      ],
    },
    {
      // `upload()` makes `new Upload()`, whose constructor starts the retrying transfer; `uploadBoth()`
      // calls `upload()`; `describe()` makes a class that retries nothing (the loop around it is not reported).
      name: 'retry loops around imported functions that reach a retry of their module through calls and constructors',
      ...file('reach/app.mjs'),
      errors: [
        { messageId: 'nested', line: 6, column: 3, data: { what: 'This retry loop', inner: "`upload()` from './lib/upload.mjs'", line: 8, amplification: 'up to 3 × 4 = 12 calls per request' } },
        { messageId: 'nested', line: 17, column: 3, data: { what: 'This retry loop', inner: "`uploadBoth()` from './lib/upload.mjs'", line: 19, amplification: 'up to 2 × 4 = 8 calls per request' } },
      ],
    },
    {
      // upload(): `target` is the File the instanceof test checked, or what this.file() makes (only
      // `new File()`); createWriteStream() reaches transfer.send(), which retries. Not reported:
      // uploadLabelled() (one write is a plain object), uploadUnchecked() (one write is unchecked),
      // move() (File.rename() retries nothing).
      name: 'a retry loop around a method of a variable that holds an instance of one imported class on every write',
      ...file('assigned/bucket.mjs'),
      errors: [{ messageId: 'nested', line: 21, column: 5, data: { what: 'This retry loop', inner: "`File.createWriteStream()` from './lib/file.mjs'", line: 23, amplification: 'up to 3 × 5 = 15 calls per request' } }],
    },
    {
      // Fields written again on failure, so only their declared class says what they hold; read()
      // is inherited from Reader in another module (one and three classes up), and reaches runStep()
      // of a third module through load(), which Reader's module, having no retry of its own, did not follow.
      name: 'TypeScript: retry loops around an inherited method of a field declared of an imported class, which retries through another module',
      ...file('typed-field/feed.mts'),
      errors: [
        { messageId: 'nested', line: 14, column: 5, data: { what: 'This retry loop', inner: "`TableReader.read()` from './lib/table-reader.mjs'", line: 16, amplification: 'unbounded × 4 calls per request: no limit' } },
        { messageId: 'nested', line: 24, column: 5, data: { what: 'This retry loop', inner: "`FilteredReader.read()` from './lib/table-reader.mjs'", line: 26, amplification: 'unbounded × 4 calls per request: no limit' } },
      ],
    },
    {
      name: 'TypeScript: a field assigned a constructor parameter declared of an imported class, or a parameter property; a retrier made in a field initialiser',
      ...file('retrier-factory/typed.mts'),
      errors: [
        { messageId: 'nested', line: 13, column: 11, data: { what: madeBy('./lib/retry.cjs'), inner: "`Pool.refresh()` from './lib/pool.cjs'", line: 14, amplification: "the two layers' attempts multiply per request" } },
        { messageId: 'nested', line: 25, column: 11, data: { what: madeBy('./lib/retry.cjs'), inner: "`Pool.refreshIfStale()` from './lib/pool.cjs'", line: 25, amplification: "6 × the inner layer's attempts per request" } },
      ],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry across files: a factory’s retrier', noFixedSleepRetry, {
  valid: [{ name: 'a jittered factory’s retrier called in several places', ...file('retrier-factory/runner.cjs') }],
  invalid: [
    {
      // The factory call reports the wait; the calls of the retrier it made do not report it again.
      name: 'a fixed-wait retrier made once and called twice: one finding, at the factory call',
      ...file('retrier-factory/fixed-user.cjs'),
      errors: [{ messageId: 'fixedDelay', line: 3, column: 17, data: { what: "This call of `makeRetrier()` from './lib/fixed.cjs'", delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run("require-jitter in a catalog library's own source", requireJitter, {
  valid: [
    { name: 'a function named like the library in a module that is not the package entry', ...file('own-package/p-retry/lib/local.js') },
    { name: "the library's relative modules in a package the catalog does not know", ...file('own-package/not-catalogued/retryable.js') },
    { name: 'the re-exporting entry itself', ...file('own-package/retry/index.js') },
  ],
  invalid: [
    {
      // makeRetriable hands the caller's options on (the defaults unless the caller says otherwise);
      // retryJittered writes randomize: true; retryFast writes a start wait and no randomize.
      name: "calls of the entry's default export from its other exports",
      ...file('own-package/p-retry/index.js'),
      errors: [
        { messageId: 'libraryDefault', line: 7, column: 12, data: { what: 'This p-retry call', delay: '1 s × 2^n', attempts: 'an unknown number of attempts', inherited: ', the library default', fix: 'Set `randomize: true`' } },
        { messageId: 'libraryDefault', line: 16, column: 10, data: { what: 'This p-retry call', delay: '50 ms × 2^n', attempts: 'up to 3 attempts', inherited: ', the library default', fix: 'Set `randomize: true`' } },
      ],
    },
    {
      // The entry is `module.exports = require('./lib/retry')`; exports.timeouts() inside exports.operation
      // is the library at work, and wrapRandomized changes the options before handing them on.
      name: "exports.operation() in another export of the module behind the package's entry",
      ...file('own-package/retry/lib/retry.js'),
      errors: [{ messageId: 'libraryDefault', line: 18, column: 16, data: { what: 'This `retry` package operation', delay: '1 s × 2^n', attempts: 'an unknown number of attempts', inherited: ', the library default', fix: 'Set `randomize: true`' } }],
    },
  ],
});

ruleTester.run("no-fixed-sleep-retry in a catalog library's own source", noFixedSleepRetry, {
  valid: [
    { name: 'the same interop calls in a package the catalog does not know', ...file('own-package/not-catalogued/retryable.js') },
    { name: "the library's retry module itself", ...file('own-package/async/retry.js') },
  ],
  invalid: [
    {
      // Only the call without options: the one handed the caller's opts claims nothing.
      name: "a call through Babel's interop wrapper of a relative require that is a catalog module (./retry.js in async)",
      ...file('own-package/async/retryable.js'),
      errors: [{ messageId: 'immediate', line: 22, column: 10, data: { what: 'This `async.retry` call', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry across files: a callback of an options object the runner calls on a failure', noFixedSleepRetry, {
  valid: [{ name: 'the runner module itself', ...file('crash-handler/lib/run.ts') }],
  invalid: [
    {
      // The runner's code says which callback runs on a failure: `onCrash` (in its catch), not `onDone`.
      name: 'restarted from the crash callback, after a fixed wait, up to 6 starts',
      ...file('crash-handler/tunnel.ts'),
      errors: [{ messageId: 'fixedDelay', line: 16, column: 9, data: { what: '`start()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry across files: a helper imported by a name the tsconfig maps', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      // `@/lib/retry` through `paths`, `lib/retry` through `baseUrl`: both the project's src/lib/retry.ts.
      name: 'calls of a retry helper imported through `paths` and through `baseUrl`',
      ...file('path-aliases/src/app/sync.ts'),
      errors: [
        { messageId: 'fixedDelay', line: 5, column: 10, data: { what: "This call of `withRetries()` from '@/lib/retry'", delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } },
        { messageId: 'fixedDelay', line: 9, column: 10, data: { what: "This call of `withRetries()` from 'lib/retry'", delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } },
      ],
    },
  ],
});
