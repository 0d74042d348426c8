import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { option, optionsAt, removeLiteralOption, stops, type LibraryEditContext } from './option-edit.js';
import { findProperty, isTypeScriptFile, jittered, removeProperty, setProperty } from './text.js';
import type { Suggestion } from './types.js';

type Problem = 'jitter' | 'bound';
type Call = TSESTree.CallExpression | TSESTree.NewExpression;

/**
 * Option edits for the rest of the catalog, each in the library's own terms (defaults and
 * option meanings read in the versions catalog.ts names). A library with no option for what
 * the rule asks gets none: undici, ts-retry-promise, superagent and the NestJS modules have
 * no jitter; backoff's bound is a `failAfter()` call, not an option; mqtt has neither.
 */
export const CATALOG_EDITED: ReadonlySet<string> = new Set([
  'backoff', '@lifeomic/attempt', 'ts-retry-promise', 'retry-axios', 'retry-as-promised', 'superagent', 'undici',
  '@reduxjs/toolkit', '@urql/exchange-retry', '@nestjs/typeorm', '@nestjs/mongoose', '@upstash/redis', 'bullmq', 'bull', 'pg-boss', '@aws-sdk/client-*',
]);

export function catalogEdit(site: RetrySite, problem: Problem, ctx: LibraryEditContext): Suggestion | undefined {
  const call = site.node;
  if (call.type !== 'CallExpression' && call.type !== 'NewExpression') return undefined;
  const retries = ctx.bound - 1;
  switch (site.library) {
    case 'backoff':
      // `randomisationFactor` r: each wait is d + random × r × d.
      return problem === 'jitter' && !isMethodCall(call, 'call') ? option(call, 0, 'randomisationFactor', '0.5', 'Set `randomisationFactor: 0.5` (a random 0–50 % added to each wait)', ctx) : undefined;
    case '@lifeomic/attempt':
      return problem === 'jitter' ? option(call, 1, 'jitter', 'true', 'Set `jitter: true`', ctx) : option(call, 1, 'maxAttempts', String(ctx.bound), stops(ctx.bound, `maxAttempts: ${ctx.bound}`), ctx);
    case 'ts-retry-promise':
      return problem === 'bound' ? option(call, 1, 'retries', String(retries), stops(ctx.bound, `retries: ${retries}`), ctx) : undefined;
    case 'undici':
      return problem === 'bound' ? undiciBound(call, retries, ctx) : undefined;
    case '@reduxjs/toolkit':
      return problem === 'jitter' ? rtkDefaultBackoff(call, ctx) : option(call, 1, 'maxRetries', String(retries), stops(ctx.bound, `maxRetries: ${retries}`), ctx);
    case '@urql/exchange-retry':
      // urql randomises the delay by default.
      return problem === 'jitter' ? removeLiteralOption(call, 0, 'randomDelay', false, 'Remove `randomDelay: false` (urql randomises the delay by default)', ctx) : option(call, 0, 'maxNumberAttempts', String(ctx.bound), stops(ctx.bound, `maxNumberAttempts: ${ctx.bound}`), ctx);
    case 'retry-as-promised':
      return retryAsPromised(call, problem, ctx);
    case 'retry-axios':
      return retryAxios(site, problem, retries, ctx);
    case 'superagent':
      return problem === 'bound' && call.type === 'CallExpression' && call.arguments[0] && call.arguments[0].type !== 'SpreadElement'
        ? { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `.retry(${retries})`) }, fix: (fixer) => fixer.replaceText(call.arguments[0] as TSESTree.Node, String(retries)) }
        : undefined;
    case '@nestjs/typeorm':
    case '@nestjs/mongoose':
      return problem === 'bound' ? nestAttempts(site, ctx) : undefined;
    case '@upstash/redis':
      return upstash(call, problem, retries, ctx);
    case 'bullmq':
    case 'bull':
      return jobOptions(site, problem, ctx);
    case 'pg-boss':
      return pgBoss(site, problem, ctx);
    case '@aws-sdk/client-*':
      return problem === 'jitter' ? awsDefaultStrategy(call, ctx) : undefined;
    default:
      return undefined;
  }
}

function isMethodCall(call: Call, name: string): boolean {
  return call.callee.type === 'MemberExpression' && call.callee.property.type === 'Identifier' && call.callee.property.name === name;
}

