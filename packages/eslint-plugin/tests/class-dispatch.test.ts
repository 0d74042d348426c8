import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A wait computed by a method of a class of the file is read from the body the object's class
 * runs: a construction's arguments are what the constructor's parameters hold (`new
 * Backoff(200)`, a parameter property, through `super(…)` or a class with no constructor), and
 * `this.delayFor(n)` in a base class is any of the implementations its subclasses give (an
 * abstract method has only those). Before, a construction with arguments, a class that extends
 * another and an abstract method left the wait unknown, and the loop unreported.
 */

const sleep = 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n';

const loopOver = (made: string, next: string) => `
export async function load(read: () => Promise<string>) {
  const backoff = ${made};
  for (let i = 0; i < 5; i++) {
    try {
      return await read();
    } catch {
      await sleep(backoff.${next}());
    }
  }
  throw new Error('gave up');
}
`;

const fieldBackoff = `class Backoff {
  private n = 0;
  private base: number;
  constructor(base = 100) {
    this.base = base;
  }
  next(): number {
    return this.base * 2 ** this.n++;
  }
}
`;

const propertyBackoff = (body: string) => `class Backoff {
  private n = 0;
  constructor(private readonly base = 100, private readonly factor = 2) {}
  next(): number {
    return ${body};
  }
}
`;

const strategy = (implementation: string) => `${sleep}
abstract class Strategy {
  protected abstract delayFor(attempt: number): number;

  async execute<T>(task: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await task();
      } catch (err) {
        if (attempt >= 4) throw err;
        await sleep(this.delayFor(attempt));
      }
    }
  }
}

export class Chosen extends Strategy {
  protected delayFor(attempt: number) {
    return ${implementation};
  }
}
`;

const jsHierarchy = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class Backoff {
  constructor(base = 100, factor = 2) {
    this.base = base;
    this.factor = factor;
    this.n = 0;
  }
  next() {
    return this.base * this.factor ** this.n++;
  }
}
class Steady extends Backoff {
  constructor(ms) {
    super(ms, 1);
  }
}
class Quick extends Backoff {}

async function fetchWith(url, backoff) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(backoff.next());
    }
  }
}

async function fetchSteady(url) {
  const pause = new Steady(750);
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(pause.next());
    }
  }
}

async function fetchQuick(url) {
  const backoff = new Quick(50);
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(backoff.next());
    }
  }
}
module.exports = { fetchSteady, fetchQuick, fetchWith };
`;

const jitter = (line: number, column: number, delay: string, attempts: string) => ({ messageId: 'missingJitter' as const, line, column, data: { what: 'This retry loop', delay, attempts } });

ruleTester.run('require-jitter with a wait from a method of a class of the file', requireJitter, {
  valid: [
    { name: 'TypeScript: the subclass implementing the abstract delay draws it at random', code: strategy('Math.random() * 300 * 2 ** attempt'), filename: 'strategy.ts' },
    { name: 'TypeScript: the constructed backoff draws its wait at random', code: sleep + propertyBackoff('Math.random() * this.base * this.factor ** this.n++') + loopOver('new Backoff(200)', 'next'), filename: 'backoff.ts' },
    { name: 'TypeScript: a factor of 1 passed to the constructor is no growth', code: sleep + propertyBackoff('this.base * this.factor ** this.n++') + loopOver('new Backoff(200, 1)', 'next'), filename: 'backoff.ts' },
  ],
  invalid: [
    { name: 'TypeScript: the constructor argument replaces the default', code: sleep + fieldBackoff + loopOver('new Backoff(200)', 'next'), filename: 'backoff.ts', errors: [jitter(15, 3, '200 ms × 2^n', 'up to 5 attempts')] },
    { name: 'TypeScript: a parameter property set by the construction', code: sleep + propertyBackoff('this.base * this.factor ** this.n++') + loopOver('new Backoff(250, 3)', 'next'), filename: 'backoff.ts', errors: [jitter(12, 3, '250 ms × 3^n', 'up to 5 attempts')] },
    { name: 'TypeScript: a parameter property left at its default', code: sleep + propertyBackoff('this.base * this.factor ** this.n++') + loopOver('new Backoff()', 'next'), filename: 'backoff.ts', errors: [jitter(12, 3, '100 ms × 2^n', 'up to 5 attempts')] },
    { name: 'TypeScript: an abstract delay implemented by a subclass', code: strategy('300 * attempt'), filename: 'strategy.ts', errors: [jitter(7, 5, 'a linear 300 ms × n', 'up to 4 attempts')] },
    { name: 'TypeScript: an abstract delay implemented as a class field', code: strategy('0').replace('protected delayFor(attempt: number) {\n    return 0;\n  }', 'protected delayFor = (attempt: number) => 100 * 2 ** attempt;'), filename: 'strategy.ts', errors: [jitter(7, 5, '100 ms × 2^n', 'up to 4 attempts')] },
    { name: 'JavaScript: a class with no constructor hands its arguments to the class it extends', code: jsHierarchy, filename: 'backoff.js', errors: [jitter(43, 3, '50 ms × 2^n', 'up to 3 attempts')] },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a wait from a method of a class of the file', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: a growing backoff built with arguments is not a fixed wait', code: sleep + fieldBackoff + loopOver('new Backoff(200)', 'next'), filename: 'backoff.ts' }],
  invalid: [
    {
      name: 'JavaScript: super(ms, 1) makes the inherited backoff a fixed wait',
      code: jsHierarchy,
      filename: 'backoff.js',
      errors: [{ messageId: 'fixedDelay', line: 32, column: 3, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'TypeScript: a pause object built with its wait',
      code: `${sleep}class Pause {\n  constructor(private readonly ms: number) {}\n  length(): number {\n    return this.ms;\n  }\n}\n${loopOver('new Pause(1_000)', 'length')}`,
      filename: 'pause.ts',
      errors: [{ messageId: 'fixedDelay', line: 11, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});
