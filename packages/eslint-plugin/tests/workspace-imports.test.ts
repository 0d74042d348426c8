import { join } from 'node:path';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';
import { CALLERS } from './workspaces/cases.js';
import { makeMonorepos } from './workspaces/monorepos.js';

/**
 * Imports of a workspace package by name (`from '@acme/utils'`) resolve to the package's
 * source (analysis: workspaces/): an npm-workspaces monorepo whose utils package's `main` is
 * an unbuilt `dist/index.js` (tsconfig outDir dist → rootDir src), and a pnpm one whose utils
 * package has `exports` with `types`/`import` conditions and a `./retry` subpath (no rootDir:
 * the common folder of its `include`). The retry helper there is a site at each call; its
 * retrying client called inside a retry is nested. A dependency in node_modules, a workspace
 * declared above the project root, a package excluded by a negated glob, a package whose
 * source is not found and a subpath its `exports` does not export are not followed.
 */
const { npm, pnpm } = makeMonorepos();
const at = (root: string, name: string) => join(root, 'packages', 'app', 'src', name);
const fixed = (what: string, delay: string, attempts: string) => ({ what, delay, attempts });

ruleTester.run('no-fixed-sleep-retry through workspace packages', noFixedSleepRetry, {
  valid: [
    { name: 'npm: a dependency in node_modules with the same helper is not a workspace package', filename: at(npm, 'dependency.ts'), code: CALLERS.dependency },
    { name: 'npm: a workspace declared above the project root (and `../shared/*` in its own) is not read', filename: at(npm, 'outside-root.ts'), code: CALLERS.outsideRoot },
    { name: 'npm: main dist/index.js with no tsconfig: the source is unknown, not guessed', filename: at(npm, 'no-source.ts'), code: CALLERS.noSource },
    { name: 'npm: a subpath that is neither a file nor under outDir', filename: at(npm, 'subpath.ts'), code: CALLERS.subpath },
    { name: 'npm: a function of the package that retries nothing, and a retrying one called once', filename: at(npm, 'plain.ts'), code: CALLERS.plainCall },
    { name: 'pnpm: a package the negated glob excludes', filename: at(pnpm, 'excluded.mjs'), code: CALLERS.excluded },
    { name: 'pnpm: a deep path `exports` does not export', filename: at(pnpm, 'unexported.ts'), code: CALLERS.unexported },
    { name: 'pnpm: a built path `exports` does not export', filename: at(pnpm, 'built-path.ts'), code: CALLERS.builtPath },
    { name: 'pnpm: a dependency name that is no workspace package', filename: at(pnpm, 'dependency.ts'), code: CALLERS.dependency },
  ],
  invalid: [
    {
      name: 'npm, TS: a loop helper from the package entry (main → dist/index.js → src/index.ts → export * from ./retry)',
      filename: at(npm, 'deploy.ts'),
      code: CALLERS.loopTs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 9, data: fixed("This call of `retryOnAPIFailure()` from '@acme/utils'", 'a fixed 500 ms', 'up to 6 attempts') }],
    },
    {
      name: "npm, JS (ESM): the helper's default of 4 attempts",
      filename: at(npm, 'deploy.mjs'),
      code: CALLERS.loopJs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 10, data: fixed("This call of `retryOnAPIFailure()` from '@acme/utils'", 'a fixed 500 ms', 'up to 4 attempts') }],
    },
    {
      name: 'npm, JS (CommonJS): a member of the required package',
      filename: at(npm, 'deploy.cjs'),
      code: CALLERS.loopCjs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 10, data: fixed("This call of `retryOnAPIFailure()` from '@acme/utils'", 'a fixed 500 ms', 'up to 2 attempts') }],
    },
    {
      name: 'npm: a built path (dist/retry.js, not built) maps to src/retry.ts',
      filename: at(npm, 'built-path.ts'),
      code: CALLERS.builtPath,
      errors: [{ messageId: 'fixedDelay', line: 3, column: 41, data: fixed("This call of `retryOnAPIFailure()` from '@acme/utils/dist/retry.js'", 'a fixed 500 ms', 'up to 3 attempts') }],
    },
    {
      name: 'npm: without `exports`, a deep path to a source file is that file',
      filename: at(npm, 'deep.ts'),
      code: CALLERS.unexported,
      errors: [{ messageId: 'fixedDelay', line: 3, column: 27, data: fixed("This call of `retryOnAPIFailure()` from '@acme/utils/src/retry'", 'a fixed 500 ms', 'up to 6 attempts') }],
    },
    {
      name: 'npm: a recursive helper (the attempt count is what the helper analysis gives, as for a relative import)',
      filename: at(npm, 'recursion.ts'),
      code: CALLERS.recursion,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 10, data: fixed("This call of `callAgain()` from '@acme/utils'", 'a fixed 2 s', 'an unknown number of attempts') }],
    },
    {
      name: 'npm: a timer helper that schedules itself again',
      filename: at(npm, 'timer.ts'),
      code: CALLERS.timer,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: fixed("This call of `runLater()` from '@acme/utils'", 'a fixed 750 ms', 'up to 5 attempts') }],
    },
    {
      name: "npm: an umbrella package's re-export, by another name, of a workspace package's helper",
      filename: at(npm, 'umbrella.ts'),
      code: "import { retryCall } from '@acme/sdk';\n\nexport const ping = () => retryCall(() => fetch('/ping'), 2);\n",
      errors: [{ messageId: 'fixedDelay', line: 3, column: 27, data: fixed("This call of `retryCall()` from '@acme/sdk'", 'a fixed 500 ms', 'up to 2 attempts') }],
    },
    {
      name: 'pnpm, TS: the entry through exports["."].types (dist/index.d.ts → src/index.ts, rootDir from include)',
      filename: at(pnpm, 'deploy.ts'),
      code: CALLERS.loopTs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 9, data: fixed("This call of `retryOnAPIFailure()` from '@acme/utils'", 'a fixed 500 ms', 'up to 6 attempts') }],
    },
    {
      name: 'pnpm, JS: the subpath exports["./retry"]',
      filename: at(pnpm, 'publish.mjs'),
      code: CALLERS.subpath.replace('(url: string)', '(url)'),
      errors: [{ messageId: 'fixedDelay', line: 3, column: 33, data: fixed("This call of `retryOnAPIFailure()` from '@acme/utils/retry'", 'a fixed 500 ms', 'up to 3 attempts') }],
    },
    {
      name: 'pnpm, CommonJS',
      filename: at(pnpm, 'deploy.cjs'),
      code: CALLERS.loopCjs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 10, data: fixed("This call of `retryOnAPIFailure()` from '@acme/utils'", 'a fixed 500 ms', 'up to 2 attempts') }],
    },
  ],
});

