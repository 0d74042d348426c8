import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A flag that lets the way back through once (analysis/src/exits/one-shot-flag.ts): the guard
 * on the failure path requires it false to go on, the retried code only ever sets it to true,
 * and it lives outside that code so a new round does not start it over. One more attempt, after
 * which the guard gives up, whatever the flag is called. A flag that a round declares afresh, or
 * sets back to false, bounds nothing.
 */
const JS = 'lock.js';
const loop = 'This retry loop';

const repairOnce = `
declare function takeLock(path: string): Promise<void>;
declare function clearStaleLock(path: string): void;
export async function withLock(path: string): Promise<void> {
  let repaired = false;
  let held = false;
  while (!held) {
    try {
      await takeLock(path);
      held = true;
    } catch (e) {
      if ((e as Error).message.includes('EEXIST') && !repaired) {
        clearStaleLock(path);
        repaired = true;
      } else {
        throw e;
      }
    }
  }
}
`;

const giveUpForm = `
async function query(pool, sql) {
  let reconnected = false;
  for (;;) {
    try {
      return await pool.query(sql);
    } catch (err) {
      if (reconnected) throw err;
      reconnected = true;
      await pool.reconnect();
    }
  }
}
module.exports = { query };
`;

// Declared afresh in each round: it never says "done".
const freshEachRound = `
async function query(pool, sql) {
  for (;;) {
    let reconnected = false;
    try {
      return await pool.query(sql);
    } catch (err) {
      if (reconnected) throw err;
      reconnected = true;
    }
  }
}
module.exports = { query };
`;

// Set back to false on the way round: the flag opens again.
const reopened = `
declare function send(body: string): Promise<void>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function deliver(body: string): Promise<void> {
  let tried = false;
  while (true) {
    try {
      return await send(body);
    } catch (e) {
      if (tried) throw e;
      tried = true;
      await sleep(1000);
      tried = false;
    }
  }
}
`;

// A flag each connection declares anew: once per socket, not once in all (the next round makes another).
const perConnection = `
function connect(url) {
  const ws = new WebSocket(url);
  let dropped = false;
  const onDrop = () => {
    if (dropped) return;
    dropped = true;
    setTimeout(() => connect(url), 1000);
  };
  ws.addEventListener('close', onDrop);
  ws.addEventListener('error', onDrop);
}
module.exports = { connect };
`;

ruleTester.run('no-unbounded-retry and one-shot flags', noUnboundedRetry, {
  valid: [
    { name: 'a stale lock cleared once, then the guard throws (TS, go-on form)', code: repairOnce },
    { name: 'reconnected once, then the guard throws (JS, give-up form)', code: giveUpForm, filename: JS },
  ],
  invalid: [
    { name: 'a flag declared afresh in each round', code: freshEachRound, filename: JS, errors: [{ messageId: 'unbounded', line: 3, column: 3, data: { what: loop } }] },
    { name: 'a flag set back to false on the way round', code: reopened, errors: [{ messageId: 'unbounded', line: 6, column: 3, data: { what: loop } }] },
    {
      name: "a flag each connection declares anew, held by the socket's listener",
      code: perConnection,
      filename: JS,
      errors: [{ messageId: 'unbounded', line: 8, column: 22, data: { what: '`connect()` retrying itself' } }],
    },
  ],
});

// `finished = true` where the stream ended well, and `if (finished) break` on that way: the
// success, not a flag the way round sets. The count in the catch limits the attempts.
const finishFlag = `
declare function openStream(): Promise<AsyncIterable<{ last: boolean }>>;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export async function follow(): Promise<void> {
  let finished = false;
  let failures = 0;
  while (true) {
    try {
      for await (const event of await openStream()) {
        if (event.last) finished = true;
      }
      if (finished) break;
    } catch (e) {
      failures++;
      if (failures >= 4) throw e;
      await pause(1000);
    }
  }
}
`;

ruleTester.run('no-fixed-sleep-retry and one-shot flags', noFixedSleepRetry, {
  valid: [{ name: 'a stale lock cleared once: one more attempt after a repair', code: repairOnce }],
  invalid: [
    {
      name: 'a flag set back to false: a fixed wait with no limit',
      code: reopened,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: loop, delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a flag set on success is no one-shot: the count limits',
      code: finishFlag,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 3, data: { what: loop, delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});
