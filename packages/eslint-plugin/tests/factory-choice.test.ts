import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A strategy function a factory picks by an option: `const jitter = pickJitter(opts)` then
// `jitter(delay)`, the factory one `switch (opts.jitter)` whose cases return functions. The
// option read as any option is (what the caller hands, its defaults) picks the case; unknown,
// every function the factory may return is taken (tests/cross-file/factory-choice for a
// factory and its functions in other modules).

const SLEEP = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));`;
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

const PICKERS = `
function fullJitter(d: number) { return Math.round(Math.random() * d); }
function noJitter(d: number) { return d; }
function pickJitter(o: { jitter: string }) {
  switch (o.jitter) {
    case 'full':
      return fullJitter;
    case 'none':
    default:
      return noJitter;
  }
}`;

function retry(jitter: string): string {
  return `${SLEEP}${PICKERS}
const DEFAULTS = { jitter: ${jitter}, base: 100 };
export async function run(op: () => Promise<void>, options = {}) {
  const opts = { ...DEFAULTS, ...options };
  for (let i = 0; i < 5; i++) {
    try {
      return await op();
    } catch {
      const jitter = pickJitter(opts);
      await sleep(jitter(opts.base * 2 ** i));
    }
  }
}`;
}

// `for` of retry(…): after SLEEP (line 1) and PICKERS (11 lines) and 3 more.
const AT = { line: 16, column: 3, endLine: 16, endColumn: 30 };
const EXPONENTIAL = { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 5 attempts' };

ruleTester.run('require-jitter on a strategy function a factory picks by an option', requireJitter, {
  valid: [
    {
      name: 'the default picks the random function',
      code: retry(`'full'`),
    },
    {
      name: 'an option the analysis does not know, one of the functions random',
      code: `${SLEEP}${PICKERS}
export async function run(op: () => Promise<void>, opts: { jitter: string; base: number }) {
  for (let i = 0; i < 5; i++) {
    try {
      return await op();
    } catch {
      const jitter = pickJitter(opts);
      await sleep(jitter(100 * 2 ** i));
    }
  }
}`,
    },
    {
      name: 'the caller names the random one',
      code: `${SLEEP}${PICKERS}
export async function run(op: () => Promise<void>) {
  const opts = { jitter: 'full' };
  for (let i = 0; i < 5; i++) {
    try {
      return await op();
    } catch {
      const spread = pickJitter(opts);
      await sleep(spread(100 * 2 ** i));
    }
  }
}`,
    },
    {
      // The factory does more than switch: what it returns is not read, and a function called
      // `jitter` is taken at its word.
      name: 'a factory that does more than pick',
      code: `${SLEEP}
function noJitter(d: number) { return d; }
function pickJitter(o: { jitter: string }) {
  console.log('picking', o.jitter);
  switch (o.jitter) {
    default:
      return noJitter;
  }
}
export async function run(op: () => Promise<void>) {
  const opts = { jitter: 'none' };
  for (let i = 0; i < 5; i++) {
    try {
      return await op();
    } catch {
      const jitter = pickJitter(opts);
      await sleep(jitter(100 * 2 ** i));
    }
  }
}`,
    },
    {
      name: 'no case matches and there is no default: the factory returns nothing',
      code: `${SLEEP}
function noJitter(d: number) { return d; }
function pickJitter(o: { jitter: string }) {
  switch (o.jitter) {
    case 'none':
      return noJitter;
  }
}
export async function run(op: () => Promise<void>) {
  const opts = { jitter: 'half' };
  for (let i = 0; i < 5; i++) {
    try {
      return await op();
    } catch {
      const jitter = pickJitter(opts);
      await sleep(jitter(100 * 2 ** i));
    }
  }
}`,
    },
    { name: 'a factory of another module whose default picks the random function', ...file('factory-choice/wild-default.ts') },
  ],
  invalid: [
    {
      name: 'the default falls through to the plain function',
      code: retry(`'none'`),
      errors: [{ messageId: 'missingJitter', ...AT, data: EXPONENTIAL }],
    },
    {
      name: 'an option no case names takes the default case',
      code: retry(`'off'`),
      errors: [{ messageId: 'missingJitter', ...AT, data: EXPONENTIAL }],
    },
    {
      name: 'an option the analysis does not know, every function plain',
      code: `${SLEEP}
const linear = (d: number) => d;
const same = (d: number) => d;
function shapeFor(o: { shape: number }) {
  switch (o.shape) {
    case 1:
      return linear;
    default:
      return same;
  }
}
export async function run(op: () => Promise<void>, o: { shape: number }) {
  for (let i = 0; i < 4; i++) {
    try {
      return await op();
    } catch {
      const shape = shapeFor(o);
      await sleep(shape(250 * 3 ** i));
    }
  }
}`,
      errors: [{ messageId: 'missingJitter', line: 13, column: 3, endLine: 13, endColumn: 30, data: { ...EXPONENTIAL, delay: '250 ms × 3^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a factory of another module, its functions imported there, the default plain',
      ...file('factory-choice/even-default.ts'),
      errors: [{ messageId: 'missingJitter', line: 8, column: 3, endLine: 8, endColumn: 42, data: { ...EXPONENTIAL, delay: '300 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
  ],
});
