import fixedRule from '../src/rules/no-fixed-sleep-retry.js';
import jitterRule from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * The wait as it evolves over the attempts (evolution/): a value nothing on the failure cycle
 * writes is fixed whatever it is (an import from a module not read, a parameter, a config field,
 * an option with a `??` default, a value computed once before the loop), and a wait carried from
 * one attempt to the next (`d = d * 2`, a recursion handing itself `wait * 2`) is solved as a
 * recurrence. A wait from a function the caller supplies, or one handed to code that is not
 * read on the cycle, is unknown: no finding either way.
 */

const fixed = (line: number, column: number, endLine: number, endColumn: number, what: string, delay: string, attempts: string) => [
  { messageId: 'fixedDelay' as const, line, column, endLine, endColumn, data: { what, delay, attempts } },
];
const loop = 'This retry loop';

// Not fixed, and not known to grow: silent under both rules.
const unknownWaits = [
  {
    name: 'a delay function the caller supplies, called with the attempt: it may grow the wait',
    code: `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, opts: { backoff: (n: number) => number }) {
  for (let round = 0; round < 6; round++) {
    try {
      return await fetch(path);
    } catch {
      await pause(opts.backoff(round));
    }
  }
  throw new Error('no download');
}
`,
  },
  {
    name: 'a parameter that is a function of the attempt (JS)',
    code: `
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
export async function download(path, waitFor) {
  for (let round = 0; round < 6; round++) {
    try {
      return await fetch(path);
    } catch {
      await pause(waitFor(round));
    }
  }
  throw new Error('no download');
}
`,
    filename: 'file.js',
  },
  {
    name: 'the wait handed to an imported function on every failure: changed on the cycle by code not read',
    code: `
import { widen } from './tuning';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string) {
  let gap = 400;
  for (let round = 0; round < 6; round++) {
    try {
      return await fetch(path);
    } catch {
      gap = widen(gap);
      await pause(gap);
    }
  }
  throw new Error('no download');
}
`,
  },
  {
    name: 'recursion handing itself an update by an imported function',
    code: `
import { widen } from './tuning';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, left = 5, gap = 400): Promise<Response> {
  try {
    return await fetch(path);
  } catch (err) {
    if (left === 0) throw err;
    await pause(gap);
    return download(path, left - 1, widen(gap));
  }
}
`,
  },
  {
    name: 'the instance handed to a package function on every failure: it may change the field the wait reads',
    code: `
import { retune } from 'tuning-kit';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export class Downloader {
  gap = 400;
  async get(path: string) {
    for (let round = 0; round < 5; round++) {
      try {
        return await fetch(path);
      } catch {
        retune(this);
        await pause(this.gap);
      }
    }
    throw new Error('no download');
  }
}
`,
  },
  {
    name: 'the options object handed to a hook the caller supplies on every failure (JS)',
    code: `
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
export async function download(path, opts, hooks) {
  for (let round = 0; round < 5; round++) {
    try {
      return await fetch(path);
    } catch {
      hooks.beforeRetry(opts);
      await pause(opts.gap);
    }
  }
  throw new Error('no download');
}
`,
    filename: 'file.js',
  },
  {
    name: 'a timer recursion (JS) whose next wait comes from an unread module',
    code: `
import { widen } from './tuning';
export function subscribe(url, gap = 400) {
  const source = new EventSource(url);
  source.onerror = () => { source.close(); setTimeout(() => subscribe(url, widen(gap)), gap); };
}
`,
    filename: 'file.js',
  },
];

