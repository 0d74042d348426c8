import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { ensureNamedImport, isCommonJs } from './imports.js';
import { stops, type LibraryEditContext } from './option-edit.js';
import { findProperty, setProperty } from './text.js';
import type { Suggestion } from './types.js';

type Problem = 'jitter' | 'bound';

/**
 * Option edits for issue 27's later rows (catalog-applications.ts), each in the library's own
 * terms and only where it has an option that fixes the finding: typed-rest-client and
 * @octokit/plugin-retry have no jitter option and get a bound only.
 */
export const APPLICATION_EDITED: ReadonlySet<string> = new Set(['ofetch', 'typed-rest-client', 'make-fetch-happen', '@octokit/plugin-retry', 'redlock', 'redux-saga', '@nestjs/microservices',
  '@temporalio/workflow', '@azure/service-bus', 'google-gax', '@octokit/plugin-throttling', 'node-fetch-retry', '@azure/storage-blob',
  '@azure/core-rest-pipeline', 'subscriptions-transport-ws', 'nats',
]);

export function applicationEdit(site: RetrySite, problem: Problem, ctx: LibraryEditContext): Suggestion | undefined {
  const retries = ctx.bound - 1;
  // redux-saga `retry(maxTries, delayMs, fn)`: the count is the first argument, the first call included.
  if (site.library === 'redux-saga') {
    const call = site.node;
    const first = call.type === 'CallExpression' ? call.arguments[0] : undefined;
    if (problem !== 'bound' || !first || first.type === 'SpreadElement') return undefined;
    return { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `retry(${ctx.bound}, …)`) }, fix: (fixer) => fixer.replaceText(first, String(ctx.bound)) };
  }
  if (site.library === '@octokit/plugin-throttling') return problem === 'bound' ? throttleBound(site, ctx) : undefined;
  const options = site.optionsObject;
  if (!options) return undefined;
  const set = (object: TSESTree.ObjectExpression, name: string, value: string, edit: string): Suggestion => ({
    messageId: 'libraryEdit',
    data: { edit },
    fix: (fixer) => setProperty(fixer, ctx.sourceCode, object, name, value),
  });
  switch (site.library) {
    case 'ofetch': {
      if (problem === 'bound') return set(options, 'retry', String(retries), stops(ctx.bound, `retry: ${retries}`));
      // ofetch@1.5.1 calls a `retryDelay` function for each wait: a random one up to the fixed wait (1 s where there was none).
      const delay = findProperty(options, 'retryDelay')?.value;
      const ms = delay === undefined ? '1000' : delay.type === 'Literal' && typeof delay.value === 'number' ? ctx.sourceCode.getText(delay) : undefined;
      if (ms === undefined) return undefined;
      return set(options, 'retryDelay', `() => Math.random() * ${ms}`, `Set \`retryDelay: () => Math.random() * ${ms}\` (a random wait up to ${ms} ms)`);
    }
    case 'node-fetch-retry':
      // `retry` counts every attempt, the first included.
      return problem === 'bound' ? set(options, 'retry', String(ctx.bound), stops(ctx.bound, `retry: ${ctx.bound}`)) : undefined;
    case 'typed-rest-client':
      return problem === 'bound' ? set(options, 'maxRetries', String(retries), stops(ctx.bound, `maxRetries: ${retries}`)) : undefined;
    case '@octokit/plugin-retry':
      return problem === 'bound' ? set(options, 'retries', String(retries), stops(ctx.bound, `retries: ${retries}`)) : undefined;
    case 'make-fetch-happen':
      return makeFetchHappen(options, problem, retries, ctx);
    case 'redlock': {
      // redlock@4.2.0 / 5.0.0-beta.2: each wait is `retryDelay` ± up to `retryJitter` ms at random.
      if (problem === 'bound') return set(options, 'retryCount', String(retries), stops(ctx.bound, `retryCount: ${retries}`));
      const delay = findProperty(options, 'retryDelay')?.value;
      const ms = delay === undefined ? '200' : delay.type === 'Literal' && typeof delay.value === 'number' && delay.value > 0 ? ctx.sourceCode.getText(delay) : '100';
      return set(options, 'retryJitter', ms, `Set \`retryJitter: ${ms}\` (each wait ± up to ${ms} ms at random)`);
    }
    case '@nestjs/microservices':
      return problem === 'bound' ? set(options, 'retryAttempts', String(retries), stops(ctx.bound, `retryAttempts: ${retries}`)) : undefined;
    case '@temporalio/workflow':
      // Reported on the call: the activity options, with no `retry` policy written yet.
      if (problem !== 'bound') return undefined;
      return site.loc === site.node.loc
        ? set(options, 'retry', `{ maximumAttempts: ${ctx.bound} }`, stops(ctx.bound, `retry: { maximumAttempts: ${ctx.bound} }`))
        : set(options, 'maximumAttempts', String(ctx.bound), stops(ctx.bound, `maximumAttempts: ${ctx.bound}`));
    case '@azure/core-rest-pipeline':
      return problem === 'bound' ? set(options, 'maxRetries', String(retries), stops(ctx.bound, `maxRetries: ${retries}`)) : undefined;
    case '@azure/service-bus':
      return problem === 'bound' ? set(options, 'maxRetries', String(retries), stops(ctx.bound, `maxRetries: ${retries}`)) : azureExponential(options, ctx);
    case '@azure/storage-blob':
      // `maxTries` counts every try, the first included.
      return problem === 'bound' ? set(options, 'maxTries', String(ctx.bound), stops(ctx.bound, `maxTries: ${ctx.bound}`)) : undefined;
    case 'google-gax':
      return problem === 'bound' && !findProperty(options, 'totalTimeoutMillis') ? set(options, 'maxRetries', String(retries), stops(ctx.bound, `maxRetries: ${retries}`)) : undefined;
    case 'subscriptions-transport-ws':
      // subscriptions-transport-ws@0.11.0 stops once `reconnectionAttempts` reconnections were tried.
      return problem === 'bound' ? set(options, 'reconnectionAttempts', String(retries), stops(ctx.bound, `reconnectionAttempts: ${retries}`)) : undefined;
    case 'nats':
      return natsEdit(options, problem, retries, ctx, set);
    default:
      return undefined;
  }
}

