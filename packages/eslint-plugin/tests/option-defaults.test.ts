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
      errors: [{ messageId: 'missingJitter', line: 11, column: 63, endLine: 11, endColumn: 88, data: { what: '`attempt()` retrying itself', delay: 'an exponentially growing delay', attempts: 'a limited number of attempts' } }],
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

ruleTester.run('no-fixed-sleep-retry with normalised options', fixedRule, {
  valid: [
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
