import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A retry that goes back in through a second private method (`#send` catches and hands the
// failure to `#resend`, which waits and calls `#send`), where that second method is also called
// on another instance of the class (`client.#resend(…)` in a static factory or on a peer): a
// private name means the one member of that name of the class around it, whatever the receiver,
// so each such use is seen and judged (a failure path or not) like `this.#resend(…)`.
// And the waits of the second method that lead nowhere back in: one that spends what is left of
// a budget right before a throw, an error thrown that is named after a timeout, a method named
// like a timer whose code starts none.

/** A class whose `#send` goes back in through `#resend`; `statics` are members placed before them. */
const client = (statics: string, resend = '', after = '') => `
const nap = (ms) => new Promise((done) => setTimeout(done, ms));
class Client {
  #failures = 0;
${statics}
  async #send(job) {
    try {
      return await job();
    } catch (failure) {
      return this.#resend(failure, job);
    }
  }
  async #resend(failure, job) {
    if (this.#failures >= 4) throw failure;
${resend}    await nap(150 * 2 ** this.#failures);
${after}    this.#failures++;
    return this.#send(job);
  }
}
`;

const factoryOnFailure = `  static async start(target) {
    const made = new Client();
    const go = async () => {
      try {
        return await made.#send(() => fetch(target));
      } catch (failure) {
        return made.#resend(failure, () => fetch(target));
      }
    };
    return go();
  }`;

const peerOnFailure = `  async handOff(peer, job) {
    return peer.#send(job).catch((failure) => peer.#resend(failure, job));
  }`;

const factoryOnSuccess = `  static async start(target) {
    const made = new Client();
    const first = await made.#send(() => fetch(target));
    return made.#resend(first, () => fetch(target));
  }`;

const plain = `  load(target) {
    return this.#send(() => fetch(target));
  }`;

/** Spends the rest of the budget and gives up when the next wait would not fit in it. */
const budgetSpent = `    const left = this.budget - Date.now();
    if (150 * 2 ** this.#failures >= left) {
      await nap(left);
      throw new DeadlineError(left);
    }
`;

const thrownTimeout = `    if (Date.now() > this.budget) throw new TimeoutError(failure);
`;

const checker = `  #remainingTimeout() {
    return this.budget - Date.now();
  }
  #throwPastTimeout(failure) {
    if (this.#remainingTimeout() <= 0) throw failure;
  }
${plain}`;

const scheduler = `  #remainingTimeout() {
    return new Promise((done) => setTimeout(() => this.#send(done), 10));
  }
  #throwPastTimeout(failure) {
    if (this.#remainingTimeout() <= 0) throw failure;
  }
${plain}`;

const jitterError = (line: number, column: number) => ({
  messageId: 'missingJitter' as const,
  line,
  column,
  endLine: line,
  endColumn: column + 15,
  data: { what: '`#send()` retrying itself through `#resend()`', delay: '150 ms × 2^n', attempts: 'up to 5 attempts' },
});

ruleTester.run('require-jitter through a second private method used on other instances', requireJitter, {
  valid: [
    { name: 'the factory calls the second method on its instance after a success: no retry claimed', code: client(factoryOnSuccess) },
    {
      name: 'a wait in the second method followed by other work, not a throw: another wait, unknown',
      code: client(plain, budgetSpent.replace('throw new DeadlineError(left);', 'this.report(left);')),
    },
    { name: 'a method named like a timer that starts one: another wait, unknown', code: client(scheduler, '', '    this.#throwPastTimeout(failure);\n') },
    { name: 'the jittered wait through the factory', code: client(factoryOnFailure).replace('150 * 2 ** this.#failures', 'Math.random() * 150 * 2 ** this.#failures') },
  ],
  invalid: [
    { name: 'a static factory calls the second method on the instance it made, from a catch', code: client(factoryOnFailure), errors: [jitterError(27, 12)] },
    { name: 'a method calls it on a peer instance from a .catch callback', code: client(peerOnFailure), errors: [jitterError(19, 12)] },
    { name: 'the second method spends the rest of a budget right before giving up', code: client(plain, budgetSpent), errors: [jitterError(24, 12)] },
    { name: 'the second method throws an error named after a timeout', code: client(plain, thrownTimeout), errors: [jitterError(20, 12)] },
    { name: 'a method named like a timer that only checks the budget', code: client(checker, '', '    this.#throwPastTimeout(failure);\n'), errors: [jitterError(26, 12)] },
    {
      name: 'both: a factory on failure and a budget spent before a throw',
      code: client(factoryOnFailure, budgetSpent, '    this.#throwPastTimeout(failure);\n').replace('  #failures = 0;', `  #failures = 0;\n${checker.replace(plain, '')}`),
      errors: [jitterError(40, 12)],
    },
  ],
});

ruleTester.run('no-unbounded-retry through a second private method used on other instances', noUnboundedRetry, {
  valid: [{ name: 'a static factory calls it on failure: bounded by the count', code: client(factoryOnFailure) }],
  invalid: [
    {
      name: 'a static factory calls it on failure, with no count',
      code: client(factoryOnFailure).replace('    if (this.#failures >= 4) throw failure;\n', ''),
      errors: [{ messageId: 'unbounded', line: 26, column: 12, endLine: 26, endColumn: 27, data: { what: '`#send()` retrying itself through `#resend()`' } }],
    },
  ],
});