/**
 * nats@2.29.3: `maxReconnectAttempts` reconnections a server; each wait `reconnectTimeWait` (2000)
 * plus 0 to `reconnectJitter` ms at random: as large as the wait spreads the clients over it.
 */
function natsEdit(options: TSESTree.ObjectExpression, problem: Problem, retries: number, ctx: LibraryEditContext,
  set: (object: TSESTree.ObjectExpression, name: string, value: string, edit: string) => Suggestion): Suggestion | undefined {
  if (problem === 'bound') return set(options, 'maxReconnectAttempts', String(retries), stops(ctx.bound, `maxReconnectAttempts: ${retries}`));
  if (findProperty(options, 'reconnectDelayHandler')) return undefined;
  const tls = findProperty(options, 'tls');
  const name = tls && !(tls.value.type === 'Literal' && !tls.value.value) ? 'reconnectJitterTLS' : 'reconnectJitter';
  const wait = findProperty(options, 'reconnectTimeWait')?.value;
  const ms = wait === undefined ? '2000' : wait.type === 'Literal' && typeof wait.value === 'number' && wait.value > 0 ? ctx.sourceCode.getText(wait) : undefined;
  if (ms === undefined) return undefined;
  return set(options, name, ms, `Set \`${name}: ${ms}\` (each wait plus up to ${ms} ms at random)`);
}

