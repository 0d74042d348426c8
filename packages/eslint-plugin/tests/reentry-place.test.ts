import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

// A retry through a second function the failure path calls (`upload` → `retryFailed` →
// `upload`) is reported where it goes back in: the call that makes the attempt again, whether a
// wait sits there or nothing waits at all. A timer on the failure path itself stays the place
// (the call it makes, in the first function: where the retry waits).

const immediate = `
interface Item { key: string; body: string }
interface Outcome { key: string; ok: boolean }
declare function putAll(items: Item[]): Promise<Outcome[]>;
const MAX_ROUNDS = 2;

async function upload(items: Item[], round = 0): Promise<Outcome[]> {
  if (items.length === 0) return [];
  const outcomes = await putAll(items);
  const failed = outcomes.filter((o) => !o.ok);
  if (failed.length > 0) {
    const again = await retryFailed(failed, items, round);
    return outcomes.concat(again);
  }
  return outcomes;
}

async function retryFailed(failed: Outcome[], items: Item[], round: number): Promise<Outcome[]> {
  const keys = new Set(failed.map((f) => f.key));
  const rest = items.filter((i) => keys.has(i.key));
  if (round === MAX_ROUNDS) return failed;
  return upload(rest, round + 1);
}

export const sync = (items: Item[]) => upload(items);
`;

const timerOnFailurePath = `
declare function connect(url: string): Promise<void>;
let tries = 0;
export async function open(url: string): Promise<void> {
  try {
    await connect(url);
  } catch {
    if (++tries > 5) throw new Error('down');
    setTimeout(() => reopen(url), 2000);
  }
}
function reopen(url: string): void {
  void open(url);
}
`;

ruleTester.run('no-fixed-sleep-retry and where a retry through a second function is reported', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'nothing waits: at the call back in',
      code: immediate,
      errors: [{ messageId: 'immediate', line: 22, column: 10, endLine: 22, endColumn: 33, data: { what: '`upload()` retrying itself through `retryFailed()`', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a timer on the failure path: at the call it makes, where the retry waits',
      code: timerOnFailurePath,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 22, data: { what: '`open()` retrying itself through `reopen()`', delay: 'a fixed 2 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});
