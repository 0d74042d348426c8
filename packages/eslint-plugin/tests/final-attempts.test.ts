import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// Two facts of one finding that must agree: how many attempts, and which waits come between
// them. A call written again after the loop (`… } return probe();`) is one more attempt after the
// last wait (it was not counted), and a table of waits longer than the attempts it serves lists
// waits no retry reaches (they were described). A different call after the loop (another host)
// is no attempt of this retry.

const lastCall = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function ping(probe: () => Promise<boolean>) {
  for (const wait of [1000, 2000, 4000]) {
    try {
      return await probe();
    } catch {
      await sleep(wait);
    }
  }
  return probe();
}
`;

const longTable = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DELAYS = [1000, 2000, 5000, 10_000, 30_000, 60_000];
export async function send(body: string) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetch('/events', { method: 'POST', body });
    } catch (error) {
      if (attempt === 3) throw error;
      await sleep(DELAYS[attempt]);
    }
  }
}
`;

const otherHost = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(path: string) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('https://primary.example' + path);
    } catch {
      await sleep(500);
    }
  }
  return fetch('https://backup.example' + path);
}
`;

ruleTester.run('require-jitter and the waits between the attempts there are', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'the call once more after the loop: four attempts, three waits',
      code: lastCall,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: '1 s × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a table longer than the attempts: only the waits reached',
      code: longTable,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a schedule of 1 s, 2 s then 5 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});

// The first attempt made before the loop, with the counter declared between it and the loop.
const firstBefore = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function call(url: string): Promise<Response> {
  let res = await fetch(url);
  let tries = 1;
  while (res.status === 503 && tries < 5) {
    await sleep(1000);
    res = await fetch(url);
    tries++;
  }
  return res;
}
`;

// A statement between that reads the result is passed over; one that may replace it (another
// request) ends the search: what the loop first tests may not be the first attempt's result.
const readBetween = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function call(url: string): Promise<Response> {
  let res = await fetch(url);
  console.log(res.status);
  let tries = 0;
  while (res.status === 503 && tries < 4) {
    await sleep(1000);
    res = await fetch(url);
    tries++;
  }
  return res;
}
`;

const writtenBetween = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function call(url: string): Promise<Response> {
  let res = await fetch(url);
  if (res.status === 404) res = await fetch(url + '/index.html');
  let tries = 0;
  while (res.status === 503 && tries < 4) {
    await sleep(1000);
    res = await fetch(url);
    tries++;
  }
  return res;
}
`;

ruleTester.run('no-fixed-sleep-retry and another call after the loop', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'the first attempt before the loop, a counter declared in between',
      code: firstBefore,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a statement reading the first result in between is passed over',
      code: readBetween,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a statement that may replace the first result ends the search',
      code: writtenBetween,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a backup host after the loop is no attempt of this retry',
      code: otherHost,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});
