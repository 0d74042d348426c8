// Issue 27's lock and framework retries: Redlock, redux-saga's `retry` effect and NestJS
// microservice reconnection. For each catalog row: the default, an explicit setting a rule
// reports and one it does not, with the exact message and position, and the option edit where
// the library has an option that fixes it. Defaults are the ones catalog-applications.ts cites.
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// redlock@4.2.0 redlock.js: retryCount 10, retryDelay 200, retryJitter 100 (± at random).
const REDLOCK = "import Redlock from 'redlock';\n";

ruleTester.run('no-fixed-sleep-retry redlock', noFixedSleepRetry, {
  valid: [
    { name: 'default: 200 ± 100 ms', code: `${REDLOCK}export const lock = new Redlock([client]);` },
    { name: 'retryJitter above 0', code: `${REDLOCK}export const lock = new Redlock([client], { retryCount: 20, retryDelay: 500, retryJitter: 250 });` },
    { name: 'a Redlock-named class from elsewhere', code: "import Redlock from './my-lock';\nexport const lock = new Redlock([client], { retryCount: 20, retryDelay: 500, retryJitter: 0 });" },
  ],
  invalid: [
    {
      name: 'retryJitter: 0',
      code: `${REDLOCK}export const lock = new Redlock([client], { retryCount: 20, retryDelay: 500, retryJitter: 0 });`,
      errors: [{
        messageId: 'fixedDelay' as const, line: 2, column: 45, endLine: 2, endColumn: 59, data: { what: 'This Redlock lock retry', delay: 'a fixed 500 ms', attempts: 'up to 21 attempts' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `retryJitter: 500` (each wait ± up to 500 ms at random)' }, output: `${REDLOCK}export const lock = new Redlock([client], { retryCount: 20, retryDelay: 500, retryJitter: 500 });` }],
      }],
    },
    {
      name: 'retryJitter: 0 with the default delay (CommonJS)',
      code: "const Redlock = require('redlock');\nexports.lock = new Redlock([client], { retryJitter: 0 });",
      errors: [{
        messageId: 'fixedDelay' as const, line: 2, column: 40, endLine: 2, endColumn: 54, data: { what: 'This Redlock lock retry', delay: 'a fixed 200 ms', attempts: 'up to 11 attempts' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `retryJitter: 200` (each wait ± up to 200 ms at random)' }, output: "const Redlock = require('redlock');\nexports.lock = new Redlock([client], { retryJitter: 200 });" }],
      }],
    },
  ],
});

ruleTester.run('no-unbounded-retry redlock', noUnboundedRetry, {
  valid: [{ name: 'a finite retryCount', code: `${REDLOCK}export const lock = new Redlock([client], { retryCount: 50 });` }],
  invalid: [
    {
      name: 'retryCount: -1 (until the lock is had)',
      code: `${REDLOCK}export const lock = new Redlock([client], { retryCount: -1, retryDelay: 500, retryJitter: 200 });`,
      errors: [{ messageId: 'unbounded' as const, line: 2, column: 45, endLine: 2, endColumn: 59, data: { what: 'This Redlock lock retry' }, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retryCount: 4`)' }, output: `${REDLOCK}export const lock = new Redlock([client], { retryCount: 4, retryDelay: 500, retryJitter: 200 });` }] }],
    },
  ],
});

ruleTester.run('no-nested-retry redlock', noNestedRetry, {
  valid: [
    { name: 'retryCount: 0 inside a loop', code: `${REDLOCK}const lock = new Redlock([client], { retryCount: 0 });\nexport async function take() {\n  for (let n = 0; n < 3; n++) {\n    try { return await lock.acquire(['a'], 1000); } catch { await sleep(Math.random() * 1000); }\n  }\n}` },
  ],
  invalid: [
    {
      name: "a loop around acquire() of a default Redlock, which retries 10 times itself",
      code: `${REDLOCK}const lock = new Redlock([client]);\nexport async function take() {\n  for (let n = 0; n < 3; n++) {\n    try { return await lock.acquire(['a'], 1000); } catch { await sleep(Math.random() * 1000); }\n  }\n}`,
      errors: [{ messageId: 'nested' as const, line: 4, column: 3, endLine: 4, endColumn: 30 }],
    },
  ],
});

// @redux-saga/core@1.5.1: retry(maxTries, delayLength, fn) waits delay(delayLength) between tries.
const SAGA = "import { retry } from 'redux-saga/effects';\n";

ruleTester.run('no-fixed-sleep-retry redux-saga', noFixedSleepRetry, {
  valid: [
    { name: 'a retry() of another module', code: "import { retry } from './effects';\nexport function* load() {\n  yield retry(5, 2000, fetchUser, 1);\n}" },
    { name: 'one immediate retry', code: `${SAGA}export function* load() {\n  yield retry(2, 0, fetchUser);\n}` },
  ],
  invalid: [
    {
      name: 'retry(5, 2000, fn): a fixed wait',
      code: `${SAGA}export function* load() {\n  yield retry(5, 2000, fetchUser, 1);\n}`,
      errors: [{ messageId: 'fixedDelay' as const, line: 3, column: 9, endLine: 3, endColumn: 37, data: { what: 'This redux-saga `retry` effect', delay: 'a fixed 2 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'through the namespace, from @redux-saga/core',
      code: "import * as effects from '@redux-saga/core/effects';\nexport function* load() {\n  yield effects.retry(3, 0, fetchUser);\n}",
      errors: [{ messageId: 'immediate' as const, line: 3, column: 9, endLine: 3, endColumn: 39, data: { what: 'This redux-saga `retry` effect', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry redux-saga', noUnboundedRetry, {
  valid: [{ name: 'a finite maxTries', code: `${SAGA}export function* load() {\n  yield retry(100, 2000, fetchUser);\n}` }],
  invalid: [
    {
      name: 'maxTries Infinity',
      code: `${SAGA}export function* load() {\n  yield retry(Infinity, 2000, fetchUser);\n}`,
      errors: [{ messageId: 'unbounded' as const, line: 3, column: 9, endLine: 3, endColumn: 41, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retry(5, …)`)' }, output: `${SAGA}export function* load() {\n  yield retry(5, 2000, fetchUser);\n}` }] }],
    },
  ],
});

// @nestjs/microservices@12.1.1 client-redis.js: retryAttempts 0 (no reconnection), retryDelay 5000.
const NEST = "import { ClientsModule, ClientProxyFactory, Transport } from '@nestjs/microservices';\n";

ruleTester.run('no-fixed-sleep-retry nestjs-microservices', noFixedSleepRetry, {
  valid: [
    { name: 'default: no reconnection', code: `${NEST}export const m = ClientsModule.register([{ name: 'A', transport: Transport.REDIS, options: { host: 'h', retryDelay: 3000 } }]);` },
    { name: 'a transport that does not read retryAttempts', code: `${NEST}export const m = ClientsModule.register([{ name: 'A', transport: Transport.NATS, options: { retryAttempts: 5, retryDelay: 3000 } }]);` },
  ],
  invalid: [
    {
      name: 'ClientsModule.register with retryAttempts',
      code: `${NEST}export const m = ClientsModule.register([{ name: 'A', transport: Transport.REDIS, options: { host: 'h', retryAttempts: 5, retryDelay: 3000 } }]);`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 105, endLine: 2, endColumn: 121, data: { what: 'This NestJS microservice reconnection', delay: 'a fixed 3 s', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'ClientProxyFactory.create, the default 5 s',
      code: `${NEST}export const c = ClientProxyFactory.create({ transport: Transport.REDIS, options: { retryAttempts: 10 } });`,
      errors: [{ messageId: 'fixedDelay' as const, line: 2, column: 85, endLine: 2, endColumn: 102, data: { what: 'This NestJS microservice reconnection', delay: 'a fixed 5 s', attempts: 'up to 11 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry nestjs-microservices', noUnboundedRetry, {
  valid: [{ name: 'a finite retryAttempts', code: `${NEST}export const c = ClientProxyFactory.create({ transport: Transport.REDIS, options: { retryAttempts: 10 } });` }],
  invalid: [
    {
      name: 'NestFactory.createMicroservice with retryAttempts: Infinity',
      code: `import { NestFactory } from '@nestjs/core';\nimport { Transport } from '@nestjs/microservices';\nexport const boot = () => NestFactory.createMicroservice(AppModule, { transport: Transport.REDIS, options: { retryAttempts: Infinity, retryDelay: 1000 } });`,
      errors: [{ messageId: 'unbounded' as const, line: 3, column: 110, endLine: 3, endColumn: 133, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retryAttempts: 4`)' }, output: `import { NestFactory } from '@nestjs/core';\nimport { Transport } from '@nestjs/microservices';\nexport const boot = () => NestFactory.createMicroservice(AppModule, { transport: Transport.REDIS, options: { retryAttempts: 4, retryDelay: 1000 } });` }] }],
    },
  ],
});

// redlock@5.0.0-beta.2 dist/esm/index.js: `acquire(resources, duration, settings)` / `using(…, settings, routine)` override the client's.
ruleTester.run('no-fixed-sleep-retry redlock per call', noFixedSleepRetry, {
  valid: [
    { name: "the call's settings keep the jitter", code: `${REDLOCK}const lock = new Redlock([client], { retryDelay: 500 });\nexport const take = () => lock.acquire(['a'], 5000, { retryCount: 3 });` },
    { name: 'a lock this file does not make', code: `${REDLOCK}export const take = (lock) => lock.acquire(['a'], 5000, { retryJitter: 0 });` },
  ],
  invalid: [
    {
      name: "acquire() with retryJitter: 0 over the client's retryDelay",
      code: `${REDLOCK}const lock = new Redlock([client], { retryDelay: 500 });\nexport const take = () => lock.acquire(['a'], 5000, { retryJitter: 0 });`,
      errors: [{
        messageId: 'fixedDelay' as const, line: 3, column: 55, endLine: 3, endColumn: 69, data: { what: 'This Redlock lock retry', delay: 'a fixed 500 ms', attempts: 'up to 11 attempts' },
        suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set `retryJitter: 200` (each wait ± up to 200 ms at random)' }, output: `${REDLOCK}const lock = new Redlock([client], { retryDelay: 500 });\nexport const take = () => lock.acquire(['a'], 5000, { retryJitter: 200 });` }],
      }],
    },
  ],
});

ruleTester.run('no-unbounded-retry redlock per call', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: 'using() with retryCount: -1',
      code: `${REDLOCK}const lock = new Redlock([client]);\nexport const run = () => lock.using(['a'], 5000, { retryCount: -1 }, async () => {});`,
      errors: [{ messageId: 'unbounded' as const, line: 3, column: 52, endLine: 3, endColumn: 66, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Stop after 5 attempts (`retryCount: 4`)' }, output: `${REDLOCK}const lock = new Redlock([client]);\nexport const run = () => lock.using(['a'], 5000, { retryCount: 4 }, async () => {});` }] }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry nestjs-microservices decorator', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'the @Client() decorator',
      code: "import { Client, ClientProxy, Transport } from '@nestjs/microservices';\nexport class Api {\n  @Client({ transport: Transport.REDIS, options: { retryAttempts: 5, retryDelay: 1000 } })\n  client: ClientProxy;\n}",
      errors: [{ messageId: 'fixedDelay' as const, line: 3, column: 52, endLine: 3, endColumn: 68, data: { what: 'This NestJS microservice reconnection', delay: 'a fixed 1 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});
