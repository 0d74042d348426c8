import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A second method of the retry (`#resend`, which waits and calls `#send` again) that also runs a
// hook under a time limit through a method named like a timer (`#withinTimeout(fn)`): that
// method's timer only settles a promise raced against the work (`Promise.race([work, limit])`),
// so it bounds the work and adds no wait before the next attempt; the retry's wait is `nap`'s.
// A timer promise that is also awaited on its own, that is not raced but joined, or whose timer
// also starts work is another wait, and the delay is not known.

/** A class whose `#send` goes back in through `#resend`; `limiter` is the body of `#withinTimeout(work)`. */
const client = (limiter: string) => `
const nap = (ms) => new Promise((done) => setTimeout(done, ms));
const EXPIRED = Symbol('expired');
class Client {
  #failures = 0;
  async #withinTimeout(work) {
${limiter}
  }
  async #send(job) {
    try {
      return await job();
    } catch (failure) {
      return this.#resend(failure, job);
    }
  }
  async #resend(failure, job) {
    if (this.#failures >= 3) throw failure;
    await nap(200 * 2 ** this.#failures);
    const verdict = await this.#withinTimeout(async () => this.onRetry(failure));
    if (verdict === EXPIRED) throw failure;
    this.#failures++;
    return this.#send(job);
  }
}
`;

/** The limit in a variable, raced against the work, its timer cleared after. */
const heldLimit = `    let handle;
    try {
      const limit = new Promise((settle) => {
        handle = setTimeout(() => {
          settle(EXPIRED);
        }, this.budget);
      });
      return await Promise.race([Promise.resolve().then(work), limit]);
    } finally {
      clearTimeout(handle);
    }`;

/** The limit written inside the race, rejecting with a function expression. */
const inlineLimit = `    return Promise.race([
      work(),
      new Promise(function (_, fail) {
        setTimeout(() => fail(new Error('hook took too long')), 5000);
      }),
    ]);`;

/** The timer hands the reject function itself. */
const bareReject = `    const cutoff = new Promise((_, give) => setTimeout(give, this.budget));
    return Promise.race([cutoff, work()]);`;

const jitterError = (line: number) => ({
  messageId: 'missingJitter' as const,
  line,
  column: 12,
  endLine: line,
  endColumn: 27,
  data: { what: '`#send()` retrying itself through `#resend()`', delay: '200 ms × 2^n', attempts: 'up to 4 attempts' },
});

ruleTester.run('require-jitter: a timeout raced against a hook is no wait', requireJitter, {
  valid: [
    {
      name: 'the limit promise is also awaited on its own: another wait, unknown',
      code: client(heldLimit.replace('return await Promise.race([Promise.resolve().then(work), limit]);', 'await limit;\n      return await Promise.race([Promise.resolve().then(work), limit]);')),
    },
    { name: 'joined with Promise.all, not raced: it waits the whole time', code: client(bareReject.replace('Promise.race', 'Promise.all')) },
    {
      name: 'the timer also starts work before settling: more than a timeout',
      code: client(inlineLimit.replace("setTimeout(() => fail(new Error('hook took too long')), 5000);", "setTimeout(() => { this.ping(); fail(new Error('late')); }, 5000);")),
    },
    { name: 'a jittered wait with the raced limit', code: client(heldLimit).replace('await nap(200 * 2 ** this.#failures);', 'await nap(Math.random() * 200 * 2 ** this.#failures);') },
  ],
  invalid: [
    { name: 'a held limit raced against the work, cleared after', code: client(heldLimit), errors: [jitterError(32)] },
    { name: 'a limit written inside the race that rejects', code: client(inlineLimit), errors: [jitterError(27)] },
    { name: 'a limit whose timer hands over reject itself', code: client(bareReject), errors: [jitterError(23)] },
  ],
});
