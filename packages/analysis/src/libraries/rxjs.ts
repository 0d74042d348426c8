import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, isFunction, propertyName, unwrap, walk, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import type { Env } from '../evaluate.js';
import { staticNumber } from '../evaluation/static-number.js';
import { importOf } from '../imports.js';
import { libraryOfModule } from '../catalog.js';
import { delayFunctionPolicy, numberOption, optionsOf, site } from '../library-options.js';
import type { RetryPolicy, RetrySite } from '../types.js';

/**
 * What policy does an rxjs `retry()` or `retryWhen()` have, and what do the other operators of
 * its pipe say about it (a poll, a deadline, a way to stop)?
 */

/** rxjs `retry()`, `retry(3)`, `retry({ count, delay })`. Without a delay, resubscription is immediate. */
export function rxjsRetry(call: TSESTree.CallExpression, a: (Node | undefined)[], env: Env): RetrySite {
  const first = a[0];
  let maxAttempts: RetryPolicy['maxAttempts'] = 'unbounded';
  let delay: RetryPolicy['delay'] = { kind: 'none', baseMs: 0 };
  let jitter: RetryPolicy['jitter'] = 'none';
  let countGiven = false;
  let delayGiven = false;
  if (first) {
    const count = staticNumber(first, env.ctx);
    if (count !== undefined) {
      maxAttempts = Number.isFinite(count) ? count + 1 : 'unbounded';
      countGiven = true;
    } else {
      const options = optionsOf(first, env);
      if (!options.known) {
        maxAttempts = 'unknown';
        delay = { kind: 'unknown' };
        jitter = 'unknown';
      } else {
        const c = numberOption(options, 'count', Infinity, env);
        countGiven = options.get('count').present;
        maxAttempts = c === 'unknown' ? 'unknown' : Number.isFinite(c) ? c + 1 : 'unbounded';
        const delayOption = options.get('delay');
        delayGiven = delayOption.present;
        if (delayOption.present) ({ delay, jitter } = delayFunctionPolicy(delayOption.node, 1, env));
      }
    }
  }
  const result = site('rxjs', call, call.loc, { maxAttempts, delay, jitter }, { delay: !delayGiven, jitter: !delayGiven, attempts: !countGiven });
  return result;
}

/** rxjs operators that error when no value passes a predicate (`first(pred)` on a source that completes). */
const RXJS_ERRORS_ON_VALUE = new Set(['first', 'single', 'throwIfEmpty']);

/**
 * What the other operators of the pipe a `retry()` sits in say about it: one before it that
 * turns an unwanted value into an error (`first(isVisible)`) makes it a poll; one after it that
 * ends the whole retrying subscription after a time (`timeout(ms)`) is a deadline, one that ends
 * it when another observable emits (`raceWith(timer$)`, `takeUntil(stop$)`) a way to stop it.
 */
export function rxjsPipeAround(call: TSESTree.CallExpression, ctx: AnalysisContext): { polls: boolean; deadline: boolean; stoppable: boolean } {
  const result = { polls: false, deadline: false, stoppable: false };
  const pipe = call.parent;
  if (pipe?.type !== 'CallExpression' || !pipe.arguments.includes(call)) return result;
  const callee = unwrap(pipe.callee);
  const isPipe = callee.type === 'MemberExpression' ? propertyName(callee) === 'pipe' : callee.type === 'Identifier' && rxjsExport(callee, ctx) === 'pipe';
  if (!isPipe) return result;
  const index = pipe.arguments.indexOf(call);
  pipe.arguments.forEach((arg, i) => {
    const op = unwrap(arg);
    if (op.type !== 'CallExpression') return;
    const opCallee = unwrap(op.callee);
    const name = opCallee.type === 'Identifier' ? rxjsExport(opCallee, ctx) : undefined;
    if (!name) return;
    if (i < index && RXJS_ERRORS_ON_VALUE.has(name) && (name === 'throwIfEmpty' || op.arguments.length > 0)) result.polls = true;
    if (i > index && name === 'timeout' && op.arguments.length > 0) result.deadline = true;
    if (i > index && (name === 'raceWith' || name === 'takeUntil') && op.arguments.length > 0) result.stoppable = true;
  });
  return result;
}

/** The rxjs export an identifier names (`import { first } from 'rxjs'`, `rxjs/operators`), or undefined. */
function rxjsExport(id: TSESTree.Identifier, ctx: AnalysisContext): string | undefined {
  const origin = importOf(id, ctx);
  if (!origin || libraryOfModule(origin.module.replace(/^node:/, ''))?.library !== 'rxjs') return undefined;
  return origin.imported === 'default' || origin.imported === '*' ? undefined : origin.imported;
}

/** rxjs `retryWhen(errors => errors.pipe(delay(1000), take(3)))`. */
export function rxjsRetryWhen(call: TSESTree.CallExpression, a: (Node | undefined)[], env: Env): RetrySite {
  const notifier = a[0] ? unwrap(a[0]) : undefined;
  let maxAttempts: RetryPolicy['maxAttempts'] = 'unbounded';
  let delay: RetryPolicy['delay'] = { kind: 'none', baseMs: 0 };
  let jitter: RetryPolicy['jitter'] = 'none';
  if (!notifier || !isFunction(notifier)) {
    return site('rxjs', call, call.loc, { maxAttempts: 'unknown', delay: { kind: 'unknown' }, jitter: 'unknown' }, { delay: false, jitter: false, attempts: false });
  }
  walk(notifier.body, env.ctx.keys, (node) => {
    if (node.type === 'ThrowStatement') maxAttempts = maxAttempts === 'unbounded' ? 'unknown' : maxAttempts;
    if (node.type !== 'CallExpression') return undefined;
    const name = calleeName(node);
    if (name === 'take' || name === 'takeWhile' || name === 'throwError' || name === 'timeout' || name === 'takeUntil') {
      const n = name === 'take' ? staticNumber(node.arguments[0], env.ctx) : undefined;
      maxAttempts = n !== undefined ? n + 1 : 'unknown';
    } else if (name === 'delay' && node.arguments[0]) {
      ({ delay, jitter } = delayFunctionPolicy(node.arguments[0], 0, env));
    } else if ((name === 'delayWhen' || name === 'mergeMap' || name === 'concatMap' || name === 'switchMap') && node.arguments[0]) {
      ({ delay, jitter } = delayFunctionPolicy(node.arguments[0], 1, env));
    }
    return undefined;
  });
  return site('rxjs', call, call.loc, { maxAttempts, delay, jitter }, { delay: false, jitter: false, attempts: false });
}
