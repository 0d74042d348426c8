import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A local only ever stepped by what the loop's sleep waits (`waited += delay` beside
 * `sleep(delay)`, `spent += 1000` beside `sleep(1000)`) adds up the time spent waiting: a test
 * of it is a time budget ("for up to 1 min"), not an unknown count, whatever the local is
 * called; so is one spent by the wait (`timeLeft -= pause` under `while (timeLeft > 0)`). A local stepped by anything else (half the wait, a size) is no such sum.
 */

const sleep = 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));';

const forBudget = (step: string) => `${sleep}
export async function send(url: string): Promise<Response | undefined> {
  const delay = 2_000;
  for (let waited = 0; waited < 60_000; ${step}) {
    try {
      return await fetch(url);
    } catch {
      // try again
    }
    await sleep(delay);
  }
  return undefined;
}
`;

const whileBudget = (step: string, name = 'spent') => `${sleep}
export async function send(url: string): Promise<Response> {
  let ${name} = 0;
  while (true) {
    try {
      return await fetch(url);
    } catch (e) {
      if (${name} >= 30_000) throw e;
      await sleep(1000);
      ${name} ${step};
    }
  }
}
`;

const doWhileJs = `const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export async function upload(body) {
  let slept = 0;
  let res;
  do {
    res = await fetch('/upload', { method: 'POST', body });
    if (res.ok) return res;
    await pause(250);
    slept += 250;
  } while (slept < 5000);
  return res;
}
`;

const countdownTs = (step: string) => `export async function open(connect: () => Promise<void>): Promise<void> {
  const pause = 1000;
  let timeLeft = 20_000;
  do {
    try {
      await connect();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, pause));
      timeLeft ${step};
    }
  } while (timeLeft > 0);
  throw new Error('no connection');
}
`;

const fixed = (line: number, column: number, delay: string, attempts: string) => ({ messageId: 'fixedDelay' as const, line, column, data: { what: 'This retry loop', delay, attempts } });

ruleTester.run('no-fixed-sleep-retry with waits added up to a budget', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: 'TypeScript: a for loop stepping its budget by the wait', code: forBudget('waited += delay'), filename: 'send.ts', errors: [fixed(4, 3, 'a fixed 2 s', 'for up to 1 min')] },
    { name: 'TypeScript: a budget stepped by the wait written as a number', code: whileBudget('+= 1000'), filename: 'send.ts', errors: [fixed(4, 3, 'a fixed 1 s', 'for up to 30 s')] },
    { name: 'TypeScript: the name says nothing', code: whileBudget('+= 1000', 'tally'), filename: 'send.ts', errors: [fixed(4, 3, 'a fixed 1 s', 'for up to 30 s')] },
    { name: 'TypeScript: a local stepped by half the wait is no sum of waits', code: whileBudget('+= 500'), filename: 'send.ts', errors: [fixed(4, 3, 'a fixed 1 s', 'an unknown number of attempts')] },
    { name: 'TypeScript: a local stepped by another value is no sum of waits', code: forBudget('waited += 1_000'), filename: 'send.ts', errors: [fixed(4, 3, 'a fixed 2 s', 'an unknown number of attempts')] },
    { name: 'JavaScript: a do…while stepping its budget after the wait', code: doWhileJs, filename: 'upload.js', errors: [fixed(5, 3, 'a fixed 250 ms', 'for up to 5 s')] },
    { name: 'TypeScript: a time left, spent by the wait', code: countdownTs('-= pause'), filename: 'open.ts', errors: [fixed(4, 3, 'a fixed 1 s', 'for up to 20 s')] },
    { name: 'TypeScript: a time left, spent by half the wait', code: countdownTs('-= 500'), filename: 'open.ts', errors: [fixed(4, 3, 'a fixed 1 s', 'an unknown number of attempts')] },
  ],
});

ruleTester.run('no-unbounded-retry with waits added up to a budget', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: a for loop stepping its budget by the wait', code: forBudget('waited += delay'), filename: 'send.ts' },
    { name: 'TypeScript: a budget stepped by the wait written as a number', code: whileBudget('+= 1000'), filename: 'send.ts' },
    { name: 'JavaScript: a do…while stepping its budget after the wait', code: doWhileJs, filename: 'upload.js' },
    { name: 'TypeScript: a time left, spent by the wait', code: countdownTs('-= pause'), filename: 'open.ts' },
  ],
  invalid: [],
});
