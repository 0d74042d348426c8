import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A wait a strategy object answers when its class takes the answering method, or the fields it
// reads, from a class it extends (of the file, or imported: tests/cross-file/strategy-inherit).
// The chain is read only while no class of it redefines a member of one it extends, every class
// of it is readable, and no constructor hands on to `super(…)`; otherwise no claim is made.

const SLEEP = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));`;
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('no-fixed-sleep-retry on a strategy that inherits its answer', noFixedSleepRetry, {
  valid: [
    {
      name: 'the subclass answers a spread wait of its own (an override)',
      code: `${SLEEP}
class Level {
  constructor(readonly gap: number) {}
  step() { return { duration: this.gap }; }
}
class Shaky extends Level {
  step() { return { duration: this.gap * Math.random() }; }
}
async function send(op: () => Promise<void>) {
  const shaky = new Shaky(300);
  for (let i = 0; i < 5; i++) {
    try { return await op(); } catch (err) {
      await sleep(shaky.step().duration);
    }
  }
}
`,
    },
    {
      name: 'the subclass constructor hands its own value on to super',
      code: `${SLEEP}
class Level {
  constructor(readonly gap: number) {}
  step() { return { duration: this.gap }; }
}
class Tuned extends Level {
  constructor(gap: number) { super(gap * Math.random()); }
}
async function send(op: () => Promise<void>) {
  const tuned = new Tuned(300);
  for (let i = 0; i < 5; i++) {
    try { return await op(); } catch (err) {
      await sleep(tuned.step().duration);
    }
  }
}
`,
    },
    {
      name: 'the base class is made by a call (extends an expression)',
      code: `${SLEEP}
declare function mixin<T>(base: T): T;
class Level {
  constructor(readonly gap: number) {}
  step() { return { duration: this.gap }; }
}
class Mixed extends mixin(Level) {}
async function send(op: () => Promise<void>) {
  const mixed = new Mixed(300);
  for (let i = 0; i < 5; i++) {
    try { return await op(); } catch (err) {
      await sleep(mixed.step().duration);
    }
  }
}
`,
    },
    {
      name: 'the subclass redefines a getter the base method reads',
      code: `${SLEEP}
class Level {
  constructor(readonly gap: number) {}
  get spread() { return 1; }
  step() { return { duration: this.gap * this.spread }; }
}
class Wobbly extends Level {
  get spread() { return Math.random(); }
}
async function send(op: () => Promise<void>) {
  const wobbly = new Wobbly(300);
  for (let i = 0; i < 5; i++) {
    try { return await op(); } catch (err) {
      await sleep(wobbly.step().duration);
    }
  }
}
`,
    },
    {
      name: 'the base class changes its own state',
      code: `${SLEEP}
class Counting {
  current = 100;
  step() { this.current += 100; return { duration: this.current }; }
}
class Slow extends Counting {}
async function send(op: () => Promise<void>) {
  const slow = new Slow();
  for (let i = 0; i < 5; i++) {
    try { return await op(); } catch (err) {
      await sleep(slow.step().duration);
    }
  }
}
`,
    },
    { name: 'an imported subclass that answers a spread wait of its own', ...file('strategy-inherit/scattered-policy.mjs') },
    { name: 'the subclass module itself', ...file('strategy-inherit/plan/calm.mjs') },
  ],
  invalid: [
    {
      name: 'an empty subclass takes the method and the constructor of the class it extends',
      code: `${SLEEP}
class Level {
  constructor(readonly gap: number) {}
  step() { return { duration: this.gap }; }
}
class Quiet extends Level {}
async function send(op: () => Promise<void>) {
  const quiet = new Quiet(300);
  for (let i = 0; i < 5; i++) {
    try { return await op(); } catch (err) {
      await sleep(quiet.step().duration);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 3, endLine: 9, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 300 ms', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'two levels up, the subclass adding a method of its own, the field from the base constructor default',
      code: `${SLEEP}
class Root {
  gap: number;
  constructor(gap = 600) { this.gap = gap; }
  first() { return this; }
}
class Middle extends Root {
  label() { return 'middle'; }
}
class Leaf extends Middle {}
async function send(op: () => Promise<void>) {
  const leaf = new Leaf();
  for (let i = 0; i < 4; i++) {
    try { return await op(); } catch (err) {
      await sleep(leaf.first().gap);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 13, column: 3, endLine: 13, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 600 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'an imported subclass of a class of a third module, its default gap',
      ...file('strategy-inherit/calm-policy.mjs'),
      errors: [{ messageId: 'fixedDelay', line: 7, column: 3, endLine: 7, endColumn: 33, data: { what: 'This retry loop', delay: 'a fixed 400 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter on a strategy that inherits its answer', requireJitter, {
  valid: [
    {
      name: 'the inherited answer is spread',
      code: `${SLEEP}
class Expo {
  constructor(private readonly base: number) {}
  at(n: number) { return { delay: Math.random() * this.base * 2 ** n }; }
}
class Default extends Expo {}
async function send(op: () => Promise<void>) {
  const expo = new Default(100);
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      await sleep(expo.at(i).delay);
    }
  }
}
`,
    },
    {
      name: 'the subclass spreads what the base doubles',
      code: `${SLEEP}
class Expo {
  constructor(readonly base: number) {}
  at(n: number) { return { delay: this.base * 2 ** n }; }
}
class Spread extends Expo {
  at(n: number) { return { delay: Math.random() * this.base * 2 ** n }; }
}
async function send(op: () => Promise<void>) {
  const expo = new Spread(100);
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      await sleep(expo.at(i).delay);
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'an empty subclass of a strategy that doubles with the attempt',
      code: `${SLEEP}
class Expo {
  constructor(private readonly base: number) {}
  at(n: number) { return { delay: this.base * 2 ** n }; }
}
class Default extends Expo {}
async function send(op: () => Promise<void>) {
  const expo = new Default(100);
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      await sleep(expo.at(i).delay);
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 9, column: 3, endLine: 9, endColumn: 30, data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
  ],
});
