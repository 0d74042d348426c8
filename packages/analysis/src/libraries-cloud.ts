import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, propertyName, unwrap, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { importOf } from './imports.js';
import { libraryOfModule } from './catalog.js';
import { writesNoRetryOption } from './library-defaults.js';
import { clientOf, exponential, exportName, lastName, numberOption, optionsOf, site, type LibraryCall, type LibraryFinding } from './library-options.js';
import type { RetryPolicy } from './types.js';
import { firstDefinition } from './definitions/bodies.js';

/*
 * Cloud SDK and workflow-engine retry settings (issue 27), read in the published source at the
 * versions catalog-applications.ts cites:
 * - Temporal: @temporalio/common@1.24.0 src/retry-policy.ts: an activity retries by default,
 *   `maximumAttempts` Infinity (0 or a negative number throws a ValueError in the TypeScript
 *   SDK), `initialInterval` 1 s, `backoffCoefficient` 2, `maximumInterval` 100 × the initial
 *   one; the server waits `initialInterval × backoffCoefficient^(n−1)` up to `maximumInterval`
 *   with no randomness (temporalio/temporal service/history/workflow/retry.go,
 *   `ExponentialBackoffAlgorithm`). A `scheduleToCloseTimeout` ends the retries; a child
 *   workflow retries only with a `retry` policy written.
 * - Azure Service Bus and Event Hubs (@azure/service-bus@7.9.5, @azure/event-hubs@6.0.4) hand
 *   `retryOptions` to @azure/core-amqp@4.4.2 dist/esm/retry.js: `maxRetries` 3, `retryDelayInMs`
 *   30 000, `maxRetryDelayInMs` 90 000, `mode` Fixed by default: the same 30 s every time;
 *   `RetryMode.Exponential` waits `base × (0.8–1.2 at random) × (2^n − 1)` up to the cap.
 * - google-gax@5.0.8 build/src/normalCalls/retries.js: `new RetryOptions(codes, backoffSettings)`
 *   waits `random × delay` (full jitter), the delay × `retryDelayMultiplier` up to
 *   `maxRetryDelayMillis`; it stops at `totalTimeoutMillis` or after `maxRetries`, and with
 *   neither (gax.js `createDefaultBackoffSettings()`) it never stops.
 */

const TEMPORAL_ACTIVITIES = new Set(['proxyActivities', 'proxyLocalActivities']);
const TEMPORAL_CHILDREN = new Set(['executeChild', 'startChild']);

/** `proxyActivities({ startToCloseTimeout, retry })` (the default policy with none), `executeChild(wf, { retry })`. */
export function temporalRetry(m: LibraryCall): LibraryFinding | undefined {
  const name = exportName(m);
  const activities = name !== undefined && TEMPORAL_ACTIVITIES.has(name);
  if (m.isNew || !name || !(activities || TEMPORAL_CHILDREN.has(name))) return undefined;
  const node = activities ? m.a[0] : m.a[1];
  return node ? temporalPolicy(m.call, node, activities, m.env) : undefined;
}

const WORKFLOW_STARTS = new Set(['start', 'execute', 'signalWithStart']);

/**
 * `client.workflow.start(wf, { retry })` (also `execute`, `signalWithStart`) on a `new Client()`
 * of @temporalio/client, or `start` on a `new WorkflowClient()`: a workflow retries only with a
 * `retry` policy written.
 */
export function temporalWorkflowStart(call: TSESTree.CallExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  const callee = unwrap(call.callee);
  const method = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  if (!method || !WORKFLOW_STARTS.has(method) || callee.type !== 'MemberExpression') return undefined;
  const receiver = unwrap(callee.object);
  // `client.workflow` of a Client, or a WorkflowClient itself.
  const holder = receiver.type === 'MemberExpression' && propertyName(receiver) === 'workflow' ? madeTemporalClient(unwrap(receiver.object), ctx, 'Client') : madeTemporalClient(receiver, ctx, 'WorkflowClient');
  const node = call.arguments[1];
  if (!holder || !node || node.type === 'SpreadElement') return undefined;
  return temporalPolicy(call, node, false, { ctx, region: call, counters: new Set(), depth: 0 });
}

