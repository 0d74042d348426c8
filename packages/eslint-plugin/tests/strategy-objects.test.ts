import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A wait read from an object a strategy hands back (`backoff.duration`, `plan.next(n).delay`):
// the objects are followed through `new` of a class the file defines, the strategy's methods and
// the functions they call, to the object literal or instance each gives, and the property is
// read from each. A strategy that makes a new object at each step, changes its own state, comes
// from a parameter or extends another class gives no answer, and no claim is made.

const SLEEP = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));`;

const STEADY = `
class Steady {
  constructor(private readonly gap: number) {}
  first() {
    return { duration: this.gap, following() { return this; } };
  }
}`;

ruleTester.run('no-fixed-sleep-retry on a wait a strategy object answers', noFixedSleepRetry, {
  valid: [
    {
      name: 'each step makes a new object with a longer wait',
      code: `${SLEEP}
class Growing {
  constructor(readonly duration: number) {}
  following() { return new Growing(this.duration * 2); }
}
async function send(op: () => Promise<void>) {
  let step: Growing | undefined;
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      step = step ? step.following() : new Growing(100);
      await sleep(step.duration);
    }
  }
}
`,
    },
    {
      name: 'the strategy changes its own state (this.current *= 2)',
      code: `${SLEEP}
class Doubling {
  current = 50;
  advance() { this.current *= 2; return this; }
}
async function send(op: () => Promise<void>) {
  const plan = new Doubling();
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      await sleep(plan.advance().current);
    }
  }
}
`,
    },
    {
      name: 'a literal whose method changes it before handing it back',
      code: `${SLEEP}
function schedule() {
  return { wait: 100, bump() { this.wait = this.wait * 3; return this; } };
}
async function send(op: () => Promise<void>) {
  let s = schedule();
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      s = s.bump();
      await sleep(s.wait);
    }
  }
}
`,
    },
    {
      name: 'the answer is random',
      code: `${SLEEP}
class Spread {
  constructor(private readonly cap: number) {}
  pick() { return { ms: Math.random() * this.cap }; }
}
async function send(op: () => Promise<void>) {
  const spread = new Spread(2000);
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      await sleep(spread.pick().ms);
    }
  }
}
`,
    },
    {
      name: "the strategy is the caller's, with no default written",
      code: `${SLEEP}
async function send(op: () => Promise<void>, options: { backoff: { next(): { duration: number } } }) {
  const factory = options.backoff;
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      await sleep(factory.next().duration);
    }
  }
}
`,
    },
    {
      name: 'a fallback behind a member of the instance, which its constructor always sets',
      code: `${SLEEP}${STEADY}
declare function spreadStrategy(): Steady;
class Client {
  private strategy: Steady;
  constructor(given?: Steady) { this.strategy = given ?? spreadStrategy(); }
  async call(op: () => Promise<void>) {
    for (let i = 0; i < 4; i++) {
      try { return await op(); } catch (err) {
        await sleep((this.strategy || new Steady(100)).first().duration);
      }
    }
  }
}
`,
    },
    {
      name: 'a class that extends another (its answer may come from there)',
      code: `${SLEEP}
declare class Base { next(): { duration: number } }
class Tuned extends Base {
  constructor(readonly gap: number) { super(); }
  start() { return { duration: this.gap }; }
}
async function send(op: () => Promise<void>) {
  const tuned = new Tuned(300);
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      await sleep(tuned.next().duration);
    }
  }
}
`,
    },
    {
      name: 'a method that may return nothing',
      code: `${SLEEP}
class Maybe {
  constructor(private readonly gap: number) {}
  next(n: number) { if (n > 3) return undefined; return { duration: this.gap }; }
}
async function send(op: () => Promise<void>) {
  const m = new Maybe(300);
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      const step = m.next(i);
      await sleep(step ? step.duration : 5000 * Math.random());
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'the default strategy (options.backoff || new Steady(250)), its first answer then its own',
      code: `${SLEEP}${STEADY}
class Runner {
  constructor(private readonly options: { backoff?: Steady }) {}
  async run(op: () => Promise<void>) {
    const factory = this.options.backoff || new Steady(250);
    let backoff;
    for (let tries = 0; ; tries++) {
      try {
        return await op();
      } catch (err) {
        if (tries >= 4) throw err;
        backoff = backoff ? backoff.following() : factory.first();
        await sleep(backoff.duration);
      }
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 13, column: 5, endLine: 13, endColumn: 35, data: { what: 'This retry loop', delay: 'a fixed 250 ms', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'an answer read where it is asked for (plan.first().duration)',
      code: `${SLEEP}${STEADY}
async function send(op: () => Promise<void>) {
  const plan = new Steady(1000);
  let attempt = 0;
  while (attempt < 3) {
    try { return await op(); } catch (err) {
      attempt++;
      await sleep(plan.first().duration);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 11, column: 3, endLine: 11, endColumn: 22, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a strategy made by a function of the file, its answer made by its own method',
      code: `${SLEEP}
function every(ms: number) {
  return { next() { return { ms }; } };
}
async function send(op: () => Promise<void>) {
  const pace = every(500);
  for (let i = 0; i < 5; i++) {
    try { return await op(); } catch (err) {
      await sleep(pace.next().ms);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 3, endLine: 7, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'an instance field set in the constructor, read from the instance',
      code: `${SLEEP}
class Pause {
  length: number;
  constructor(length = 750) { this.length = length; }
}
async function send(op: () => Promise<void>) {
  const pause = new Pause();
  for (let i = 0; i < 5; i++) {
    try { return await op(); } catch (err) {
      await sleep(pause.length);
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 8, column: 3, endLine: 8, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter on a wait a strategy object answers', requireJitter, {
  valid: [
    {
      name: 'the strategy spreads its answer',
      code: `${SLEEP}
class Expo {
  constructor(private readonly base: number) {}
  at(n: number) { return { delay: Math.random() * this.base * 2 ** n }; }
}
async function send(op: () => Promise<void>) {
  const expo = new Expo(100);
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
      name: 'the strategy doubles with the attempt it is handed',
      code: `${SLEEP}
class Expo {
  constructor(private readonly base: number) {}
  at(n: number) { return { delay: this.base * 2 ** n }; }
}
async function send(op: () => Promise<void>) {
  const expo = new Expo(100);
  for (let i = 0; i < 6; i++) {
    try { return await op(); } catch (err) {
      await sleep(expo.at(i).delay);
    }
  }
}
`,
      errors: [{ messageId: 'missingJitter', line: 8, column: 3, endLine: 8, endColumn: 30, data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
  ],
});
