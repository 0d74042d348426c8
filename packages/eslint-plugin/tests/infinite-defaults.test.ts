import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A give-up test that compares with a limit which falls back to Infinity when the caller does
// not set it (`this.maxTries(opts.maxTries || Infinity)` through a chainable setter, or
// `this.limit = opts.limit ?? Infinity` in the constructor) never holds by default: it does not
// stop the retry, so a retry with nothing else to stop it never gives up.

const setterClass = (fallback: string, extra = '') => `
class Dialer {
  constructor(opts) {
    this.maxTries(opts.maxTries || ${fallback});
    this.meter = new Meter();
  }
  maxTries(v) {
    if (v === undefined) return this._maxTries;
    this._maxTries = v;
    return this;
  }${extra}
  redial() {
    if (this.busy || this.stopped) return this;
    if (this.meter.count >= this._maxTries) {
      this.busy = false;
      this.emit('gave_up');
    } else {
      this.busy = true;
      setTimeout(() => {
        this.dial((err) => {
          if (err) {
            this.busy = false;
            this.redial();
          }
        });
      }, this.meter.next());
    }
  }
}
`;

const ctorLoop = (init: string) => `
class Reader {
  constructor(options) {
    this.limit = ${init};
    this.stats = { failures: 0 };
  }
  async read(sleep) {
    while (true) {
      try {
        return await this.source.read();
      } catch (e) {
        if (this.stats.failures > this.limit) throw e;
        await sleep(200);
      }
    }
  }
}
`;

ruleTester.run('no-unbounded-retry (limits that default to Infinity)', noUnboundedRetry, {
  valid: [
    { name: 'setter given a finite fallback', code: setterClass('5') },
    { name: 'setter given the caller option with no fallback', code: setterClass('undefined').replace(' || undefined', '') },
    { name: 'the member is also set to a number elsewhere', code: setterClass('Infinity', '\n  reset() {\n    this._maxTries = 3;\n  }') },
    { name: 'the constructor never calls the setter', code: setterClass('Infinity').replace('this.maxTries(opts.maxTries || Infinity);', '') },
    { name: 'constructor limit with a finite fallback', code: ctorLoop('options.limit ?? 10') },
    { name: 'constructor limit from the option alone', code: ctorLoop('options.limit') },
  ],
  invalid: [
    {
      name: 'chainable setter called in the constructor with || Infinity',
      code: setterClass('Infinity'),
      errors: [{ messageId: 'unbounded', line: 23, column: 13, endLine: 23, endColumn: 26, data: { what: '`redial()` retrying itself' } }],
    },
    {
      name: 'chainable setter called with ?? Infinity',
      code: setterClass('Infinity').replace('opts.maxTries || Infinity', 'opts.maxTries ?? Infinity'),
      errors: [{ messageId: 'unbounded', line: 23, column: 13, endLine: 23, endColumn: 26, data: { what: '`redial()` retrying itself' } }],
    },
    {
      name: 'constructor limit ?? Infinity in a loop',
      code: ctorLoop('options.limit ?? Infinity'),
      errors: [{ messageId: 'unbounded', line: 8, column: 5, endLine: 8, endColumn: 17, data: { what: 'This retry loop' } }],
    },
    {
      name: 'constructor limit chosen with a conditional',
      code: ctorLoop("typeof options.limit === 'number' ? options.limit : Infinity"),
      errors: [{ messageId: 'unbounded', line: 8, column: 5, endLine: 8, endColumn: 17, data: { what: 'This retry loop' } }],
    },
  ],
});
