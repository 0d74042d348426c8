import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * `for await (const _ of backoff())` over an async generator that sleeps before each yield:
 * the loop's wait is the generator's, read in the generator's loop (its parameters bound as the
 * call passes them, through a generator that re-yields another), and the loop ends when the
 * generator does (a count, a deadline it reads, or never). The generator may be imported from
 * a module of the project. An async generator that does not sleep hands out data, and one whose
 * turns the work reads hands out items: neither is a schedule. Before, a `for await` over an
 * async generator was never read as a retry loop.
 */

const sleep = 'const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));\n';

const consumer = (iterable: string, onSuccess = 'return await fetch(url, { method: \'POST\' });') => `
export async function send(url: string): Promise<Response | undefined> {
  for await (const _ of ${iterable}) {
    try {
      ${onSuccess}
    } catch (err) {
      console.warn(err);
    }
  }
  return undefined;
}
`;

const ticker = `async function* ticker(ms: number): AsyncGenerator<number> {
  let n = 0;
  while (true) {
    await sleep(ms);
    yield n++;
  }
}
`;

const counted = `async function* tries(times: number, ms: number): AsyncGenerator<number> {
  for (let i = 0; i < times; i++) {
    yield i;
    await sleep(ms);
  }
}
`;

const withinDeadline = `async function* backoff(budgetMs: number, firstMs = 300): AsyncGenerator<number> {
  const started = Date.now();
  let turn = 0;
  while (true) {
    const waitMs = turn === 0 ? 0 : Math.min(firstMs * 2 ** (turn - 1), 5000);
    if (Date.now() - started + waitMs > budgetMs) return;
    await sleep(waitMs);
    yield waitMs;
    turn++;
  }
}
`;

const reyielding = `async function* doubling(firstMs: number): AsyncGenerator<number> {
  let waitMs = firstMs;
  while (true) {
    await sleep(waitMs);
    yield waitMs;
    waitMs *= 2;
  }
}
async function* slowly(firstMs = 1000): AsyncGenerator<number> {
  const inner = doubling(firstMs);
  for await (const waited of inner) yield waited;
}
`;

const pages = `async function* pages(url: string): AsyncGenerator<string[]> {
  let next: string | undefined = url;
  while (next) {
    const res = await fetch(next);
    const body = (await res.json()) as { items: string[]; next?: string };
    yield body.items;
    next = body.next;
  }
}
declare function store(items: string[]): Promise<void>;
export async function copy(url: string): Promise<void> {
  for await (const items of pages(url)) {
    try {
      await store(items);
      return;
    } catch (err) {
      console.warn(err);
    }
  }
}
`;

const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'sleeping-generator');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

const jitter = (line: number, delay: string, attempts: string) => ({ messageId: 'missingJitter' as const, line, column: 3, data: { what: 'This retry loop', delay, attempts } });

ruleTester.run('require-jitter over a generator that sleeps', requireJitter, {
  valid: [
    { name: 'TypeScript: a periodic task over a ticker (success does not leave)', code: sleep + ticker + consumer('ticker(500)', 'await fetch(url, { method: \'POST\' });'), filename: 'send.ts' },
    { name: 'TypeScript: an async generator of pages (no sleep) hands out data', code: pages, filename: 'copy.ts' },
    { name: 'TypeScript: the generator sleeps a random share of its wait', code: sleep + withinDeadline.replace('await sleep(waitMs)', 'await sleep(Math.random() * waitMs)') + consumer('backoff(10000)'), filename: 'send.ts' },
    { name: 'TypeScript: an imported generator whose turns the work reads', ...file('chunks.ts') },
  ],
  invalid: [
    { name: 'TypeScript: an exponential wait within a deadline', code: sleep + withinDeadline + consumer('backoff(10000)'), filename: 'send.ts', errors: [jitter(15, '300 ms × 2^n, capped at 5 s', 'for up to 10 s')] },
    { name: 'TypeScript: the first wait passed by the call', code: sleep + withinDeadline + consumer('backoff(10000, 50)'), filename: 'send.ts', errors: [jitter(15, '50 ms × 2^n, capped at 5 s', 'for up to 10 s')] },
    { name: 'TypeScript: a generator re-yielding another, its default handed down', code: sleep + reyielding + consumer('slowly()'), filename: 'send.ts', errors: [jitter(16, '1 s × 2^n', 'no limit on attempts')] },
    { name: 'TypeScript: the same, a first wait passed down two calls', code: sleep + reyielding + consumer('slowly(200)'), filename: 'send.ts', errors: [jitter(16, '200 ms × 2^n', 'no limit on attempts')] },
    {
      name: 'JavaScript: an exponential wait within a deadline',
      code: (sleep + withinDeadline + consumer('backoff(10000)')).replace(/: AsyncGenerator<number>|: Promise<Response \| undefined>|: Promise<void>|<void>|: number|: string/g, ''),
      filename: 'send.js',
      errors: [jitter(15, '300 ms × 2^n, capped at 5 s', 'for up to 10 s')],
    },
    { name: 'TypeScript: an imported generator, re-yielding one that sleeps in seconds', ...file('upload.ts'), errors: [jitter(5, '400 ms × 2^n, capped at 8 s', 'an unknown number of attempts')] },
  ],
});

ruleTester.run('no-fixed-sleep-retry over a generator that sleeps', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: a growing wait is not fixed', code: sleep + withinDeadline + consumer('backoff(10000)'), filename: 'send.ts' },
    { name: 'TypeScript: a periodic task over a ticker', code: sleep + ticker + consumer('ticker(500)', 'await fetch(url, { method: \'POST\' });'), filename: 'send.ts' },
  ],
  invalid: [
    { name: 'TypeScript: the same wait each turn, endless', code: sleep + ticker + consumer('ticker(500)'), filename: 'send.ts', errors: [{ messageId: 'fixedDelay', line: 11, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'no limit on attempts' } }] },
    { name: 'TypeScript: the same wait, a counted generator', code: sleep + counted + consumer('tries(4, 2000)'), filename: 'send.ts', errors: [{ messageId: 'fixedDelay', line: 10, column: 3, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 4 attempts' } }] },
    {
      name: 'JavaScript: the same wait each turn, endless',
      code: (sleep + ticker + consumer('ticker(500)')).replace(/: AsyncGenerator<number>|: Promise<Response \| undefined>|: Promise<void>|<void>|: number|: string/g, ''),
      filename: 'send.js',
      errors: [{ messageId: 'fixedDelay', line: 11, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry over a generator that sleeps', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: the generator ends at a deadline', code: sleep + withinDeadline + consumer('backoff(10000)'), filename: 'send.ts' },
    { name: 'TypeScript: the generator counts its turns', code: sleep + counted + consumer('tries(4, 2000)'), filename: 'send.ts' },
    { name: 'TypeScript: an imported generator that stops when a callback says so', ...file('upload.ts') },
  ],
  invalid: [{ name: 'TypeScript: an endless ticker', code: sleep + ticker + consumer('ticker(500)'), filename: 'send.ts', errors: [{ messageId: 'unbounded', line: 11, column: 3 }] }],
});
