import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A TypeScript enum member with an initialiser is a constant, like a `const` object's property:
// `Backoff.Base` with `enum Backoff { Base = 100 }` is 100 ms, in a wait, a growth or a bound.
// A member with no initialiser (numbered after the one before) is not read as a number, and a
// constant only declared (`declare const WAIT_MS: number`) has no value here: a wait either
// gives does not change between attempts, so it is still fixed.

const sleep = 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));';

ruleTester.run('require-jitter and enum members', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'a base and a cap from an enum',
      code: `${sleep}
enum Backoff { Base = 100, Max = 5000 }
export async function get(url: string): Promise<Response> {
  let wait: number = Backoff.Base;
  for (let i = 0; i < 6; i++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(wait);
      wait = Math.min(wait * 2, Backoff.Max);
    }
  }
  throw new Error('unreachable');
}`,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: '100 ms × 2^n, capped at 5 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry and enum members', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'a const enum gives the wait and the attempts',
      code: `${sleep}
const enum Retry { Attempts = 4, WaitMs = 750 }
export async function save(body: string) {
  for (let i = 0; i < Retry.Attempts; i++) {
    try {
      return await fetch('/save', { method: 'PUT', body });
    } catch (e) {
      if (i === Retry.Attempts - 1) throw e;
      await sleep(Retry.WaitMs);
    }
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a member numbered implicitly is not read, but the wait is still the same every time',
      code: `${sleep}
enum Wait { Short = 250, Long }
export async function save(body: string) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/save', { method: 'PUT', body });
    } catch {
      await sleep(Wait.Long);
    }
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: '`Wait.Long` (the same every time)', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a constant only declared is the same every time',
      code: `${sleep}
declare const WAIT_MS: number;
export async function save(body: string) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/save', { method: 'PUT', body });
    } catch {
      await sleep(WAIT_MS);
    }
  }
}`,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: '`WAIT_MS` (the same every time)', attempts: 'up to 3 attempts' } }],
    },
  ],
});
