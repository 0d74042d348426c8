import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop that goes round on a flag the attempt sets (analysis: outcomes/flag-writes.ts): the
 * flag means failure when the code sets it `true` only in the `catch`, success when only in the
 * `try` after the call, whatever it is called. Written in a callback, it says nothing.
 */
const sleep = 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\ndeclare function send(x: unknown): Promise<void>;\n';

const failedFlag = `${sleep}export async function push(x: unknown) {
  let failed: boolean;
  let n = 0;
  do {
    failed = false;
    try {
      await send(x);
    } catch {
      failed = true;
      n++;
      await sleep(500);
    }
  } while (failed && n < 3);
}
`;

const failedForever = `${sleep}export async function push(x: unknown) {
  let broken = false;
  do {
    try {
      await send(x);
      broken = false;
    } catch {
      broken = true;
      await sleep(750);
    }
  } while (broken);
}
`;

const landedFlag = `${sleep}export async function push(x: unknown) {
  let landed = false;
  for (let round = 0; !landed && round < 4; round++) {
    try {
      await send(x);
      landed = true;
    } catch {
      await sleep(1000);
    }
  }
}
`;

const inCallback = `${sleep}export async function push(x: unknown) {
  let failed = false;
  let n = 0;
  do {
    await send(x).catch(() => { failed = true; });
    n++;
    await sleep(500);
  } while (failed && n < 3);
}
`;

const stateReached = `${sleep}declare function probe(): Promise<{ ready: boolean }>;
export async function waitReady() {
  let pending = true;
  while (pending) {
    const state = await probe();
    if (state.ready) pending = false;
    else await sleep(500);
  }
}
`;

ruleTester.run('no-fixed-sleep-retry on a loop that goes round on a flag the attempt sets', noFixedSleepRetry, {
  valid: [
    { name: 'a flag set in a callback, which may run at another time, says nothing', code: inCallback },
    { name: 'a flag a state probe clears: polling, not a failure', code: stateReached },
  ],
  invalid: [
    {
      name: 'do … while (failed && n < 3) with failed set true in the catch',
      code: failedFlag,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'do … while (broken), set true in the catch and false after the call',
      code: failedForever,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a loop that stops once the call set its flag (named for nothing the analysis knows)',
      code: landedFlag,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on a loop that goes round on a flag the attempt sets', noUnboundedRetry, {
  valid: [{ name: 'bounded by a counter beside the flag', code: failedFlag }],
  invalid: [{ name: 'nothing but the flag ends it', code: failedForever, errors: [{ messageId: 'unbounded', line: 5, column: 3 }] }],
});
