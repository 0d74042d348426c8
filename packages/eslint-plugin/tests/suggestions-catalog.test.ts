// The option edit of each catalog library that has one (catalog-edits.ts), exactly, on one
// call each; the rule tester also proves every suggestion removes its finding.
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/** A module importing `what` from `module`, then one line of code using it. */
const one = (imports: string, line: string) => `${imports}\n\nexport const x = ${line};\n`;

interface Edit<M extends string> {
  name: string;
  code: string;
  messageId: M;
  edit: string;
  from: string;
  to: string;
}

function cases<M extends string>(edits: Edit<M>[]) {
  return edits.map((e) => {
    if (e.code.split(e.from).length !== 2) throw new Error(`${e.name}: expected exactly one ${JSON.stringify(e.from)}`);
    return {
      name: e.name,
      filename: 'file.js',
      code: e.code,
      errors: [{ messageId: e.messageId, line: 3, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: e.edit }, output: e.code.replace(e.from, e.to) }] }],
    };
  });
}

ruleTester.run('require-jitter', requireJitter, {
  valid: [],
  invalid: cases([
    {
      name: 'backoff: randomisationFactor, in the options written',
      code: one("import backoff from 'backoff';", 'backoff.exponential({ initialDelay: 100 }).failAfter'),
      messageId: 'libraryDefault',
      edit: 'Set `randomisationFactor: 0.5` (a random 0–50 % added to each wait)',
      from: '{ initialDelay: 100 }',
      to: '{ initialDelay: 100, randomisationFactor: 0.5 }',
    },
    {
      name: 'backoff: randomisationFactor, as the options of a call that had none',
      code: one("import backoff from 'backoff';", 'backoff.fibonacci().failAfter'),
      messageId: 'libraryDefault',
      edit: 'Set `randomisationFactor: 0.5` (a random 0–50 % added to each wait)',
      from: 'fibonacci()',
      to: 'fibonacci({ randomisationFactor: 0.5 })',
    },
    {
      name: '@lifeomic/attempt: jitter: true',
      code: one("import { retry } from '@lifeomic/attempt';", "() => retry(() => fetch('/a'), { delay: 200, factor: 2 })"),
      messageId: 'libraryDefault',
      edit: 'Set `jitter: true`',
      from: 'factor: 2 }',
      to: 'factor: 2, jitter: true }',
    },
    {
      name: "@reduxjs/toolkit: a custom backoff without randomness removed (RTK Query's default is jittered)",
      code: one("import { retry, fetchBaseQuery } from '@reduxjs/toolkit/query';", "retry(fetchBaseQuery({ baseUrl: '/' }), { maxRetries: 3, backoff: async (n) => { await new Promise((r) => setTimeout(r, 500 * 2 ** n)); } })"),
      messageId: 'libraryDefault',
      edit: "Remove `backoff` (RTK Query's default backoff is jittered)",
      from: ', backoff: async (n) => { await new Promise((r) => setTimeout(r, 500 * 2 ** n)); }',
      to: '',
    },
    {
      name: '@urql/exchange-retry: randomDelay: false removed',
      code: one("import { retryExchange } from '@urql/exchange-retry';", 'retryExchange({ randomDelay: false, maxNumberAttempts: 4 })'),
      messageId: 'libraryDefault',
      edit: 'Remove `randomDelay: false` (urql randomises the delay by default)',
      from: 'randomDelay: false, ',
      to: '',
    },
    {
      name: 'retry-as-promised: backoffJitter as large as the first wait',
      code: one("import retryAsPromised from 'retry-as-promised';", "() => retryAsPromised(() => fetch('/p'), { max: 4, backoffBase: 200 })"),
      messageId: 'libraryDefault',
      edit: 'Set `backoffJitter: 200` (a random ±200 ms on each wait)',
      from: 'backoffBase: 200 }',
      to: 'backoffBase: 200, backoffJitter: 200 }',
    },
    {
      name: "retry-axios: jitter: 'full' in the file's raxConfig",
      code: one("import * as rax from 'retry-axios';", "rax.attach(client);\nclient.defaults = { raxConfig: { retry: 3, retryDelay: 200 } }"),
      messageId: 'libraryDefault',
      edit: "Set `jitter: 'full'`",
      from: 'retryDelay: 200 }',
      to: "retryDelay: 200, jitter: 'full' }",
    },
    {
      name: "@upstash/redis: its default backoff with full jitter",
      code: one("import { Redis } from '@upstash/redis';", "new Redis({ url: 'u', token: 't', retry: { retries: 3 } })"),
      messageId: 'libraryDefault',
      edit: "Set a jittered `backoff` (@upstash/redis's default, full jitter)",
      from: 'retries: 3 }',
      to: 'retries: 3, backoff: (retryCount) => Math.random() * Math.exp(retryCount) * 50 }',
    },
  ]),
});

