import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry whose way back goes through a method that sets the timer (`_schedule(delay) {
 * setTimeout(() => this._run(), delay) }`): the wait is what each call hands that method, read
 * where the call is made (`this._schedule(5000 * 2 ** this.failures)` after `this.failures += 1`).
 * A task that also schedules itself after a success is periodic; its failure path is a retry when
 * it hands a different wait, and none when it hands the same.
 */

const scheduler = (success: string, failure: string) => `class Task {
  constructor(work) {
    this.work = work;
    this.failures = 0;
  }
  _schedule(delay) {
    setTimeout(() => this._run(), delay);
  }
  async _run() {
    try {
      await this.work();
      ${success}
    } catch (err) {
      this.failures += 1;
      ${failure}
    }
  }
}
module.exports = { Task };
`;

const jitter = (line: number, column: number, attempts: string) => ({ messageId: 'missingJitter' as const, line, column, data: { what: '`_run()` retrying itself through `_schedule()`', delay: '5 s × 2^n', attempts } });

ruleTester.run('require-jitter through a method that sets the timer', requireJitter, {
  valid: [
    { name: 'JavaScript: a periodic task that waits the same after a failure', code: scheduler('this._schedule(60000);', 'this._schedule(60000);'), filename: 'task.js' },
    { name: 'JavaScript: the failure wait drawn at random', code: scheduler('', 'this._schedule(Math.random() * 5000 * 2 ** this.failures);'), filename: 'task.js' },
  ],
  invalid: [
    { name: 'JavaScript: a growing wait handed to the scheduling method', code: scheduler('', 'this._schedule(5000 * 2 ** this.failures);'), filename: 'task.js', errors: [jitter(7, 22, 'no limit on attempts')] },
    { name: 'JavaScript: a periodic task that backs off after a failure', code: scheduler('this._schedule(60000);', 'this._schedule(5000 * 2 ** this.failures);'), filename: 'task.js', errors: [jitter(7, 22, 'no limit on attempts')] },
    { name: 'JavaScript: given up after five failures', code: scheduler('', 'if (this.failures > 5) return;\n      this._schedule(5000 * 2 ** this.failures);'), filename: 'task.js', errors: [jitter(7, 22, 'up to 6 attempts')] },
  ],
});

ruleTester.run('no-unbounded-retry through a method that sets the timer', noUnboundedRetry, {
  valid: [{ name: 'JavaScript: given up after five failures', code: scheduler('', 'if (this.failures > 5) return;\n      this._schedule(5000 * 2 ** this.failures);'), filename: 'task.js' }],
  invalid: [{ name: 'JavaScript: a growing wait and no limit', code: scheduler('', 'this._schedule(5000 * 2 ** this.failures);'), filename: 'task.js', errors: [{ messageId: 'unbounded', line: 7, column: 22 }] }],
});
