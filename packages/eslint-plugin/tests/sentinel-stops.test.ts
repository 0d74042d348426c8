import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// An emitter's stop that never holds by default (analysis: sentinel-stops.ts), in one file: the
// emitter's method gives up when `this.count === this.limit`, the count starts at 0 and only
// goes up, the limit is -1 ("none") unless a setter is called, and the owner calls the setter
// only under a test its own defaults never pass (`if (this.maxTries > 0)` with -1). The retry
// (a failure handed to the emitter, back through its timer's event: emitter-reentry.ts) has
// no limit. Look-alikes: the setter called always, or by the file, or handed on; a default
// that passes the test; a count that goes down; a limit the count starts at; a limit from a
// parameter or a strategy; an ordering test.
const base = `var events = require('events');
var util = require('util');

function Pacer() {
    events.EventEmitter.call(this);
    this.limit = -1;
    this.count = 0;
    this.handlers = { tick: this.onTick.bind(this) };
}
util.inherits(Pacer, events.EventEmitter);

Pacer.prototype.stopAfter = function (n) {
    this.limit = n;
};

Pacer.prototype.wait = function (err) {
    if (this.count === this.limit) {
        this.emit('gaveUp', err);
    } else {
        setTimeout(this.handlers.tick, 500);
    }
};

Pacer.prototype.onTick = function () {
    this.emit('go');
    this.count++;
};

function Job(task, done) {
    this.task = task;
    this.done = done;
    this.maxTries = -1;
    this.pacer = null;
}

Job.prototype.limitTo = function (n) {
    this.maxTries = n;
    return this;
};

Job.prototype.run = function () {
    this.pacer = new Pacer();
    this.pacer.on('go', this.attempt.bind(this));
    if (this.maxTries > 0) {
        this.pacer.stopAfter(this.maxTries);
    }
    this.attempt();
};

Job.prototype.attempt = function () {
    this.task(this.settle.bind(this));
};

Job.prototype.settle = function (err, value) {
    if (err) {
        this.pacer.wait(err);
    } else {
        this.done(null, value);
    }
};

module.exports = Job;
`;
/** The base program with each `[from, to]` replaced once (each must be there). */
const r = (pairs: [string, string][]): string =>
  pairs.reduce((s, [a, b]) => {
    if (!s.includes(a)) throw new Error(`not in the base program: ${a}`);
    return s.replace(a, b);
  }, base);
const invalidCode: Record<string, string> = {
  'a limit of -1 the owner sets only when its own limit, -1 by default, is above 0': base,
  'the test written with !==, a count stepped by += 1 and reset to 0, a limit no one sets': r([
    ['    if (this.count === this.limit) {\n        this.emit(\'gaveUp\', err);\n    } else {\n        setTimeout(this.handlers.tick, 500);\n    }', '    if (this.limit !== this.count) {\n        setTimeout(this.handlers.tick, 500);\n    } else {\n        this.emit(\'gaveUp\', err);\n        this.count = 0;\n    }'],
    ['this.count++;', 'this.count += 1;'],
    ['    if (this.maxTries > 0) {\n        this.pacer.stopAfter(this.maxTries);\n    }\n', ''],
  ]),
  'the owner passes its limit on only when it is not -1, its default': r([['if (this.maxTries > 0)', 'if (this.maxTries !== -1)']]),
  'the count starting at 1, the limit -2 by default and -1 after a reset': r([['this.count = 0;', 'this.count = 1;'], ['this.limit = -1;', 'this.limit = -2;'], ["this.emit('gaveUp', err);", "this.emit('gaveUp', err);\n        this.limit = -1;"]]),
};
const validCode: Record<string, string> = {
  'the owner always passes its limit on': r([['    if (this.maxTries > 0) {\n        this.pacer.stopAfter(this.maxTries);\n    }', '    this.pacer.stopAfter(this.maxTries);']]),
  'the owner\'s limit is 3 by default': r([['this.maxTries = -1;', 'this.maxTries = 3;']]),
  'the owner\'s limit comes from its constructor\'s caller': r([['function Job(task, done) {', 'function Job(task, done, maxTries) {'], ['this.maxTries = -1;', 'this.maxTries = maxTries;']]),
  'the file calls the owner\'s setter': r([['module.exports = Job;', 'module.exports = function (task, done) { return new Job(task, done).limitTo(5); };']]),
  'the count also goes down': r([["this.emit('go');", "this.emit('go');\n    if (this.count > 10) this.count--;"]]),
  'the limit is 0 by default, where the count starts': r([['this.limit = -1;', 'this.limit = 0;']]),
  'the limit comes from the emitter\'s constructor': r([['function Pacer() {', 'function Pacer(max) {'], ['this.limit = -1;', 'this.limit = max;']]),
  'the emitter sets its own limit': r([['this.handlers = { tick: this.onTick.bind(this) };', 'this.handlers = { tick: this.onTick.bind(this) };\n    this.stopAfter(5);']]),
  'the setter handed on by the owner': r([['this.attempt();\n};', 'this.attempt();\n    return this.pacer.stopAfter.bind(this.pacer);\n};']]),
  'the count compared with a value read from a strategy': r([['if (this.count === this.limit)', 'if (this.count === this.strategy.limit())']]),
  'a test of the count against the limit with >=': r([['if (this.count === this.limit)', 'if (this.count >= this.limit)']]),
};

ruleTester.run('no-unbounded-retry: an emitter whose attempt limit is a sentinel its owner never replaces by default', noUnboundedRetry, {
  valid: Object.entries(validCode).map(([name, code]) => ({ name, code })),
  invalid: [
    { name: 'a limit of -1 the owner sets only when its own limit, -1 by default, is above 0', code: invalidCode['a limit of -1 the owner sets only when its own limit, -1 by default, is above 0'] as string, errors: [{ messageId: 'unbounded' as const, line: 56, column: 9, endLine: 56, endColumn: 29 }] },
    { name: 'the test written with !==, a count stepped by += 1 and reset to 0, a limit no one sets', code: invalidCode['the test written with !==, a count stepped by += 1 and reset to 0, a limit no one sets'] as string, errors: [{ messageId: 'unbounded' as const, line: 54, column: 9, endLine: 54, endColumn: 29 }] },
    { name: 'the owner passes its limit on only when it is not -1, its default', code: invalidCode['the owner passes its limit on only when it is not -1, its default'] as string, errors: [{ messageId: 'unbounded' as const, line: 56, column: 9, endLine: 56, endColumn: 29 }] },
    { name: 'the count starting at 1, the limit -2 by default and -1 after a reset', code: invalidCode['the count starting at 1, the limit -2 by default and -1 after a reset'] as string, errors: [{ messageId: 'unbounded' as const, line: 57, column: 9, endLine: 57, endColumn: 29 }] },
  ],
});