/** `new RetryAgent(agent, opts)`, `interceptors.retry(opts)`, `new RetryHandler({ retryOptions })`: `maxRetries`. */
function undiciBound(call: Call, retries: number, ctx: LibraryEditContext): Suggestion | undefined {
  const edit = stops(ctx.bound, `maxRetries: ${retries}`);
  if (call.type === 'NewExpression' && call.callee.type === 'Identifier' && call.callee.name === 'RetryHandler') {
    const handler = optionsAt(call, 0);
    const inner = handler ? findProperty(handler, 'retryOptions')?.value : undefined;
    if (inner?.type !== 'ObjectExpression') return undefined;
    return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, inner, 'maxRetries', String(retries)) };
  }
  return option(call, call.type === 'NewExpression' ? 1 : 0, 'maxRetries', String(retries), edit, ctx);
}

/** A custom `backoff` without randomness dropped: RTK Query's default backoff is jittered. */
function rtkDefaultBackoff(call: Call, ctx: LibraryEditContext): Suggestion | undefined {
  const options = optionsAt(call, 1);
  const backoff = options ? findProperty(options, 'backoff') : undefined;
  if (!options || !backoff) return undefined;
  return { messageId: 'libraryEdit', data: { edit: "Remove `backoff` (RTK Query's default backoff is jittered)" }, fix: (fixer) => removeProperty(fixer, ctx.sourceCode, options, backoff) };
}

/**
 * retry-as-promised: `max` (or a number in its place) counts the attempts; `backoffJitter` adds
 * a random ±ms to each wait — here as large as `backoffBase`, its first wait.
 */
function retryAsPromised(call: Call, problem: Problem, ctx: LibraryEditContext): Suggestion | undefined {
  const second = call.arguments[1];
  if (!second || second.type === 'SpreadElement') return undefined;
  if (second.type !== 'ObjectExpression') {
    return problem === 'bound' ? { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, String(ctx.bound)) }, fix: (fixer) => fixer.replaceText(second, String(ctx.bound)) } : undefined;
  }
  if (problem === 'bound') return option(call, 1, 'max', String(ctx.bound), stops(ctx.bound, `max: ${ctx.bound}`), ctx);
  const base = findProperty(second, 'backoffBase')?.value;
  const amount = base?.type === 'Literal' && typeof base.value === 'number' ? ctx.sourceCode.getText(base) : '100';
  return option(call, 1, 'backoffJitter', amount, `Set \`backoffJitter: ${amount}\` (a random ±${amount} ms on each wait)`, ctx);
}

/** retry-axios reads the file's one `raxConfig` object (the analysis names it): `jitter: 'full'` (exponential backoff only), `retry: N`. */
function retryAxios(site: RetrySite, problem: Problem, retries: number, ctx: LibraryEditContext): Suggestion | undefined {
  const config = site.optionsObject;
  if (!config) return undefined;
  if (problem === 'bound') return { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `retry: ${retries}`) }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, config, 'retry', String(retries)) };
  const type = findProperty(config, 'backoffType')?.value;
  if (type && !(type.type === 'Literal' && type.value === 'exponential')) return undefined;
  return { messageId: 'libraryEdit', data: { edit: "Set `jitter: 'full'`" }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, config, 'jitter', "'full'") };
}

/** The NestJS module options the finding points at: `retryAttempts` counts the attempts. */
function nestAttempts(site: RetrySite, ctx: LibraryEditContext): Suggestion | undefined {
  const start = ctx.sourceCode.getIndexFromLoc(site.loc.start);
  const node = ctx.sourceCode.getNodeByRangeIndex(start);
  const property = node?.type === 'Property' ? node : node?.parent?.type === 'Property' ? node.parent : undefined;
  const object = property?.parent;
  if (!property || object?.type !== 'ObjectExpression' || property.range[0] !== start) return undefined;
  return { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `retryAttempts: ${ctx.bound}`) }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, object, 'retryAttempts', String(ctx.bound)) };
}

