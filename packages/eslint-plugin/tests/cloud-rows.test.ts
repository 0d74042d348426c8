// Issue 27's cloud SDK and workflow-engine retry settings: Temporal retry policies, Azure
// messaging `retryOptions`, google-gax RetryOptions and the HubSpot client's `numberOfApiCallRetries`. For each catalog row: the default, an
// explicit setting a rule reports and one it does not, with the exact message and position, and
// the option edit where the library has an option that fixes it. Defaults are the ones
// catalog-applications.ts cites.
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// @temporalio/common@1.24.0 src/retry-policy.ts: maximumAttempts Infinity, 1 s × 2^n up to 100 s; no jitter on the server.
const TEMPORAL = "import { proxyActivities, executeChild } from '@temporalio/workflow';\n";
const TEMPORAL_FIX = "Temporal's retry policy has no jitter option (the server waits the same for every workflow): bound it with `maximumAttempts` or `scheduleToCloseTimeout`, and add jitter where the activity calls out";

ruleTester.run('no-unbounded-retry temporal', noUnboundedRetry, {
  valid: [
    { name: 'scheduleToCloseTimeout bounds the default policy', code: `${TEMPORAL}export const acts = proxyActivities({ startToCloseTimeout: '1 minute', scheduleToCloseTimeout: '10 minutes' });` },
    { name: 'maximumAttempts written', code: `${TEMPORAL}export const acts = proxyActivities({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 5 } });` },
    { name: 'a child workflow with no retry policy does not retry', code: `${TEMPORAL}export async function wf() { await executeChild(child, { workflowId: 'c' }); }` },
    { name: 'a proxyActivities of another module', code: "import { proxyActivities } from './temporal';\nexport const acts = proxyActivities({ startToCloseTimeout: '1 minute' });" },
  ],
  invalid: [
    {
      name: 'the default activity policy: no maximumAttempts, no scheduleToCloseTimeout',
      code: `${TEMPORAL}export const acts = proxyActivities({ startToCloseTimeout: '1 minute' });`,
      errors: [{
        messageId: 'unbounded' as const, line: 2, column: 21, endLine: 2, endColumn: 73, data: { what: "This Temporal activities' default retry policy" },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retry: { maximumAttempts: 5 }`)' }, output: `${TEMPORAL}export const acts = proxyActivities({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 5 } });` }],
      }],
    },
    {
      name: 'a child workflow retried with maximumAttempts: Infinity',
      code: `${TEMPORAL}export async function wf() { await executeChild(child, { retry: { maximumAttempts: Infinity } }); }`,
      errors: [{
        messageId: 'unbounded' as const, line: 2, column: 58, endLine: 2, endColumn: 94, data: { what: 'This Temporal retry policy' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`maximumAttempts: 5`)' }, output: `${TEMPORAL}export async function wf() { await executeChild(child, { retry: { maximumAttempts: 5 } }); }` }],
      }],
    },
  ],
});

ruleTester.run('require-jitter temporal', requireJitter, {
  valid: [
    { name: 'maximumAttempts: 1 runs once', code: `${TEMPORAL}export const acts = proxyActivities({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 1 } });` },
  ],
  invalid: [
    {
      name: 'an explicit exponential policy',
      code: `${TEMPORAL}export const acts = proxyActivities({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 5, initialInterval: '2s' } });`,
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 72, endLine: 2, endColumn: 124, data: { what: 'This Temporal retry policy', delay: '2 s × 2^n, capped at 3.3 min', attempts: 'up to 5 attempts', inherited: ', the library default', fix: TEMPORAL_FIX } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry temporal', noFixedSleepRetry, {
  valid: [{ name: 'the default policy grows', code: `${TEMPORAL}export const acts = proxyActivities({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 5 } });` }],
  invalid: [
    {
      name: 'backoffCoefficient: 1',
      code: `${TEMPORAL}export const acts = proxyActivities({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 5, backoffCoefficient: 1, initialInterval: '30 seconds' } });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 72, endLine: 2, endColumn: 155, data: { what: 'This Temporal retry policy', delay: 'a fixed 30 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});

// @azure/core-amqp@4.4.2 retry.js: maxRetries 3, retryDelayInMs 30 000, mode Fixed.
const SB = "import { ServiceBusClient, RetryMode } from '@azure/service-bus';\n";

ruleTester.run('no-fixed-sleep-retry azure-messaging', noFixedSleepRetry, {
  valid: [
    { name: 'RetryMode.Exponential', code: `${SB}export const sb = new ServiceBusClient(process.env.SB, { retryOptions: { maxRetries: 5, mode: RetryMode.Exponential } });` },
    { name: 'options the file cannot read', code: `${SB}export const make = (options) => new ServiceBusClient(process.env.SB, options);` },
  ],
  invalid: [
    {
      name: 'the default: a fixed 30 s',
      code: `${SB}export const sb = new ServiceBusClient(process.env.SB);`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 19, endLine: 2, endColumn: 55, data: { what: "This Azure messaging client's default retry", delay: 'a fixed 30 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'the default with a credential',
      code: "import { EventHubProducerClient } from '@azure/event-hubs';\nimport { DefaultAzureCredential } from '@azure/identity';\nexport const p = new EventHubProducerClient('ns.servicebus.windows.net', 'hub', new DefaultAzureCredential());",
      errors: [{ messageId: 'fixedDelay' as const, line: 3, column: 18, endLine: 3, endColumn: 110, data: { what: "This Azure messaging client's default retry", delay: 'a fixed 30 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'explicit retryOptions, mode left Fixed',
      code: `${SB}export const sb = new ServiceBusClient(process.env.SB, { retryOptions: { maxRetries: 5, retryDelayInMs: 1000 } });`,
      errors: [{
        messageId: 'fixedDelay' as const, line: 2, column: 58, endLine: 2, endColumn: 111, data: { what: 'This Azure messaging client retry', delay: 'a fixed 1 s', attempts: 'up to 6 attempts' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `mode: RetryMode.Exponential` (each wait 0.8–1.2 × the base at random, doubling)' }, output: `${SB}export const sb = new ServiceBusClient(process.env.SB, { retryOptions: { maxRetries: 5, retryDelayInMs: 1000, mode: RetryMode.Exponential } });` }],
      }],
    },
    {
      name: 'the edit imports RetryMode',
      code: "import { ServiceBusClient } from '@azure/service-bus';\nexport const sb = new ServiceBusClient(process.env.SB, { retryOptions: { retryDelayInMs: 1000 } });",
      errors: [{
        messageId: 'fixedDelay' as const, line: 2,
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `mode: RetryMode.Exponential` (each wait 0.8–1.2 × the base at random, doubling)' }, output: "import { ServiceBusClient, RetryMode } from '@azure/service-bus';\nexport const sb = new ServiceBusClient(process.env.SB, { retryOptions: { retryDelayInMs: 1000, mode: RetryMode.Exponential } });" }],
      }],
    },
  ],
});

ruleTester.run('no-unbounded-retry azure-messaging', noUnboundedRetry, {
  valid: [{ name: 'the default maxRetries', code: `${SB}export const sb = new ServiceBusClient(process.env.SB);` }],
  invalid: [
    {
      name: 'maxRetries: Infinity',
      code: `${SB}export const sb = new ServiceBusClient(process.env.SB, { retryOptions: { maxRetries: Infinity, mode: RetryMode.Exponential } });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 58, endLine: 2, endColumn: 125, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`maxRetries: 4`)' }, output: `${SB}export const sb = new ServiceBusClient(process.env.SB, { retryOptions: { maxRetries: 4, mode: RetryMode.Exponential } });` }] }],
    },
  ],
});

// google-gax@5.0.8 retries.js: full jitter; stops only at totalTimeoutMillis or maxRetries.
const GAX = "import { RetryOptions, createBackoffSettings, createDefaultBackoffSettings } from 'google-gax';\n";

ruleTester.run('no-unbounded-retry google-gax', noUnboundedRetry, {
  valid: [
    { name: 'totalTimeoutMillis', code: `${GAX}export const r = new RetryOptions([14], createBackoffSettings(100, 1.3, 60000, null, null, null, 600000));` },
    { name: 'maxRetries in a settings object', code: `${GAX}export const r = new RetryOptions([14], { initialRetryDelayMillis: 100, retryDelayMultiplier: 1.3, maxRetryDelayMillis: 60000, maxRetries: 5 });` },
  ],
  invalid: [
    {
      name: 'createDefaultBackoffSettings(): no total timeout, no maxRetries',
      code: `${GAX}export const r = new RetryOptions([14], createDefaultBackoffSettings());`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 18, endLine: 2, endColumn: 72, data: { what: 'This google-gax RetryOptions' }, suggestions: [] }],
    },
    {
      name: 'a settings object with neither',
      code: `${GAX}export const r = new RetryOptions([], { initialRetryDelayMillis: 100, retryDelayMultiplier: 1.3, maxRetryDelayMillis: 60000 });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 18, endLine: 2, endColumn: 127, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`maxRetries: 4`)' }, output: `${GAX}export const r = new RetryOptions([], { initialRetryDelayMillis: 100, retryDelayMultiplier: 1.3, maxRetryDelayMillis: 60000, maxRetries: 4 });` }] }],
    },
  ],
});

ruleTester.run('require-jitter google-gax', requireJitter, {
  valid: [{ name: 'gax waits random × the delay', code: `${GAX}export const r = new RetryOptions([14], createBackoffSettings(100, 2, 60000, null, null, null, 600000));` }],
  invalid: [],
});

// A workflow started from @temporalio/client retries only with a `retry` policy written; `workflowExecutionTimeout` ends it.
const CLIENT = "import { Client } from '@temporalio/client';\nconst client = new Client();\n";

ruleTester.run('no-unbounded-retry temporal client', noUnboundedRetry, {
  valid: [
    { name: 'no retry policy: the workflow runs once', code: `${CLIENT}export const run = () => client.workflow.start(wf, { taskQueue: 'q', workflowId: 'w' });` },
    { name: 'workflowExecutionTimeout', code: `${CLIENT}export const run = () => client.workflow.start(wf, { taskQueue: 'q', workflowId: 'w', workflowExecutionTimeout: '1 hour', retry: { initialInterval: '5s' } });` },
    { name: 'a client this file does not make', code: `export const run = (client) => client.workflow.start(wf, { taskQueue: 'q', retry: { initialInterval: '5s' } });` },
  ],
  invalid: [
    {
      name: 'a retry policy with no maximumAttempts',
      code: `${CLIENT}export const run = () => client.workflow.start(wf, { taskQueue: 'q', workflowId: 'w', retry: { initialInterval: '5s' } });`,
      errors: [{
        messageId: 'unbounded' as const, line: 3, column: 87, endLine: 3, endColumn: 119, data: { what: 'This Temporal retry policy' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`maximumAttempts: 5`)' }, output: `${CLIENT}export const run = () => client.workflow.start(wf, { taskQueue: 'q', workflowId: 'w', retry: { initialInterval: '5s', maximumAttempts: 5 } });` }],
      }],
    },
  ],
});

// @azure/storage-common@12.5.0 StorageRetryPolicyV2.js: 4 tries, EXPONENTIAL from 4 s up to 120 s, no randomness.
const STORAGE = "import { BlobServiceClient, ContainerClient, StorageRetryPolicyType } from '@azure/storage-blob';\n";
const STORAGE_FIX = 'Azure Storage has no jitter option: keep `maxTries` low, and where many clients share a failure, retry the operation yourself with jitter';

ruleTester.run('require-jitter azure-storage', requireJitter, {
  valid: [
    { name: 'maxTries: 1 makes one try', code: `${STORAGE}export const b = BlobServiceClient.fromConnectionString(process.env.CONN, { retryOptions: { maxTries: 1 } });` },
    { name: 'a client made from a pipeline the file does not show', code: `${STORAGE}export const make = (pipeline) => new BlobServiceClient('https://a.blob.core.windows.net', pipeline);` },
  ],
  invalid: [
    {
      name: 'the default: exponential without jitter',
      code: `${STORAGE}export const b = BlobServiceClient.fromConnectionString(process.env.CONN);`,
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 18, endLine: 2, endColumn: 74, data: { what: "This Azure Storage client's default retry", delay: 'a schedule of 0 ms, 4 s then 12 s', attempts: 'up to 4 attempts', inherited: ', the library default', fix: STORAGE_FIX } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry azure-storage', noFixedSleepRetry, {
  valid: [{ name: 'the default grows', code: `${STORAGE}export const b = BlobServiceClient.fromConnectionString(process.env.CONN);` }],
  invalid: [
    {
      name: 'retryPolicyType FIXED',
      code: `${STORAGE}export const c = new ContainerClient(process.env.CONN, 'c', { retryOptions: { maxTries: 5, retryPolicyType: StorageRetryPolicyType.FIXED, retryDelayInMs: 2000 } });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 63, endLine: 2, endColumn: 161, data: { what: 'This Azure Storage client retry', delay: 'a fixed 2 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry azure-storage', noUnboundedRetry, {
  valid: [{ name: 'the default maxTries', code: `${STORAGE}export const b = BlobServiceClient.fromConnectionString(process.env.CONN);` }],
  invalid: [
    {
      name: 'maxTries: Infinity',
      code: `${STORAGE}export const c = new ContainerClient(process.env.CONN, 'c', { retryOptions: { maxTries: Infinity } });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 63, endLine: 2, endColumn: 99, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`maxTries: 5`)' }, output: `${STORAGE}export const c = new ContainerClient(process.env.CONN, 'c', { retryOptions: { maxTries: 5 } });` }] }],
    },
  ],
});

// @typespec/ts-http-runtime@0.3.6 defaultRetryPolicy.js (through @azure/core-rest-pipeline): 3 retries, 1 s × 2^n up to 64 s, half random.
const KEYVAULT = "import { SecretClient } from '@azure/keyvault-secrets';\nimport { DefaultAzureCredential } from '@azure/identity';\n";

ruleTester.run('no-unbounded-retry azure-core-rest-pipeline', noUnboundedRetry, {
  valid: [
    { name: 'the default: 3 retries', code: `${KEYVAULT}export const s = new SecretClient('https://v.vault.azure.net', new DefaultAzureCredential());` },
    { name: 'a finite maxRetries', code: `${KEYVAULT}export const s = new SecretClient('https://v.vault.azure.net', new DefaultAzureCredential(), { retryOptions: { maxRetries: 10 } });` },
  ],
  invalid: [
    {
      name: 'maxRetries: Infinity (Tables, fromConnectionString)',
      code: "import { TableClient } from '@azure/data-tables';\nexport const t = TableClient.fromConnectionString(process.env.CONN, 'tbl', { retryOptions: { maxRetries: Infinity } });",
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 78, endLine: 2, endColumn: 116, data: { what: 'This Azure SDK client retry' }, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`maxRetries: 4`)' }, output: "import { TableClient } from '@azure/data-tables';\nexport const t = TableClient.fromConnectionString(process.env.CONN, 'tbl', { retryOptions: { maxRetries: 4 } });" }] }],
    },
  ],
});

ruleTester.run('no-nested-retry azure-core-rest-pipeline', noNestedRetry, {
  valid: [
    { name: 'maxRetries: 0 inside a loop', code: `${KEYVAULT}const secrets = new SecretClient('https://v.vault.azure.net', new DefaultAzureCredential(), { retryOptions: { maxRetries: 0 } });\nexport async function get(name: string) {\n  for (let i = 0; i < 3; i++) {\n    try { return await secrets.getSecret(name); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
  ],
  invalid: [
    {
      name: 'a loop around a default client, which retries 3 times itself',
      code: `${KEYVAULT}const secrets = new SecretClient('https://v.vault.azure.net', new DefaultAzureCredential());\nexport async function get(name: string) {\n  for (let i = 0; i < 3; i++) {\n    try { return await secrets.getSecret(name); } catch { await sleep(Math.random() * 1000); }\n  }\n}`,
      errors: [{ messageId: 'nested' as const, line: 5, column: 3, endLine: 5, endColumn: 30 }],
    },
  ],
});

// @hubspot/api-client@13.5.0 RetryDecorator.js: `numberOfApiCallRetries` calls in all (none by
// default; more than 6 throws), 200 ms × n after a 5xx, never random.
const HUBSPOT = "import { Client } from '@hubspot/api-client';\n";
const HUBSPOT_FIX = 'The HubSpot client has no jitter option: leave `numberOfApiCallRetries` unset and retry the call with a jittered backoff';

ruleTester.run('no-fixed-sleep-retry hubspot', noFixedSleepRetry, {
  valid: [
    { name: 'default: no retry', code: `${HUBSPOT}export const hs = new Client({ accessToken: 'token' });` },
    { name: 'one call in all retries nothing', code: `${HUBSPOT}export const hs = new Client({ accessToken: 'token', numberOfApiCallRetries: 1 });` },
    { name: 'more than six throws at construction', code: `${HUBSPOT}export const hs = new Client({ accessToken: 'token', numberOfApiCallRetries: 7 });` },
    { name: 'four calls: the waits grow, a require-jitter finding', code: `${HUBSPOT}export const hs = new Client({ accessToken: 'token', numberOfApiCallRetries: 4 });` },
  ],
  invalid: [
    {
      name: 'two calls: one wait of 200 ms',
      code: `${HUBSPOT}export const hs = new Client({ accessToken: 'token', numberOfApiCallRetries: 2 });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 54, endLine: 2, endColumn: 79, data: { what: 'This HubSpot client retry', delay: 'a fixed 200 ms', attempts: 'up to 2 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter hubspot', requireJitter, {
  valid: [{ name: 'two calls: nothing grows', code: `${HUBSPOT}export const hs = new Client({ accessToken: 'token', numberOfApiCallRetries: 2 });` }],
  invalid: [
    {
      name: 'four calls: 200 ms, 400 ms, 600 ms',
      code: `${HUBSPOT}const options = { accessToken: 'token', numberOfApiCallRetries: 4 };\nexport const hs = new Client(options);`,
      errors: [{ messageId: 'libraryDefault' as const, line: 2, column: 41, endLine: 2, endColumn: 66, data: { what: 'This HubSpot client retry', delay: 'a linear 200 ms × n', attempts: 'up to 4 attempts', inherited: ', the library default', fix: HUBSPOT_FIX } }],
    },
  ],
});
