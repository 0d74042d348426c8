import fixedRule from '../src/rules/no-fixed-sleep-retry.js';
import jitterRule from '../src/rules/require-jitter.js';
import unboundedRule from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// Branches a delay helper takes with the defaults the code writes out: `if (opts.growth)` with
// growth 0 by default skips the growth, `if (opts.randomize)` with `randomize: opts.randomize
// === true` skips the randomness, `if (pause === 0) return 0` with a known pause is not taken.
// A counter kept in an object (`state.left--`) counts from the literal's value.

const DEFAULTS = `
function withDefaults(opts?: { pause?: number; growth?: number; limit?: number; randomize?: boolean }) {
  if (!opts) opts = {};
  return {
    pause: opts.pause === undefined ? 250 : opts.pause,
    growth: opts.growth === undefined ? GROWTH : opts.growth,
    limit: opts.limit === undefined ? 4 : opts.limit,
    randomize: RANDOMIZE,
  };
}
function nextPause(state: { tries: number }, opts: { pause: number; growth: number; randomize: boolean }) {
  let pause = opts.pause;
  if (pause === 0) return 0;
  if (opts.growth) {
    pause *= Math.pow(opts.growth, state.tries);
  }
  if (opts.randomize) {
    pause = Math.floor(Math.random() * pause);
  }
  return pause;
}`;

const RECURSION = `
export async function withRetry(task: (s: unknown) => Promise<unknown>, given?: { pause?: number }) {
  const opts = withDefaults(given);
  const state = { tries: 0, left: opts.limit ? opts.limit : -1, stopped: false };
  async function once(): Promise<unknown> {
    ABORT
    const onFailure = async (err: unknown) => {
      if (GUARD) throw err;
      state.tries++;
      const pause = nextPause(state, opts);
      if (pause) await new Promise((r) => setTimeout(r, pause));
      return once();
    };
    if (state.left > 0) state.left--;
    return task(state).catch(onFailure);
  }
  return once();
}`;

function recursion(growth: string, randomize: string, guard = 'state.left === 0', abort = ''): string {
  return DEFAULTS.replace('GROWTH', growth).replace('RANDOMIZE', randomize) + RECURSION.replace('GUARD', guard).replace('ABORT', abort);
}

// The retry's line and columns in RECURSION after DEFAULTS (`return once();` inside onFailure).
const LINE = 32;
const AT = { line: LINE, column: 14, endLine: LINE, endColumn: 20 };

