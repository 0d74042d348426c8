import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// Options handed down to a method that computes the wait (`this.#wait(plan)` with `const plan =
// settle(this.options.retry)` merging an object of defaults): a strategy function the helper
// calls on its parameter (`plan.backoff(n)`) is the one the caller's object holds, as an option
// the helper reads from it already is; and a flag compared with `true` (`plan.jitter === true`)
// whose default is written `undefined`, `null` or `false` never holds with the defaults, so the
// randomness under it is not the retry's by default.

/** A loop that waits what `#wait(plan)` answers, through a second method, with DEFAULTS' `jitter`. */
const poster = (jitter = 'jitter: undefined', before = '', handed = 'plan', backoff = 'plan.backoff(this.#attempt)') => `
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const DEFAULTS = { tries: 4, backoff: (n) => 250 * 2 ** n, ${jitter} };
const settle = (given = {}) => ({ ...DEFAULTS, ...given });
class Poster {
  #attempt = 0;
  constructor(options) {
    this.options = options;
  }
  #wait(plan) {
    const base = ${backoff};
    let ms = base;
    if (plan.jitter === true) ms = Math.random() * base;
    return ms;
  }
  #waitAfter(error, plan) {
    if (error.status === 429) return this.#wait(plan);
    return this.#wait(plan);
  }
  async post(body) {
    const plan = settle(this.options.retry);
${before}    for (;;) {
      try {
        return await this.port.send(body);
      } catch (error) {
        if (this.#attempt >= plan.tries) throw error;
        await sleep(this.#waitAfter(error, ${handed}));
        this.#attempt++;
      }
    }
  }
}
`;

const missing = (line: number) => ({
  messageId: 'missingJitter' as const,
  line,
  column: 5,
  endLine: line,
  endColumn: 13,
  data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 5 attempts' },
});

ruleTester.run('require-jitter with options handed down to the method that computes the wait', requireJitter, {
  valid: [
    { name: 'jitter on by default: the randomness is the retry’s', code: poster('jitter: true') },
    { name: 'the helper is handed the caller’s raw options, with no defaults read: nothing claimed', code: poster('jitter: undefined', '', 'this.options.retry') },
    { name: 'the code itself turns the flag on before the loop', code: poster('jitter: undefined', '    if (this.options.spread) plan.jitter = true;\n') },
    { name: 'the backoff strategy adds randomness itself', code: poster('jitter: undefined').replace('(n) => 250 * 2 ** n', '(n) => Math.random() * 250 * 2 ** n') },
    { name: 'the flag left out of the defaults altogether: not known', code: poster('retryOn: [503]') },
  ],
  invalid: [
    { name: 'the flag written `undefined` in the defaults, the strategy read through two methods', code: poster(), errors: [missing(22)] },
    { name: 'the flag written `false`', code: poster('jitter: false'), errors: [missing(22)] },
    { name: 'the flag written `null`', code: poster('jitter: null'), errors: [missing(22)] },
    { name: 'the wait computed in the helper itself, the flag read through the caller’s object', code: poster('jitter: undefined', '', 'plan', '250 * 2 ** this.#attempt'), errors: [missing(22)] },
  ],
});
