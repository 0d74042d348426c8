import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * `for (let tries = 0; !sent && tries < max; tries += 1)`: the counter is declared in the loop's
 * head, which runs once, and stepped by `+= 1` as `++` steps it. Its value goes on from turn to
 * turn, so `tries < max` limits the attempts (it was read as a fresh `0 + 1` each turn, and the
 * loop as one that never gives up).
 */

const hook = (step: string, limit = 'this.config.retryCount') => `declare function post(url: string, body: string): Promise<void>;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Hook {
  constructor(private config: { url: string; retryCount: number; retryDelay: number }) {}

  async send(body: string): Promise<void> {
    let sent = false;
    for (let tries = 0; !sent && tries < ${limit}; ${step}) {
      try {
        await post(this.config.url, body);
        sent = true;
      } catch (error) {
        await pause(this.config.retryDelay);
      }
    }
    if (!sent) throw new Error('send failed');
  }
}
`;

const toJs = (code: string) =>
  code
    .replace(/declare function [^\n]*\n/, "import { post } from './post';\n")
    .replace('(ms: number)', '(ms)')
    .replace('new Promise<void>', 'new Promise')
    .replace('constructor(private config: { url: string; retryCount: number; retryDelay: number }) {}', 'constructor(config) {\n    this.config = config;\n  }')
    .replace('(body: string): Promise<void> {', '(body) {');

const fixed = (attempts: string, line = 9) => ({ messageId: 'fixedDelay' as const, line, column: 5, data: { what: 'This retry loop', delay: '`this.config.retryDelay` (the same every time)', attempts } });

ruleTester.run('no-unbounded-retry with a counter declared in the head of the for', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: tries += 1', code: hook('tries += 1'), filename: 'hook.ts' },
    { name: 'TypeScript: tries = tries + 1', code: hook('tries = tries + 1'), filename: 'hook.ts' },
    { name: 'JavaScript: tries += 1', code: toJs(hook('tries += 1')), filename: 'hook.js' },
  ],
  invalid: [
    {
      name: 'TypeScript: the head steps a counter the test does not read',
      code: hook('tries += 1', 'Infinity'),
      filename: 'hook.ts',
      errors: [{ messageId: 'unbounded', line: 9, column: 5, data: { what: 'This retry loop' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a counter declared in the head of the for', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: 'TypeScript: tries += 1, a limit the caller sets', code: hook('tries += 1'), filename: 'hook.ts', errors: [fixed('an unknown number of attempts')] },
    { name: 'TypeScript: tries += 1, a limit of 4', code: hook('tries += 1', '4'), filename: 'hook.ts', errors: [fixed('up to 4 attempts')] },
    { name: 'JavaScript: tries += 1, a limit of 4', code: toJs(hook('tries += 1', '4')), filename: 'hook.js', errors: [fixed('up to 4 attempts', 11)] },
  ],
});
