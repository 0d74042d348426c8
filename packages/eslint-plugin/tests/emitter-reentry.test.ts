import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A failure handed to an emitter the object keeps (tests/cross-file/emitter-timer): the
// operation's callback, on an error, calls a method of an imported ES5 emitter class
// (`this.ticker.schedule(err)`), whose timer's method emits the event the object listens for
// (`this.ticker.on('ready', this.attempt.bind(this))`), and the listener hands the callback to the
// operation again (analysis: emitter-reentry.ts). Look-alikes: a `once` listener, another event,
// an emit behind a test, a handler called on success too or from elsewhere, an emitter the caller
// hands in.
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'emitter-timer');
const file = (name: string) => ({ filename: join(root, name), code: readFileSync(join(root, name), 'utf8') });

const valid = [
  { name: 'a listener that runs once', ...file('call-once.js') },
  { name: 'a listener of an event the timer does not emit', ...file('call-other-event.js') },
  { name: 'a timer method that may leave before it emits', ...file('call-quiet.js') },
  { name: 'a handler that schedules after every answer (a poller)', ...file('call-always.js') },
  { name: 'a handler also called from another method', ...file('call-shared.js') },
  { name: 'an emitter the caller hands in', ...file('call-borrowed.js') },
  { name: 'the emitter module itself', ...file('ticker.js') },
];

ruleTester.run('no-fixed-sleep-retry: a failure handed to an imported emitter that comes back through its timer event', noFixedSleepRetry, {
  valid,
  invalid: [
    {
      name: 'the callback read from arguments, the timer method held in an object the constructor fills',
      ...file('call.js'),
      errors: [{ messageId: 'fixedDelay', line: 25, column: 9, endLine: 25, endColumn: 34 }],
    },
    {
      name: 'a callback bound and handed at once, the emitter made unless the caller hands a factory',
      ...file('job.js'),
      errors: [{ messageId: 'fixedDelay', line: 20, column: 43, endLine: 20, endColumn: 61 }],
    },
  ],
});

ruleTester.run('no-unbounded-retry: a failure handed to an imported emitter that comes back through its timer event', noUnboundedRetry, {
  valid,
  invalid: [
    { name: 'nothing counts the failures', ...file('call.js'), errors: [{ messageId: 'unbounded', line: 25, column: 9, endLine: 25, endColumn: 34 }] },
    { name: 'failures sorted by code, none counted', ...file('job.js'), errors: [{ messageId: 'unbounded', line: 20, column: 43, endLine: 20, endColumn: 61 }] },
  ],
});
