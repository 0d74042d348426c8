import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// `this.options` of `constructor(private options: Options)` read as what every construction of
// the package hands it (constructions.ts; not when a class of the module extends it); and the
// options object a function returns when it is a `const` literal it fills from defaults (`const s = { ...defaults, ...given }; if (s.tries < 1) s.tries = 1; return s;`),
// every key but those it writes (tests/cross-file/constructed-once).

const SLEEP = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));`;
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

const LOOP = `
class Loop {
  constructor(private op: () => Promise<void>, private opts: { base: number; factor: number; spread?: boolean }) {}
  async run() {
    for (let i = 0; i < 5; i++) {
      try { return await this.op(); } catch (err) {
        const wait = this.opts.base * this.opts.factor ** i;
        await sleep(this.opts.spread ? Math.random() * wait : wait);
      }
    }
  }
}`;

ruleTester.run('require-jitter on options a class made once is handed', requireJitter, {
  valid: [
    {
      name: 'the defaults spread the wait and the one construction keeps them',
      code: `${SLEEP}
const DEFAULTS = { base: 200, factor: 3, spread: true };
export function start(op: () => Promise<void>, o = {}) {
  const n = { ...DEFAULTS, ...o };
  return new Loop(op, n).run();
}${LOOP}
`,
    },
    {
      name: 'made in two places, one with what its caller gives',
      code: `${SLEEP}
const DEFAULTS = { base: 200, factor: 3, spread: true };
export function start(op: () => Promise<void>) {
  return new Loop(op, { ...DEFAULTS, spread: false }).run();
}
export function startWith(op: () => Promise<void>, given: { base: number; factor: number; spread?: boolean }) {
  return new Loop(op, given).run();
}${LOOP}
`,
    },
    {
      name: 'a method of the class replaces the options it was made with',
      code: `${SLEEP}
const DEFAULTS = { base: 200, factor: 3, spread: true };
export function start(op: () => Promise<void>) {
  const loop = new Loop(op, { ...DEFAULTS, spread: false });
  loop.reset({ ...DEFAULTS, spread: true });
  return loop.run();
}
class Loop {
  constructor(private op: () => Promise<void>, private opts: { base: number; factor: number; spread?: boolean }) {}
  reset(next: { base: number; factor: number; spread?: boolean }) { this.opts = next; }
  async run() {
    for (let i = 0; i < 5; i++) {
      try { return await this.op(); } catch (err) {
        const wait = this.opts.base * this.opts.factor ** i;
        await sleep(this.opts.spread ? Math.random() * wait : wait);
      }
    }
  }
}
`,
    },
    {
      name: 'a subclass may hand its own options on',
      code: `${SLEEP}
const DEFAULTS = { base: 200, factor: 3, spread: true };
export function start(op: () => Promise<void>) {
  return new Loop(op, { ...DEFAULTS, spread: false }).run();
}${LOOP}
export class Wider extends Loop {}
`,
    },
    {
      name: 'the normalising function writes the key that says whether to spread',
      code: `${SLEEP}
const DEFAULTS = { base: 200, factor: 3, spread: false };
function normalise(o: object) {
  const n = { ...DEFAULTS, ...o };
  if (!n.spread) n.spread = Math.random() < 2;
  return n;
}
export function start(op: () => Promise<void>, o = {}) {
  const n = normalise(o);
  return new Loop(op, n).run();
}${LOOP}
`,
    },
    {
      name: 'the normalising function writes the growth factor: the wait is not read',
      code: `${SLEEP}
const DEFAULTS = { base: 200, factor: 3, spread: false };
function normalise(o: object) {
  const n = { ...DEFAULTS, ...o };
  if (n.factor < 1) n.factor = 1;
  return n;
}
export function start(op: () => Promise<void>, o = {}) {
  const n = normalise(o);
  return new Loop(op, n).run();
}${LOOP}
`,
    },
    {
      name: 'the normalised object is handed to a call that may change it',
      code: `${SLEEP}
declare function tune(o: object): void;
const DEFAULTS = { base: 200, factor: 3, spread: false };
function normalise(o: object) {
  const n = { ...DEFAULTS, ...o };
  tune(n);
  return n;
}
export function start(op: () => Promise<void>, o = {}) {
  const n = normalise(o);
  return new Loop(op, n).run();
}${LOOP}
`,
    },
    { name: 'an imported normaliser whose defaults spread the wait', ...file('constructed-once/spread.ts') },
    { name: 'made in two places (across modules)', ...file('constructed-once/twice.ts') },
  ],
  invalid: [
    {
      // Read as every construction of the package hands it (constructions.ts): the one in its own module turns the spread off.
      name: 'an exported class, made in its package once',
      ...file('constructed-once/exported.ts'),
      errors: [{ messageId: 'missingJitter', line: 15, column: 5, endLine: 15, endColumn: 26, data: { what: 'This retry loop', delay: 'an exponentially growing delay', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'a normalising function of the file clamps another key',
      code: `${SLEEP}
const DEFAULTS = { base: 200, factor: 3, spread: false, limit: 5 };
function normalise(o: object) {
  const n = { ...DEFAULTS, ...o };
  if (n.limit < 1) n.limit = 1;
  return n;
}
export function start(op: () => Promise<void>, o = {}) {
  const n = normalise(o);
  return new Loop(op, n).run();
}${LOOP}
`,
      errors: [{ messageId: 'missingJitter', line: 15, column: 5, endLine: 15, endColumn: 32, data: { what: 'This retry loop', delay: '200 ms × 3^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'the one construction turns the spread off',
      code: `${SLEEP}
const DEFAULTS = { base: 200, factor: 3, spread: true };
export function start(op: () => Promise<void>) {
  return new Loop(op, { ...DEFAULTS, spread: false }).run();
}${LOOP}
`,
      errors: [{ messageId: 'missingJitter', line: 9, column: 5, endLine: 9, endColumn: 32, data: { what: 'This retry loop', delay: '200 ms × 3^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'an imported normaliser that clamps the tries, the wait from its defaults',
      ...file('constructed-once/growing.ts'),
      errors: [{ messageId: 'missingJitter', line: 15, column: 5, endLine: 15, endColumn: 26, data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'the one construction across modules turns the spread off',
      ...file('constructed-once/spread-off.ts'),
      errors: [{ messageId: 'missingJitter', line: 15, column: 5, endLine: 15, endColumn: 26, data: { what: 'This retry loop', delay: 'an exponentially growing delay', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on options a class made once is handed', noFixedSleepRetry, {
  valid: [{ name: 'a growing wait from an imported normaliser', ...file('constructed-once/growing.ts') }],
  invalid: [
    {
      name: 'the literal the one construction hands it',
      code: `${SLEEP}
class Pacer {
  constructor(private op: () => Promise<void>, private opts: { gap: number }) {}
  async run() {
    for (let i = 0; i < 3; i++) {
      try { return await this.op(); } catch (err) { await sleep(this.opts.gap); }
    }
  }
}
export const pace = (op: () => Promise<void>) => new Pacer(op, { gap: 300 }).run();
`,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 5, endLine: 5, endColumn: 32, data: { what: 'This retry loop', delay: 'a fixed 300 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});
