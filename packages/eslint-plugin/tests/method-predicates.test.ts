import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry loop that leaves when a method of its own class, handed the caught error, answers
 * yes (`if (this.shouldAbort(err)) return`). The method is read as a function of the file is:
 * one that only sorts failures by their fields lets the retryable kind through for ever; one
 * that counts stops the retry. Before, a method was taken for a predicate whose answer cannot
 * be seen, an exit of unknown kind, while the same code as a plain function was read.
 */
const syncer = (predicate: string, call = 'this.shouldAbort(err as Failure)') => `declare function getRules(): Promise<string[]>;
interface Failure { code?: string }
export class Syncer {
  rules: string[] = [];
  stopped = false;
  failures = 0;
${predicate}
  stop(): void {
    this.stopped = true;
  }
  async sync(): Promise<void> {
    while (true) {
      try {
        this.rules = await getRules();
        break;
      } catch (err) {
        console.error('failed', err);
        if (${call}) {
          return;
        }
      }
    }
  }
}
`;
const sorts = `  private shouldAbort(error: Failure): boolean {
    if (error.code === 'M_UNKNOWN_TOKEN') {
      this.stop();
      return true;
    }
    return false;
  }`;
const counts = `  private shouldAbort(error: Failure): boolean {
    this.failures++;
    return error.code === 'M_UNKNOWN_TOKEN' || this.failures > 5;
  }`;
const privateSorts = sorts.replace('private shouldAbort', '#shouldAbort');

const jsSyncer = `const getRules = async () => [];
export class Syncer {
  #isFatal(error) {
    return error.code === 'M_FORBIDDEN';
  }
  async sync() {
    while (true) {
      try {
        return await getRules();
      } catch (err) {
        if (this.#isFatal(err)) throw err;
      }
    }
  }
}
`;

ruleTester.run('no-unbounded-retry on a method handed the failure', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: the method counts the failures', code: syncer(counts), filename: 'syncer.ts' },
    { name: 'TypeScript: a method of an object handed in, whose code is not seen', code: syncer(sorts, 'this.policy.shouldAbort(err)').replace('  failures = 0;', '  failures = 0;\n  constructor(private readonly policy: { shouldAbort(e: unknown): boolean }) {}'), filename: 'syncer.ts' },
  ],
  invalid: [
    { name: 'TypeScript: the method only sorts failures by code', code: syncer(sorts), filename: 'syncer.ts', errors: [{ messageId: 'unbounded', line: 18, column: 5 }] },
    { name: 'TypeScript: a private method that sorts', code: syncer(privateSorts, 'this.#shouldAbort(err as Failure)'), filename: 'syncer.ts', errors: [{ messageId: 'unbounded', line: 18, column: 5 }] },
    { name: 'JavaScript: a private method that sorts', code: jsSyncer, filename: 'syncer.js', errors: [{ messageId: 'unbounded', line: 7, column: 5 }] },
  ],
});
