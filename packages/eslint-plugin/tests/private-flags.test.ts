import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A loop that runs until its body sets a done flag (`while (!this.#ready)`) is read the same
// whether the flag is a public member or a private field: set on success, it is how the loop
// ends, and a loop with no other way out never gives up.

const connector = (field: string, failure = '') => `
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
class Connector {
  ${field} = false;
  tries = 0;
  async dial(): Promise<void> {}
  async start(): Promise<void> {
    do {
      try {
        await this.dial();
        this.${field} = true;
      } catch (err) {${failure}
        await pause(Math.min(2 ** this.tries++ * 100, 5000) + Math.random() * 100);
      }
    } while (!this.${field});
  }
}
`;

ruleTester.run('no-unbounded-retry on private done flags', noUnboundedRetry, {
  valid: [
    { name: 'a private flag with a count in the catch', code: connector('#ready', "\n        if (this.tries >= 5) throw err;") },
    { name: 'a public flag with a count in the catch', code: connector('ready', "\n        if (this.tries >= 5) throw err;") },
    { name: 'a private flag, the catch handing the error to a call that may throw', code: connector('#ready', '\n        this.report(err);').replace('  tries = 0;', '  tries = 0;\n  report(e: unknown) { if (this.tries > 3) throw e; }') },
  ],
  invalid: [
    {
      name: 'a private flag set on success, nothing else leaves: never gives up',
      code: connector('#ready'),
      errors: [{ messageId: 'unbounded', line: 8, column: 5, endLine: 8, endColumn: 7 }],
    },
    {
      name: 'the same with a public flag',
      code: connector('ready'),
      errors: [{ messageId: 'unbounded', line: 8, column: 5, endLine: 8, endColumn: 7 }],
    },
  ],
});
