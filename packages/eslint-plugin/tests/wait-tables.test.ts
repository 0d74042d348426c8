import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Waits read from a table of numbers (analysis/src/value.ts tableRead, evaluate.ts arrayLength):
 * whatever the index — the attempt, a clamp of it, any value that changes between attempts — the
 * wait is one of the table's entries, so a table of equal entries is a fixed wait, an increasing
 * one a schedule capped at its largest entry, and an index drawn at random a random wait. The
 * table's size bounds a counter tested against it, when nothing can add to the table.
 */
const JS = 'queue.js';
const loop = 'This retry loop';

const listedSchedule = `
declare function deliver(id: string): Promise<void>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BACKOFF_MS = [1000, 2000, 5000, 10000];
export async function send(id: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await deliver(id);
    } catch (error) {
      if (attempt >= BACKOFF_MS.length) throw error;
      await sleep(BACKOFF_MS[attempt]!);
    }
  }
}
`;

const listedSeconds = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const BACKOFF_S = [1, 5, 15, 60];
async function poke(client, n = 0) {
  try {
    return await client.ping();
  } catch (error) {
    if (n >= 3) throw error;
    await sleep(Math.min(BACKOFF_S[n] * 1000 + 500, 30000));
    return poke(client, n + 1);
  }
}
`;

const clampedEqual = `
declare function publish(topic: string, body: string): Promise<void>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PAUSES = [750, 750, 750];
export async function emit(topic: string, body: string) {
  for (let tries = 0; tries < 4; tries++) {
    try {
      return await publish(topic, body);
    } catch {
      await sleep(PAUSES[Math.min(tries, PAUSES.length - 1)]);
    }
  }
  throw new Error('not published');
}
`;

const boundedByTable = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SCHEDULE = [250, 500, 1000, 2000];
async function store(db, row) {
  for (let k = 0; ; k++) {
    try {
      return await db.insert(row);
    } catch (err) {
      if (k >= SCHEDULE.length) throw err;
      await sleep(SCHEDULE[k]);
    }
  }
}
module.exports = { store };
`;

const clampedGrowing = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const STEPS = [200, 400, 800, 1600];
async function receive(queue) {
  for (let n = 0; n < 6; n++) {
    try {
      return await queue.receive();
    } catch (e) {
      await sleep(STEPS[Math.min(n, STEPS.length - 1)]);
    }
  }
  throw new Error('nothing received');
}
module.exports = { receive };
`;

const randomPick = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CHOICES = [300, 600, 900];
async function receive(queue) {
  for (let n = 0; n < 6; n++) {
    try {
      return await queue.receive();
    } catch (e) {
      await sleep(CHOICES[Math.floor(Math.random() * CHOICES.length)]);
    }
  }
  throw new Error('nothing received');
}
module.exports = { receive };
`;

// The index is the caller's and the same on every attempt: one entry, every time.
const chosenEntry = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const LEVELS = [200, 400, 800];
async function receive(queue, level) {
  for (let n = 0; n < 5; n++) {
    try {
      return await queue.receive();
    } catch (e) {
      await sleep(LEVELS[level]);
    }
  }
}
module.exports = { receive };
`;

// Entries added at run time: the size is not the literal's, so the count is not claimed.
const addedTo = boundedByTable.replace("const SCHEDULE = [250, 500, 1000, 2000];", "const SCHEDULE = [250, 500, 1000, 2000];\nif (process.env.SLOW) SCHEDULE.push(4000);");

ruleTester.run('no-fixed-sleep-retry and tables of waits', noFixedSleepRetry, {
  valid: [
    { name: 'an index drawn at random: a random wait', code: randomPick, filename: JS },
    { name: 'an increasing table read at the attempt', code: clampedGrowing, filename: JS },
  ],
  invalid: [
    {
      name: 'an entry the caller chooses, the same on every attempt: a fixed wait, whatever the table holds',
      code: chosenEntry,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: loop, delay: '`LEVELS[level]` (the same every time)', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a table of equal entries read at a clamped index: a fixed wait (TS)',
      code: clampedEqual,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: loop, delay: 'a fixed 750 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter and tables of waits', requireJitter, {
  valid: [
    { name: 'an index drawn at random: a random wait', code: randomPick, filename: JS },
    { name: 'an entry the caller chooses: the same wait every attempt, not a backoff', code: chosenEntry, filename: JS },
  ],
  invalid: [
    {
      name: 'a counter tested against the table’s size: one attempt more than its entries',
      code: boundedByTable,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: loop, delay: '250 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a table added to at run time: its size is not counted',
      code: addedTo,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 6, column: 3, data: { what: loop, delay: '250 ms × 2^n', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'a clamped index into an increasing table: capped at its largest entry',
      code: clampedGrowing,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: loop, delay: '200 ms × 2^n, capped at 1.6 s', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'a table that is neither a multiple of the attempt nor geometric: its waits as listed (TS)',
      code: listedSchedule,
      errors: [{ messageId: 'missingJitter', line: 6, column: 3, data: { what: loop, delay: 'a schedule of 1 s, 2 s, 5 s then 10 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'listed seconds scaled, shifted and capped in the recursion that reads them',
      code: listedSeconds,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 10, column: 12, data: { what: '`poke()` retrying itself', delay: 'a schedule of 1.5 s, 5.5 s then 15.5 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});
