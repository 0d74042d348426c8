import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type Node } from './ast.js';
import { isReassigned, type AnalysisContext } from './context.js';
import { soleDefinition } from './definitions/bodies.js';
import { staticNumber } from './evaluation/static-number.js';
import { site, type LibraryFinding } from './library-options.js';
import type { RetryPolicy } from './types.js';

/*
 * Bee-Queue job retries, read in bee-queue@2.0.0 lib/job.js and lib/backoff.js: a job made by
 * `queue.createJob(data)` is retried `options.retries` times (default 0: it runs once), each
 * retry after the wait its `backoff` strategy computes (`Job#computeDelay`): `immediate` (the
 * default) 0, `fixed` the `delay` given, `exponential` the `delay` doubled after each use
 * (`d, 2d, 4d, …`). No strategy has randomness; a strategy the queue registers itself
 * (`queue.backoffStrategies.set(name, fn)`) is read where it is registered, not here. The
 * options are set by chained calls (`createJob(d).retries(3).backoff('fixed', 1000).save()`)
 * or by calls on the job held in a constant.
 */

/** `job.retries(n)` on a job a Bee-Queue queue made: the site, with the backoff set beside it. */
export function beeQueueRetries(call: TSESTree.CallExpression, ctx: AnalysisContext, isBeeQueue: (receiver: Node) => boolean): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || propertyName(callee) !== 'retries' || call.arguments.length !== 1) return undefined;
  const job = jobOf(unwrap(callee.object), ctx, isBeeQueue);
  if (!job) return undefined;
  const retries = staticNumber(call.arguments[0] as Node, ctx);
  if (retries === 0) return undefined;
  const maxAttempts: RetryPolicy['maxAttempts'] = retries === undefined ? 'unknown' : !Number.isFinite(retries) ? 'unbounded' : Math.floor(retries) + 1;
  const backoff = backoffCall(call, job, ctx);
  const shape = backoff ? backoffShape(backoff, ctx) : { delay: { kind: 'none' as const, baseMs: 0 }, jitter: 'none' as const };
  const result = site('bee-queue', call, callee.property.loc, { maxAttempts, ...shape }, { delay: !backoff, jitter: !backoff, attempts: false });
  return { site: result };
}

/** What a job is: the `createJob(…)` call of a Bee-Queue queue, met down the chain or held in a constant. */
interface Job {
  made: TSESTree.CallExpression;
  /** The constant that holds it, when the options are set by statements on it. */
  holder?: TSESTree.Identifier;
}

function jobOf(receiver: Node, ctx: AnalysisContext, isBeeQueue: (receiver: Node) => boolean): Job | undefined {
  const n = chainStart(receiver);
  if (n.type === 'Identifier') {
    const variable = ctx.variableOf(n);
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || isReassigned(variable) || !def.node.init) return undefined;
    const made = createJob(unwrap(def.node.init), isBeeQueue);
    return made && { made, holder: def.name as TSESTree.Identifier };
  }
  const made = createJob(n, isBeeQueue);
  return made && { made };
}

/** The options a job's chained calls set (bee-queue@2.0.0 lib/job.js). */
const OPTION_CALLS = new Set(['retries', 'backoff', 'timeout', 'delayUntil', 'setId']);

/** `createJob(d).backoff('fixed', 1000).retries(3)`: down the chain of option calls to what it starts from. */
function chainStart(node: Node): Node {
  let n = node;
  while (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && OPTION_CALLS.has(propertyName(n.callee) ?? '')) n = unwrap(n.callee.object);
  return n;
}

function createJob(node: Node, isBeeQueue: (receiver: Node) => boolean): TSESTree.CallExpression | undefined {
  const n = chainStart(node);
  if (n.type !== 'CallExpression' || n.callee.type !== 'MemberExpression' || propertyName(n.callee) !== 'createJob') return undefined;
  return isBeeQueue(unwrap(n.callee.object)) ? n : undefined;
}

/** The `backoff(strategy, delay)` call set on the same job: in the chain, or on its constant. */
function backoffCall(retries: TSESTree.CallExpression, job: Job, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  const isBackoff = (n: Node): boolean => n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && propertyName(n.callee) === 'backoff';
  if (job.holder) {
    const variable = ctx.variableOf(job.holder);
    for (const ref of variable?.references ?? []) {
      const member = ref.identifier.parent;
      const call = member?.type === 'MemberExpression' && member.object === ref.identifier ? member.parent : undefined;
      if (call && isBackoff(call as Node)) return call as TSESTree.CallExpression;
    }
  }
  // Down the chain from `retries(…)`, then up it.
  let down: Node = unwrap((retries.callee as TSESTree.MemberExpression).object);
  while (down.type === 'CallExpression' && down.callee.type === 'MemberExpression') {
    if (isBackoff(down)) return down as TSESTree.CallExpression;
    down = unwrap(down.callee.object);
  }
  let up: Node | undefined = retries.parent;
  while (up?.type === 'MemberExpression' && up.parent?.type === 'CallExpression') {
    const chained: Node = up.parent;
    if (isBackoff(chained)) return chained as TSESTree.CallExpression;
    up = chained.parent;
  }
  return undefined;
}

function backoffShape(call: TSESTree.CallExpression, ctx: AnalysisContext): Pick<RetryPolicy, 'delay' | 'jitter'> {
  const strategy = unwrap(call.arguments[0] as Node);
  const name = strategy?.type === 'Literal' && typeof strategy.value === 'string' ? strategy.value : undefined;
  const ms = call.arguments[1] ? staticNumber(call.arguments[1] as Node, ctx) : undefined;
  const base = ms === undefined ? {} : { baseMs: ms };
  if (name === 'immediate') return { delay: { kind: 'none', baseMs: 0 }, jitter: 'none' };
  if (name === 'fixed') return { delay: { kind: 'constant', ...base }, jitter: 'none' };
  if (name === 'exponential') return { delay: { kind: 'exponential', ...base, factor: 2 }, jitter: 'none' };
  // A strategy of the queue's own: what it waits is read where it is registered.
  return { delay: { kind: 'unknown' }, jitter: 'unknown' };
}
