import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A link that dials until it is ready or its owner shuts it (`while (this.#live && !this.#up)`),
// asking a strategy held in a private field what to do after each failure. The strategy is
// picked by a factory from an option; with the option left out, the default answers a number
// for every failure but a handshake timeout, where it answers `false` (stop). The owner's
// `shut()` clears the flag the loop tests, from outside the failure cycle: an exit of unknown
// count (exits/external.ts), so the loop is not one that never gives up, whatever the strategy
// answers. (Before issue 26 these five cases, marked below, were invalid: the strategy's sorting
// of failures was read, rightly, as no count; what makes them valid now is the owner's flag, an
// exit of its own. A predicate that only sorts failures is still no exit: external-exits.test.ts.)

interface Parts {
  /** The default strategy's give-up test. */
  stopWhen?: string;
  /** The test of the decider method that clears the owner's flag and answers the failure. */
  deciderTest?: string;
  /** The loop's condition. */
  condition?: string;
  /** What the factory reads for the option. */
  option?: string;
  /** Extra class members. */
  members?: string;
  /** Statement after the non-number test in the catch. */
  after?: string;
}

const link = ({ stopWhen = 'cause instanceof HandshakeTimeout', deciderTest = 'answer === false', condition = 'this.#live && !this.#up', option = 'settings?.backoff', members = '', after = '' }: Parts = {}) => `
import { setTimeout as nap } from 'node:timers/promises';
class HandshakeTimeout extends Error {}
type Backoff = (n: number, cause: unknown) => number | false;
export class Link {
  #plan: (n: number, cause: unknown) => { answer: number | false | unknown };
  #live = false;
  #up = false;
  constructor(settings?: { backoff?: Backoff | number | false }) {
    this.#plan = this.#choosePlan(settings);
  }
  #choosePlan(settings?: { backoff?: Backoff | number | false }) {
    const given = ${option};
    if (given === false || typeof given === 'number') return () => ({ answer: given });
    if (given) return (n: number, cause: unknown) => ({ answer: given(n, cause) });
    return (n: number, cause: unknown) => ({ answer: this.standardBackoff(n, cause) });
  }
  #afterFailure(n: number, cause: unknown) {
    const { answer } = this.#plan(n, cause);
    if (${deciderTest}) {
      this.#live = false;
      return { wait: cause };
    }
    return { wait: answer };
  }
  async dial(): Promise<void> {}
  async open(): Promise<void> {
    this.#live = true;
    let failures = 0;
    do {
      try {
        await this.dial();
        this.#up = true;
      } catch (err) {
        if (!this.#live) throw err;
        const { wait } = this.#afterFailure(failures++, err);
        if (typeof wait !== 'number') throw wait;${after}
        await nap(wait);
      }
    } while (${condition});
  }
  shut(): void {
    this.#live = false;
  }
  standardBackoff(n: number, cause: unknown): number | false {
    if (${stopWhen}) return false;
    const spread = Math.floor(Math.random() * 250);
    return Math.min(2 ** n * 40, 3000) + spread;
  }${members}
}
`;

ruleTester.run('no-unbounded-retry on a default strategy that stops only for one kind of failure', noUnboundedRetry, {
  valid: [
    { name: 'the default strategy also gives up past a count', code: link({ stopWhen: 'n > 8' }) },
    { name: 'the default strategy gives up on a timeout or past a count', code: link({ stopWhen: 'cause instanceof HandshakeTimeout || n >= 12' }) },
    { name: 'the decider clears the owner flag past a count as well', code: link({ deciderTest: 'answer === false || n > 4' }) },
    { name: 'the option has a default of its own (a number or false the analysis does not pick)', code: link({ option: 'settings?.backoff ?? 500' }) },
    { name: 'the loop also stops past a count in its condition', code: link({ condition: 'this.#live && !this.#up && failures < 10' }) },
    { name: 'the loop also throws past a count', code: link({ after: '\n        if (failures > 6) throw err;' }) },
    { name: 'the strategy field may be replaced later', code: link({ members: '\n  usePlan(plan: (n: number, cause: unknown) => { answer: number | false }): void {\n    this.#plan = plan;\n  }' }) },
    { name: 'the default strategy adds a member it does not show to the wait (it may not be a number)', code: link().replace('+ spread;', '+ this.extra;').replace('  async dial()', '  extra: unknown = 0;\n  async dial()') },
    { name: 'the factory is handed an object of this file, not the caller\'s options', code: link().replace('this.#plan = this.#choosePlan(settings);', 'this.#plan = this.#choosePlan({ backoff: 250 });') },
    { name: 'the decider clears the owner flag on its own count', code: link().replace('const { answer } = this.#plan(n, cause);', 'const { answer } = this.#plan(n, cause);\n    if (n > 5) this.#live = false;') },
    // shut() stops it from outside (exits/external.ts): these were 'never gives up' before.
    { name: 'shut() stops it; the strategy stops only on a handshake timeout', code: link() },
    { name: 'shut() stops it; the strategy stops only on a failure code', code: link({ stopWhen: "(cause as { code?: string }).code === 'ETIMEDOUT'" }) },
    { name: 'shut() stops it; the decider tests the answer for an Error as well as false', code: link({ deciderTest: 'answer === false || answer instanceof Error' }) },
    { name: 'shut() stops it; the condition written with the done flag first', code: link({ condition: '!this.#up && this.#live' }) },
    { name: 'shut() stops it; the option read without an optional chain', code: link({ option: 'settings!.backoff' }) },
  ],
  invalid: [],
});

ruleTester.run('require-jitter on the default strategy spreads its waits', requireJitter, {
  valid: [{ name: 'a jittered default strategy behind a factory is not claimed to lack jitter', code: link() }],
  invalid: [
    {
      name: 'the loop waits its own doubling pause instead of the answer: no jitter',
      code: link().replace('await nap(wait);', 'await nap(Math.min(2 ** failures * 100, 5000));'),
      errors: [{ messageId: 'missingJitter', line: 30, column: 5, endLine: 30, endColumn: 7 }],
    },
  ],
});
