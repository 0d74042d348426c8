import fixedRule from '../src/rules/no-fixed-sleep-retry.js';
import jitterRule from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// Retry policies read from an options object whose defaults the code writes out: a random term
// scaled by an option that falls back to 0 is no jitter by default; options normalised before
// the retry (`opts = opts || {}`) are still the caller's, fixed for the whole retry.

ruleTester.run('require-jitter with options that default to no jitter', jitterRule, {
  valid: [
    {
      // The spread falls back to 250 ms: jittered whether or not the caller sets it.
      name: 'a random term whose option falls back to a non-zero spread',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(opts: { spreadMs?: number }) {
  for (let i = 0; i < 4; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(200 * 2 ** i + Math.random() * (opts.spreadMs || 250));
    }
  }
}
`,
    },
    {
      // No fallback written: what the caller passes is not known, so neither is "no jitter".
      name: 'a random term scaled by an option with no default',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(opts: { spreadMs: number }) {
  for (let i = 0; i < 4; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(200 * 2 ** i + Math.random() * opts.spreadMs);
    }
  }
}
`,
    },
    {
      // The option that defaults to 0 is added, not the scale of the random part.
      name: 'an offset option that defaults to 0 next to a real random term',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(opts: { extraMs?: number }) {
  for (let i = 0; i < 4; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(100 * 2 ** i * Math.random() + (opts.extraMs ?? 0));
    }
  }
}
`,
    },
    {
      // A helper that always adds randomness stays jitter.
      name: 'a jitter helper whose spread does not come from an option',
      code: `
function spread(ms: number, width: number): number {
  return ms + Math.random() * width;
}
export function connect(opts: { tries: number }, n = 0): void {
  open().catch(() => {
    if (n >= 5) return;
    setTimeout(() => connect(opts, n + 1), spread(100 * 2 ** n, 100));
  });
}
declare function open(): Promise<void>;
`,
    },
  ],
  invalid: [
    {
      name: 'a random term scaled by `opts.jitterMs || 0`',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(opts: { jitterMs?: number }) {
  for (let i = 0; i < 4; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(200 * 2 ** i + Math.random() * (opts.jitterMs || 0));
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 30, data: { what: 'This retry loop', delay: '200 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a jitter helper handed `config.noise ?? 0`',
      code: `
function withNoise(ms: number, noise: number): number {
  const next = ms + Math.random() * noise * (Math.random() < 0.5 ? -1 : 1);
  return Math.max(0, next);
}
export async function send(config: { noise?: number }) {
  const noise = config.noise ?? 0;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await fetch('/send');
    } catch {
      await new Promise((r) => setTimeout(r, withNoise(500 * 2 ** attempt, noise)));
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 8, column: 3, endLine: 8, endColumn: 49, data: { what: 'This retry loop', delay: '500 ms × 2^n', attempts: 'up to 3 attempts' } }],
    },
    {
      // Options normalised first (a number becomes `{ max }`), the jitter read from a literal built from them.
      name: 'recursion over normalised options whose jitter defaults to 0',
      code: `
function addJitter(ms: number, spread: number): number {
  return ms + Math.random() * spread;
}
export function attempt(op: () => Promise<unknown>, input: number | { max: number; base?: number; jitter?: number }, n = 1): Promise<unknown> {
  input = typeof input === 'number' ? { max: input } : input;
  const opts = { max: input.max, base: input.base === undefined ? 100 : input.base, jitter: input.jitter || 0 };
  return op().catch((err) => {
    if (n >= opts.max) throw err;
    const wait = addJitter(opts.base * 2 ** n, opts.jitter);
    return new Promise((r) => setTimeout(r, wait)).then(() => attempt(op, input, n + 1));
  });
}
`,
      errors: [{ messageId: 'missingJitter', line: 11, column: 63, endLine: 11, endColumn: 88, data: { what: '`attempt()` retrying itself', delay: '100 ms × 2^n', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'a random term multiplied by a constant 0',
      code: `
const JITTER_MS = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000 * 2 ** i + Math.random() * JITTER_MS);
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, endLine: 5, endColumn: 30, data: { what: 'This retry loop', delay: '1 s × 2^n', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter with option defaults written before the retry', jitterRule, {
  valid: [
    {
      // The flag defaults to on: the random branch is the one taken.
      name: '`options.jitter ??= true` picks the random wait',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function run(op: () => Promise<unknown>, options: { jitter?: boolean } = {}) {
  options.jitter ??= true;
  for (let n = 0; n < 3; n++) {
    try {
      return await op();
    } catch {
      await sleep(options.jitter ? Math.random() * 1000 * 2 ** n : 1000 * 2 ** n);
    }
  }
}
`,
    },
    {
      // No default written: the flag may be on.
      name: 'a flag with no default may pick the random wait',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function run(op: () => Promise<unknown>, options: { jitter?: boolean }) {
  for (let n = 0; n < 3; n++) {
    try {
      return await op();
    } catch {
      await sleep(options.jitter ? Math.random() * 1000 * 2 ** n : 1000 * 2 ** n);
    }
  }
}
`,
    },
    {
      // The default is set inside the attempt, after the flag may have been turned on: not a default before the retry.
      name: 'a flag defaulted inside the loop is not read as its default',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function run(op: () => Promise<unknown>, options: { spread?: boolean }) {
  for (let n = 0; n < 3; n++) {
    try {
      return await op();
    } catch {
      options.spread ??= false;
      await sleep(options.spread ? Math.random() * 500 * 2 ** n : 500 * 2 ** n);
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'defaults written with `??=` after copying the options: exponential, not randomized',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function withRetry(op: () => Promise<unknown>, options: { retries?: number; factor?: number; minTimeout?: number; randomize?: boolean } = {}) {
  options = { ...options };
  options.retries ??= 5;
  options.factor ??= 2;
  options.minTimeout ??= 500;
  options.randomize ??= false;
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    try {
      return await op();
    } catch {
      const random = options.randomize ? Math.random() + 1 : 1;
      await sleep(random * options.minTimeout * options.factor ** attempt);
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 9, column: 3, endLine: 9, endColumn: 63, data: { what: 'This retry loop', delay: '500 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'a boolean parameter that defaults to false picks the plain branch',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function poll(op: () => Promise<unknown>, spread = false) {
  for (let i = 1; i <= 4; i++) {
    try {
      return await op();
    } catch {
      await sleep(spread ? 250 * 2 ** i * Math.random() : 250 * 2 ** i);
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 31, data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with normalised options', fixedRule, {
  valid: [
    {
      // The default is where the wait starts; the loop doubles it.
      name: 'a defaulted delay that the loop doubles',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function send(op: () => Promise<unknown>, options: { delay?: number } = {}) {
  options.delay ??= 200;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await op();
    } catch {
      await sleep(options.delay);
      options.delay *= 2;
    }
  }
}
`,
    },
    {
      // Rebuilt from its own wait inside the loop: the wait changes, it is not the caller's any more.
      name: 'options rebuilt with a grown delay each attempt',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(opts: { delay: number }) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(opts.delay);
      opts = { ...opts, delay: opts.delay * 2 };
    }
  }
}
`,
    },
    {
      // A random term off by default does not make the wait fixed when the rest of it grows.
      name: 'a growing wait with a random term that defaults to 0',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(opts: { jitter?: number }) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(100 * 2 ** i + Math.random() * (opts.jitter ?? 0));
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'defaults written with `??=` and `||=` before the loop',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function send(op: () => Promise<unknown>, options: { retries?: number; delay?: number } = {}) {
  options.retries ??= 3;
  options.delay ||= 1000;
  for (let attempt = 0; attempt < options.retries; attempt++) {
    try {
      return await op();
    } catch {
      await sleep(options.delay);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 62, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: '`opts = opts || {}` before the loop: the delay is still the caller\'s, the same every time',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(opts?: { delay?: number }) {
  opts = opts || {};
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(opts.delay);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 30, data: { what: 'This retry loop', delay: '`opts.delay` (the same every time)', attempts: 'up to 3 attempts' } }],
    },
    {
      name: '`options = Object.assign({}, options)` before the loop',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(options: { pauseMs: number }) {
  options = Object.assign({}, options);
  for (let i = 0; i < 4; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(options.pauseMs);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 30, data: { what: 'This retry loop', delay: '`options.pauseMs` (the same every time)', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a random term that defaults to 0 on a fixed wait',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(opts: { jitter?: number }) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(750 + Math.random() * (opts.jitter || 0));
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter with the wait in a function the failure path awaits', jitterRule, {
  valid: [
    {
      // The function's wait is randomized: jitter, wherever it is computed.
      name: 'a failure handler that waits a random share of the backoff',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function onFailure(attempt: number): Promise<void> {
  await sleep(Math.random() * 100 * 2 ** attempt);
}
export async function run(op: () => Promise<unknown>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await op();
    } catch {
      await onFailure(attempt);
    }
  }
}
`,
    },
    {
      // Two waits in the function: which one runs between attempts is not shown.
      name: 'a failure handler with two waits',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function onFailure(attempt: number, slow: boolean): Promise<void> {
  if (slow) {
    await sleep(1000 * 2 ** attempt);
    return;
  }
  await sleep(Math.random() * 1000);
}
export async function run(op: () => Promise<unknown>, slow: boolean) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await op();
    } catch {
      await onFailure(attempt, slow);
    }
  }
}
`,
    },
    {
      // The flag defaults to on before the retry: the helper takes the random branch.
      name: 'a failure handler reading a jitter flag that defaults to on',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
interface Options { base?: number; jitter?: boolean }
function waitFor(n: number, options: Options): number {
  const d = options.base! * 2 ** n;
  return options.jitter ? Math.random() * d : d;
}
async function afterFailure({ n, options }: { n: number; options: Options }): Promise<void> {
  await sleep(waitFor(n, options));
}
export async function run(op: () => Promise<unknown>, options: Options = {}) {
  options.base ??= 100;
  options.jitter ??= true;
  for (let n = 0; n < 4; n++) {
    try {
      return await op();
    } catch {
      await afterFailure({ n, options });
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'the wait computed by helpers from defaulted options handed over in an object',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
interface Options { limit?: number; base?: number; spread?: boolean }
function waitFor(n: number, options: Options): number {
  const d = options.base! * 2 ** n;
  return options.spread ? Math.random() * d : d;
}
async function afterFailure({ error, n, options }: { error: unknown; n: number; options: Options }): Promise<void> {
  if (options.spread === undefined) throw error;
  await sleep(waitFor(n, options));
}
export async function run(op: () => Promise<unknown>, options: Options = {}) {
  options = { ...options };
  options.limit ??= 4;
  options.base ??= 250;
  options.spread ??= false;
  let n = 0;
  while (n < options.limit) {
    try {
      return await op();
    } catch (error) {
      await afterFailure({ error, n, options });
      n++;
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 18, column: 3, endLine: 18, endColumn: 28, data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with the wait in a function the failure path awaits', fixedRule, {
  valid: [
    {
      // Not awaited: the loop does not wait for it, and what it does is not the wait between attempts.
      name: 'a handler started without await',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function report(error: unknown): Promise<void> {
  await sleep(1000);
  console.error(error);
}
export async function run(op: () => Promise<unknown>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await op();
    } catch (error) {
      void report(error);
      await sleep(Math.random() * 2000);
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'a method that waits a class field',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export class Client {
  private pauseMs = 2000;
  private async handleFailure(attempt: number): Promise<void> {
    console.warn('retrying', attempt);
    await sleep(this.pauseMs);
  }
  async send(): Promise<unknown> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await fetch('/send');
      } catch {
        await this.handleFailure(attempt);
      }
    }
    return undefined;
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 10, column: 5, endLine: 10, endColumn: 50, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a handler that waits an option defaulted before the loop',
      code: `