const nested = (what: string, line: number, amplification: string) => ({ what, inner: "`fetchStatus()` from '@acme/utils'", line, amplification });

ruleTester.run('no-nested-retry through workspace packages', noNestedRetry, {
  valid: [
    { name: 'npm: a retrying function of the package called once, not inside a retry', filename: at(npm, 'plain.ts'), code: CALLERS.plainCall },
    { name: 'pnpm: the same', filename: at(pnpm, 'plain.ts'), code: CALLERS.plainCall },
    {
      name: 'npm: a retry loop around a dependency (node_modules) is no nesting',
      filename: at(npm, 'dep-loop.ts'),
      code: CALLERS.nestedLoopTs.replace("import { fetchStatus } from '@acme/utils';", "import { retryable } from '@acme/dep';\nconst fetchStatus = (url: string) => retryable(() => fetch(url));"),
    },
  ],
  invalid: [
    {
      name: 'npm, TS: a backoff loop around the retrying client',
      filename: at(npm, 'sync.ts'),
      code: CALLERS.nestedLoopTs,
      errors: [{ messageId: 'nested', line: 4, column: 3, data: nested('This retry loop', 6, 'up to 5 × 3 = 15 calls per request') }],
    },
    {
      name: 'npm, JS: a while loop around a namespace member',
      filename: at(npm, 'sync.mjs'),
      code: CALLERS.nestedLoopJs,
      errors: [{ messageId: 'nested', line: 5, column: 3, data: nested('This retry loop', 7, 'up to 4 × 3 = 12 calls per request') }],
    },
    {
      name: 'npm: recursion around the retrying client',
      filename: at(npm, 'poll.ts'),
      code: CALLERS.nestedRecursion,
      errors: [{ messageId: 'nested', line: 9, column: 12, data: nested('`poll()` retrying itself', 5, 'up to 4 × 3 = 12 calls per request') }],
    },
    {
      name: "npm: a retry loop around the retrying client, through an umbrella package's `export *` of a built path",
      filename: at(npm, 'umbrella-sync.ts'),
      code: CALLERS.nestedLoopTs.replace("'@acme/utils'", "'@acme/sdk'"),
      errors: [{ messageId: 'nested', line: 4, column: 3, data: { ...nested('This retry loop', 6, 'up to 5 × 3 = 15 calls per request'), inner: "`fetchStatus()` from '@acme/sdk'" } }],
    },
    {
      name: 'pnpm, TS: a backoff loop around the retrying client (exports → types → source)',
      filename: at(pnpm, 'sync.ts'),
      code: CALLERS.nestedLoopTs,
      errors: [{ messageId: 'nested', line: 4, column: 3, data: nested('This retry loop', 6, 'up to 5 × 3 = 15 calls per request') }],
    },
    {
      name: 'pnpm, JS: recursion around the retrying client',
      filename: at(pnpm, 'poll.mjs'),
      code: CALLERS.nestedRecursion.replace('(url: string, left = 3): Promise<Response>', '(url, left = 3)'),
      errors: [{ messageId: 'nested', line: 9, column: 12, data: nested('`poll()` retrying itself', 5, 'up to 4 × 3 = 12 calls per request') }],
    },
  ],
});