/** A const made here with `new Client(…)` / `new WorkflowClient(…)` of @temporalio/client. */
function madeTemporalClient(n: Node, ctx: AnalysisContext, className: string): boolean {
  if (n.type !== 'Identifier') return false;
  const def = firstDefinition(ctx.variableOf(n));
  const init = def?.type === 'Variable' && def.parent?.type === 'VariableDeclaration' && def.parent.kind === 'const' && def.node.init ? unwrap(def.node.init) : undefined;
  if (init?.type !== 'NewExpression') return false;
  const callee = unwrap(init.callee);
  const root = callee.type === 'MemberExpression' ? unwrap(callee.object) : callee;
  const origin = root.type === 'Identifier' ? importOf(root, ctx) : undefined;
  if (!origin || origin.module !== '@temporalio/client') return false;
  return (callee.type === 'MemberExpression' ? propertyName(callee) : origin.imported) === className;
}

/** The `retry` policy of Temporal options (an activity's default one when `activities` and none is written). */
function temporalPolicy(call: TSESTree.CallExpression | TSESTree.NewExpression, node: Node, activities: boolean, env: Env): LibraryFinding | undefined {
  const options = resolveObject(node, env);
  if (!options || options.properties.some((p) => p.type === 'SpreadElement')) return undefined;
  const retryProp = getProperty(options, 'retry');
  // A workflow (child or started from a client) does not retry unless told to.
  if (!retryProp && !activities) return undefined;
  const retry = retryProp ? resolveObject(retryProp.value as Node, env) : undefined;
  if (retryProp && (!retry || retry.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  const read = optionsOf(retry, env);
  const attemptsOption = read.get('maximumAttempts');
  const attempts = attemptsOption.present ? staticNumber(attemptsOption.node, env.ctx) : Infinity;
  // 0 or below throws; 1 runs once.
  if (attempts !== undefined && (attempts <= 1 || (Number.isFinite(attempts) && !Number.isInteger(attempts)))) return undefined;
  const initial = durationOption(retry, 'initialInterval', 1000, env);
  const factor = numberOption(read, 'backoffCoefficient', 2, env);
  const cap = durationOption(retry, 'maximumInterval', initial === 'unknown' ? 'unknown' : initial * 100, env);
  const policy: RetryPolicy = {
    maxAttempts: attempts === undefined ? 'unknown' : Number.isFinite(attempts) ? attempts : 'unbounded',
    delay: exponential(initial, factor, cap),
    jitter: 'none',
  };
  // An activity's retries end at `scheduleToCloseTimeout`, a workflow's at `workflowExecutionTimeout`.
  const deadline = getProperty(options, activities ? 'scheduleToCloseTimeout' : 'workflowExecutionTimeout');
  const deadlineMs = deadline ? duration(deadline.value as Node, env) : undefined;
  if (deadlineMs !== undefined) policy.deadlineMs = deadlineMs;
  const result = site('@temporalio/workflow', call, (retryProp ?? call).loc, policy, {
    delay: !read.get('initialInterval').present && !read.get('backoffCoefficient').present,
    jitter: true,
    attempts: !attemptsOption.present,
  });
  if (deadline) result.deadlineBound = true;
  result.optionsObject = retry ?? options;
  // `nonRetryableErrorTypes` classifies the failures the policy retries.
  result.classifiesErrors = read.get('nonRetryableErrorTypes').present;
  return { site: result };
}

/** A duration option: milliseconds, or a string in the `ms` package's format (`'30 seconds'`, `'1m'`). */
function durationOption(object: TSESTree.ObjectExpression | undefined, name: string, fallback: number | 'unknown', env: Env): number | 'unknown' {
  const prop = object && getProperty(object, name);
  if (!prop) return fallback;
  return duration(prop.value as Node, env) ?? 'unknown';
}

const UNITS: Record<string, number> = { ms: 1, millisecond: 1, milliseconds: 1, msec: 1, msecs: 1, s: 1000, sec: 1000, secs: 1000, second: 1000, seconds: 1000, m: 60_000, min: 60_000, mins: 60_000, minute: 60_000, minutes: 60_000, h: 3_600_000, hr: 3_600_000, hrs: 3_600_000, hour: 3_600_000, hours: 3_600_000, d: 86_400_000, day: 86_400_000, days: 86_400_000 };

function duration(node: Node, env: Env): number | undefined {
  const number = staticNumber(node, env.ctx);
  if (number !== undefined) return number;
  let n = unwrap(node);
  if (n.type === 'Identifier') {
    const def = firstDefinition(env.ctx.variableOf(n));
    const init = def?.type === 'Variable' && def.parent?.type === 'VariableDeclaration' && def.parent.kind === 'const' ? def.node.init : undefined;
    if (init) n = unwrap(init);
  }
  if (n.type !== 'Literal' || typeof n.value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(n.value);
  const unit = match ? UNITS[(match[2] || 'ms').toLowerCase()] : undefined;
  return match && unit !== undefined ? Number(match[1]) * unit : undefined;
}

const AZURE_CLIENTS = /^(ServiceBusClient|EventHubProducerClient|EventHubConsumerClient|EventHubBufferedProducerClient)$/;
const AZURE_DEFAULT: RetryPolicy = { maxAttempts: 4, delay: { kind: 'constant', baseMs: 30_000 }, jitter: 'none' };

/** `new ServiceBusClient(connection, { retryOptions })` and the Event Hubs clients; with no `retryOptions`, core-amqp's defaults. */
export function azureAmqpClient(m: LibraryCall): LibraryFinding | undefined {
  if (!m.isNew || !AZURE_CLIENTS.test(lastName(m))) return undefined;
  const retryProp = azureRetryOptions(m);
  if (retryProp === undefined) return undefined;
  if (retryProp === null) {
    const result = site('@azure/service-bus', m.call, m.call.loc, AZURE_DEFAULT, { delay: true, jitter: true, attempts: true });
    return { site: result, ...clientOf(m.call, m.env.ctx) };
  }
  const retry = resolveObject(retryProp.value as Node, m.env);
  if (!retry || retry.properties.some((p) => p.type === 'SpreadElement')) return undefined;
  const read = optionsOf(retry, m.env);
  const retries = numberOption(read, 'maxRetries', 3, m.env);
  const base = numberOption(read, 'retryDelayInMs', 30_000, m.env);
  const cap = numberOption(read, 'maxRetryDelayInMs', 90_000, m.env);
  const modeProp = getProperty(retry, 'mode');
  const mode = modeProp ? retryMode(unwrap(modeProp.value as Node), m.env) : 'Fixed';
  if (retries === 0) return undefined;
  const maxAttempts: RetryPolicy['maxAttempts'] = retries === 'unknown' ? 'unknown' : !Number.isFinite(retries) ? 'unbounded' : retries < 0 ? 4 : retries + 1;
  let shape: Pick<RetryPolicy, 'delay' | 'jitter'>;
  if (mode === 'Fixed') shape = { delay: base === 'unknown' ? { kind: 'constant' } : base === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: base }, jitter: 'none' };
  else if (mode === 'Exponential') shape = { delay: exponential(base, 2, cap), jitter: 'proportional' };
  else shape = { delay: { kind: 'unknown' }, jitter: 'unknown' };
  const result = site('@azure/service-bus', m.call, retryProp.loc, { maxAttempts, ...shape }, {
    delay: !modeProp && !getProperty(retry, 'retryDelayInMs'),
    jitter: !modeProp,
    attempts: !getProperty(retry, 'maxRetries'),
  });
  result.optionsObject = retry;
  return { site: result, ...clientOf(m.call, m.env.ctx) };
}

/**
 * An Azure client's `retryOptions` property (in the last options object that has one), `null` when
 * the arguments show none can be written (connection strings, names, credentials made with `new`,
 * options without it), undefined when they cannot tell.
 */
function azureRetryOptions(m: LibraryCall): TSESTree.Property | null | undefined {
  let options: TSESTree.ObjectExpression | undefined;
  for (const arg of m.a) {
    const object = arg ? resolveObject(arg, m.env) : undefined;
    if (object && getProperty(object, 'retryOptions')) options = object;
  }
  const retryProp = options && getProperty(options, 'retryOptions');
  if (retryProp) return retryProp;
  // Connection strings, names, credentials (`new DefaultAzureCredential()`), checkpoint stores, options without `retryOptions`.
  // `…Client.fromConnectionString(connectionString, options?)`: the first argument is the connection string, whatever the file shows of it.
  const fromConnection = !m.isNew && m.members[m.members.length - 1] === 'fromConnectionString';
  const others = m.call.arguments.filter((arg, index) => !(fromConnection && index === 0) && (arg.type === 'SpreadElement' || unwrap(arg).type !== 'NewExpression'));
  return writesNoRetryOption({ ...m, call: { ...m.call, arguments: others } as typeof m.call }, ['retryOptions']) ? null : undefined;
}

/**
 * Azure clients built on @azure/core-rest-pipeline (Key Vault secrets, App Configuration,
 * Tables, Search): `retryOptions` go to @typespec/ts-http-runtime@0.3.6
 * dist/esm/policies/defaultRetryPolicy.js: `maxRetries` 3, waits `retryDelayInMs` (1 s) × 2^n
 * up to `maxRetryDelayInMs` (64 s), half of each at random (util/delay.js).
 */
export function azureRestClient(m: LibraryCall): LibraryFinding | undefined {
  const fromConnection = !m.isNew && m.members[m.members.length - 1] === 'fromConnectionString';
  const className = m.isNew ? lastName(m) : fromConnection ? (m.members.length === 1 ? m.imported : m.members[m.members.length - 2]) : undefined;
  if (!className || !/^[A-Z]\w*Client$/.test(className)) return undefined;
  const retryProp = azureRetryOptions(m);
  if (retryProp === undefined) return undefined;
  const retry = retryProp ? resolveObject(retryProp.value as Node, m.env) : undefined;
  if (retryProp && (!retry || retry.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  const read = optionsOf(retry, m.env);
  const retries = numberOption(read, 'maxRetries', 3, m.env);
  if (retries === 0) return undefined;
  const policy: RetryPolicy = {
    maxAttempts: retries === 'unknown' ? 'unknown' : !Number.isFinite(retries) ? 'unbounded' : Math.max(0, Math.floor(retries)) + 1,
    delay: exponential(numberOption(read, 'retryDelayInMs', 1000, m.env), 2, numberOption(read, 'maxRetryDelayInMs', 64_000, m.env)),
    jitter: 'equal',
  };
  const result = site('@azure/core-rest-pipeline', m.call, (retryProp ?? m.call).loc, policy, { delay: !read.get('retryDelayInMs').present, jitter: true, attempts: !read.get('maxRetries').present });
  if (retry) result.optionsObject = retry;
  // With nothing written the defaults break no rule: the client only counts for nesting.
  return { site: result, ...clientOf(m.call, m.env.ctx), ...(retryProp ? {} : { silent: true }) };
}

const STORAGE_CLIENTS = /^(BlobServiceClient|ContainerClient|BlobClient|BlockBlobClient|AppendBlobClient|PageBlobClient)$/;
/** @azure/storage-common@12.5.0 StorageRetryPolicyV2.js: 4 tries, exponential from 4 s up to 120 s, no randomness. */
const STORAGE_DEFAULT = { maxTries: 4, delay: 4000, cap: 120_000 };

/**
 * Azure Storage blob clients: `new BlobServiceClient(url, credential, { retryOptions })`,
 * `BlobServiceClient.fromConnectionString(connection, { retryOptions })` and the container and
 * blob clients. @azure/storage-common@12.5.0 dist/esm/policies/StorageRetryPolicyV2.js (used by
 * @azure/storage-blob@12.34.0 Pipeline.js): `maxTries` 4 (every try), `retryPolicyType`
 * EXPONENTIAL waiting `(2^(n−1) − 1) × retryDelayInMs` (4 s) up to `maxRetryDelayInMs` (120 s),
 * or FIXED waiting `retryDelayInMs`; no randomness on the primary host.
 */
export function azureStorageClient(m: LibraryCall): LibraryFinding | undefined {
  const name = m.members.length >= 2 || (m.members.length === 1 && m.imported !== 'default' && m.imported !== '*') ? m.members[m.members.length - 1] : undefined;
  const className = m.isNew ? lastName(m) : name === 'fromConnectionString' ? (m.members.length === 1 ? m.imported : m.members[0]) : undefined;
  if (!className || !STORAGE_CLIENTS.test(className)) return undefined;
  const retryProp = azureRetryOptions(m);
  if (retryProp === undefined) return undefined;
  const retry = retryProp ? resolveObject(retryProp.value as Node, m.env) : undefined;
  if (retryProp && (!retry || retry.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  const read = optionsOf(retry, m.env);
  const tries = numberOption(read, 'maxTries', STORAGE_DEFAULT.maxTries, m.env);
  const base = numberOption(read, 'retryDelayInMs', STORAGE_DEFAULT.delay, m.env);
  const cap = numberOption(read, 'maxRetryDelayInMs', STORAGE_DEFAULT.cap, m.env);
  const typeProp = retry && getProperty(retry, 'retryPolicyType');
  const type = typeProp ? storagePolicyType(unwrap(typeProp.value as Node), m.env) : 'EXPONENTIAL';
  const delay: RetryPolicy['delay'] = type === 'FIXED'
    ? (base === 'unknown' ? { kind: 'constant' } : base === 0 ? { kind: 'none', baseMs: 0 } : { kind: 'constant', baseMs: Math.min(base, cap === 'unknown' ? base : cap) })
    : type === 'EXPONENTIAL' ? storageSchedule(tries, base, cap) : { kind: 'unknown' };
  const policy: RetryPolicy = {
    maxAttempts: tries === 'unknown' ? 'unknown' : !Number.isFinite(tries) ? 'unbounded' : tries >= 1 ? Math.floor(tries) : STORAGE_DEFAULT.maxTries,
    delay,
    jitter: type === undefined ? 'unknown' : 'none',
  };
  const result = site('@azure/storage-blob', m.call, (retryProp ?? m.call).loc, policy, {
    delay: !typeProp && !read.get('retryDelayInMs').present,
    jitter: true,
    attempts: !read.get('maxTries').present,
  });
  if (retry) result.optionsObject = retry;
  return { site: result, ...clientOf(m.call, m.env.ctx) };
}

/**
 * EXPONENTIAL's waits, `(2^(n−1) − 1) × base` up to the cap after the n-th try: at once, then
 * base, 3 × base, 7 × base… Listed one by one for a known number of tries (the first retry at
 * once is part of it), else the doubling it grows by.
 */
function storageSchedule(tries: number | 'unknown', base: number | 'unknown', cap: number | 'unknown'): RetryPolicy['delay'] {
  if (tries === 'unknown' || base === 'unknown' || cap === 'unknown' || !Number.isFinite(tries) || tries < 2 || tries > 12) return exponential(base, 2, cap);
  const steps = Array.from({ length: Math.floor(tries) - 1 }, (_, i) => Math.min((2 ** i - 1) * base, cap));
  if (steps.length < 2) return steps[0] ? { kind: 'constant', baseMs: steps[0] } : { kind: 'none', baseMs: 0 };
  return { kind: 'linear', baseMs: steps[1] as number, capMs: Math.max(...steps), stepsMs: steps };
}

/** `StorageRetryPolicyType.FIXED` (imported from the storage SDK), or its number (0 EXPONENTIAL, 1 FIXED). */
function storagePolicyType(n: Node, env: Env): 'FIXED' | 'EXPONENTIAL' | undefined {
  const number = staticNumber(n, env.ctx);
  if (number !== undefined) return number === 0 ? 'EXPONENTIAL' : number === 1 ? 'FIXED' : undefined;
  if (n.type !== 'MemberExpression') return undefined;
  const root = unwrap(n.object);
  const origin = root.type === 'Identifier' ? importOf(root, env.ctx) : undefined;
  if (!origin || !/^@azure\/storage-(blob|common)$/.test(origin.module) || origin.imported !== 'StorageRetryPolicyType') return undefined;
  const name = propertyName(n);
  return name === 'FIXED' || name === 'EXPONENTIAL' ? name : undefined;
}

/** `RetryMode.Exponential` (the enum from the SDK or core-amqp), or its number (0 Exponential, 1 Fixed). */
function retryMode(n: Node, env: Env): 'Fixed' | 'Exponential' | undefined {
  const number = staticNumber(n, env.ctx);
  if (number !== undefined) return number === 0 ? 'Exponential' : number === 1 ? 'Fixed' : undefined;
  if (n.type !== 'MemberExpression') return undefined;
  const name = propertyName(n);
  const root = unwrap(n.object);
  const origin = root.type === 'Identifier' ? importOf(root, env.ctx) : undefined;
  if (!origin || !/^@azure\/(service-bus|event-hubs|core-amqp)$/.test(origin.module) || origin.imported !== 'RetryMode') return undefined;
  return name === 'Exponential' || name === 'Fixed' ? name : undefined;
}

const GAX_BACKOFF_ARGS = ['initialRetryDelayMillis', 'retryDelayMultiplier', 'maxRetryDelayMillis', 'initialRpcTimeoutMillis', 'rpcTimeoutMultiplier', 'maxRpcTimeoutMillis'];

/** `new RetryOptions(retryCodes, backoffSettings)` of google-gax. */
export function gaxRetryOptions(m: LibraryCall): LibraryFinding | undefined {
  if (!m.isNew || lastName(m) !== 'RetryOptions') return undefined;
  const backoff = m.a[1] ? readBackoffSettings(unwrap(m.a[1]), m) : undefined;
  if (!backoff) return undefined;
  const { settings, node } = backoff;
  const policy: RetryPolicy = {
    maxAttempts: settings.maxRetries === 'unknown' ? 'unknown' : settings.maxRetries !== undefined ? settings.maxRetries + 1 : settings.totalTimeout !== undefined ? 'unknown' : 'unbounded',
    delay: exponential(settings.initial ?? 'unknown', settings.factor ?? 'unknown', settings.cap ?? 'unknown'),
    jitter: 'full',
  };
  if (typeof settings.totalTimeout === 'number') policy.deadlineMs = settings.totalTimeout;
  const result = site('google-gax', m.call, m.call.loc, policy, { delay: false, jitter: false, attempts: false });
  if (settings.totalTimeout !== undefined) result.deadlineBound = true;
  if (node.type === 'ObjectExpression') result.optionsObject = node;
  // An empty `retryCodes` retries every error.
  const codes = m.a[0] ? unwrap(m.a[0]) : undefined;
  result.classifiesErrors = codes?.type === 'ArrayExpression' ? codes.elements.length > 0 : true;
  return { site: result };
}

interface BackoffReading {
  initial?: number | 'unknown';
  factor?: number | 'unknown';
  cap?: number | 'unknown';
  /** Present (a number, or 'unknown' when not static); undefined when null or absent. */
  totalTimeout?: number | 'unknown';
  maxRetries?: number | 'unknown';
}

/** `createBackoffSettings(…)`, `createMaxRetriesBackoffSettings(…)`, `createDefaultBackoffSettings()` of google-gax, or an object literal. */
function readBackoffSettings(n: Node, m: LibraryCall): { settings: BackoffReading; node: Node } | undefined {
  let node = n;
  if (node.type === 'Identifier') {
    const def = firstDefinition(m.env.ctx.variableOf(node));
    const init = def?.type === 'Variable' && def.parent?.type === 'VariableDeclaration' && def.parent.kind === 'const' ? def.node.init : undefined;
    if (init) node = unwrap(init);
  }
  const value = (x: Node | undefined): number | 'unknown' | undefined => {
    if (!x) return undefined;
    const u = unwrap(x);
    if ((u.type === 'Literal' && u.value === null) || (u.type === 'Identifier' && u.name === 'undefined')) return undefined;
    return staticNumber(u, m.env.ctx) ?? 'unknown';
  };
  if (node.type === 'ObjectExpression') {
    if (node.properties.some((p) => p.type === 'SpreadElement')) return undefined;
    const get = (name: string) => value(getProperty(node as TSESTree.ObjectExpression, name)?.value as Node | undefined);
    return { settings: { initial: get('initialRetryDelayMillis'), factor: get('retryDelayMultiplier'), cap: get('maxRetryDelayMillis'), totalTimeout: get('totalTimeoutMillis'), maxRetries: get('maxRetries') }, node };
  }
  if (node.type !== 'CallExpression') return undefined;
  const callee = unwrap(node.callee);
  const root = callee.type === 'MemberExpression' ? unwrap(callee.object) : callee;
  const origin = root.type === 'Identifier' ? importOf(root, m.env.ctx) : undefined;
  if (!origin || libraryOfModule(origin.module)?.library !== 'google-gax') return undefined;
  const name = callee.type === 'MemberExpression' ? propertyName(callee) : origin.imported;
  const a = node.arguments.map((x) => (x.type === 'SpreadElement' ? undefined : x));
  if (name === 'createDefaultBackoffSettings') return { settings: { initial: 100, factor: 1.3, cap: 60_000 }, node };
  if (name !== 'createBackoffSettings' && name !== 'createMaxRetriesBackoffSettings') return undefined;
  const [initial, factor, cap] = GAX_BACKOFF_ARGS.slice(0, 3).map((_, i) => value(a[i]));
  const last = value(a[6]);
  return { settings: { initial, factor, cap, ...(name === 'createBackoffSettings' ? { totalTimeout: last } : { maxRetries: last }) }, node };
}