async function onError(error: unknown, opts: { interval?: number }): Promise<void> {
  console.warn(error);
  await new Promise((resolve) => setTimeout(resolve, opts.interval));
}
export async function poll(op: () => Promise<unknown>, opts: { interval?: number; tries?: number } = {}) {
  opts.interval ??= 1000;
  opts.tries ??= 5;
  for (let i = 0; i < opts.tries; i++) {
    try {
      return await op();
    } catch (error) {
      await onError(error, opts);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 3, endLine: 9, endColumn: 39, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter with the wait computed by a function named like a wait', jitterRule, {
  valid: [
    {
      name: 'a computed wait that is randomized',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function nextDelay(n: number): number {
  return Math.random() * 100 * 2 ** n;
}
export async function run(op: () => Promise<unknown>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await op();
    } catch {
      const d = nextDelay(attempt);
      await sleep(d);
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      // computeDelay has no timer and its result is not awaited: it computes the wait, sleep(d) makes it.
      name: 'a wait computed into a const by a function named like a delay',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function computeDelay(n: number): number {
  return 100 * 2 ** n;
}
export async function run(op: () => Promise<unknown>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await op();
    } catch {
      const d = computeDelay(attempt);
      await sleep(d);
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 7, column: 3, endLine: 7, endColumn: 48, data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with the wait computed by a function named like a wait', fixedRule, {
  valid: [],
  invalid: [
    {
      // A statement of its own (a blocking wait with no timer): still the wait, not an immediate retry.
      name: 'a blocking sleep helper called as a statement stays the wait',
      code: `
function sleep(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // spin
  }
}
export function run(op: () => unknown) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return op();
    } catch {
      sleep(500);
    }
  }
  return undefined;
}
`,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 3, endLine: 9, endColumn: 48, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a constant wait returned by a function named like a wait',
      code: `
function retryWait(): number {
  return 2000;
}
export async function run(op: () => Promise<unknown>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await op();
    } catch {
      const pause = retryWait();
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 48, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with options merged over written-out defaults', fixedRule, {
  valid: [
    {
      // The defaults turn jitter on: the random wait is the one taken.
      name: 'defaults spread first, jitter on by default',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DEFAULTS = { tries: 4, pauseMs: 300, jitter: true };
export async function call(op: () => Promise<unknown>, opts: Partial<typeof DEFAULTS>) {
  const o = { ...DEFAULTS, ...opts };
  for (let i = 0; i < o.tries; i++) {
    try {
      return await op();
    } catch {
      await sleep(o.jitter ? Math.random() * o.pauseMs : o.pauseMs);
    }
  }
}
`,
    },
    {
      // A copy with no defaults written: the flag is the caller's, it may be on.
      name: 'options copied without defaults',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function call(op: () => Promise<unknown>, opts: { jitter?: boolean }) {
  const o = { ...opts };
  for (let i = 0; i < 4; i++) {
    try {
      return await op();
    } catch {
      await sleep(o.jitter ? Math.random() * 300 : 300);
    }
  }
}
`,
    },
    {
      // Compared with the string 'undefined', not tested for absence: no default is read.
      name: 'a comparison with the string undefined is not a default',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function call(op: () => Promise<unknown>, opts: { mode?: string; jitter: boolean }) {
  for (let i = 0; i < 4; i++) {
    try {
      return await op();
    } catch {
      await sleep(opts.mode === 'undefined' ? false : opts.jitter ? Math.random() * 300 : 300);
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'defaults spread first, jitter off by default',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DEFAULTS = { tries: 4, pauseMs: 300, jitter: false };
export async function call(op: () => Promise<unknown>, opts: Partial<typeof DEFAULTS>) {
  const o = { ...DEFAULTS, ...opts };
  for (let i = 0; i < o.tries; i++) {
    try {
      return await op();
    } catch {
      await sleep(o.jitter ? Math.random() * o.pauseMs : o.pauseMs);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 36, data: { what: 'This retry loop', delay: 'a fixed 300 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'defaults from a function that fills in what the caller left out',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function withDefaults(options?: { delay?: number; tries?: number }) {
  if (!options) options = {};
  return {
    delay: options.delay === undefined ? 250 : options.delay,
    tries: typeof options.tries === 'undefined' ? 6 : options.tries,
  };
}
export async function call(op: () => Promise<unknown>, opts?: { delay?: number; tries?: number }) {
  const o = withDefaults(opts);
  for (let i = 0; i < o.tries; i++) {
    try {
      return await op();
    } catch {
      await sleep(o.delay);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 12, column: 3, endLine: 12, endColumn: 36, data: { what: 'This retry loop', delay: 'a fixed 250 ms', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter with options merged over written-out defaults', jitterRule, {
  valid: [],
  invalid: [
    {
      name: 'Object.assign over a defaults object',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DEFAULTS = { retries: 4, delay: 300 };
export async function call(op: () => Promise<unknown>, opts: { retries?: number; delay?: number }) {
  const o = Object.assign({}, DEFAULTS, opts);
  for (let i = 0; i < o.retries; i++) {
    try {
      return await op();
    } catch {
      await sleep(o.delay * 2 ** i);
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 6, column: 3, endLine: 6, endColumn: 38, data: { what: 'This retry loop', delay: '300 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'the !== form of a written default',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function call(op: () => Promise<unknown>, opts: { base?: number }) {
  const cfg = { base: opts.base !== undefined ? opts.base : 150 };
  for (let i = 0; i < 3; i++) {
    try {
      return await op();
    } catch {
      await sleep(cfg.base * 2 ** i);
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, endLine: 5, endColumn: 30, data: { what: 'This retry loop', delay: '150 ms × 2^n', attempts: 'up to 3 attempts' } }],
    },
  ],
});