ruleTester.run('require-jitter through workspace packages', requireJitter, {
  // The helper's wait is fixed, not a backoff: require-jitter has nothing to say at its calls.
  valid: [{ name: 'npm: the fixed-wait helper', filename: at(npm, 'deploy.ts'), code: CALLERS.loopTs }],
  invalid: [
    {
      name: 'npm, TS: a backoff helper without jitter, re-exported by name from the entry',
      filename: at(npm, 'backoff.ts'),
      code: "import { withBackoff } from '@acme/utils';\n\nexport const save = (body: string) => withBackoff(() => fetch('/save', { method: 'PUT', body }), 3);\n",
      errors: [{ messageId: 'libraryDefault', line: 3, column: 39, data: { what: "This call of `withBackoff()` from '@acme/utils'", delay: '200 ms × 2^n', attempts: 'up to 3 attempts', inherited: '', fix: "Add jitter to the helper's wait (../../utils/src/backoff.ts, line 8)" } }],
    },
    {
      name: 'npm, JS: the same helper called with 4 attempts',
      filename: at(npm, 'backoff.mjs'),
      code: "import { withBackoff } from '@acme/utils';\n\nexport async function save(body) {\n  return withBackoff(() => fetch('/save', { method: 'PUT', body }), 4);\n}\n",
      errors: [{ messageId: 'libraryDefault', line: 4, column: 10, data: { what: "This call of `withBackoff()` from '@acme/utils'", delay: '200 ms × 2^n', attempts: 'up to 4 attempts', inherited: '', fix: "Add jitter to the helper's wait (../../utils/src/backoff.ts, line 8)" } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry through workspace packages', noUnboundedRetry, {
  valid: [
    { name: 'npm: the bounded helper', filename: at(npm, 'deploy.ts'), code: CALLERS.loopTs },
    // Infinity retries, but the package is a dependency: not read, so not known to retry.
    { name: 'npm: a dependency called with Infinity', filename: at(npm, 'dependency.ts'), code: CALLERS.dependency },
  ],
  invalid: [
    {
      name: 'npm: the workspace helper called with Infinity attempts',
      filename: at(npm, 'forever.ts'),
      code: "import { retryOnAPIFailure } from '@acme/utils';\n\nexport const watch = () => retryOnAPIFailure(() => fetch('/w'), Infinity);\n",
      errors: [{ messageId: 'unbounded', line: 3, column: 28 }],
    },
  ],
});
