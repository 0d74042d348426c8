import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Where the wait comes from a function the code holds rather than calls by its own name:
 * - a static method of an imported class (`Scheduler.backoff(n, err)`), read in its module and
 *   through the functions it imports in turn;
 * - a constructor parameter property with a default (`constructor(private readonly backoff =
 *   Sender.exponential)`), never written after and passed by no construction of the file: the
 *   default is what runs, as a number default is read when nothing says what callers pass;
 * - a count handed to that function in a rejection handler (`.then(ok, (err) => …)`), as in a
 *   `catch`: its answer (-1) may stop the retry, so the count is unknown, not "never gives up".
 * Before, each left the wait unknown (no jitter finding), and the rejection handler's count read
 * as no limit at all.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'static-waits');
const file = (name: string) => ({ filename: join(root, name), code: readFileSync(join(root, name), 'utf8') });

const growing = (what: string, line: number, column: number, delay = '1 s × 2^n', attempts = 'an unknown number of attempts') => ({ messageId: 'missingJitter' as const, line, column, data: { what, delay, attempts } });

ruleTester.run('require-jitter with a wait from a static method of an imported class', requireJitter, {
  valid: [{ name: 'the module of the wait itself', ...file('backoff.ts') }],
  invalid: [
    { name: 'TypeScript: a rejection handler re-arms a timer with the static method\'s wait', ...file('outbox.ts'), errors: [growing('`flush()` retrying itself', 21, 27)] },
    { name: 'TypeScript: a catch awaits the static method\'s wait and calls itself', ...file('inbox.ts'), errors: [growing('`poll()` retrying itself', 18, 14)] },
  ],
});

ruleTester.run('no-unbounded-retry with the count handed to a wait function in a rejection handler', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: the answer -1 drops the item: the count is unknown, not endless', ...file('outbox.ts') }],
  invalid: [],
});

const sender = (ctor: string, extra = '') => `declare function send(body: string): Promise<void>;
type Backoff = (attempts: number) => number;
export class Sender {
  static exponential(attempts: number): number {
    return 250 * 2 ** attempts;
  }
  private attempts = 0;
  constructor(${ctor}) {}
  async deliver(body: string): Promise<void> {
    try {
      await send(body);
    } catch (err) {
      if (++this.attempts > 5) throw err;
      await new Promise((r) => setTimeout(r, this.backoff(this.attempts)));
      return this.deliver(body);
    }
  }
}
${extra}`;
const deliver = (delay: string) => growing('`deliver()` retrying itself', 15, 14, delay, 'up to 6 attempts');

ruleTester.run('require-jitter with a wait held by a constructor parameter property', requireJitter, {
  valid: [
    {
      name: 'a construction in the file hands a random wait: the default is not what runs',
      code: sender('private readonly backoff: Backoff = Sender.exponential', 'export const jittered = new Sender((n) => Math.random() * 250 * 2 ** n);\n'),
      filename: 'sender.ts',
    },
    { name: 'a random default', code: sender('private readonly backoff: Backoff = (n) => Math.random() * 100 * 2 ** n'), filename: 'sender.ts' },
    {
      name: 'the field is written after construction',
      code: sender('private backoff: Backoff = Sender.exponential').replace('  async deliver', '  useFixed(): void {\n    this.backoff = () => Math.random() * 1000;\n  }\n  async deliver'),
      filename: 'sender.ts',
    },
  ],
  invalid: [
    { name: 'the default is a static method of the class', code: sender('private readonly backoff: Backoff = Sender.exponential'), filename: 'sender.ts', errors: [deliver('250 ms × 2^n')] },
    { name: 'the default is written there', code: sender('public readonly backoff: Backoff = (n) => 100 * n'), filename: 'sender.ts', errors: [deliver('a linear 100 ms × n')] },
    {
      name: 'the default is a function of the file; a construction that passes nothing',
      code: `const doubling = (n: number) => 400 * 2 ** n;\n${sender('private readonly backoff = doubling', 'export const plain = new Sender();\n')}`,
      filename: 'sender.ts',
      errors: [{ ...deliver('400 ms × 2^n'), line: 16 }],
    },
  ],
});
