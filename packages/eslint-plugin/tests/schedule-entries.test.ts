import requireJitter from '../src/rules/require-jitter.js';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

// `for (const [i, wait] of DELAYS.entries())` walks a table of waits as `for (const wait of
// DELAYS)` does: the index counts the turns, the item is the wait. A list that is not numbers
// (hosts) is walked, one alternative per turn: no retry.

const sleep = 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));';

const growing = `${sleep}
const DELAYS = [250, 500, 1000, 2000] as const;
export async function send(body: string) {
  for (const [i, wait] of DELAYS.entries()) {
    try {
      return await fetch('/x', { method: 'POST', body });
    } catch (e) {
      if (i === DELAYS.length - 1) throw e;
      await sleep(wait);
    }
  }
}
`;

const fixed = `${sleep}
const WAITS = [1000, 1000, 1000];
export async function send(body: string) {
  for (const [, wait] of WAITS.entries()) {
    try {
      return await fetch('/x', { method: 'POST', body });
    } catch {
      await sleep(wait);
    }
  }
}
`;

const hosts = `${sleep}
const HOSTS = ['a.example', 'b.example', 'c.example'];
export async function send(body: string) {
  for (const [i, host] of HOSTS.entries()) {
    try {
      return await fetch('https://' + host + '/x', { method: 'POST', body });
    } catch (e) {
      if (i === HOSTS.length - 1) throw e;
      await sleep(500);
    }
  }
}
`;

ruleTester.run('require-jitter and a table of waits walked with entries()', requireJitter, {
  valid: [{ name: 'a list of hosts: one alternative per turn', code: hosts }],
  invalid: [
    {
      name: 'index and wait destructured',
      code: growing,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry and a table of waits walked with entries()', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'the index left out, the same wait each turn',
      code: fixed,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});
