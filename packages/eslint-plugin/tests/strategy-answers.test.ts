import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A reconnect handed the failure asks a strategy option for the wait (`retryIn(++attempts)`)
// and stops when it answers something other than a number. Where the strategy is read (its
// default written out in the file) the answer decides: a strategy that always answers a
// number never stops the retry; one that may answer null does. A strategy the analysis cannot
// read may answer "stop": no claim. A check that a newer call has begun since (a snapshot of
// a stepped member compared with the member) drops a stale call and counts nothing.

const link = (strategy: string, extra = '') => `
const DEFAULTS = {
  retryIn: ${strategy},
};
class Link {
  attempts = 0;
  epoch = 0;
  options: typeof DEFAULTS;
  constructor(given: Partial<typeof DEFAULTS>) {
    this.options = Object.assign({}, DEFAULTS, given);
  }
  open(): Promise<void> {
    const epoch = ++this.epoch;
    return this.dial().then(
      () => {
        if (this.epoch !== epoch) throw new Error('a newer open has begun');
        this.attempts = 0;
      },
      (err) => {
        if (this.epoch !== epoch) return;${extra}
        this.lost(err);
      },
    );
  }
  lost(reason: unknown) {
    const wait = this.options.retryIn(++this.attempts);
    if (typeof wait !== 'number') return;
    setTimeout(() => this.open(), wait);
  }
  dial(): Promise<void> { return Promise.resolve(); }
}
`;

/** The same, the wait kept in a variable set only when the strategy is a function. */
const guardedLink = (strategy: string) => `
const DEFAULTS = { retryIn: ${strategy} };
class Pipe {
  tries = 0;
  closing = false;
  options = Object.assign({}, DEFAULTS);
  start(): Promise<void> {
    return this.connect().catch((err) => this.closed(err));
  }
  closed(reason: unknown) {
    let wait;
    if (!this.closing && typeof this.options.retryIn === 'function') {
      wait = this.options.retryIn.call(this, ++this.tries);
    }
    if (typeof wait === 'number') {
      setTimeout(() => {
        this.start().catch(() => {});
      }, wait);
    } else {
      this.emit('end');
    }
  }
  emit(event: string) {}
  connect(): Promise<void> { return Promise.resolve(); }
}
`;

/** A strategy the caller passes, with no default the analysis can read. */
const callersStrategy = `
class Link {
  attempts = 0;
  constructor(private options: { retryIn: (n: number) => number | null }) {}
  open(): Promise<void> {
    return this.dial().then(() => { this.attempts = 0; }, (err) => this.lost(err));
  }
  lost(reason: unknown) {
    const wait = this.options.retryIn(++this.attempts);
    if (typeof wait !== 'number') return;
    setTimeout(() => this.open(), wait);
  }
  dial(): Promise<void> { return Promise.resolve(); }
}
`;

const callersStrategyLet = callersStrategy.replace(
  'const wait = this.options.retryIn(++this.attempts);',
  'let wait;\n    wait = this.options.retryIn(++this.attempts);',
);

ruleTester.run('no-unbounded-retry on strategy answers', noUnboundedRetry, {
  valid: [
    { name: 'a default strategy that answers null after five tries stops the reconnect', code: link('(n: number) => (n > 5 ? null : n * 100)') },
    { name: 'a default strategy that gives up by ending with no value', code: link('(n: number) => { if (n <= 8) return 200 * n; }') },
    { name: 'a guarded strategy call whose default answers undefined past a limit', code: guardedLink('(n: number) => (n < 10 ? 1000 : undefined)') },
    { name: 'a strategy the caller passes may answer "stop"', code: callersStrategy },
    { name: 'a strategy the caller passes, its answer kept in a let', code: callersStrategyLet },
    {
      name: 'a real count beside the stale check still limits the retry',
      code: link('(n: number) => n * 100', '\n        if (this.attempts >= 5) return;'),
    },
  ],
  invalid: [
    {
      name: 'a default strategy that always answers a number: the typeof test never stops the reconnect',
      code: link('(n: number) => Math.min(n * 100, 5000)'),
      errors: [{ messageId: 'unbounded', line: 28, column: 22, endLine: 28, endColumn: 33, data: { what: '`open()` retrying itself through `lost()`' } }],
    },
    {
      name: 'the stale-open check counts nothing: a jittered default strategy that always answers',
      code: link('(n: number) => Math.min(n * 100, 5000) + Math.random() * 100'),
      errors: [{ messageId: 'unbounded', line: 28, column: 22, endLine: 28, endColumn: 33, data: { what: '`open()` retrying itself through `lost()`' } }],
    },
    {
      name: 'a guarded strategy call through .call whose default always answers a number',
      code: guardedLink('(n: number) => Math.min(100 + n * 2, 2000)'),
      errors: [{ messageId: 'unbounded', line: 17, column: 9, endLine: 17, endColumn: 21, data: { what: '`start()` retrying itself through `closed()`' } }],
    },
  ],
});

ruleTester.run('require-jitter on strategy answers', requireJitter, {
  valid: [
    { name: 'a jittered default strategy', code: link('(n: number) => Math.min(n * 100, 5000) + Math.random() * 100') },
    { name: 'a strategy the caller passes: the wait is not known', code: callersStrategy },
  ],
  invalid: [
    {
      name: 'a linear default strategy that always answers: no jitter, no limit',
      code: link('(n: number) => Math.min(n * 100, 5000)'),
      errors: [{ messageId: 'missingJitter', line: 28, column: 22, endLine: 28, endColumn: 33 }],
    },
    {
      name: 'a default strategy that may answer null: no jitter, a limit the analysis cannot count',
      code: link('(n: number) => (n > 5 ? null : n * 100)'),
      errors: [{ messageId: 'missingJitter', line: 28, column: 22, endLine: 28, endColumn: 33 }],
    },
  ],
});
