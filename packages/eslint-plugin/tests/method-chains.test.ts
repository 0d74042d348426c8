import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// The wait and the limit of a retry computed through methods of its own class: a private
// helper reading a member the attempt steps (`this.#pauseMs()` reading `this.#failures`), a
// getter (`this.backoffMs`), a method that moves the wait on (`this.slowDown()` doing
// `this.pause *= 2`), a method whose answer the retry waits on that throws past a count, and
// a method whose answer is tested for a non-number. Read as their own code says, not as the
// field's first value: a member that moves between attempts is not a fixed wait.

/** A class whose loop waits `wait` after each failure, steps the count with `step`, with `members` beside. */
const loop = (members: string, wait: string, step = 'this.#failures++;', guard = 'if (this.#failures >= 4) throw err;') => `
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
class Uplink {
  #failures = 0;
${members}
  async send(packet) {
    for (;;) {
      try {
        return await this.port.write(packet);
      } catch (err) {
        ${guard}
        await sleep(${wait});
        ${step}
      }
    }
  }
}
`;

const privateHelper = '  #pauseMs() {\n    return 250 * 2 ** this.#failures;\n  }';
const privateHelperJittered = '  #pauseMs() {\n    return Math.random() * 250 * 2 ** this.#failures;\n  }';
const getter = '  get backoffMs() {\n    return 100 * 3 ** this.#failures;\n  }';
const slowDown = '  pause = 500;\n  slowDown() {\n    this.pause *= 2;\n    this.#failures++;\n  }';
const slowDownCapped = '  pause = 500;\n  slowDown() {\n    this.pause = Math.min(this.pause * 2, 8000);\n    this.#failures++;\n  }';
const tally = '  pause = 500;\n  tally() {\n    this.#failures++;\n  }';
const handed = '  pause = 500;\n  setPause(ms) {\n    this.pause = ms;\n    this.#failures++;\n  }';

/** A recursion through a second private method that waits what a third answers (`#retry` → `#again` → `#retry`). */
const recursion = (answer: string) => `
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
class Fetcher {
  #tries = 0;
  ${answer}
  async #retry(run) {
    try {
      return await run();
    } catch (error) {
      return this.#again(error, run);
    }
  }
  async #again(error, run) {
    const ms = Math.min(await this.#computeRetryDelay(error), 60000);
    await pause(ms);
    this.#tries++;
    return this.#retry(run);
  }
  get(url) {
    return this.#retry(() => fetch(url));
  }
}
`;

const countedAnswer = `async #computeRetryDelay(error) {
    if (this.#tries >= 3) throw error;
    return 200 * 2 ** this.#tries;
  }`;
const sortingAnswer = `async #computeRetryDelay(error) {
    if (!isTransient(error)) throw error;
    return 200 * 2 ** this.#tries;
  }`;

/** A reconnect loop whose wait is what `#nextWait` answers for the count, tested before it waits. */
const reconnect = (nextWait: string, test = "typeof wait !== 'number'") => `
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
class Link {
  #attempts = 0;
  ${nextWait}
  async open() {
    for (;;) {
      try {
        return await this.socket.connect();
      } catch (err) {
        const wait = this.#nextWait(this.#attempts++);
        if (${test}) throw err;
        await sleep(wait);
      }
    }
  }
}
`;

const alwaysNumber = '#nextWait(n) {\n    return Math.min(2 ** n * 40, 3000);\n  }';
const nullPastSix = '#nextWait(n) {\n    if (n > 6) return null;\n    return Math.min(2 ** n * 40, 3000);\n  }';
const errorPastSix = '#nextWait(n) {\n    return n > 6 ? new Error(`gave up after ${n}`) : Math.min(2 ** n * 40, 3000);\n  }';
const handedOn = '#nextWait(n) {\n    return this.options.strategy(n);\n  }';

/** A loop that picks its wait and whether to stop out of what `#plan` answers (`const { stop, ms } = this.#plan(…)`). */
const planner = (plan: string, handed = 'this.#attempt++') => `
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
class Pump {
  #attempt = 0;
  ${plan}
  async drain() {
    for (;;) {
      try {
        return await this.source.pull();
      } catch (err) {
        const { stop, ms } = this.#plan(${handed});
        if (stop) throw err;
        await sleep(ms);
      }
    }
  }
}
`;

