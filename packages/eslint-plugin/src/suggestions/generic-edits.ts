import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { findProperty, isTypeScriptFile, jittered, setProperty } from './text.js';
import type { Fix, Fixer, SourceCode, Suggestion } from './types.js';

interface Context {
  sourceCode: SourceCode;
  filename: string;
}

/** Libraries whose jitter edit is an option or argument added at the call (async, fetch-retry, cassandra-driver). */
export const GENERIC_LIBRARIES: ReadonlySet<string> = new Set(['async', 'fetch-retry', 'cassandra-driver']);

/** Full jitter over an exponential backoff: `base` doubling per retry, capped at 20 s (retry()'s cap). */
function jitteredBackoff(param: string, base: number, typescript: boolean): string {
  return `(${param}${typescript ? ': number' : ''}) => Math.random() * Math.min(20_000, ${base} * 2 ** ${param})`;
}

/** The jitter edit of a library that has no randomize switch: a delay function that draws one. */
export function genericJitterEdit(site: RetrySite, sourceCode: SourceCode, ctx: Context): Suggestion | undefined {
  const typescript = isTypeScriptFile(ctx.filename);
  const call = site.node;
  if (call.type !== 'CallExpression' && call.type !== 'NewExpression') return undefined;
  switch (site.library) {
    case 'async':
      return call.type === 'CallExpression' ? asyncInterval(call, sourceCode, typescript) : undefined;
    case 'fetch-retry':
      return call.type === 'CallExpression' ? fetchRetryDelay(call, sourceCode, typescript) : undefined;
    case 'cassandra-driver':
      return call.type === 'NewExpression' ? cassandraExponential(call, sourceCode) : undefined;
    default:
      return undefined;
  }
}

/** A number option becomes a function drawing a random wait up to it; a function stays (undefined). */
function jitteredOption(fixer: Fixer, sourceCode: SourceCode, object: TSESTree.ObjectExpression, name: string, fallback: string): Fix | undefined {
  const existing = findProperty(object, name);
  if (!existing) return setProperty(fixer, sourceCode, object, name, fallback);
  const value = existing.value;
  if (value.type === 'ArrowFunctionExpression' || value.type === 'FunctionExpression' || value.type === 'AssignmentPattern' || value.type === 'ObjectPattern' || value.type === 'ArrayPattern' || value.type === 'TSEmptyBodyFunctionExpression') return undefined;
  return fixer.replaceText(value, `() => ${jittered(value, sourceCode)}`);
}

/** async `retry([opts,] task, cb)`: `interval` (default 0, at once) a jittered backoff. */
function asyncInterval(call: TSESTree.CallExpression, sourceCode: SourceCode, typescript: boolean): Suggestion | undefined {
  const [first, second] = call.arguments;
  if (!first || first.type === 'SpreadElement') return undefined;
  const interval = jitteredBackoff('retryCount', 100, typescript);
  const edit = 'Wait a random, growing `interval` between tries (full jitter)';
  if (first.type === 'ObjectExpression') {
    const existing = findProperty(first, 'interval');
    if (existing && (existing.value.type === 'ArrowFunctionExpression' || existing.value.type === 'FunctionExpression')) return undefined;
    return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => jitteredOption(fixer, sourceCode, first, 'interval', interval) ?? [] };
  }
  const isFunction = (n: TSESTree.Node | undefined) => n?.type === 'ArrowFunctionExpression' || n?.type === 'FunctionExpression';
  // `retry(3, task, cb)`: the count becomes `times`.
  if (first.type === 'Literal' && typeof first.value === 'number' && isFunction(second)) {
    return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => fixer.replaceText(first, `{ times: ${first.raw}, interval: ${interval} }`) };
  }
  if (!isFunction(first)) return undefined;
  return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => fixer.insertTextBefore(first, `{ interval: ${interval} }, `) };
}

/** fetch-retry `fetchRetry(fetch, opts)`: `retryDelay` (default a fixed 1 s) a jittered backoff. */
function fetchRetryDelay(call: TSESTree.CallExpression, sourceCode: SourceCode, typescript: boolean): Suggestion | undefined {
  const [fetchArg, options] = call.arguments;
  if (!fetchArg || fetchArg.type === 'SpreadElement') return undefined;
  const delay = jitteredBackoff('attempt', 1000, typescript);
  const edit = 'Wait a random, growing `retryDelay` (full jitter)';
  if (!options) return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => fixer.insertTextAfter(fetchArg, `, { retryDelay: ${delay} }`) };
  if (options.type !== 'ObjectExpression') return undefined;
  const existing = findProperty(options, 'retryDelay');
  if (existing && (existing.value.type === 'ArrowFunctionExpression' || existing.value.type === 'FunctionExpression')) return undefined;
  return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => jitteredOption(fixer, sourceCode, options, 'retryDelay', delay) ?? [] };
}

/** cassandra-driver `ConstantReconnectionPolicy(ms)` → `ExponentialReconnectionPolicy(ms, 600_000)`: ±15 % jitter, the driver's default maximum. */
function cassandraExponential(created: TSESTree.NewExpression, sourceCode: SourceCode): Suggestion | undefined {
  const callee = created.callee;
  const name = callee.type === 'MemberExpression' && callee.property.type === 'Identifier' ? callee.property : callee.type === 'Identifier' ? callee : undefined;
  const base = created.arguments[0];
  if (name?.name !== 'ConstantReconnectionPolicy' || !base || base.type === 'SpreadElement' || created.arguments.length !== 1) return undefined;
  // A bare `ConstantReconnectionPolicy` import would need the other class imported too.
  if (callee.type === 'Identifier') return undefined;
  const text = sourceCode.getText(base);
  return {
    messageId: 'libraryEdit',
    data: { edit: `Use \`ExponentialReconnectionPolicy(${text}, 600_000)\` (exponential with ±15 % jitter; the driver's default maximum)` },
    fix: (fixer) => [fixer.replaceText(name, 'ExponentialReconnectionPolicy'), fixer.insertTextAfter(base, ', 600_000')],
  };
}
