import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

// A loop whose operation takes the item a stepped index selects (`claim(ids[i])` with `i++` on
// every way round) moves through a list: each turn is another item, not the same operation again,
// whatever form the loop has (`while`, `do … while`, a `for` whose head declares no index).
// Passing the attempt number itself (`send(attempt)`) or indexing a table of numbers
// (`DELAYS[i]`, a schedule of waits) is still a retry.

const sleep = 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));';

ruleTester.run('no-fixed-sleep-retry and loops that step through a list', noFixedSleepRetry, {
  valid: [
    {
      name: 'a while loop over ids, the index stepped after the try',
      code: `${sleep}
declare function claim(id: number): Promise<boolean>;
export async function claimAny(ids: number[]) {
  let i = 0;
  while (i < ids.length) {
    try {
      if (await claim(ids[i])) return ids[i];
    } catch {}
    i++;
    await sleep(100);
  }
  return undefined;
}`,
    },
    {
      name: 'a do-while stepping by two',
      code: `${sleep}
declare function send(host: string): Promise<void>;
export async function spread(hosts: string[]) {
  let k = 0;
  do {
    try {
      await send(hosts[k]);
    } catch {
      await sleep(1000);
    }
    k += 2;
  } while (k < hosts.length);
}`,
    },
    {
      name: 'an index declared before a for loop with no head',
      code: `${sleep}
declare function load(key: string): Promise<string>;
export async function firstLoaded(keys: string[]) {
  let at = 0;
  for (;;) {
    try {
      return await load(keys[at]);
    } catch {
      at++;
      if (at >= keys.length) throw new Error('none');
      await sleep(200);
    }
  }
}`,
    },
  ],
  invalid: [
    {
      name: 'the attempt number handed to the operation is still a retry',
      code: `${sleep}
declare function send(attempt: number): Promise<void>;
export async function deliver() {
  let attempt = 0;
  while (attempt < 4) {
    try {
      return await send(attempt);
    } catch {
      attempt++;
      await sleep(1000);
    }
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'an index into a table of numbers is a schedule, not a list of items',
      code: `${sleep}
const TIMEOUTS = [1000, 2000, 3000];
declare function call(timeoutMs: number): Promise<void>;
export async function deliver() {
  let i = 0;
  while (i < 3) {
    try {
      return await call(TIMEOUTS[i]);
    } catch {
      i++;
      await sleep(500);
    }
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});