const growingPlan = '#plan(n) {\n    if (n > 5) return { stop: true, ms: 0 };\n    return { stop: false, ms: 100 * 2 ** n };\n  }';
const jitteredPlan = '#plan(n) {\n    if (n > 5) return { stop: true, ms: 0 };\n    return { stop: false, ms: Math.random() * 100 * 2 ** n };\n  }';
const fixedPlan = '#plan(n) {\n    return { stop: n >= 3, ms: 400 };\n  }';
const sortingPlan = '#plan(err) {\n    return { stop: !isTransient(err), ms: 400 };\n  }';
const unreadPlan = '#plan(n) {\n    if (n > 5) return { stop: true, ms: 0 };\n    return this.schedule(n);\n  }';

ruleTester.run('require-jitter (waits computed by methods of the class)', requireJitter, {
  valid: [
    { name: 'a private helper adds randomness to the member the attempt steps', code: loop(privateHelperJittered, 'this.#pauseMs()') },
    { name: 'a method that moves the wait on by a value it is handed: not known', code: loop(handed, 'this.pause', 'this.setPause(this.pause * 2 + Math.random() * 100);') },
    { name: 'a method that only counts: the wait stays the same (fixed, not growing)', code: loop(tally, 'this.pause', 'this.tally();') },
    { name: 'the wait picked out of what a method answers has randomness', code: planner(jitteredPlan) },
    { name: 'the method answers something else than object literals on one path: nothing claimed', code: planner(unreadPlan) },
    { name: 'a recursion waiting what a method answers from a member a third method moves by a value handed to it', code: recursion(countedAnswer).replace('this.#tries++;', 'this.#bump(Math.random());').replace('get(url) {', '#bump(by) {\n    this.#tries += by;\n  }\n  get(url) {') },
  ],
  invalid: [
    {
      name: 'a private helper reads the member the attempt steps',
      code: loop(privateHelper, 'this.#pauseMs()'),
      errors: [{ messageId: 'missingJitter', line: 9, column: 5, endLine: 9, endColumn: 13, data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'the private helper is read through a const',
      code: loop(privateHelper, 'ms', 'this.#failures++;', 'if (this.#failures >= 4) throw err;\n        const ms = this.#pauseMs();'),
      errors: [{ messageId: 'missingJitter', line: 9, column: 5, endLine: 9, endColumn: 13, data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a getter computes the wait from the member the attempt steps',
      code: loop(getter, 'this.backoffMs'),
      errors: [{ messageId: 'missingJitter', line: 9, column: 5, endLine: 9, endColumn: 13, data: { what: 'This retry loop', delay: '100 ms × 3^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a method of the class doubles the wait after each failure',
      code: loop(slowDown, 'this.pause', 'this.slowDown();'),
      errors: [{ messageId: 'missingJitter', line: 11, column: 5, endLine: 11, endColumn: 13, data: { what: 'This retry loop', delay: '500 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a method of the class doubles the wait up to a cap',
      code: loop(slowDownCapped, 'this.pause', 'this.slowDown();'),
      errors: [{ messageId: 'missingJitter', line: 11, column: 5, endLine: 11, endColumn: 13, data: { what: 'This retry loop', delay: '500 ms × 2^n, capped at 8 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a recursion through a second private method waits what a third answers, which throws past a count',
      code: recursion(countedAnswer),
      errors: [{ messageId: 'missingJitter', line: 20, column: 12, endLine: 20, endColumn: 28, data: { what: '`#retry()` retrying itself through `#again()`', delay: '200 ms × 2^n, capped at 1 min', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'the wait picked out of what a method answers grows',
      code: planner(growingPlan),
      errors: [{ messageId: 'missingJitter', line: 10, column: 5, endLine: 10, endColumn: 13, data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'a reconnect waits what a private method answers, always a number',
      code: reconnect(alwaysNumber),
      errors: [{ messageId: 'missingJitter', line: 9, column: 5, endLine: 9, endColumn: 13, data: { what: 'This retry loop', delay: '40 ms × 2^n, capped at 3 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry (waits computed by methods of the class)', noFixedSleepRetry, {
  valid: [
    { name: 'a private helper reads the member the attempt steps: it grows', code: loop(privateHelper, 'this.#pauseMs()') },
    { name: 'a getter reads the member the attempt steps: it grows', code: loop(getter, 'this.backoffMs') },
    { name: 'a method the attempt calls doubles the wait: it grows', code: loop(slowDown, 'this.pause', 'this.slowDown();') },
    { name: 'a method sets the wait to what it is handed: not known', code: loop(handed, 'this.pause', 'this.setPause(this.pause * 2);') },
  ],
  invalid: [
    {
      name: 'a method the attempt calls only counts: the wait is the field, the same every time',
      code: loop(tally, 'this.pause', 'this.tally();'),
      errors: [{ messageId: 'fixedDelay', line: 10, column: 5, endLine: 10, endColumn: 13, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a method the attempt calls sets the wait back to a literal',
      code: loop(tally.replace('this.#failures++;', 'this.#failures++;\n    this.pause = 500;'), 'this.pause', 'this.tally();'),
      errors: [{ messageId: 'fixedDelay', line: 11, column: 5, endLine: 11, endColumn: 13, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'the wait picked out of what a method answers is the same every time',
      code: planner(fixedPlan),
      errors: [{ messageId: 'fixedDelay', line: 9, column: 5, endLine: 9, endColumn: 13, data: { what: 'This retry loop', delay: 'a fixed 400 ms', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'a getter answers a member nothing moves',
      code: loop('  get backoffMs() {\n    return this.base;\n  }\n  base = 750;', 'this.backoffMs'),
      errors: [{ messageId: 'fixedDelay', line: 10, column: 5, endLine: 10, endColumn: 13, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry (limits in methods of the class)', noUnboundedRetry, {
  valid: [
    { name: 'the method the recursion waits on throws past a count', code: recursion(countedAnswer) },
    {
      name: 'the loop waits on a private method that throws past a count',
      code: loop('  async #pauseMs(err) {\n    if (this.#failures >= this.limit) throw err;\n    return 300;\n  }', 'await this.#pauseMs(err)', 'this.#failures++;', ''),
    },
    { name: 'the answer is null past six attempts', code: reconnect(nullPastSix, 'wait === null') },
    { name: 'the answer is an Error past six attempts', code: reconnect(errorPastSix, 'wait instanceof Error') },
    { name: 'the answer comes from a strategy the analysis cannot read', code: reconnect(handedOn) },
    { name: 'the stop picked out of what a method answers is decided by the count it is handed', code: planner(growingPlan) },
    { name: 'the stop picked out of what a method answers compares the count', code: planner(fixedPlan, 'this.#attempt') },
    { name: 'the method answers something unread on one path', code: planner(unreadPlan) },
  ],
  invalid: [
    {
      name: 'the method the recursion waits on throws only on the kind of error',
      code: recursion(sortingAnswer),
      errors: [{ messageId: 'unbounded', line: 20, column: 12, endLine: 20, endColumn: 28, data: { what: '`#retry()` retrying itself through `#again()`' } }],
    },
    {
      name: 'the stop picked out of what a method answers looks only at the kind of error',
      code: planner(sortingPlan, 'err'),
      errors: [{ messageId: 'unbounded', line: 9, column: 5, endLine: 9, endColumn: 13, data: { what: 'This retry loop' } }],
    },
    {
      name: 'the answer is always a number',
      code: reconnect(alwaysNumber),
      errors: [{ messageId: 'unbounded', line: 9, column: 5, endLine: 9, endColumn: 13, data: { what: 'This retry loop' } }],
    },
    {
      name: 'the loop waits on a private method that throws only on the kind of error',
      code: loop('  async #pauseMs(err) {\n    if (!isTransient(err)) throw err;\n    return 300;\n  }', 'await this.#pauseMs(err)', 'this.#failures++;', ''),
      errors: [{ messageId: 'unbounded', line: 10, column: 5, endLine: 10, endColumn: 13, data: { what: 'This retry loop' } }],
    },
  ],
});