ruleTester.run('no-unbounded-retry', noUnboundedRetry, {
  valid: [],
  invalid: cases([
    {
      name: '@lifeomic/attempt: maxAttempts 0 (no limit) becomes the bound',
      code: one("import { retry } from '@lifeomic/attempt';", "() => retry(() => fetch('/a'), { jitter: true, maxAttempts: 0 })"),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`maxAttempts: 5`)',
      from: 'maxAttempts: 0',
      to: 'maxAttempts: 5',
    },
    {
      name: "ts-retry-promise: retries 'INFINITELY' becomes a count (the timeout stays as written)",
      code: one("import { retry } from 'ts-retry-promise';", "() => retry(() => fetch('/t'), { retries: 'INFINITELY', timeout: 'INFINITELY' })"),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`retries: 4`)',
      from: "retries: 'INFINITELY'",
      to: 'retries: 4',
    },
    {
      name: 'undici: maxRetries of a RetryAgent',
      code: one("import { RetryAgent, Agent } from 'undici';", 'new RetryAgent(new Agent(), { maxRetries: Infinity })'),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`maxRetries: 4`)',
      from: 'maxRetries: Infinity',
      to: 'maxRetries: 4',
    },
    {
      name: '@reduxjs/toolkit: maxRetries',
      code: one("import { retry, fetchBaseQuery } from '@reduxjs/toolkit/query';", "retry(fetchBaseQuery({ baseUrl: '/' }), { maxRetries: Infinity })"),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`maxRetries: 4`)',
      from: 'maxRetries: Infinity',
      to: 'maxRetries: 4',
    },
    {
      name: '@urql/exchange-retry: maxNumberAttempts counts the attempts',
      code: one("import { retryExchange } from '@urql/exchange-retry';", 'retryExchange({ maxNumberAttempts: Infinity })'),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`maxNumberAttempts: 5`)',
      from: 'maxNumberAttempts: Infinity',
      to: 'maxNumberAttempts: 5',
    },
    {
      name: 'retry-as-promised: a max given in place of the options',
      code: one("import retryAsPromised from 'retry-as-promised';", "() => retryAsPromised(() => fetch('/p'), Infinity)"),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`5`)',
      from: ', Infinity)',
      to: ', 5)',
    },
    {
      name: 'superagent: .retry(Infinity) gets a count',
      code: one("import request from 'superagent';", "() => request.get('/s').retry(Infinity)"),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`.retry(4)`)',
      from: 'retry(Infinity)',
      to: 'retry(4)',
    },
    {
      name: 'retry-axios: retry in the raxConfig',
      code: one("import * as rax from 'retry-axios';", "rax.attach(client);\nclient.defaults = { raxConfig: { retry: Infinity, jitter: 'full' } }"),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`retry: 4`)',
      from: 'retry: Infinity',
      to: 'retry: 4',
    },
    {
      name: '@nestjs/typeorm: retryAttempts counts the attempts',
      code: one("import { TypeOrmModule } from '@nestjs/typeorm';", "TypeOrmModule.forRoot({ type: 'postgres', retryAttempts: Infinity, retryDelay: 3000 })"),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`retryAttempts: 5`)',
      from: 'retryAttempts: Infinity',
      to: 'retryAttempts: 5',
    },
    {
      name: '@upstash/redis: retries in the retry options',
      code: one("import { Redis } from '@upstash/redis';", "new Redis({ url: 'u', token: 't', retry: { retries: Infinity, backoff: (n) => Math.random() * 100 } })"),
      messageId: 'unbounded',
      edit: 'Stop after 5 attempts (`retries: 4`)',
      from: 'retries: Infinity',
      to: 'retries: 4',
    },
  ]),
});

// No jitter option: undici, ts-retry-promise, superagent, NestJS and mqtt get no jitter edit.
ruleTester.run('no-fixed-sleep-retry', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'ts-retry-promise has no jitter option: no suggestion',
      filename: 'file.js',
      code: one("import { retry } from 'ts-retry-promise';", "() => retry(() => fetch('/t'), { retries: 3 })"),
      errors: [{ messageId: 'fixedDelay', line: 3, suggestions: [] }],
    },
  ],
});
