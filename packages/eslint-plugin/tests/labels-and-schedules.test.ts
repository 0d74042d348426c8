import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * - A jump to a label leaves every loop between it and the labelled statement: `continue outer`
 *   from a retry loop inside a loop over items leaves the retry loop (the item is done), as
 *   `break retry` leaves the loop labelled `retry`; `continue retry` goes round it.
 * - A list of waits held in a property that is never written (`RETRY.backoffMs[i]`,
 *   `this.delays[i]`) is a table of waits, as one held in a constant is.
 * - A list of waits that is not strictly increasing (`[100, 500, 1000, 1000]`, its cap repeated)
 *   is still a schedule of different waits, not one wait; a loop variable of `for … of` over
 *   a list the analysis cannot read takes a new value each turn, so it is never "the same
 *   every time".
 */

const JS = 'retry.js';

const continueOuterTs = `
export async function syncAll(items: string[], push: (s: string) => Promise<void>) {
  outer: for (const item of items) {
    for (let t = 0; t < 5; t++) {
      try {
        await push(item);
        continue outer;
      } catch (e) {
        if (t === 4) throw e;
        await new Promise((r) => setTimeout(r, 200 * 2 ** t));
      }
    }
  }
}
`;

const continueOuterJs = `
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
async function drain(queue, send) {
  next: while (queue.length > 0) {
    const msg = queue.shift();
    let tries = 0;
    while (true) {
      try {
        await send(msg);
        continue next;
      } catch (err) {
        if (++tries === 3) throw err;
        await pause(1000);
      }
    }
  }
}
module.exports = { drain };
`;

const breakOwnLabelTs = `
export async function save(doc: object, put: (d: object) => Promise<void>) {
  let n = 0;
  attempts: while (true) {
    try {
      await put(doc);
      break attempts;
    } catch (e) {
      if (++n >= 3) throw e;
      await new Promise((r) => setTimeout(r, 400));
    }
  }
}
`;

/** `continue again` on the failure goes round its own loop: the success is the return. */
const continueOwnLabelJs = `
async function load(get) {
  let n = 0;
  again: for (;;) {
    try {
      return await get();
    } catch (e) {
      if (++n >= 3) throw e;
      await new Promise((r) => setTimeout(r, 400));
      continue again;
    }
  }
}
module.exports = { load };
`;

const cappedScheduleTs = `
const SCHEDULE = [100, 500, 1000, 1000];
export async function send(body: string): Promise<Response> {
  for (const ms of SCHEDULE) {
    const res = await fetch('https://api.example.com/events', { method: 'POST', body });
    if (res.ok) return res;
    await new Promise((r) => setTimeout(r, ms));
  }
  throw new Error('events endpoint unavailable');
}
`;

const unorderedScheduleJs = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function ping(probe) {
  for (const wait of [1000, 250, 2000]) {
    try {
      return await probe();
    } catch {
      await sleep(wait);
    }
  }
  return probe();
}
module.exports = { ping };
`;

/** The waits come from the caller: a new one each turn, not known, never "the same every time". */
const callerScheduleTs = `
export async function send(body: string, waits: number[]): Promise<Response> {
  for (const ms of waits) {
    const res = await fetch('https://api.example.com/events', { method: 'POST', body });
    if (res.ok) return res;
    await new Promise((r) => setTimeout(r, ms));
  }
  throw new Error('events endpoint unavailable');
}
`;

const memberTableTs = `
const RETRY = { attempts: 3, backoffMs: [250, 1000, 4000] } as const;
export async function getJson(url: string): Promise<unknown> {
  for (let i = 0; i < RETRY.attempts; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return await res.json();
      if (res.status < 500) throw new Error(\`client error \${res.status}\`);
    } catch (e) {
      if ((e as Error).name !== 'AbortError') throw e;
    }
    await new Promise((r) => setTimeout(r, RETRY.backoffMs[i]));
  }
  throw new Error('unavailable');
}
`;

const fieldTableJs = `
class Client {
  constructor() {
    this.delays = [500, 500, 500];
  }
  async get(url) {
    for (let i = 0; i < this.delays.length; i++) {
      const res = await fetch(url);
      if (res.ok) return res;
      await new Promise((r) => setTimeout(r, this.delays[i]));
    }
    return fetch(url);
  }
}
module.exports = { Client };
`;

ruleTester.run('require-jitter with labelled exits and listed waits', requireJitter, {
  valid: [{ name: 'waits the caller lists: not known to lack jitter', code: callerScheduleTs }],
  invalid: [
    {
      name: 'continue outer on success leaves the retry loop inside a loop over items',
      code: continueOuterTs,
      errors: [{ messageId: 'missingJitter', line: 4, column: 5, data: { what: 'This retry loop', delay: '200 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a schedule whose cap repeats is a schedule',
      code: cappedScheduleTs,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a schedule of 100 ms, 500 ms then 1 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a table of waits held in a property of a constant object, read at the attempt (not a list of items)',
      code: memberTableTs,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: '250 ms × 4^n', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'JavaScript: a schedule that is not in order is a schedule',
      code: unorderedScheduleJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a schedule of 1 s, 250 ms then 2 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with labelled exits and listed waits', noFixedSleepRetry, {
  valid: [
    { name: 'a capped schedule is not one fixed wait', code: cappedScheduleTs },
    { name: 'waits the caller lists are not the same every time', code: callerScheduleTs },
  ],
  invalid: [
    {
      name: 'JavaScript: a table of equal waits in a field set once, bounded by its length',
      code: fieldTableJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 5, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'JavaScript: continue to the outer loop on success',
      code: continueOuterJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 5, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'break to the retry loop\'s own label on success',
      code: breakOwnLabelTs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 13, data: { what: 'This retry loop', delay: 'a fixed 400 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'JavaScript: continue to its own label on failure goes round',
      code: continueOwnLabelJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 10, data: { what: 'This retry loop', delay: 'a fixed 400 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});
