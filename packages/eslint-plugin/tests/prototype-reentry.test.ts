import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// Methods written the ES5 way (`Feeder.prototype.turn = function () {…}`): `this.b` in one of
// them is the `b` assigned to the same prototype, so a failure timer that calls it goes back in
// through it; a parameter of a method called from one place only stands for the method the
// caller binds and hands over (`const again = this.loop.bind(this, slot)`), so `.then(again,
// (err) => setTimeout(() => again(), ms))` re-enters the loop on a failure timer. Members the
// constructor function sets (`this.settings = …`) hold their starting value in every attempt.

const boundAndHanded = `
function Feeder(opts) {
  this.settings = Object.assign({ retryDelay: 4000 }, opts);
  this.timers = [];
}
Feeder.prototype.loop = function (slot, done) {
  const again = this.loop.bind(this, slot, done);
  process.nextTick(() => {
    this.turn(again, slot, done);
  });
};
Feeder.prototype.turn = function (again, slot, done) {
  if (this.stopped) return done();
  this.take()
    .then(again, (err) => {
      this.emit('error', err);
      this.timers[slot] = setTimeout(() => {
        again();
      }, this.settings.retryDelay);
    });
};
`;

const siblingOnTimer = `
function Reader(source) {
  this.source = source;
  this.pause = 1200;
}
Reader.prototype.start = function () {
  if (this.closed) return;
  this.pull();
};
Reader.prototype.pull = function () {
  this.source.read().then(
    () => this.start(),
    () => {
      setTimeout(() => this.start(), this.pause);
    },
  );
};
`;

const selfAlias = `
var Tail = function Tail(file) {
  this.file = file;
};
Tail.prototype.follow = function () {
  var self = this;
  self.file.next().catch(function () {
    setTimeout(function () {
      self.again();
    }, 900);
  });
};
Tail.prototype.again = function () {
  this.follow();
};
`;

// Valid: the method is called from a second place, so what its parameter holds is not known.
const twoCallers = boundAndHanded.replace(
  'Feeder.prototype.turn = function',
  `Feeder.prototype.drain = function () {
  this.turn(() => {}, 0, () => {});
};
Feeder.prototype.turn = function`,
);

// Valid: the bound name is also queued elsewhere, where it may run after a success.
const boundUsedTwice = boundAndHanded.replace('  process.nextTick(() => {', '  this.pending.push(again);\n  process.nextTick(() => {');

// Valid: the parameter is handed to a function the analysis does not follow.
const handedOn = boundAndHanded.replace('      this.emit(\'error\', err);', "      this.emit('error', err);\n      this.defer(again);");

// Valid: `this.start()` names no method of Reader's prototype, only another constructor's.
const otherOwner = siblingOnTimer.replace('Reader.prototype.start = function', 'Writer.prototype.start = function');

// Valid for the fixed rule: the wait is a member a method changes after construction.
const pauseGrows = siblingOnTimer.replace('Reader.prototype.start = function () {', 'Reader.prototype.start = function () {\n  this.pause = this.pause * 2;');

// Valid for the fixed rule: a capitalised function that no prototype method of the file belongs
// to is not the constructor, so its write of the wait may come at any time.
const writtenByAnother = siblingOnTimer.replace('function Reader(source) {\n  this.source = source;\n  this.pause = 1200;\n}', 'function Reader(source) {\n  this.source = source;\n}\nfunction Configure(reader) {\n  reader.apply(function () { this.pause = 1200; });\n}');

ruleTester.run('no-fixed-sleep-retry on prototype re-entries', noFixedSleepRetry, {
  valid: [
    { name: 'a method called from two places: its parameter is not one method', code: twoCallers },
    { name: 'a bound name queued elsewhere too', code: boundUsedTwice },
    { name: 'a parameter handed to a function the analysis does not follow', code: handedOn },
    { name: 'this.start() of another constructor', code: otherOwner },
    { name: 'a wait that a method doubles is not fixed', code: pauseGrows },
    { name: 'a wait written by a function that is not the constructor', code: writtenByAnother },
  ],
  invalid: [
    {
      name: 'a bound method handed to the one caller, re-entered on a failure timer',
      code: boundAndHanded,
      errors: [{ messageId: 'fixedDelay', line: 18, column: 9, endLine: 18, endColumn: 16, data: { what: '`turn()` retrying itself through `loop()`', delay: '`this.settings.retryDelay` (the same every time)', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a sibling prototype method called back on a failure timer',
      code: siblingOnTimer,
      errors: [{ messageId: 'fixedDelay', line: 14, column: 24, endLine: 14, endColumn: 36, data: { what: '`pull()` retrying itself through `start()`', delay: '`this.pause` (the same every time)', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a sibling method through a self alias',
      code: selfAlias,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 7, endLine: 9, endColumn: 19, data: { what: '`follow()` retrying itself through `again()`', delay: 'a fixed 900 ms', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on prototype re-entries', noUnboundedRetry, {
  valid: [
    { name: 'a method called from two places: its parameter is not one method', code: twoCallers },
    { name: 'a bound name queued elsewhere too', code: boundUsedTwice },
    { name: 'this.start() of another constructor', code: otherOwner },
  ],
  invalid: [
    {
      name: 'a wait written by a function that is not the constructor still goes round with no limit',
      code: writtenByAnother,
      errors: [{ messageId: 'unbounded', line: 16, column: 24, endLine: 16, endColumn: 36, data: { what: '`pull()` retrying itself through `start()`' } }],
    },
    {
      name: 'a bound method handed to the one caller: a stopped flag is the owner\'s state, not a limit',
      code: boundAndHanded,
      errors: [{ messageId: 'unbounded', line: 18, column: 9, endLine: 18, endColumn: 16, data: { what: '`turn()` retrying itself through `loop()`' } }],
    },
    {
      name: 'a sibling prototype method called back on a failure timer',
      code: siblingOnTimer,
      errors: [{ messageId: 'unbounded', line: 14, column: 24, endLine: 14, endColumn: 36, data: { what: '`pull()` retrying itself through `start()`' } }],
    },
  ],
});
