import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, propertyName, unwrap, type Node } from './ast.js';
import { libraryOfModule } from './catalog.js';
import { isReassigned, type AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { importOf } from './imports.js';
import { args, lastName, optionsWith, site, type LibraryCall, type LibraryFinding } from './library-options.js';
import { readStrategy, strategyFunction } from './strategy-callback.js';
import type { RetryPolicy, RetrySite } from './types.js';
import { soleDefinition } from './definitions/bodies.js';
import { PG_BOSS_METHODS, pgBossSite } from './libraries-pg-boss.js';
import { beeQueueRetries } from './libraries-bee-queue.js';
import { agendaDefine } from './libraries-agenda.js';
import { graphileAddJob } from './libraries-graphile-worker.js';

/*
 * Job queues: BullMQ and Bull retry a failed job by its options `attempts` and `backoff`, set
 * on the job (`queue.add(…, opts)`) or as the queue's `defaultJobOptions`. Read in the
 * published source at the versions catalog.ts cites:
 * - bullmq@6.7.0 dist/esm/classes/job.js: `attempts` defaults to 0 and a job is retried while
 *   `attemptsMade + 1 < attempts`, so with no `attempts` (or 1) a job runs once, whatever its
 *   backoff. dist/esm/classes/backoffs.js: a number backoff is `fixed`; `fixed` waits `delay`,
 *   `exponential` waits `2^(n-1) × delay`; `jitter` (0–1, default 0, since 5.54.0: 5.53.3 has
 *   none) draws the wait from `[(1 − jitter) × d, d]`. With no backoff (or no `delay`) the
 *   job is retried at once (job.js `moveToFailed`: "Retry immediately").
 * - bull@4.16.5 lib/job.js: `attempts` defaults to 1 and counts the first run; lib/backoffs.js:
 *   `fixed` waits `delay`, `exponential` `(2^n − 1) × delay`, and no strategy has jitter.
 */

type QueueLibrary = 'bullmq' | 'bull';

/** Attempts so large they say "forever" (`Number.MAX_SAFE_INTEGER`, `Infinity`). */
const FOREVER = Number.MAX_SAFE_INTEGER;

/**
 * The retry policy of job options (`{ attempts, backoff }`), the job's own over the queue's
 * `defaultJobOptions` (BullMQ and Bull spread the defaults under the job's options). No
 * site when the job runs once.
 */
function jobOptionsSite(library: QueueLibrary, call: Node, own: TSESTree.ObjectExpression | undefined, defaults: TSESTree.ObjectExpression | undefined, env: Env): RetrySite | undefined {
  const pick = (name: string) => (own && getProperty(own, name)) ?? (defaults && getProperty(defaults, name));
  const attemptsProp = pick('attempts');
  const backoffProp = pick('backoff');
  if (!attemptsProp) return undefined;
  // A job that leaves both to the queue's defaults is reported where they are written, once.
  const where = (own && (getProperty(own, 'attempts') ?? getProperty(own, 'backoff'))) ?? (own ? undefined : attemptsProp);
  if (!where) return undefined;
  const n = staticNumber(attemptsProp.value as Node, env.ctx);
  const maxAttempts: RetryPolicy['maxAttempts'] = n === undefined ? 'unknown' : n >= FOREVER || !Number.isFinite(n) ? 'unbounded' : Math.max(1, Math.floor(n));
  if (maxAttempts === 1) return undefined;
  const backoff = backoffProp ? readBackoff(library, backoffProp.value as Node, env) : { delay: { kind: 'none', baseMs: 0 } as RetryPolicy['delay'], jitter: 'none' as const, jitterWritten: false };
  const policy: RetryPolicy = { maxAttempts, delay: backoff.delay, jitter: backoff.jitter };
  // Reported where the attempts are written: they are what makes the job retry at all.
  const result = site(library, call, where.loc, policy, { delay: !backoffProp, jitter: !backoff.jitterWritten, attempts: false });
  // Where an option edit goes: the job's options, or the queue's defaults when the site is the queue.
  result.optionsObject = own ?? defaults;
  return result;
}

/** `backoff`: a number (fixed), `{ type: 'fixed' | 'exponential', delay, jitter }`, or a custom type. */
function readBackoff(library: QueueLibrary, value: Node, env: Env): Pick<RetryPolicy, 'delay' | 'jitter'> & { jitterWritten: boolean } {
  const unknown = { delay: { kind: 'unknown' } as RetryPolicy['delay'], jitter: 'unknown' as const, jitterWritten: true };
  const ms = staticNumber(value, env.ctx);
  if (ms !== undefined) return { delay: ms > 0 ? { kind: 'constant', baseMs: ms } : { kind: 'none', baseMs: 0 }, jitter: 'none', jitterWritten: false };
  const object = resolveObject(value, env);
  if (!object || object.properties.some((p) => p.type === 'SpreadElement')) return unknown;
  const typeProp = getProperty(object, 'type');
  const type = typeProp ? unwrap(typeProp.value as Node) : undefined;
  const typeName = type?.type === 'Literal' && typeof type.value === 'string' ? type.value : undefined;
  // A custom type is the worker's (BullMQ) or the queue's (Bull) strategy: read there, if at all.
  if (typeName !== 'fixed' && typeName !== 'exponential') return unknown;
  const delayProp = getProperty(object, 'delay');
  const delay = delayProp ? staticNumber(delayProp.value as Node, env.ctx) : 0;
  const jitterProp = library === 'bullmq' ? getProperty(object, 'jitter') : undefined;
  const jitterValue = jitterProp ? staticNumber(jitterProp.value as Node, env.ctx) : 0;
  const jitter: RetryPolicy['jitter'] = jitterValue === undefined ? 'unknown' : jitterValue >= 1 ? 'full' : jitterValue > 0 ? 'proportional' : 'none';
  const jitterWritten = jitterProp !== undefined;
  // `delay` missing: `2^n × undefined` is NaN, a falsy wait, and the job is retried at once.
  if (delay === 0) return { delay: { kind: 'none', baseMs: 0 }, jitter, jitterWritten };
  if (typeName === 'fixed') return { delay: delay === undefined ? { kind: 'constant' } : { kind: 'constant', baseMs: delay }, jitter, jitterWritten };
  return { delay: { kind: 'exponential', ...(delay === undefined ? {} : { baseMs: delay }), factor: 2 }, jitter, jitterWritten };
}

/** `new Queue(name, { defaultJobOptions })` (both), `new Worker(name, fn, { settings: { backoffStrategy } })` (BullMQ). */
export function queueConstruction(library: QueueLibrary, m: LibraryCall): LibraryFinding | undefined {
  const name = lastName(m);
  if (name === 'Queue' || (library === 'bull' && (m.imported === 'default' || m.imported === '*') && m.members.length === 0)) {
    const found = optionsWith(m, ['defaultJobOptions']);
    const defaults = found && resolveObject(getProperty(found.object, 'defaultJobOptions')!.value as Node, m.env);
    const result = defaults && jobOptionsSite(library, m.call, undefined, defaults, m.env);
    return result ? { site: result } : undefined;
  }
  if (library === 'bullmq' && name === 'Worker' && m.isNew) return workerStrategy(m);
  return undefined;
}

/** A worker's `settings.backoffStrategy(attemptsMade, type, err, job)`: the wait of every custom backoff type. */
function workerStrategy(m: LibraryCall): LibraryFinding | undefined {
  const found = optionsWith(m, ['settings']);
  const settings = found && resolveObject(getProperty(found.object, 'settings')!.value as Node, m.env);
  const prop = settings && getProperty(settings, 'backoffStrategy');
  const fn = prop && strategyFunction(prop.value as Node, m.env);
  if (!prop || !fn) return undefined;
  const reading = readStrategy(fn, 0, m.env);
  // How many attempts is the jobs' `attempts`, not the worker's.
  const result = site('bullmq', m.call, prop.loc, { maxAttempts: 'unknown', delay: reading.delay, jitter: reading.jitter }, { delay: false, jitter: false, attempts: false });
  result.classifiesErrors = reading.readsError;
  return { site: result };
}

/**
 * `queue.add(name, data, opts)` (BullMQ; Bull also `add(data, opts)`), `queue.addBulk([{ opts }])`
 * and `flow.add({ opts, children })`, on a queue or flow producer the code made or declared
 * with the library's class. The queue's `defaultJobOptions`, when written where it was made,
 * fill what the job leaves out.
 */
export function queueJobSite(call: TSESTree.CallExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  const method = propertyName(callee);
  if (method === 'retries') return beeQueueRetries(call, ctx, (receiver) => queueOf(receiver, ctx)?.library === 'bee-queue');
  if (method === 'define') return agendaDefine(call, ctx, (receiver) => queueOf(receiver, ctx)?.library === 'agenda');
  if (method === 'addJob') return graphileAddJob(call, ctx);
  if (method === undefined || !(method === 'add' || method === 'addBulk' || PG_BOSS_METHODS.has(method))) return undefined;
  const holder = queueOf(unwrap(callee.object), ctx);
  if (!holder) return undefined;
  const env: Env = { ctx, region: call, counters: new Set(), depth: 0 };
  const a = args(call);
  if (holder.library === 'pg-boss') return pgBossSite(call, method, a, env);
  if (holder.library === 'bee-queue' || holder.library === 'agenda') return undefined;
  if (method !== 'add' && method !== 'addBulk') return undefined;
  const defaults = holder.made && queueDefaults(holder.made, env);
  let own: TSESTree.ObjectExpression | undefined;
  if (holder.className === 'FlowProducer') own = method === 'add' && a[0] ? flowJobOptions(a[0], env, 0) ?? flowQueueDefaults(a[1], env) : undefined;
  else if (method === 'addBulk') own = bulkJobOptions(a[0], env);
  else own = addOptions(holder.library, a, env);
  // Nothing retry-related written on the job: the queue's defaults are reported where they are written.
  if (!own) return undefined;
  const result = jobOptionsSite(holder.library, call, own, holder.className === 'FlowProducer' ? undefined : defaults, env);
  return result ? { site: result } : undefined;
}

/** The options argument of `add`: the third (BullMQ, Bull with a name), or Bull's second after the data. */
function addOptions(library: QueueLibrary, a: (Node | undefined)[], env: Env): TSESTree.ObjectExpression | undefined {
  if (a[2]) return resolveObject(a[2], env);
  if (library !== 'bull' || !a[1]) return undefined;
  const first = a[0] ? unwrap(a[0]) : undefined;
  // `add('name', data)` names the job; `add(data, opts)` has no name.
  if (!first || (first.type === 'Literal' && typeof first.value === 'string') || first.type === 'TemplateLiteral') return undefined;
  return resolveObject(a[1], env);
}

/** The first `opts` of `addBulk([{ name, data, opts }, …])` that has retry options. */
function bulkJobOptions(list: Node | undefined, env: Env): TSESTree.ObjectExpression | undefined {
  const array = list ? unwrap(list) : undefined;
  if (array?.type !== 'ArrayExpression') return undefined;
  for (const element of array.elements) {
    const job = element && element.type !== 'SpreadElement' ? resolveObject(element, env) : undefined;
    const opts = job && getProperty(job, 'opts');
    const object = opts && resolveObject(opts.value as Node, env);
    if (object && getProperty(object, 'attempts')) return object;
  }
  return undefined;
}

/** A flow's job or, depth first, one of its children: the first `opts` with `attempts`. */
function flowJobOptions(node: Node, env: Env, depth: number): TSESTree.ObjectExpression | undefined {
  const job = resolveObject(node, env);
  if (!job || depth > 4) return undefined;
  const opts = getProperty(job, 'opts');
  const object = opts && resolveObject(opts.value as Node, env);
  if (object && getProperty(object, 'attempts')) return object;
  const children = getProperty(job, 'children');
  const list = children ? unwrap(children.value as Node) : undefined;
  if (list?.type !== 'ArrayExpression') return undefined;
  for (const child of list.elements) {
    const found = child && child.type !== 'SpreadElement' ? flowJobOptions(child, env, depth + 1) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** `flow.add(job, { queuesOptions: { [queue]: { defaultJobOptions } } })`: the first queue's defaults with `attempts`. */
function flowQueueDefaults(node: Node | undefined, env: Env): TSESTree.ObjectExpression | undefined {
  const options = node ? resolveObject(node, env) : undefined;
  const queues = options && getProperty(options, 'queuesOptions');
  const byQueue = queues && resolveObject(queues.value as Node, env);
  for (const queue of byQueue?.properties ?? []) {
    const opts = queue.type === 'Property' ? resolveObject(queue.value as Node, env) : undefined;
    const defaults = opts && getProperty(opts, 'defaultJobOptions');
    const object = defaults && resolveObject(defaults.value as Node, env);
    if (object && getProperty(object, 'attempts')) return object;
  }
  return undefined;
}

function queueDefaults(made: TSESTree.NewExpression | TSESTree.CallExpression, env: Env): TSESTree.ObjectExpression | undefined {
  for (const arg of made.arguments) {
    const object = arg.type === 'SpreadElement' ? undefined : resolveObject(arg, env);
    const defaults = object && getProperty(object, 'defaultJobOptions');
    if (defaults) return resolveObject(defaults.value as Node, env);
  }
  return undefined;
}

interface QueueHolder {
  library: QueueLibrary | 'pg-boss' | 'bee-queue' | 'agenda';
  className: 'Queue' | 'FlowProducer' | 'PgBoss' | 'Agenda';
  /** Where the queue was made, when this file shows it. */
  made?: TSESTree.NewExpression | TSESTree.CallExpression;
}

/**
 * The queue a receiver holds, by the library's own class: a variable made with `new Queue(…)`
 * (or Bull's `Queue(…)`), a parameter typed `Queue`, or a field (`this.queue`) declared with
 * that type or made with it (`@InjectQueue('q') private queue: Queue` in NestJS).
 */
function queueOf(receiver: Node, ctx: AnalysisContext): QueueHolder | undefined {
  if (receiver.type === 'Identifier') {
    const variable = ctx.variableOf(receiver);
    const def = soleDefinition(variable);
    if (!variable || !def || isReassigned(variable)) return undefined;
    if (def.type === 'Variable' && def.node.id === def.name && def.node.init) return madeQueue(unwrap(def.node.init), ctx);
    if (def.type === 'Parameter' && def.name.type === 'Identifier') return typedQueue(def.name.typeAnnotation, ctx);
    return undefined;
  }
  if (receiver.type === 'MemberExpression' && unwrap(receiver.object).type === 'ThisExpression') {
    const name = propertyName(receiver);
    const cls = enclosingClass(receiver);
    return name && cls ? fieldQueue(cls, name, ctx) : undefined;
  }
  return undefined;
}

function madeQueue(init: Node, ctx: AnalysisContext): QueueHolder | undefined {
  if (init.type !== 'NewExpression' && init.type !== 'CallExpression') return undefined;
  const callee = unwrap(init.callee);
  const named = classOf(callee, ctx);
  // Bull's default export is also callable without `new`.
  if (!named || (init.type === 'CallExpression' && named.library !== 'bull')) return undefined;
  return { ...named, made: init };
}

function typedQueue(annotation: TSESTree.TSTypeAnnotation | undefined, ctx: AnalysisContext): QueueHolder | undefined {
  const type = annotation?.typeAnnotation;
  if (type?.type !== 'TSTypeReference') return undefined;
  const name = type.typeName;
  if (name.type === 'Identifier') return classOf(name, ctx);
  if (name.type === 'TSQualifiedName' && name.left.type === 'Identifier') {
    const origin = importOf(name.left, ctx);
    const library = origin && queueLibrary(origin.module);
    const className = name.right.name;
    if (library === 'pg-boss') return className === 'PgBoss' ? { library, className } : undefined;
    return library && (className === 'Queue' || className === 'FlowProducer') ? { library, className } : undefined;
  }
  return undefined;
}

/** An imported class that is a queue: bullmq's `Queue` / `FlowProducer`, Bull's default export. */
function classOf(callee: Node, ctx: AnalysisContext): QueueHolder | undefined {
  let root = callee;
  let member: string | undefined;
  if (root.type === 'MemberExpression') {
    member = propertyName(root);
    root = unwrap(root.object);
  }
  if (root.type !== 'Identifier') return undefined;
  const origin = importOf(root, ctx);
  const library = origin && queueLibrary(origin.module);
  if (!origin || !library) return undefined;
  const whole = origin.imported === 'default' || origin.imported === '*';
  const name = member ?? (whole ? undefined : origin.imported);
  // pg-boss exports its class by default (up to 9) and as `PgBoss` (10 on).
  if (library === 'pg-boss') return (origin.imported === 'default' && member === undefined) || name === 'PgBoss' ? { library, className: 'PgBoss' } : undefined;
  if (library === 'agenda') return (origin.imported === 'default' && member === undefined) || name === 'Agenda' ? { library, className: 'Agenda' } : undefined;
  // Bull and Bee-Queue export the queue class as the module itself.
  if (library === 'bull' || library === 'bee-queue') return (whole && member === undefined) || name === 'Queue' ? { library, className: 'Queue' } : undefined;
  return name === 'Queue' || name === 'FlowProducer' ? { library, className: name } : undefined;
}

function queueLibrary(module: string): QueueLibrary | 'pg-boss' | 'bee-queue' | 'agenda' | undefined {
  const library = libraryOfModule(module)?.library;
  return library === 'bullmq' || library === 'bull' || library === 'pg-boss' || library === 'bee-queue' || library === 'agenda' ? library : undefined;
}

function enclosingClass(node: Node): TSESTree.ClassBody | undefined {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'ClassBody') return p;
  return undefined;
}

/** A class field or constructor parameter property named `name`, typed or made as a queue. */
function fieldQueue(body: TSESTree.ClassBody, name: string, ctx: AnalysisContext): QueueHolder | undefined {
  for (const member of body.body) {
    if (member.type === 'PropertyDefinition' && !member.computed && member.key.type === 'Identifier' && member.key.name === name) {
      return (member.value && madeQueue(unwrap(member.value), ctx)) ?? typedQueue(member.typeAnnotation, ctx);
    }
    if (member.type === 'MethodDefinition' && member.kind === 'constructor') {
      for (const param of member.value.params) {
        if (param.type !== 'TSParameterProperty') continue;
        const p = param.parameter.type === 'AssignmentPattern' ? param.parameter.left : param.parameter;
        if (p.type === 'Identifier' && p.name === name) return typedQueue(p.typeAnnotation, ctx);
      }
    }
  }
  return undefined;
}
