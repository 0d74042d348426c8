import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, propertyName, unwrap, type Node } from './ast.js';
import { isReassigned, type AnalysisContext } from './context.js';
import { soleDefinition } from './definitions/bodies.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { importOfReference } from './imports.js';
import { site, type LibraryCall, type LibraryFinding } from './library-options.js';
import { resolveObject } from './objects/resolve-object.js';
import type { RetryPolicy } from './types.js';

/*
 * Graphile Worker job retries, read in graphile-worker@0.18.0 dist/sql/failJobs.js and the
 * `add_job` of sql/000020.sql: a job is attempted up to its `maxAttempts` (25 when the spec
 * leaves it out), and a failed attempt runs again `exp(least(attempts, 10))` seconds later:
 * e s, e² s, … up to e¹⁰ s (about 6 h), the same for every job that failed at that attempt,
 * with no randomness. Jobs are added by `quickAddJob(options, identifier, payload, spec)` and
 * by `addJob(identifier, payload, spec)` of the utilities `makeWorkerUtils()` gives.
 */

const DEFAULT_ATTEMPTS = 25;
const CAP_MS = Math.exp(10) * 1000;

/** `quickAddJob(options, identifier, payload, spec)` imported from graphile-worker. */
export function graphileQuickAddJob(m: LibraryCall, imported: string, member: string | undefined): LibraryFinding | undefined {
  const name = member ?? imported;
  if (m.call.type !== 'CallExpression' || name !== 'quickAddJob') return undefined;
  return jobSite(m.call, m.a[3], m.env);
}

/** `utils.addJob(identifier, payload, spec)` on what `makeWorkerUtils()` of graphile-worker gives. */
export function graphileAddJob(call: TSESTree.CallExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || propertyName(callee) !== 'addJob' || !madeByWorkerUtils(unwrap(callee.object), ctx)) return undefined;
  return jobSite(call, call.arguments[2] as Node | undefined, { ctx, region: call, counters: new Set(), depth: 0 });
}

function madeByWorkerUtils(receiver: Node, ctx: AnalysisContext): boolean {
  if (receiver.type !== 'Identifier') return false;
  const variable = ctx.variableOf(receiver);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable)) return false;
  let init = unwrap(def.node.init as Node);
  if (init.type === 'AwaitExpression') init = unwrap(init.argument);
  if (init.type !== 'CallExpression') return false;
  const callee = unwrap(init.callee);
  // `makeWorkerUtils(…)`, or `worker.makeWorkerUtils(…)` of the whole module.
  const origin = importOfReference(callee.type === 'MemberExpression' ? callee.object : callee, ctx);
  const name = callee.type === 'MemberExpression' ? (origin?.imported === '*' || origin?.imported === 'default' ? propertyName(callee) : undefined) : origin?.imported;
  return origin?.module === 'graphile-worker' && name === 'makeWorkerUtils';
}

function jobSite(call: TSESTree.CallExpression, specNode: Node | undefined, env: Env): LibraryFinding | undefined {
  const spec = specNode ? resolveObject(specNode, env) : undefined;
  // A spec that is not an object written out (a variable of unknown origin) may set anything.
  if (specNode && (!spec || spec.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  const attemptsProp = spec && getProperty(spec, 'maxAttempts');
  const attempts = attemptsProp ? staticNumber(attemptsProp.value as Node, env.ctx) : DEFAULT_ATTEMPTS;
  if (attempts !== undefined && attempts <= 1) return undefined;
  const maxAttempts: RetryPolicy['maxAttempts'] = attempts === undefined ? 'unknown' : Number.isFinite(attempts) ? Math.floor(attempts) : 'unbounded';
  const policy: RetryPolicy = { maxAttempts, delay: { kind: 'exponential', baseMs: 1000, factor: Math.E, capMs: CAP_MS }, jitter: 'none' };
  const result = site('graphile-worker', call, (attemptsProp ?? call).loc, policy, { delay: true, jitter: true, attempts: !attemptsProp });
  return { site: result };
}
