import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { option, stops } from './option-edit.js';
import { findProperty, isTypeScriptFile, setProperty } from './text.js';
import type { SourceCode, Suggestion } from './types.js';

type Problem = 'jitter' | 'bound';
type Call = TSESTree.CallExpression | TSESTree.NewExpression;

interface Context {
  sourceCode: SourceCode;
  filename: string;
  bound: number;
}

/**
 * The option that fixes a library default reported where no retry option is written (the
 * finding is on the call): `io(url)` gets `reconnectionAttempts`, `useSWR(key, fetcher)`
 * `errorRetryCount`, `new Redis(url)` a `retryStrategy` that gives up (and adds randomness),
 * a bare `new QueryClient()` a jittered `retryDelay` for its queries. Each in the library's own
 * terms (catalog.ts names the versions read).
 */
export function defaultEdit(site: RetrySite, problem: Problem, ctx: Context): Suggestion | undefined {
  const call = site.node;
  if (call.type !== 'CallExpression' && call.type !== 'NewExpression') return undefined;
  const retries = ctx.bound - 1;
  const typescript = isTypeScriptFile(ctx.filename);
  switch (site.library) {
    case 'socket.io-client':
      // `reconnectionAttempts` counts the reconnections after the connection is lost.
      return problem === 'bound' ? optionAfterFirst(call, 'reconnectionAttempts', String(retries), stops(ctx.bound, `reconnectionAttempts: ${retries}`), ctx) : undefined;
    case 'swr':
      return problem === 'bound' ? option(call, 2, 'errorRetryCount', String(retries), stops(ctx.bound, `errorRetryCount: ${retries}`), ctx) : undefined;
    case 'ioredis':
    case 'iovalkey': {
      const param = typescript ? '(times: number)' : '(times)';
      // `new Cluster(nodes, options)`: its own strategy, `min(100 + 2n, 2000)` by default, in the second argument.
      const callee = call.callee.type === 'MemberExpression' ? call.callee.property : call.callee;
      if (callee.type === 'Identifier' && callee.name === 'Cluster') {
        // (Options held in a variable: an object added after them would be a third argument, ignored.)
        if (call.arguments.length > 1 && call.arguments[1]?.type !== 'ObjectExpression') return undefined;
        const strategy = problem === 'bound'
          ? `${param} => (times > ${retries} ? null : Math.random() * Math.min(100 + times * 2, 2000))`
          : `${param} => Math.random() * Math.min(100 + times * 2, 2000)`;
        const edit = problem === 'bound' ? stops(ctx.bound, `clusterRetryStrategy: ${strategy}`) : 'Set a `clusterRetryStrategy` that waits a random time up to the default delay (full jitter)';
        return option(call, 1, 'clusterRetryStrategy', strategy, edit, ctx);
      }
      // `times` counts the reconnection attempts from 1; null stops reconnecting.
      const strategy = problem === 'bound'
        ? `${param} => (times > ${retries} ? null : Math.random() * Math.min(2 ** times * 50, 5000))`
        : `${param} => Math.random() * Math.min(times * 50, 2000)`;
      const edit = problem === 'bound' ? stops(ctx.bound, `retryStrategy: ${strategy}`) : 'Set a `retryStrategy` that waits a random time up to the default delay (full jitter)';
      return optionAfterFirst(call, 'retryStrategy', strategy, edit, ctx);
    }
    case '@tanstack/query':
      return problem === 'jitter' ? queryClientDelay(call, typescript, ctx) : undefined;
    case 'ky':
      // ky@2's `retry.jitter: true` draws each wait at random up to the computed one.
      return problem === 'jitter' ? option(call, 0, 'retry', '{ jitter: true }', 'Set `retry: { jitter: true }` (full jitter)', ctx) : undefined;
    default:
      return undefined;
  }
}

/** The options object of `io(url, opts)` / `new Redis(url, opts)`: the object argument, or one added after the others. */
function optionAfterFirst(call: Call, name: string, value: string, edit: string, ctx: Context): Suggestion | undefined {
  const index = call.arguments.findIndex((a) => a.type === 'ObjectExpression');
  return option(call, index >= 0 ? index : call.arguments.length, name, value, edit, ctx);
}

/** `new QueryClient()` → `new QueryClient({ defaultOptions: { queries: { retryDelay } } })`, merged into what is written. */
function queryClientDelay(call: Call, typescript: boolean, ctx: Context): Suggestion | undefined {
  const delay = `${typescript ? '(attempt: number)' : '(attempt)'} => Math.random() * Math.min(1000 * 2 ** attempt, 30_000)`;
  const edit = "Set a jittered `retryDelay` for the client's queries (react-query's default backoff, full jitter)";
  const config = call.arguments[0];
  if (!config) return option(call, 0, 'defaultOptions', `{ queries: { retryDelay: ${delay} } }`, edit, ctx);
  if (config.type !== 'ObjectExpression') return undefined;
  const defaults = findProperty(config, 'defaultOptions')?.value;
  if (!defaults) return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, config, 'defaultOptions', `{ queries: { retryDelay: ${delay} } }`) };
  if (defaults.type !== 'ObjectExpression') return undefined;
  const queries = findProperty(defaults, 'queries')?.value;
  if (!queries) return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, defaults, 'queries', `{ retryDelay: ${delay} }`) };
  if (queries.type !== 'ObjectExpression') return undefined;
  return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, queries, 'retryDelay', delay) };
}