/** `Redis.fromEnv({ retry: { retries, backoff } })`: a bound, or the default backoff with full jitter. */
function upstash(call: Call, problem: Problem, retries: number, ctx: LibraryEditContext): Suggestion | undefined {
  const options = optionsAt(call, 0);
  const retry = options ? findProperty(options, 'retry')?.value : undefined;
  if (!retry && options !== undefined) {
    // A client with no `retry` option: the default's retries, with a jittered backoff (or a bound).
    const param = isTypeScriptFile(ctx.filename) ? '(retryCount: number)' : '(retryCount)';
    return problem === 'bound'
      ? option(call, 0, 'retry', `{ retries: ${retries} }`, stops(ctx.bound, `retry: { retries: ${retries} }`), ctx)
      : option(call, 0, 'retry', `{ backoff: ${param} => Math.random() * Math.exp(retryCount) * 50 }`, "Set a jittered `backoff` (@upstash/redis's default, full jitter)", ctx);
  }
  if (retry?.type !== 'ObjectExpression') return undefined;
  if (problem === 'bound') return { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `retries: ${retries}`) }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, retry, 'retries', String(retries)) };
  const backoff = findProperty(retry, 'backoff');
  if (backoff) {
    const fn = backoff.value;
    if (fn.type !== 'ArrowFunctionExpression' || fn.body.type === 'BlockStatement') return undefined;
    const body = fn.body;
    return { messageId: 'libraryEdit', data: { edit: "Wait a random time up to `backoff`'s delay (full jitter)" }, fix: (fixer) => fixer.replaceText(body, jittered(body, ctx.sourceCode)) };
  }
  const param = isTypeScriptFile(ctx.filename) ? '(retryCount: number)' : '(retryCount)';
  return {
    messageId: 'libraryEdit',
    data: { edit: "Set a jittered `backoff` (@upstash/redis's default, full jitter)" },
    fix: (fixer) => setProperty(fixer, ctx.sourceCode, retry, 'backoff', `${param} => Math.random() * Math.exp(retryCount) * 50`),
  };
}

/**
 * BullMQ and Bull job options (the site's `optionsObject`: the job's, or the queue's
 * `defaultJobOptions`): `attempts` counts the first run. Jitter is BullMQ's `backoff.jitter`
 * (0–1, since bullmq 5.54.0; 1 draws the wait from 0 to the delay): set on a built-in backoff
 * type, a number backoff written out as the fixed one it is, or a backoff added where the job
 * was retried at once. Bull has no jitter option and gets none.
 */
function jobOptions(site: RetrySite, problem: Problem, ctx: LibraryEditContext): Suggestion | undefined {
  const options = site.optionsObject;
  if (!options) return undefined;
  if (problem === 'bound') return { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `attempts: ${ctx.bound}`) }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, options, 'attempts', String(ctx.bound)) };
  if (site.library !== 'bullmq') return undefined;
  const since = ' (full jitter, bullmq ≥ 5.54.0)';
  const backoff = findProperty(options, 'backoff');
  if (!backoff) {
    const value = "{ type: 'exponential', delay: 1000, jitter: 1 }";
    return { messageId: 'libraryEdit', data: { edit: `Set \`backoff: ${value}\`${since}` }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, options, 'backoff', value) };
  }
  const value = backoff.value;
  if (value.type === 'Literal' && typeof value.value === 'number') {
    const fixed = `{ type: 'fixed', delay: ${value.raw}, jitter: 1 }`;
    return { messageId: 'libraryEdit', data: { edit: `Set \`backoff: ${fixed}\`${since}` }, fix: (fixer) => fixer.replaceText(value, fixed) };
  }
  if (value.type !== 'ObjectExpression') return undefined;
  const type = findProperty(value, 'type')?.value;
  if (type?.type !== 'Literal' || (type.value !== 'fixed' && type.value !== 'exponential')) return undefined;
  return { messageId: 'libraryEdit', data: { edit: `Set \`jitter: 1\` in \`backoff\`${since}` }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, value, 'jitter', '1') };
}

/** An AWS SDK client's custom `retryStrategy` removed: the SDK's own is full jitter (@smithy/core's DefaultRetryBackoffStrategy). */
function awsDefaultStrategy(call: Call, ctx: LibraryEditContext): Suggestion | undefined {
  const config = optionsAt(call, 0);
  const strategy = config ? findProperty(config, 'retryStrategy') : undefined;
  if (!config || !strategy) return undefined;
  return { messageId: 'libraryEdit', data: { edit: "Remove `retryStrategy` (the SDK's default: up to 3 attempts, full jitter)" }, fix: (fixer) => removeProperty(fixer, ctx.sourceCode, config, strategy) };
}

/** pg-boss job or queue options: `retryLimit` counts the retries; `retryBackoff: true` makes half of each (growing) wait random. */
function pgBoss(site: RetrySite, problem: Problem, ctx: LibraryEditContext): Suggestion | undefined {
  const options = site.optionsObject;
  if (!options) return undefined;
  const retries = ctx.bound - 1;
  if (problem === 'bound') return { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `retryLimit: ${retries}`) }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, options, 'retryLimit', String(retries)) };
  return { messageId: 'libraryEdit', data: { edit: 'Set `retryBackoff: true` (exponential, half of each wait random)' }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, options, 'retryBackoff', 'true') };
}
