import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry loop with two ways round: a thrown failure (the catch goes round) and a response
 * that says "try again" (an `if` after the try goes round). Each way is read on its own:
 * - the response test may be a predicate of the file written as early returns
 *   (`if (tries >= MAX_TRIES) return false; if (!CODES.includes(status)) return false; return true`),
 *   read for the outcome it names and the limit it keeps, with the codes and the limit imported;
 * - the counter stepped on each way (`tries++` twice) is one counter, not a growing wait;
 * - a limit on one way does not bound the other: a way round with no limit of its own never stops;
 * - `nextPauseDelay(n)`, imported and pure arithmetic, computes a wait: it is not a sleep, whatever it is called.
 * The imported module is tests/cross-file/two-ways-round/policy.{ts,js}.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'two-ways-round');

const client = (responseTest: string) => `import { MAX_TRIES, TRANSIENT_CODES, nextPauseDelay } from './policy';

const hold = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function worthAnother(status: number, tries: number): boolean {
  if (tries >= MAX_TRIES) {
    return false;
  }
  if (!TRANSIENT_CODES.includes(status as (typeof TRANSIENT_CODES)[number])) {
    return false;
  }
  return true;
}

export async function getJson(url: string): Promise<unknown> {
  let tries = 0;
  while (true) {
    let res: Response;
    try {
      res = await fetch(url);
    } catch (err) {
      if (tries < MAX_TRIES) {
        const ms = nextPauseDelay(tries);
        tries++;
        await hold(ms);
        continue;
      }
      throw err;
    }
    if (${responseTest}) {
      const ms = nextPauseDelay(tries);
      tries++;
      await hold(ms);
      continue;
    }
    return res.json();
  }
}
`;

const toJs = (code: string) =>
  code
    .replace(/\): Promise<unknown> \{/g, ') {')
    .replace(/\(status: number, tries: number\): boolean/g, '(status, tries)')
    .replace(/ as \(typeof TRANSIENT_CODES\)\[number\]/g, '')
    .replace(/\(ms: number\)/g, '(ms)')
    .replace(/new Promise<void>/g, 'new Promise')
    .replace(/\(url: string\)/g, '(url)')
    .replace(/let res: Response;/g, 'let res;');

const ts = (responseTest: string) => ({ code: client(responseTest), filename: join(root, 'client.ts') });
const js = (responseTest: string) => ({ code: toJs(client(responseTest)), filename: join(root, 'client.js') });

const PREDICATE = 'worthAnother(res.status, tries)';
const LIMITED = 'res.status === 503 && tries < MAX_TRIES';
const UNLIMITED = 'TRANSIENT_CODES.includes(res.status as (typeof TRANSIENT_CODES)[number])';

const jitter = (attempts: string) => ({ messageId: 'missingJitter' as const, line: 17, column: 3, data: { what: 'This retry loop', delay: '250 ms × 2^n, capped at 8 s', attempts } });
const unbounded = { messageId: 'unbounded' as const, line: 17, column: 3, data: { what: 'This retry loop' } };

ruleTester.run('require-jitter on a loop with two ways round', requireJitter, {
  valid: [],
  invalid: [
    { name: 'TypeScript: the predicate names the failure and keeps the limit', ...ts(PREDICATE), errors: [jitter('up to 4 attempts')] },
    { name: 'JavaScript: the predicate names the failure and keeps the limit', ...js(PREDICATE), errors: [jitter('up to 4 attempts')] },
    { name: 'TypeScript: both ways limited in place', ...ts(LIMITED), errors: [jitter('up to 4 attempts')] },
    { name: 'TypeScript: the response way has no limit', ...ts(UNLIMITED), errors: [jitter('no limit on attempts')] },
  ],
});

// An abort checked at the top of each turn is on every way round.
const abortable = `const hold = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export async function watch(url: string, signal: AbortSignal): Promise<Response> {
  let tries = 0;
  while (true) {
    signal.throwIfAborted();
    let res: Response;
    try {
      res = await fetch(url, { signal });
    } catch (err) {
      if (tries < 3) {
        tries++;
        await hold(1000);
        continue;
      }
      throw err;
    }
    if (res.status === 503) {
      await hold(1000);
      continue;
    }
    return res;
  }
}
`;

ruleTester.run('no-unbounded-retry on a loop with two ways round', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: an abort checked at the top of each turn ends every way round', code: abortable, filename: 'watch.ts' },
    { name: 'TypeScript: the predicate keeps the limit on the response way', ...ts(PREDICATE) },
    { name: 'JavaScript: the predicate keeps the limit on the response way', ...js(PREDICATE) },
    { name: 'TypeScript: both ways limited in place', ...ts(LIMITED) },
  ],
  invalid: [
    { name: 'TypeScript: a limit on the thrown way only', ...ts(UNLIMITED), errors: [unbounded] },
    { name: 'JavaScript: a limit on the thrown way only', ...js(UNLIMITED), errors: [unbounded] },
  ],
});

// `++tries` at the top of each turn and again in the catch: two steps a turn, so the limit does not count attempts one by one.
const steppedTwice = `const hold = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export async function post(url: string): Promise<Response | undefined> {
  let tries = 0;
  while (true) {
    ++tries;
    try {
      return await fetch(url, { method: 'POST' });
    } catch (err) {
      if (tries > 5) throw err;
      ++tries;
      await hold(1000);
    }
  }
}
`;

ruleTester.run('no-fixed-sleep-retry on a loop with two ways round', noFixedSleepRetry, {
  // The wait grows: `nextPauseDelay(tries)` is arithmetic on the counter, stepped once per attempt on either way.
  valid: [
    { name: 'TypeScript: a growing wait from an imported function named like a sleep', ...ts(PREDICATE) },
    { name: 'JavaScript: a growing wait from an imported function named like a sleep', ...js(UNLIMITED) },
  ],
  invalid: [
    {
      name: 'TypeScript: a counter stepped twice a turn counts no known number of attempts',
      code: steppedTwice,
      filename: 'post.ts',
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
