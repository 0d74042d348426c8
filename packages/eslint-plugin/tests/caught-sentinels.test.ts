import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A rejection turned into a value where the call is written (`fetch(url).catch(() => null)`),
 * then tested: the test on that value is the failure test (analysis: checks.ts,
 * promiseCatchSentinel), as it is for a function of the file that returns the value from its
 * own catch. A handler that returns anything else, or does more than return, says nothing.
 */
const sleep = 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n';

const truthTest = `${sleep}export async function load(url: string): Promise<Response> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await fetch(url).catch(() => undefined);
    if (response) return response;
    await sleep(1000);
  }
  throw new Error('unreachable: ' + url);
}
`;

const nullComparison = `${sleep}export async function load(url: string): Promise<Response> {
  while (true) {
    const response = await fetch(url).catch(() => { return null; });
    if (response !== null) return response;
    await sleep(250);
  }
}
`;

const skipOnFailure = `${sleep}export async function send(url: string, body: string): Promise<void> {
  let tries = 0;
  while (tries < 3) {
    tries++;
    const sent = await fetch(url, { method: 'POST', body }).catch(() => false);
    if (!sent) {
      await sleep(2000);
      continue;
    }
    return;
  }
}
`;

const emptyHandler = `${sleep}export async function load(url: string): Promise<Response> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const response = await fetch(url).catch(() => {});
    if (response) return response;
    await sleep(300);
  }
  throw new Error(url);
}
`;

const otherValue = `${sleep}export async function load(url: string): Promise<Response | string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await fetch(url).catch(() => 'offline');
    if (response) return response;
    await sleep(1000);
  }
  throw new Error(url);
}
`;

const handlerThatLogs = `${sleep}export async function load(url: string): Promise<Response> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await fetch(url).catch((error) => { console.warn(error); return undefined; });
    if (response) return response;
    await sleep(1000);
  }
  throw new Error(url);
}
`;

const noHandler = `${sleep}export async function waitForPage(url: string): Promise<Response> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await fetch(url);
    if (response) return response;
    await sleep(1000);
  }
  throw new Error(url);
}
`;

ruleTester.run('no-fixed-sleep-retry on a rejection turned into a value and tested', noFixedSleepRetry, {
  valid: [
    { name: 'a handler that returns a value other than null, undefined or false', code: otherValue },
    { name: 'a handler that does more than return (it may throw): not read', code: handlerThatLogs },
    { name: 'no handler: a response always comes back, testing it is no failure test', code: noHandler },
  ],
  invalid: [
    {
      name: 'an arrow returning undefined, the result tested for truth',
      code: truthTest,
      errors: [{ messageId: 'fixedDelay', line: 3, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'an empty handler: the result is undefined when the call failed',
      code: emptyHandler,
      errors: [{ messageId: 'fixedDelay', line: 3, column: 3, data: { what: 'This retry loop', delay: 'a fixed 300 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a block returning null, the result compared with null',
      code: nullComparison,
      errors: [{ messageId: 'fixedDelay', line: 3, column: 3, data: { what: 'This retry loop', delay: 'a fixed 250 ms', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'false in place of the response, the loop going round with continue',
      code: skipOnFailure,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on a rejection turned into a value and tested', noUnboundedRetry, {
  valid: [{ name: 'bounded by a counter', code: truthTest }],
  invalid: [{ name: 'while (true) with nothing but success to leave it', code: nullComparison, errors: [{ messageId: 'unbounded', line: 3, column: 3 }] }],
});
