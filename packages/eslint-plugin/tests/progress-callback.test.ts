import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop that runs a handler again after it threw, handing it a progress callback
 * (`(n) => { done = n }`) and the progress so far. The callback runs while the attempt runs, so a
 * turn after a failure resumes the rest of the same work: a retry, whose wait (none here) is
 * a retry's (it was read as a loop moving on to other work, as `url = nextMirror()` before each
 * call is).
 */

const tool = (call: string, after = '') => `export class Tool {
  constructor(private handler: (input: string, from: number, report: (n: number) => void) => Promise<{ next: number; value: string }>) {}

  async execute(input: string, canRetry: (attempt: number, error: unknown) => Promise<boolean>) {
    let attempt = 0;
    let done = 0;
    while (attempt < 100) {
      try {
        const result = await ${call};${after}
        return result.value;
      } catch (err) {
        if (!(await canRetry(++attempt, err))) {
          throw err;
        }
      }
    }
    throw new Error('gave up');
  }
}
`;

const toJs = (code: string) =>
  code
    .replace('constructor(private handler: (input: string, from: number, report: (n: number) => void) => Promise<{ next: number; value: string }>) {}', 'constructor(handler) {\n    this.handler = handler;\n  }')
    .replace('(input: string, canRetry: (attempt: number, error: unknown) => Promise<boolean>)', '(input, canRetry)')
    .replace('(n: number) =>', '(n) =>');

const REPORTED = 'this.handler(input, done, (n: number) => {\n          done = n;\n        })';

const immediate = (line: number) => ({ messageId: 'immediate' as const, line, column: 5, data: { what: 'This retry loop', attempts: 'up to 100 attempts' } });

ruleTester.run('no-fixed-sleep-retry with progress the operation reports', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: the wait spread at random', code: tool(REPORTED).replace('throw err;\n        }', 'throw err;\n        }\n        await new Promise((r) => setTimeout(r, Math.random() * 1000));'), filename: 'tool.ts' },
  ],
  invalid: [
    { name: 'TypeScript: the handler reports progress through a callback', code: tool(REPORTED), filename: 'tool.ts', errors: [immediate(7)] },
    { name: 'JavaScript: the handler reports progress through a callback', code: toJs(tool(REPORTED)), filename: 'tool.js', errors: [immediate(9)] },
  ],
});
