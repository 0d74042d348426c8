import type { TSESTree } from '@typescript-eslint/utils';
import type { AnalysisContext } from './context.js';
import { awsClient } from './libraries-aws.js';
import { makeFetchHappen, nodeFetchRetry, ofetchSite, typedRestClient } from './libraries-http.js';
import { azureAmqpClient, azureRestClient, azureStorageClient, gaxRetryOptions, temporalRetry, temporalWorkflowStart } from './libraries-cloud.js';
import { nestMicroserviceClient, nestMicroserviceServer, reduxSagaRetry, redlock, redlockCall } from './libraries-frameworks.js';
import { queueConstruction, queueJobSite } from './libraries-queues.js';
import { ioredis } from './libraries-clients.js';
import { hubspotClient } from './libraries-hubspot.js';
import { amqpConnectionManager, eventSource, fetchEventSource, nats, reconnectingEventSource, subscriptionsTransportWs } from './libraries-realtime.js';
import { resolveObject } from './objects/resolve-object.js';
import { writesNoRetryOption } from './library-defaults.js';
import { clientOf, site, type LibraryCall, type LibraryFinding } from './library-options.js';

// The dispatch of the application rows (catalog-applications.ts), kept out of libraries.ts.

/** A call or `new` of an application row's import: a queue, a worker, an SDK client. */
export function newApplicationSite(library: string, m: LibraryCall): LibraryFinding | undefined {
  switch (library) {
    case 'bullmq':
    case 'bull':
      return queueConstruction(library, m);
    case '@aws-sdk/client-*':
      return awsClient(m);
    case 'ofetch':
      return m.isNew ? undefined : ofetchSite(m);
    case 'typed-rest-client':
      return typedRestClient(m);
    case 'make-fetch-happen':
      return m.isNew ? undefined : makeFetchHappen(m);
    case 'node-fetch-retry':
      return nodeFetchRetry(m);
    case 'redlock':
      return redlock(m);
    case 'redux-saga':
      return reduxSagaRetry(m);
    case '@nestjs/microservices':
      return nestMicroserviceClient(m);
    case '@temporalio/workflow':
      return temporalRetry(m);
    case '@azure/service-bus':
      return azureAmqpClient(m);
    case '@azure/storage-blob':
      return azureStorageClient(m);
    case '@azure/core-rest-pipeline':
      return azureRestClient(m);
    case '@hubspot/api-client':
      return hubspotClient(m);
    case 'google-gax':
      return gaxRetryOptions(m);
    case 'subscriptions-transport-ws':
      return subscriptionsTransportWs(m);
    case 'eventsource':
      return eventSource(m);
    case 'reconnecting-eventsource':
      return reconnectingEventSource(m);
    case '@microsoft/fetch-event-source':
      return fetchEventSource(m);
    case 'nats':
      return nats(m);
    case 'amqp-connection-manager':
      return amqpConnectionManager(m);
    case 'iovalkey':
      return m.isNew ? ioredis(m, 'iovalkey') : undefined;
    default:
      return undefined;
  }
}

/** A method call on an instance of a row's class (`queue.add(…, { attempts })`). */
export function instanceSite(call: TSESTree.CallExpression, ctx: AnalysisContext): LibraryFinding | undefined {
  return queueJobSite(call, ctx) ?? nestMicroserviceServer(call, ctx) ?? redlockCall(call, ctx) ?? temporalWorkflowStart(call, ctx);
}

/**
 * `ky.create(options)` / `ky.extend(options)` with no `retry` option: a client with ky@2.1.0's
 * default retry (distribution/utils/normalize.js: 2 retries of GET-like requests, 300 ms × 2^n,
 * no jitter), reported where it is made; its requests are nested retries inside another retry.
 * got's default adds noise to each wait, so `got.extend()` breaks no rule and is not read here.
 */
export function kyClientDefault(library: string, m: LibraryCall, member: string | undefined): LibraryFinding | undefined {
  if (library !== 'ky' || (member !== 'create' && member !== 'extend')) return undefined;
  // Options only (`ky.extend(fn)` may return a retry of its own), none of them `retry`.
  if (!m.a.every((a) => a !== undefined && resolveObject(a, m.env) !== undefined) || !writesNoRetryOption(m, ['retry'])) return undefined;
  const result = site('ky', m.call, m.call.loc, { maxAttempts: 3, delay: { kind: 'exponential', baseMs: 300, factor: 2 }, jitter: 'none' }, { delay: true, jitter: true, attempts: true });
  return { site: result, ...clientOf(m.call, m.env.ctx) };
}