ruleTester.run('no-fixed-sleep-retry with option branches the defaults do not take', fixedRule, {
  valid: [
    {
      name: 'growth defaulting to 2 makes the wait grow',
      code: recursion('2', 'opts.randomize === true'),
    },
    {
      name: 'randomness on unless the caller turns it off',
      code: recursion('0', 'opts.randomize !== false'),
    },
    {
      // Not an option normalised where the defaults are written: what the flag holds is not known.
      name: 'a flag compared with true outside the defaults',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function poll(op: () => Promise<unknown>, cfg: { spread: boolean }) {
  for (let i = 0; i < 5; i++) {
    try {
      return await op();
    } catch {
      const wait = cfg.spread === true ? Math.random() * 400 : 400;
      await sleep(wait);
    }
  }
}
`,
    },
    {
      // The test reads what the attempt changes: either branch may run.
      name: 'growth switched on by the failure itself',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function send(op: () => Promise<unknown>) {
  let overloaded = false;
  let wait = 300;
  for (let i = 0; i < 5; i++) {
    try {
      return await op();
    } catch (e) {
      overloaded = (e as { status?: number }).status === 503;
    }
    if (overloaded) wait = wait * 2;
    await sleep(wait);
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'growth off by default (0 is false) and randomness behind a flag that defaults off',
      code: recursion('0', 'opts.randomize === true'),
      errors: [{ messageId: 'fixedDelay', ...AT, data: { what: '`once()` retrying itself', delay: 'a fixed 250 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'an abort check at the top does not hide the count checked in the failure callback',
      code: recursion('0', 'opts.randomize === true', 'state.stopped || state.left === 0', "if (state.stopped) throw new Error('stopped');"),
      errors: [{ messageId: 'fixedDelay', ...AT, data: { what: '`once()` retrying itself', delay: 'a fixed 250 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a loop whose growth sits under an option that defaults to 0',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BASE = { waitMs: 500, multiplier: 0, tries: 3 };
export async function push(op: () => Promise<unknown>, given: Partial<typeof BASE>) {
  const o = { ...BASE, ...given };
  for (let i = 0; i < o.tries; i++) {
    try {
      return await op();
    } catch {
      let wait = o.waitMs;
      if (o.multiplier) wait = wait * o.multiplier ** i;
      await sleep(wait);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 36, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter with randomness behind a flag that defaults off', jitterRule, {
  valid: [
    {
      name: 'randomness on unless the caller turns it off',
      code: recursion('2', 'opts.randomize !== false'),
    },
    {
      // The caller's flag is read as it is, with no default written: it may be on.
      name: 'a flag read straight from the caller',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function pauseFor(n: number, opts: { spread?: boolean }) {
  let ms = 100 * 2 ** n;
  if (opts.spread) ms = Math.random() * ms;
  return ms;
}
export async function load(op: () => Promise<unknown>, opts: { spread?: boolean }) {
  for (let n = 0; n < 4; n++) {
    try {
      return await op();
    } catch {
      await sleep(pauseFor(n, opts));
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'growth on by default, randomness behind a flag that defaults off',
      code: recursion('2', 'opts.randomize === true'),
      errors: [{ messageId: 'missingJitter', ...AT, data: { what: '`once()` retrying itself', delay: '250 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a flag compared with true where the defaults are written',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function settle(given: { jitter?: boolean; base?: number }) {
  return { base: given.base === undefined ? 200 : given.base, jitter: given.jitter === true };
}
function pauseFor(n: number, cfg: { base: number; jitter: boolean }) {
  const ms = cfg.base * 2 ** n;
  return cfg.jitter ? Math.random() * ms : ms;
}
export async function load(op: () => Promise<unknown>, given: { jitter?: boolean; base?: number }) {
  const cfg = settle(given);
  for (let n = 0; n < 4; n++) {
    try {
      return await op();
    } catch {
      await sleep(pauseFor(n, cfg));
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 12, column: 3, endLine: 12, endColumn: 30, data: { what: 'This retry loop', delay: '200 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a counter kept in an object', unboundedRule, {
  valid: [
    {
      name: 'a count left in an object literal, stepped down, checked in the failure callback',
      code: recursion('0', 'opts.randomize === true', 'state.stopped || state.left === 0', "if (state.stopped) throw new Error('stopped');"),
    },
    {
      name: 'a count up in an object, checked against a limit',
      code: `
export function fetchWithRetry(url: string): Promise<Response> {
  const tally = { made: 0 };
  const go = (): Promise<Response> =>
    fetch(url).catch((err) => {
      if (tally.made >= 5) throw err;
      return new Promise((r) => setTimeout(r, 100 * 2 ** tally.made + Math.random() * 100)).then(go);
    }).finally(() => { tally.made++; });
  return go();
}
`,
    },
  ],
  invalid: [
    {
      // Counting attempts in an object is not a limit: nothing compares the count.
      name: 'a count kept in an object that nothing checks',
      code: `
export function reconnect(open: () => Promise<void>): Promise<void> {
  const stats = { tries: 0 };
  const again = (): Promise<void> =>
    open().catch(() => {
      stats.tries++;
      return new Promise((r) => setTimeout(r, 1000 * 2 ** stats.tries + Math.random() * 500)).then(again);
    });
  return again();
}
`,
      errors: [{ messageId: 'unbounded', line: 7, column: 100, endLine: 7, endColumn: 105 }],
    },
  ],
});

// A strategy option called through `.call(this, …)`: the function the defaults give, with the
// arguments after `this`.
const CLIENT = (strategy: string) => `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DEFAULTS = {
  port: 6379,
  retryStrategy(times: number) {
    return ${strategy};
  },
};
export class Client {
  options: typeof DEFAULTS;
  attempts = 0;
  constructor(options: Partial<typeof DEFAULTS>) {
    this.options = { ...DEFAULTS, ...options };
  }
  dial(): Promise<unknown> {
    return fetch('/socket');
  }
  async open() {
    for (let i = 0; i < 8; i++) {
      try {
        return await this.dial();
      } catch {
        const wait = this.options.retryStrategy.call(this, ++this.attempts);
        await sleep(wait);
      }
    }
  }
}
`;

ruleTester.run('require-jitter with a default strategy called through .call', jitterRule, {
  valid: [
    {
      name: 'the default strategy adds randomness',
      code: CLIENT('Math.min(times * 50, 2000) + Math.random() * 100'),
    },
    {
      // `.call` of a method nobody here defines: what it returns is not known.
      name: 'a call method of an unknown object',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function run(rpc: { call(self: unknown, n: number): number }, op: () => Promise<unknown>) {
  for (let n = 0; n < 5; n++) {
    try {
      return await op();
    } catch {
      await sleep(rpc.call(null, n));
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'a linear default strategy with a cap',
      code: CLIENT('Math.min(times * 50, 2000)'),
      errors: [{ messageId: 'missingJitter', line: 19, column: 5, endLine: 19, endColumn: 32, data: { what: 'This retry loop', delay: 'a linear 50 ms × n, capped at 2 s', attempts: 'up to 8 attempts' } }],
    },
    {
      name: 'an exponential default strategy',
      code: CLIENT('100 * 2 ** times'),
      errors: [{ messageId: 'missingJitter', line: 19, column: 5, endLine: 19, endColumn: 32, data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 8 attempts' } }],
    },
  ],
});

// Options merged over written-out defaults in a class constructor, read through `this`.
const UPLOADER = (merge: string, extra = '') => `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DEFAULTS = { tries: 5, pauseMs: 400 };
function settle(given: { tries?: number; pauseMs?: number }) {
  return { tries: given.tries === undefined ? 3 : given.tries, pauseMs: given.pauseMs === undefined ? 750 : given.pauseMs };
}
export class Uploader {
  options: typeof DEFAULTS;
  constructor(given: Partial<typeof DEFAULTS>) {
    this.options = ${merge};
  }${extra}
  put(chunk: string): Promise<unknown> {
    return fetch('/upload', { method: 'PUT', body: chunk });
  }
  async send(chunk: string) {
    for (let i = 0; i < this.options.tries; i++) {
      try {
        return await this.put(chunk);
      } catch {
        await sleep(this.options.pauseMs);
      }
    }
  }
}
`;

ruleTester.run('no-fixed-sleep-retry with defaults merged in the constructor', fixedRule, {
  valid: [
    {
      // Another method replaces the options: the constructor's merge is not what a retry reads.
      name: 'options replaced after construction',
      code: UPLOADER('Object.assign({}, DEFAULTS, given)', `
  reconfigure(next: typeof DEFAULTS) {
    this.options = next;
  }`),
    },
  ],
  invalid: [
    {
      name: 'Object.assign over a defaults object in the constructor',
      code: UPLOADER('Object.assign({}, DEFAULTS, given)'),
      errors: [{ messageId: 'fixedDelay', line: 16, column: 5, endLine: 16, endColumn: 49, data: { what: 'This retry loop', delay: 'a fixed 400 ms', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a function of the file that fills in the defaults, called in the constructor',
      code: UPLOADER('settle(given)'),
      errors: [{ messageId: 'fixedDelay', line: 16, column: 5, endLine: 16, endColumn: 49, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});

// A limit behind a getter of the class: `while (!this.exhausted)` with `get exhausted() { return this.tries >= 5 }`.
const POSTER = (loop: string, guard = '') => `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export class Poster {
  tries = 0;
  get exhausted() {
    return this.tries >= 5;
  }
  async post(body: string) {
    ${loop} {
      try {
        return await fetch('/p', { method: 'POST', body });
      } catch (e) {
        this.tries++;
        ${guard}
        await sleep(800);
      }
    }
  }
}
`;

ruleTester.run('no-fixed-sleep-retry with a limit behind a getter', fixedRule, {
  valid: [],
  invalid: [
    {
      name: 'the loop runs while the getter says the limit is not reached',
      code: POSTER('while (!this.exhausted)'),
      errors: [{ messageId: 'fixedDelay', line: 9, column: 5, data: { what: 'This retry loop', delay: 'a fixed 800 ms', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'the failure path gives up when the getter says so',
      code: POSTER('for (;;)', 'if (this.exhausted) throw e;'),
      errors: [{ messageId: 'fixedDelay', line: 9, column: 5, data: { what: 'This retry loop', delay: 'a fixed 800 ms', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'one of two give-up conditions is the getter',
      code: POSTER('for (;;)', 'if ((e as Error).name === "AbortError" || this.exhausted) throw e;'),
      errors: [{ messageId: 'fixedDelay', line: 9, column: 5, data: { what: 'This retry loop', delay: 'a fixed 800 ms', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a limit behind a getter', unboundedRule, {
  valid: [
    { name: 'a getter counting attempts in the loop test', code: POSTER('while (!this.exhausted)') },
    { name: 'a getter counting attempts in a give-up guard', code: POSTER('for (;;)', 'if (this.exhausted) throw e;') },
  ],
  invalid: [
    {
      // Nothing reads the getter: the loop goes on for ever.
      name: 'a getter nobody checks',
      code: POSTER('for (;;)'),
      errors: [{ messageId: 'unbounded', line: 9, column: 5 }],
    },
  ],
});