/** make-fetch-happen's `retry`: a number becomes promise-retry options; `randomize: true` multiplies each wait by 1–2 at random. */
function makeFetchHappen(options: TSESTree.ObjectExpression, problem: Problem, retries: number, ctx: LibraryEditContext): Suggestion | undefined {
  const retry = findProperty(options, 'retry')?.value;
  if (!retry) return undefined;
  if (retry.type === 'ObjectExpression') {
    return problem === 'bound'
      ? { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `retries: ${retries}`) }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, retry, 'retries', String(retries)) }
      : { messageId: 'libraryEdit', data: { edit: 'Set `randomize: true` in `retry`' }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, retry, 'randomize', 'true') };
  }
  if (retry.type !== 'Literal' || typeof retry.value !== 'number') return undefined;
  const count = problem === 'bound' ? String(retries) : retry.raw;
  const value = problem === 'bound' ? count : `{ retries: ${count}, randomize: true }`;
  return {
    messageId: 'libraryEdit',
    data: { edit: problem === 'bound' ? stops(ctx.bound, `retry: ${retries}`) : `Set \`retry: ${value}\`` },
    fix: (fixer) => fixer.replaceText(retry, value),
  };
}

/** Azure messaging `retryOptions`: `mode: RetryMode.Exponential` (@azure/core-amqp@4.4.2: 0.8–1.2 × the base at random, doubling), imported where it is not. */
function azureExponential(retry: TSESTree.ObjectExpression, ctx: LibraryEditContext): Suggestion | undefined {
  const text = ctx.sourceCode.getText();
  const module = /['"]@azure\/service-bus['"]/.test(text) ? '@azure/service-bus' : '@azure/event-hubs';
  const importIt = ensureNamedImport(ctx.sourceCode, module, 'RetryMode', isCommonJs(ctx.sourceCode, ctx.filename));
  if (!importIt) return undefined;
  return {
    messageId: 'libraryEdit',
    data: { edit: 'Set `mode: RetryMode.Exponential` (each wait 0.8–1.2 × the base at random, doubling)' },
    fix: (fixer) => [...importIt(fixer), setProperty(fixer, ctx.sourceCode, retry, 'mode', 'RetryMode.Exponential')],
  };
}

const THROTTLE_PARAMS = ['retryAfter', 'options', 'octokit', 'retryCount'];

/**
 * An Octokit rate-limit handler that always returns true: its last `true` becomes
 * `retryCount < N` (@octokit/plugin-throttling@11.0.5 passes the retries so far as the fourth
 * argument), the parameters up to it added where the handler names fewer.
 */
function throttleBound(site: RetrySite, ctx: LibraryEditContext): Suggestion | undefined {
  const start = ctx.sourceCode.getIndexFromLoc(site.loc.start);
  const node = ctx.sourceCode.getNodeByRangeIndex(start);
  const property = node?.type === 'Property' ? node : node?.parent?.type === 'Property' ? node.parent : undefined;
  const fn = property?.value;
  if (!fn || (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression')) return undefined;
  if (!fn.params.every((p) => p.type === 'Identifier')) return undefined;
  const names = fn.params.map((p) => (p as TSESTree.Identifier).name);
  const added = THROTTLE_PARAMS.slice(names.length);
  // An added parameter must not hide a name the body already uses.
  const body = ctx.sourceCode.getText(fn.body);
  if (added.some((n) => names.includes(n) || new RegExp(`\\b${n}\\b`).test(body))) return undefined;
  const counter = names[3] ?? 'retryCount';
  const returned = fn.body.type === 'BlockStatement' ? (fn.body.body[fn.body.body.length - 1] as TSESTree.ReturnStatement | undefined)?.argument : fn.body;
  if (!returned) return undefined;
  const condition = `${counter} < ${ctx.bound - 1}`;
  const paramsText = [...names, ...added].join(', ');
  const firstParam = fn.params[0];
  const lastParam = fn.params[fn.params.length - 1];
  return {
    messageId: 'libraryEdit',
    data: { edit: stops(ctx.bound, `return ${condition}`) },
    fix: (fixer) => {
      const fixes = [fixer.replaceText(returned, condition)];
      if (added.length === 0) return fixes;
      if (firstParam && lastParam) return [fixer.replaceTextRange([firstParam.range[0], lastParam.range[1]], paramsText), ...fixes];
      // `() => true`: the parameters go between the parentheses.
      const open = ctx.sourceCode.getFirstToken(fn, { filter: (t) => t.value === '(' });
      return open ? [fixer.insertTextAfter(open, paramsText), ...fixes] : fixes;
    },
  };
}
