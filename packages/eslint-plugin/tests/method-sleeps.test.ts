import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A sleep that is a method of the class (`await this.timer(0.5)`) is read by its body, as a
 * function of the file is: its timer says how the argument becomes milliseconds and whether
 * the wait is random, whatever the method is called. Before, a method was a sleep only when
 * named like one (`this.wait(2)`), its argument taken as milliseconds: `timer`, `pauseFor` or
 * `hold` made the loop look like one that retries with no wait, and missed it.
 */

const loop = (wait: string) => `
  async send(url: string): Promise<Response> {
    for (let tries = 1; tries <= 4; tries++) {
      try {
        return await fetch(url);
      } catch (error) {
        if (tries === 4) throw error;
        await ${wait};
      }
    }
    throw new Error('unreachable');
  }`;

const klass = (wait: string, method: string) => `export class Api {${loop(wait)}\n${method}\n}\n`;

const seconds = (name: string) => `  ${name}(seconds: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }`;

const fixed = (delay: string) => ({ messageId: 'fixedDelay' as const, line: 3, column: 5, data: { what: 'This retry loop', delay, attempts: 'up to 4 attempts' } });

ruleTester.run('no-fixed-sleep-retry with a sleep that is a method of the class', noFixedSleepRetry, {
  valid: [
    {
      name: 'TypeScript: the method waits at random',
      code: klass('this.hold(500)', `  hold(ms: number) {\n    return new Promise((r) => setTimeout(r, ms * Math.random()));\n  }`),
      filename: 'api.ts',
    },
    {
      name: 'TypeScript: a method with a timer that is a watchdog, not a wait, is the operation',
      code: klass(
        'this.timer(url)',
        `  timer(url: string) {\n    return new Promise((resolve, reject) => {\n      const t = setTimeout(() => reject(new Error('timeout')), 1000);\n      fetch(url).then((r) => { clearTimeout(t); resolve(r); }, reject);\n    });\n  }`,
      ),
      filename: 'api.ts',
    },
  ],
  invalid: [
    { name: 'TypeScript: a method named for a timer, its argument in seconds', code: klass('this.timer(0.5)', seconds('async timer')), filename: 'api.ts', errors: [fixed('a fixed 500 ms')] },
    { name: 'TypeScript: a private method, its argument in seconds', code: klass('this.#hold(2)', seconds('#hold')), filename: 'api.ts', errors: [fixed('a fixed 2 s')] },
    { name: 'TypeScript: a method named like a wait takes seconds, not milliseconds', code: klass('this.wait(2)', seconds('wait')), filename: 'api.ts', errors: [fixed('a fixed 2 s')] },
    {
      name: 'JavaScript: an arrow function held by a class field',
      code: klass('this.pauseFor(250)', '  pauseFor = (ms) => new Promise((r) => setTimeout(r, ms));').replace('url: string', 'url').replace('Promise<Response>', '').replace('): ', ')'),
      filename: 'api.js',
      errors: [fixed('a fixed 250 ms')],
    },
  ],
});

ruleTester.run('require-jitter with a sleep that is a method of the class', requireJitter, {
  valid: [
    {
      name: 'TypeScript: a growing wait handed to a method that waits at random',
      code: klass('this.hold(100 * 2 ** tries)', `  hold(ms: number) {\n    return new Promise((r) => setTimeout(r, Math.random() * ms));\n  }`),
      filename: 'api.ts',
    },
  ],
  invalid: [
    {
      name: 'TypeScript: a growing wait handed to a method named for a timer',
      code: klass('this.timer(2 ** tries)', seconds('timer')),
      filename: 'api.ts',
      errors: [{ messageId: 'missingJitter', line: 3, column: 5, data: { what: 'This retry loop', delay: '1 s × 2^n', attempts: 'up to 4 attempts' } }],
    },
  ],
});
