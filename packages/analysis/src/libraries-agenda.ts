import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, propertyName, unwrap, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { importOfReference } from './imports.js';
import { numberOption, optionsOf, site, type LibraryFinding } from './library-options.js';
import { resolveObject } from './objects/resolve-object.js';
import type { RetryPolicy } from './types.js';

/*
 * Agenda job retries, read in agenda@6.2.6 dist/Job.js (`handleRetry`) and dist/utils/backoff.js:
 * a job whose definition has no `backoff` is not retried; `agenda.define(name, fn, { backoff })`
 * retries a failed run after the wait the strategy returns, until it returns null. The
 * strategies the package exports: `constant({ delay, maxRetries, maxDelay, jitter })` waits
 * `delay`; `linear({ delay, increment = delay, … })` waits `delay + increment × (n − 1)`;
 * `exponential({ delay, factor = 2, … })` waits `delay × factor^(n − 1)`; each up to
 * `maxDelay`, for `maxRetries` retries (default 3), `delay` 1000 ms by default, and `jitter`
 * (0–1, default 0) moves each wait by up to ± that fraction at random. `when(test, strategy)`
 * retries as its strategy does, only the errors its test lets through. A function of the
 * project's own is read nowhere here.
 */

type Builder = 'constant' | 'linear' | 'exponential';

/** `agenda.define(name, processor, { backoff })` on an Agenda: the site, at `backoff`. */
export function agendaDefine(call: TSESTree.CallExpression, ctx: AnalysisContext, isAgenda: (receiver: Node) => boolean): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || propertyName(callee) !== 'define' || !call.arguments[2] || !isAgenda(unwrap(callee.object))) return undefined;
  const env: Env = { ctx, region: call, counters: new Set(), depth: 0 };
  const options = resolveObject(call.arguments[2] as Node, env);
  const backoff = options && getProperty(options, 'backoff');
  if (!backoff) return undefined;
  const strategy = strategyCall(unwrap(backoff.value as Node), ctx);
  if (!strategy) return undefined;
  const policy = builderPolicy(strategy.builder, strategy.call, env);
  const written = optionsOf(strategy.call.arguments[0] as Node | undefined, env);
  const result = site('agenda', call, backoff.loc, policy, { delay: !written.get('delay').present, jitter: !written.get('jitter').present, attempts: !written.get('maxRetries').present });
  // `when(test, strategy)`: only the errors the test lets through are retried.
  result.classifiesErrors = strategy.classifies;
  return { site: result };
}

/** The package's builder the `backoff` is made by, through `when(test, strategy)`. */
function strategyCall(value: Node, ctx: AnalysisContext, depth = 0): { builder: Builder; call: TSESTree.CallExpression; classifies: boolean } | undefined {
  if (value.type !== 'CallExpression' || depth > 2) return undefined;
  const name = builderName(unwrap(value.callee), ctx);
  if (name === 'when') {
    const inner = value.arguments[1];
    const read = inner ? strategyCall(unwrap(inner as Node), ctx, depth + 1) : undefined;
    return read && { ...read, classifies: true };
  }
  return name === 'constant' || name === 'linear' || name === 'exponential' ? { builder: name, call: value, classifies: false } : undefined;
}

/** `exponential` imported from 'agenda', or `backoffStrategies.exponential` (the namespace or the named object). */
function builderName(callee: Node, ctx: AnalysisContext): string | undefined {
  if (callee.type === 'MemberExpression') {
    const object = unwrap(callee.object);
    const origin = object.type === 'Identifier' ? importOfReference(object, ctx) : undefined;
    if (origin?.module !== 'agenda') return undefined;
    return origin.imported === 'backoffStrategies' || origin.imported === '*' ? propertyName(callee) : undefined;
  }
  const origin = importOfReference(callee, ctx);
  return origin?.module === 'agenda' ? origin.imported : undefined;
}

function builderPolicy(builder: Builder, call: TSESTree.CallExpression, env: Env): RetryPolicy {
  const options = optionsOf(call.arguments[0] as Node | undefined, env);
  const delay = numberOption(options, 'delay', 1000, env);
  const retries = numberOption(options, 'maxRetries', 3, env);
  const cap = numberOption(options, 'maxDelay', Infinity, env);
  const jitter = numberOption(options, 'jitter', 0, env);
  const base = delay === 'unknown' ? {} : { baseMs: delay };
  const capMs = cap === 'unknown' || cap === Infinity ? {} : { capMs: cap };
  let shape: RetryPolicy['delay'];
  if (builder === 'constant') shape = { kind: 'constant', ...base };
  else if (builder === 'linear') {
    const increment = numberOption(options, 'increment', delay === 'unknown' ? 0 : delay, env);
    shape = increment === delay ? { kind: 'linear', ...base, ...capMs } : { kind: 'unknown' };
  } else {
    const factor = numberOption(options, 'factor', 2, env);
    shape = factor === 'unknown' ? { kind: 'unknown' } : { kind: 'exponential', ...base, factor, ...capMs };
  }
  const maxAttempts: RetryPolicy['maxAttempts'] = retries === 'unknown' ? 'unknown' : !Number.isFinite(retries) ? 'unbounded' : Math.max(0, Math.floor(retries)) + 1;
  return { maxAttempts, delay: shape, jitter: jitter === 'unknown' ? 'unknown' : jitter > 0 ? 'proportional' : 'none' };
}
