import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A failure decided after the try/catch, from a store the attempt drains: each item is taken out
// only once its send went through, so "the store still holds items" after the round says one
// failed, and going round then re-sends what is left (outcomes/drained-store.ts). Before, the
// emptiness test said nothing about the outcome and the loop was not seen as a retry.

const TABLE = `
declare function send(v: string): Promise<void>;
const DELAYS = [1000, 2000, 5000, 10_000, 20_000];
function backoff(n: number): number {
  return DELAYS[Math.min(n, DELAYS.length - 1)] ?? 20_000;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
`;

/** An object store, emptied key by key; the test `=== 0` leaves on success. */
const objectStore = `${TABLE}
export class Outbox {
  private pending: Record<string, string> = {};
  async flush() {
    for (let attempt = 0; attempt < 5; attempt++) {
      for (const [id, v] of Object.entries(this.pending)) {
        try {
          await send(v);
          delete this.pending[id];
        } catch (err) {
          break;
        }
      }
      if (Object.keys(this.pending).length === 0) return;
      await sleep(backoff(attempt));
    }
  }
}
`;

/** A queue drained from its head, the loop going round while it is not empty; a fixed wait. */
const queueStore = `
declare function send(v: string): Promise<void>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export async function drain(queue: string[]) {
  let rounds = 0;
  while (queue.length > 0 && rounds < 4) {
    rounds++;
    for (const v of [...queue]) {
      try {
        await send(v);
        queue.shift();
      } catch {
        break;
      }
    }
    if (queue.length !== 0) await sleep(2000);
  }
}
`;

/** A Map, emptied by \`delete\` after each send. */
const mapStore = `
declare function send(v: string): Promise<void>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export async function flush(pending: Map<string, string>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const [id, v] of pending) {
      try {
        await send(v);
        pending.delete(id);
      } catch {
        break;
      }
    }
    if (pending.size === 0) return;
    await sleep(500);
  }
}
`;

/** A failed item is dropped too (taken out in the catch): an empty store no longer says every send went through. */
const droppedOnFailure = `
declare function send(v: string): Promise<void>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export async function flush(pending: Map<string, string>, more: () => Map<string, string>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const [id, v] of pending) {
      try {
        await send(v);
        pending.delete(id);
      } catch {
        pending.delete(id);
      }
    }
    if (pending.size === 0) return;
    await sleep(500);
  }
}
`;

/** New items are added in the round (the Map flush above, refilled first): what is left may be new work, not a failure. */
const refilled = mapStore
  .replace('declare function send', 'declare function incoming(): [string, string][];\ndeclare function send')
  .replace('for (const [id, v] of pending) {', 'for (const [k, v] of incoming()) pending.set(k, v);\n    for (const [id, v] of pending) {');

ruleTester.run('require-jitter and a store drained on success', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'an object store emptied key by key, a growing table of waits',
      code: objectStore,
      filename: 'object-store.ts',
      errors: [{ messageId: 'missingJitter', line: 12, column: 5, data: { what: 'This retry loop', delay: 'a schedule of 1 s, 2 s, 5 s then 10 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry and a store drained on success', noFixedSleepRetry, {
  valid: [
    { name: 'a failed item dropped too', code: droppedOnFailure, filename: 'dropped.ts' },
    { name: 'new items added each round', code: refilled, filename: 'refilled.ts' },
  ],
  invalid: [
    {
      name: 'a queue drained from its head, going round while it is not empty',
      code: queueStore,
      filename: 'queue-store.ts',
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a Map emptied by delete',
      code: mapStore,
      filename: 'map-store.ts',
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});
