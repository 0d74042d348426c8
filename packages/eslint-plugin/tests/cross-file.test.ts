import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

/**
 * Retry helpers in other files: each folder under tests/cross-file is a small project of two
 * or three modules. The file named in each case is linted under its real path, so the rules
 * follow its relative imports into the other modules with the same parser.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const RULES = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'] as const;

function lint(relative: string): string[] {
  const file = join(root, relative);
  const linter = new Linter({ configType: 'flat', cwd: root });
  const messages = linter.verify(
    readFileSync(file, 'utf8'),
    [
      {
        files: ['**/*.mjs', '**/*.cjs', '**/*.mts', '**/*.js'],
        languageOptions: { parser: tsParser as Linter.Parser },
        plugins: { 'retry-hygiene': plugin as never },
        rules: Object.fromEntries(RULES.map((r) => [`retry-hygiene/${r}`, 'error'])),
      },
    ],
    file,
  );
  expect(messages.filter((m) => !m.ruleId)).toEqual([]);
  return messages.map((m) => `${m.line}:${m.column} ${(m.ruleId ?? '').replace('retry-hygiene/', '')}: ${m.message}`);
}

const FIXED = (what: string, delay: string, attempts: string) =>
  `${what} waits ${delay} between attempts (${attempts}), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.`;
const UNBOUNDED = (what: string) => `${what} never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.`;

describe('retry helpers in other files', () => {
  it('a helper that retries its callback: each call is a site, the numbers it passes bound', () => {
    const what = "This call of `retryable()` from './lib/retry.mjs'";
    expect(lint('helper/main.mjs')).toEqual([
      `3:28 no-fixed-sleep-retry: ${FIXED(what, 'a fixed 1 s', 'up to 6 attempts')}`,
      `4:28 no-fixed-sleep-retry: ${FIXED(what, 'a fixed 1 s', 'up to 3 attempts')}`,
      `5:28 no-fixed-sleep-retry: ${FIXED(what, 'a fixed 1 s', 'no limit on attempts')}`,
      `5:28 no-unbounded-retry: ${UNBOUNDED(what)}`,
      "7:28 no-nested-retry: This call of `jittered()` from './lib/retry.mjs' retries code that retries again (`retryable()` from './lib/retry.mjs', line 7): up to 4 × 6 = 24 calls per request. Retry at one layer only.",
      `7:43 no-fixed-sleep-retry: ${FIXED(what, 'a fixed 1 s', 'up to 6 attempts')}`,
    ]);
  });

  it('a helper that retries only as its predicate default reads: a call that may set the predicate is no site', () => {
    const what = "This call of `retryUntil()` from './lib/retry.mjs'";
    expect(lint('predicate/main.mjs')).toEqual([
      // No options: `until: () => true` lets every value out, so only failures go round.
      `3:24 no-fixed-sleep-retry: ${FIXED(what, 'a fixed 300 ms', 'up to 5 attempts')}`,
      // Options that leave `until` out: the default still decides; the count is the caller's.
      `4:24 no-fixed-sleep-retry: ${FIXED(what, 'a fixed 300 ms', 'up to 3 attempts')}`,
      // c sets a predicate that polls for a 200, d passes options the analysis cannot read, e
      // sets one the helper cannot see the answer of: the caller's predicate decides, no claim.
    ]);
    // A factory whose `retryOn: []` by default lets every response through: errors go again after 1 s.
    expect(lint('predicate/factory.cjs')).toEqual([`3:20 no-fixed-sleep-retry: ${FIXED("This call of `makeFetch()` from './lib/fetch-again.cjs'", 'a fixed 1 s', 'up to 4 attempts')}`]);
    expect(lint('predicate/lib/fetch-again.cjs')).toEqual([`17:64 no-fixed-sleep-retry: ${FIXED('`attempt()` retrying itself', 'a fixed 1 s', 'up to 4 attempts')}`]);
  });

  it('an options object the call writes out is bound: read as opts.x, opts.x ?? d or destructured; a key left out keeps the default', () => {
    const withRetry = "This call of `withRetry()` from './lib/retry.mjs'";
    const retrying = "This call of `retrying()` from './lib/retry.mjs'";
    expect(lint('options/main.mjs')).toEqual([
      `3:24 no-fixed-sleep-retry: ${FIXED(withRetry, 'a fixed 1 s', 'up to 5 attempts')}`,
      `4:24 no-fixed-sleep-retry: ${FIXED(withRetry, 'a fixed 1 s', 'up to 2 attempts')}`,
      `5:24 no-fixed-sleep-retry: ${FIXED(withRetry, 'a fixed 200 ms', 'no limit on attempts')}`,
      `5:24 no-unbounded-retry: ${UNBOUNDED(withRetry)}`,
      `7:24 no-fixed-sleep-retry: ${FIXED(withRetry, 'a fixed 250 ms', 'up to 4 attempts')}`,
      `8:24 no-fixed-sleep-retry: ${FIXED(retrying, 'a fixed 100 ms', 'up to 7 attempts')}`,
      // No options: `options.attempts ?? 3` falls back to 3, as a parameter's default would.
      `9:24 no-fixed-sleep-retry: ${FIXED(retrying, 'a fixed 500 ms', 'up to 3 attempts')}`,
      // A spread may bring `retries`: the count is not claimed; the delay written after it is.
      `10:33 no-fixed-sleep-retry: ${FIXED(withRetry, 'a fixed 300 ms', 'an unknown number of attempts')}`,
      // Options the analysis cannot read: neither count nor the helper's default delay is claimed.
      `11:32 no-fixed-sleep-retry: ${FIXED(retrying, 'a fixed delay', 'an unknown number of attempts')}`,
    ]);
  });

  it('re-exports are followed: export * and export { default as x } from an index, an import exported again, compiled __exportStar (TypeScript) and __reExport (esbuild)', () => {
    expect(lint('barrel/app.mjs')).toEqual([
      `4:33 no-fixed-sleep-retry: ${FIXED("This call of `retryable()` from './lib/index.mjs'", 'a fixed 500 ms', 'up to 5 attempts')}`,
      "5:34 require-jitter: This call of `retryWithBackoff()` from './lib/index.mjs' backs off by 100 ms × 2^n without jitter (up to 5 attempts). Add jitter to the helper's wait (lib/backoff.mjs, line 8).",
      `6:33 no-fixed-sleep-retry: ${FIXED("This call of `again()` from './lib/aliases.mjs'", 'a fixed 500 ms', 'up to 2 attempts')}`,
    ]);
    const forever = "This call of `retryForever()` from './lib/compiled.cjs'";
    const bundled = "This call of `retryForever()` from './lib/bundled.cjs'";
    expect(lint('barrel/app.cjs')).toEqual([
      `4:22 no-fixed-sleep-retry: ${FIXED(forever, 'a fixed 2 s', 'no limit on attempts')}`,
      `4:22 no-unbounded-retry: ${UNBOUNDED(forever)}`,
      `5:26 no-fixed-sleep-retry: ${FIXED(bundled, 'a fixed 2 s', 'no limit on attempts')}`,
      `5:26 no-unbounded-retry: ${UNBOUNDED(bundled)}`,
    ]);
  });

  it('classes: a method of an imported class called on an instance (a local, a field, this.x set in the constructor, an exported instance), with the constructor’s arguments bound', () => {
    const run = "This call of `Retrier.run()` from '../lib/retry.mjs'";
    expect(lint('classes/services/orders.mjs')).toEqual([
      "8:20 require-jitter: This call of `createRetrier()` from '../lib/retry.mjs' backs off by 100 ms × 2^n without jitter (up to 3 attempts). Add jitter to the helper's wait (../lib/retry.mjs, line 26).",
      `12:12 no-fixed-sleep-retry: ${FIXED(run, 'a fixed 200 ms', 'up to 6 attempts')}`,
      "20:5 no-nested-retry: This retry loop retries code that retries again (`ApiClient.getJson()` from '../lib/retry.mjs', line 22): up to 3 × 3 = 9 calls per request. Retry at one layer only.",
      `31:27 no-fixed-sleep-retry: ${FIXED(run, 'a fixed 200 ms', 'up to 4 attempts')}`,
      `32:27 no-fixed-sleep-retry: ${FIXED(run, 'a fixed 200 ms', 'up to 4 attempts')}`,
    ]);
  });

  it('CommonJS classes: `module.exports = class Pool` made with `new (require(\'./pool\'))` in a constructor, its retrying method inside a retry loop', () => {
    expect(lint('commonjs-class/worker.js')).toEqual([
      "10:5 no-nested-retry: This retry loop retries code that retries again (`Pool.acquire()` from './pool', line 12): up to 3 × 5 = 15 calls per request. Retry at one layer only.",
    ]);
  });

  it('the helper module itself is reported where the loop is', () => {
    expect(lint('helper/lib/retry.mjs')).toEqual([`3:3 no-fixed-sleep-retry: ${FIXED('This retry loop', 'a fixed 1 s', 'up to 6 attempts')}`]);
  });

  it('a function that retries inside, called in a retry loop, is a nested retry (named and namespace imports)', () => {
    const nested = (line: number, outer: number, total: number) =>
      `retries code that retries again (\`fetchUser()\` from './api/users.mjs', line ${line}): up to ${outer} × 3 = ${total} calls per request. Retry at one layer only.`;
    expect(lint('nested/service.mjs')).toEqual([`5:3 no-nested-retry: This retry loop ${nested(7, 4, 12)}`, `16:3 no-nested-retry: This retry loop ${nested(18, 2, 6)}`]);
  });

  it('an imported delay function is read like a local one', () => {
    expect(lint('delay/worker.mjs')).toEqual([
      '4:3 require-jitter: This retry loop backs off by 100 ms × 2^n, capped at 10 s without jitter (up to 5 attempts), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
    ]);
  });

  it("options merged over another module's defaults by a function of that module: the defaults' numbers and strategies", () => {
    expect(lint('option-factory/client.mjs')).toEqual([
      `11:5 no-fixed-sleep-retry: ${FIXED('This retry loop', 'a fixed 300 ms', 'up to 6 attempts')}`,
      '21:5 require-jitter: This retry loop backs off by 200 ms × 2^n, capped at 10 s without jitter (up to 6 attempts), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
      // The jittered default strategy is silent; a function that may return the caller's own
      // options gives no defaults, only a wait that stays the same.
      `43:3 no-fixed-sleep-retry: ${FIXED('This retry loop', '`options.pauseMs` (the same every time)', 'up to 4 attempts')}`,
      // An exported object of defaults spread under the caller's options.
      `56:3 no-fixed-sleep-retry: ${FIXED('This retry loop', 'a fixed 1.5 s', 'up to 3 attempts')}`,
      '67:3 require-jitter: This retry loop backs off by 50 ms × 2^n without jitter (up to 3 attempts), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
    ]);
  });

  it('compiled CommonJS: Object.assign over an exported defaults object in a constructor, a strategy called through .call', () => {
    expect(lint('option-factory/legacy.cjs')).toEqual([
      // The jittered default strategy (openJittered) is silent.
      '10:9 require-jitter: This retry loop backs off by a linear 100 ms × n, capped at 3 s without jitter (up to 8 attempts), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
    ]);
  });

  it('a retrier handing its operation on to an internal helper: read through that helper, its wait named where it is', () => {
    // The call passes `maxRetries` to the factory, not to the helper's own count: no count is claimed.
    expect(lint('wrapped-internal/client.mts')).toEqual([
      "4:10 require-jitter: This call of `withBackoff()` from './retry.mjs' backs off by an exponentially growing delay without jitter (an unknown number of attempts). Add jitter to the helper's wait (retry.mts, line 14).",
    ]);
    expect(lint('wrapped-internal/retry.mts')).toEqual([
      // The factory's own call of the helper, by its defaults (2 retries).
      "7:5 require-jitter: This call of `backoffInternal()` backs off by an exponentially growing delay without jitter (up to 3 attempts). Add jitter to the helper's wait (line 14).",
      '15:12 require-jitter: `backoffInternal()` retrying itself backs off by an exponentially growing delay without jitter (an unknown number of attempts), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
    ]);
  });

  it("a wrapper handing its caller's operation through a call of the helper that makes one attempt retries nothing; the helper called itself retries by its defaults", () => {
    expect(lint('one-attempt-wrapper/job.mts')).toEqual([
      "11:9 require-jitter: This call of `withLockRetry()` from './lock.mjs' backs off by a linear 1 s × n without jitter (up to 4 attempts). Add jitter to the helper's wait (lock.mts, line 15).",
    ]);
  });

  it("a merge of unknown order over another module's defaults: the one object naming the strategy gives it; a strategy that may answer null is a limit", () => {
    expect(lint('merged-strategy/link.cjs')).toEqual([
      // Linear, always a number: the typeof test never stops the redial; the epoch test only drops a stale dial.
      // (`100 + times * 2` starts at 100 ms, not at its step: no "2 ms × n".)
      '36:17 require-jitter: `dial()` retrying itself through `lost()` backs off by a linearly growing delay, capped at 2 s without jitter (no limit on attempts), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
      `36:17 no-unbounded-retry: ${UNBOUNDED('`dial()` retrying itself through `lost()`')}`,
      // null after ten tries: no claim of no limit.
      '60:39 require-jitter: `call()` retrying itself through `hangUp()` backs off by a linear 100 ms × n without jitter (an unknown number of attempts), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
      // Jittered: only the limit is missing.
      `79:39 no-unbounded-retry: ${UNBOUNDED('`ring()` retrying itself through `missed()`')}`,
      // Two objects of defaults name the strategy (TornLink, line 98): no value, and the strategy may stop.
    ]);
  });

  it("a merge written out in the project (it copies into its first argument and returns it) over another module's defaults, as a package's merge is; a function that is no merge gives nothing", () => {
    expect(lint('copied-defaults/pool.mts')).toEqual([
      '38:9 require-jitter: `join()` retrying itself through `rejoin()` backs off by a linear 250 ms × n, capped at 5 s without jitter (no limit on attempts), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
      `38:9 no-unbounded-retry: ${UNBOUNDED('`join()` retrying itself through `rejoin()`')}`,
      // LastPool (line 47): `lastOf` returns a fresh object, not the one it was handed: no defaults are read through it.
    ]);
  });

  it('a deadline read off an imported clock: what the function returns is made from one', () => {
    expect(lint('imported-clock/commit.mts')).toEqual(['6:3 no-fixed-sleep-retry: This retry loop retries at once with no delay (until a deadline), multiplying the load on a failing service. Back off with jitter, e.g. retry() from @retry-hygiene/retry.']);
  });

  it('TypeScript: `./x.mjs` names x.mts, a folder import names its index file', () => {
    const what = "This call of `withRetry()` from './helpers/index.mjs'";
    expect(lint('index-and-ts/app.mts')).toEqual([
      `4:39 no-fixed-sleep-retry: ${FIXED(what, 'a fixed 500 ms', 'no limit on attempts')}`,
      `4:39 no-unbounded-retry: ${UNBOUNDED(what)}`,
      '7:3 require-jitter: This retry loop backs off by a linear 250 ms × n without jitter (up to 3 attempts), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
    ]);
  });

  it('CommonJS: exports.f = f and (0, mod.f)(…) as TypeScript compiles it', () => {
    const what = "This call of `retryForever()` from './retry.cjs'";
    expect(lint('commonjs/job.cjs')).toEqual([`7:10 no-fixed-sleep-retry: ${FIXED(what, 'a fixed 2 s', 'no limit on attempts')}`, `7:10 no-unbounded-retry: ${UNBOUNDED(what)}`]);
  });

  it('a factory that returns a retrier: its call is the site, its argument bound', () => {
    expect(lint('factory/client.mjs')).toEqual([
      "3:17 require-jitter: This call of `createRetrier()` from './retrier.mjs' backs off by 100 ms × 2^n without jitter (up to 4 attempts). Add jitter to the helper's wait (retrier.mjs, line 9).",
    ]);
  });

  it('a factory’s retrier: each call of it is a site for nesting, its policy reported once at the factory call', () => {
    const made = "This call of a retrier made by `createRetry()` from './lib/retry.cjs' retries code that retries again";
    expect(lint('retrier-factory/runner.cjs')).toEqual([
      `16:12 no-nested-retry: ${made} (\`Pool.refreshIfStale()\` from './lib/pool.cjs', line 17): the two layers' attempts multiply per request. Retry at one layer only.`,
      `31:10 no-nested-retry: ${made} (\`Pool.refresh()\` from './lib/pool.cjs', line 32): the two layers' attempts multiply per request. Retry at one layer only.`,
      // createRetry() with no options: the loop's function, called once with the merged defaults, reads retries 5.
      `37:10 no-nested-retry: ${made} (\`Pool.refresh()\` from './lib/pool.cjs', line 37): 6 × the inner layer's attempts per request. Retry at one layer only.`,
    ]);
    expect(lint('retrier-factory/typed.mts')).toEqual([
      `13:11 no-nested-retry: ${made} (\`Pool.refresh()\` from './lib/pool.cjs', line 14): the two layers' attempts multiply per request. Retry at one layer only.`,
      `25:11 no-nested-retry: ${made} (\`Pool.refreshIfStale()\` from './lib/pool.cjs', line 25): 6 × the inner layer's attempts per request. Retry at one layer only.`,
    ]);
    expect(lint('retrier-factory/typed-interface.mts')).toEqual([]);
    const loop = "This retry loop retries code that retries again";
    const immediate = 'This retry loop retries at once with no delay (no limit on attempts), multiplying the load on a failing service. Back off with jitter, e.g. retry() from @retry-hygiene/retry.';
    const unbounded = UNBOUNDED('This retry loop');
    expect(lint('typed-field/feed.mts')).toEqual([
      `14:5 no-fixed-sleep-retry: ${immediate}`,
      `14:5 no-unbounded-retry: ${unbounded}`,
      // A field declared of an imported class, written again on failure; read() inherited from Reader, reaching runStep() of ./run.mts.
      `14:5 no-nested-retry: ${loop} (\`TableReader.read()\` from './lib/table-reader.mjs', line 16): unbounded × 4 calls per request: no limit. Retry at one layer only.`,
      `24:5 no-fixed-sleep-retry: ${immediate}`,
      `24:5 no-unbounded-retry: ${unbounded}`,
      `24:5 no-nested-retry: ${loop} (\`FilteredReader.read()\` from './lib/table-reader.mjs', line 26): unbounded × 4 calls per request: no limit. Retry at one layer only.`,
    ]);
    // The quiet loops are reported for their own policy only: nothing nested.
    expect(lint('typed-field/quiet.mts').filter((m) => m.includes('no-nested-retry'))).toEqual([]);
    expect(lint('typed-field/lib/reader.mts')).toEqual([]);
    expect(lint('typed-field/lib/table-reader.mts')).toEqual([]);
    expect(lint('retrier-factory/untyped.cjs')).toEqual([]);
    expect(lint('retrier-factory/lib/pool.cjs')).toEqual([]);
    expect(lint('retrier-factory/fixed-user.cjs')).toEqual([`3:17 no-fixed-sleep-retry: ${FIXED("This call of `makeRetrier()` from './lib/fixed.cjs'", 'a fixed 500 ms', 'up to 4 attempts')}`]);
  });

  it('an imported function that reaches a retry of its module: through `new` of a class whose constructor starts it, or another function', () => {
    expect(lint('reach/app.mjs')).toEqual([
      "6:3 no-nested-retry: This retry loop retries code that retries again (`upload()` from './lib/upload.mjs', line 8): up to 3 × 4 = 12 calls per request. Retry at one layer only.",
      "17:3 no-nested-retry: This retry loop retries code that retries again (`uploadBoth()` from './lib/upload.mjs', line 19): up to 2 × 4 = 8 calls per request. Retry at one layer only.",
    ]);
    expect(lint('reach/lib/upload.mjs')).toEqual([]);
  });

  it('an imported function that reaches a request going again once after a 401 (fresh credentials) does not nest; one that reaches a retry loop does', () => {
    expect(lint('reach-once/app.mjs')).toEqual([
      "17:3 no-nested-retry: This retry loop retries code that retries again (`put()` from './lib/client.mjs', line 19): up to 3 × 4 = 12 calls per request. Retry at one layer only.",
    ]);
    expect(lint('reach-once/lib/client.mjs')).toEqual([]);
  });

  it('a variable every write of which gives it an instance of one imported class; a method that reaches a retry through another module', () => {
    expect(lint('assigned/bucket.mjs')).toEqual([
      "21:5 no-nested-retry: This retry loop retries code that retries again (`File.createWriteStream()` from './lib/file.mjs', line 23): up to 3 × 5 = 15 calls per request. Retry at one layer only.",
    ]);
    expect(lint('assigned/lib/file.mjs')).toEqual([]);
  });

  it('a poller of another module handed a check that turns its failure into a falsy value retries that failure with the poller’s wait and bound; a check that lets failures out, or whose failure value is truthy, polls', () => {
    expect(lint('poller/main.mjs')).toEqual([
      `4:9 no-fixed-sleep-retry: ${FIXED("This call of `waitUntil()` from './lib/wait-until.mjs'", 'a fixed 200 ms', 'until a deadline')}`,
      `23:10 no-fixed-sleep-retry: ${FIXED("This call of `pollFor()` from './lib/wait-until.mjs'", 'a fixed 1 s', 'up to 5 attempts')}`,
      '27:3 no-fixed-sleep-retry: This retry loop retries at once with no delay (up to 3 attempts), multiplying the load on a failing service. Back off with jitter, e.g. retry() from @retry-hygiene/retry.',
      "27:3 no-nested-retry: This retry loop retries code that retries again (`pollFor()` from './lib/wait-until.mjs', line 23): up to 3 × 5 = 15 calls per request. Retry at one layer only.",
      // The poller stops at its deadline: a limit whose number is not known, not "no limit".
      "37:3 no-nested-retry: This retry loop retries code that retries again (`waitUntil()` from './lib/wait-until.mjs', line 4): 2 × the inner layer's attempts per request. Retry at one layer only.",
    ]);
    expect(lint('poller/quiet.mjs')).toEqual([]);
    expect(lint('poller/lib/wait-until.mjs')).toEqual([]);
  });

  it('a loop handing its operation to an inherited method of an imported class that waits in its catch and returns: a retry with that wait; a method that only logs, or rethrows, and a loop that stops on nothing back, are not', () => {
    expect(lint('guarded/reader.mjs')).toEqual([
      // `while (!this.stopped)`: a flag of the owner that neither the loop nor the guard sets, not a limit.
      `6:5 no-fixed-sleep-retry: ${FIXED('This retry loop', 'a fixed 2 s', 'no limit on attempts')}`,
      `6:5 no-unbounded-retry: ${UNBOUNDED('This retry loop')}`,
      `18:5 no-fixed-sleep-retry: ${FIXED('This retry loop', 'a fixed 500 ms', 'no limit on attempts')}`,
      `18:5 no-unbounded-retry: ${UNBOUNDED('This retry loop')}`,
    ]);
    expect(lint('guarded/quiet.mjs')).toEqual([]);
    expect(lint('guarded/lib/base.mjs')).toEqual([]);
  });

  it('never reads node_modules: a package is the catalog’s business', () => {
    expect(lint('outside/app.mjs')).toEqual([]);
  });

  it('an import cycle and a function that only loops over items are silent', () => {
    expect(lint('cycle/a.mjs')).toEqual([]);
    expect(lint('plain/report.mjs')).toEqual([]);
  });

  it("a catalog library's own source: its relative imports and its entry's exports are the library, with the same defaults as a call from outside", () => {
    const pRetry = (delay: string, attempts: string) => `require-jitter: This p-retry call backs off by ${delay} without jitter, the library default (${attempts}). Set \`randomize: true\`.`;
    // The caller's options handed on: the defaults unless the caller says otherwise; written-out options read as usual.
    expect(lint('own-package/p-retry/index.js')).toEqual([`7:12 ${pRetry('1 s × 2^n', 'an unknown number of attempts')}`, `16:10 ${pRetry('50 ms × 2^n', 'up to 3 attempts')}`]);
    // A function of the same name in a module that is not the package's entry is not the library.
    expect(lint('own-package/p-retry/lib/local.js')).toEqual([]);
    // `exports.operation(options)` in another export, the options the caller's or none (`options = null`);
    // `exports.timeouts()` inside `exports.operation` is the library at work; options changed before they are handed on are not the defaults.
    expect(lint('own-package/retry/lib/retry.js')).toEqual([
      '18:16 require-jitter: This `retry` package operation backs off by 1 s × 2^n without jitter, the library default (an unknown number of attempts). Set `randomize: true`.',
    ]);
    // `(0, _retry2.default)(…)` through Babel's interop wrapper of `require('./retry.js')`, which is `async/retry`:
    // without options it retries at once; with the caller's `opts` (three arguments) nothing is claimed.
    expect(lint('own-package/async/retryable.js')).toEqual([
      '22:10 no-fixed-sleep-retry: This `async.retry` call retries at once with no delay (up to 5 attempts), multiplying the load on a failing service. Back off with jitter, e.g. retry() from @retry-hygiene/retry.',
    ]);
    // The same files in a package the catalog does not know.
    expect(lint('own-package/not-catalogued/retryable.js')).toEqual([]);
    expect(lint('own-package/not-catalogued/retry.js')).toEqual([]);
  });
});