ruleTester.run('no-fixed-sleep-retry on waits fixed before the retry', fixedRule, {
  valid: [
    ...unknownWaits,
    {
      name: 'a wait doubled by the recursion argument is not fixed',
      code: `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, gap = 300, left = 4): Promise<Response> {
  try {
    return await fetch(path);
  } catch (err) {
    if (left <= 0) throw err;
    await pause(gap);
    return download(path, gap * 2, left - 1);
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'an imported constant from a module that is not read (TS loop)',
      code: `
import { BACKOFF_MS } from './limits';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string) {
  for (let round = 0; round < 6; round++) {
    try {
      return await fetch(path);
    } catch {
      await pause(BACKOFF_MS);
    }
  }
  throw new Error('no download');
}
`,
      errors: fixed(5, 3, 5, 42, loop, '`BACKOFF_MS` (the same every time)', 'up to 6 attempts'),
    },
    {
      name: 'a field of a namespace imported from a package (JS loop, timers/promises)',
      code: `
import * as settings from 'shared-settings';
import { setTimeout as delay } from 'node:timers/promises';
export async function download(path) {
  for (let round = 0; round < 3; round++) {
    try {
      return await fetch(path);
    } catch {
      await delay(settings.pauseMs);
    }
  }
  throw new Error('no download');
}
`,
      filename: 'file.js',
      errors: fixed(5, 3, 5, 42, loop, '`settings.pauseMs` (the same every time)', 'up to 3 attempts'),
    },
    {
      name: 'an imported constant in a recursion (TS)',
      code: `
import { BACKOFF_MS } from './limits';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, left = 3): Promise<Response> {
  try {
    return await fetch(path);
  } catch (err) {
    if (left === 0) throw err;
    await pause(BACKOFF_MS);
    return download(path, left - 1);
  }
}
`,
      errors: fixed(10, 12, 10, 36, '`download()` retrying itself', '`BACKOFF_MS` (the same every time)', 'up to 4 attempts'),
    },
    {
      name: 'an imported constant as the delay of a reconnect timer (JS)',
      code: `
import { REOPEN_AFTER } from '../constants.js';
export function subscribe(url) {
  const source = new EventSource(url);
  source.onerror = () => { source.close(); setTimeout(() => subscribe(url), REOPEN_AFTER); };
}
`,
      filename: 'file.js',
      errors: fixed(5, 61, 5, 75, '`subscribe()` retrying itself', '`REOPEN_AFTER` (the same every time)', 'no limit on attempts'),
    },
    {
      name: 'an option with a `??` default imported from another module, read in the sleep call',
      code: `
import { STANDARD_PAUSE } from './defaults';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, opts: { gap?: number }) {
  for (let round = 0; round < 4; round++) {
    try {
      return await fetch(path);
    } catch {
      await pause(opts.gap ?? STANDARD_PAUSE);
    }
  }
  throw new Error('no download');
}
`,
      errors: fixed(5, 3, 5, 42, loop, '`opts.gap ?? STANDARD_PAUSE` (the same every time)', 'up to 4 attempts'),
    },
    {
      name: 'a config field of the instance (TS class)',
      code: `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export class Downloader {
  constructor(private readonly config: { gapMs: number }) {}
  async get(path: string) {
    for (let round = 0; round < 5; round++) {
      try {
        return await fetch(path);
      } catch {
        await pause(this.config.gapMs);
      }
    }
    throw new Error('no download');
  }
}
`,
      errors: fixed(6, 5, 6, 44, loop, '`this.config.gapMs` (the same every time)', 'up to 5 attempts'),
    },
    {
      name: 'a value an unread function returns once before the loop (JS)',
      code: `
import { loadTuning } from './tuning.js';
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
export async function download(path) {
  const { gap } = await loadTuning();
  for (let round = 0; round < 5; round++) {
    try {
      return await fetch(path);
    } catch {
      await pause(gap);
    }
  }
  throw new Error('no download');
}
`,
      filename: 'file.js',
      errors: fixed(6, 3, 6, 42, loop, '`gap` (the same every time)', 'up to 5 attempts'),
    },
    {
      name: 'the options only logged on the failure path: still the same every attempt',
      code: `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, opts: { gap: number }) {
  for (let round = 0; round < 5; round++) {
    try {
      return await fetch(path);
    } catch {
      console.warn('retrying', opts);
      await pause(opts.gap);
    }
  }
  throw new Error('no download');
}
`,
      errors: fixed(4, 3, 4, 42, loop, '`opts.gap` (the same every time)', 'up to 5 attempts'),
    },
    {
      name: 'a parameter passed on unchanged by a recursion (TS)',
      code: `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, gap: number, left = 2): Promise<Response> {
  try {
    return await fetch(path);
  } catch (err) {
    if (left === 0) throw err;
    await pause(gap);
    return download(path, gap, left - 1);
  }
}
`,
      errors: fixed(9, 12, 9, 41, '`download()` retrying itself', '`gap` (the same every time)', 'up to 3 attempts'),
    },
  ],
});

const growing = (line: number, column: number, what: string, delay: string, attempts: string) => [{ messageId: 'missingJitter' as const, line, column, data: { what, delay, attempts } }];

ruleTester.run('require-jitter on waits solved as recurrences', jitterRule, {
  valid: [
    ...unknownWaits,
    {
      name: 'halving the wait in the recursion argument is no growth of ours',
      code: `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, left = 4, gap = 8000): Promise<Response> {
  try {
    return await fetch(path);
  } catch (err) {
    if (left === 0) throw err;
    await pause(gap);
    return download(path, left - 1, gap / 2);
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'recursion doubling its wait argument (TS)',
      code: `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, gap = 300, left = 4): Promise<Response> {
  try {
    return await fetch(path);
  } catch (err) {
    if (left <= 0) throw err;
    await pause(gap);
    return download(path, gap * 2, left - 1);
  }
}
`,
      errors: growing(9, 12, '`download()` retrying itself', '300 ms × 2^n', 'up to 5 attempts'),
    },
    {
      name: 'recursion adding a fixed step to its wait argument (JS): the step leads',
      code: `
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
export async function download(path, left = 4, gap = 500) {
  try {
    return await fetch(path);
  } catch (err) {
    if (left === 1) throw err;
    await pause(gap);
    return download(path, left - 1, gap + 1500);
  }
}
`,
      filename: 'file.js',
      errors: growing(9, 12, '`download()` retrying itself', 'a linear 1.5 s × n', 'up to 4 attempts'),
    },
    {
      name: 'a timer recursion (JS) doubling its wait under a cap',
      code: `
export function subscribe(url, gap = 250) {
  const source = new EventSource(url);
  source.onerror = () => { source.close(); setTimeout(() => subscribe(url, Math.min(gap * 2, 20000)), gap); };
}
`,
      filename: 'file.js',
      errors: growing(4, 61, '`subscribe()` retrying itself', '250 ms × 2^n, capped at 20 s', 'no limit on attempts'),
    },
    {
      name: 'a timer recursion (TS) with the argument grown linearly, rounded',
      code: `
export function subscribe(url: string, gap = 1000): void {
  const source = new EventSource(url);
  source.onerror = () => { source.close(); setTimeout(() => subscribe(url, Math.round(gap + 750)), gap); };
}
`,
      errors: growing(4, 61, '`subscribe()` retrying itself', 'a linear 750 ms × n', 'no limit on attempts'),
    },
    {
      name: 'an instance field doubled under a cap on every failure (TS loop)',
      code: `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export class Downloader {
  private gap = 200;
  async get(path: string) {
    for (let round = 0; round < 6; round++) {
      try {
        return await fetch(path);
      } catch {
        await pause(this.gap);
        this.gap = Math.min(2 * this.gap, 10_000);
      }
    }
    throw new Error('no download');
  }
}
`,
      errors: growing(6, 5, loop, '200 ms × 2^n, capped at 10 s', 'up to 6 attempts'),
    },
    {
      name: 'a local wait tripled plus an offset (JS loop): the offset dropped',
      code: `
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
export async function download(path) {
  let gap = 100;
  for (let round = 0; round < 5; round++) {
    try {
      return await fetch(path);
    } catch {
      await pause(gap);
      gap = gap * 3 + 50;
    }
  }
  throw new Error('no download');
}
`,
      filename: 'file.js',
      errors: growing(5, 3, loop, '100 ms × 3^n', 'up to 5 attempts'),
    },
    {
      name: 'a wait grown by a step fixed before the loop (TS, compound assignment)',
      code: `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function download(path: string, step: number) {
  let gap = 100;
  for (let round = 0; round < 5; round++) {
    try {
      return await fetch(path);
    } catch {
      await pause(gap);
      gap += step;
    }
  }
  throw new Error('no download');
}
`,
      errors: growing(5, 3, loop, 'a linearly growing delay', 'up to 5 attempts'),
    },
  ],
});
