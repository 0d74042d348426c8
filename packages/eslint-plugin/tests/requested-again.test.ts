import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * Coalesced work: a function that clears a flag before its attempt, and goes again from its
 * `catch` only when the flag is set (`if (this.pending) return this.build()`), goes again
 * because another caller asked while the attempt ran: that caller set the flag and returned.
 * Nothing on the failure path sets it, so the failure alone never comes back in: no retry.
 * Before, the call from the `catch` read as a retry at once that never gives up.
 */
const builder = (catchBody: string, ts = true) => `${ts ? 'declare function compile(): Promise<string[]>;\n' : ''}export class Builder {
  ${ts ? 'private ' : ''}pending = false;
  ${ts ? 'private ' : ''}running = null;
  async build() {
    if (this.running) {
      this.pending = true;
      return this.running;
    }
    this.pending = false;
    this.running = compile();
    try {
      const out = await this.running;
      this.running = null;
      if (this.pending) return await this.build();
      return out;
    } catch (err) {
      this.running = null;
${catchBody}
    }
  }
}
`;
const coalesced = '      if (this.pending) return await this.build();\n      throw err;';

const sync = `let active = null;
let again = false;
export async function sync(push) {
  if (active) {
    again = true;
    return active;
  }
  again = false;
  active = push();
  try {
    await active;
  } catch (err) {
    console.warn('sync failed', err);
  } finally {
    active = null;
  }
  if (again) return sync(push);
}
`;
const syncInCatch = sync.replace("    console.warn('sync failed', err);\n", "    console.warn('sync failed', err);\n    if (again) return sync(push);\n");

const clearedInSync = syncInCatch.replace('  again = false;\n  active = push();', '  active = push();').replace('    await active;\n', '    await active;\n    again = false;\n');

// The flag is cleared only once an attempt succeeds: after a failure it is still set, and the failure comes back in.
const clearedOnSuccess = builder(coalesced).replace('    this.pending = false;\n    this.running = compile();', '    this.running = compile();').replace('      this.running = null;\n      if (this.pending) return await this.build();\n      return out;', '      this.running = null;\n      this.pending = false;\n      return out;');

ruleTester.run('no-fixed-sleep-retry: a re-run another caller asked for', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: a class flag cleared before the attempt', code: builder(coalesced), filename: 'builder.ts' },
    { name: 'JavaScript: a class flag cleared before the attempt', code: builder(coalesced, false).replace('export class', 'const compile = async () => [];\nexport class'), filename: 'builder.js' },
    { name: 'JavaScript: a module flag, the re-run in the catch', code: syncInCatch, filename: 'sync.js' },
    { name: 'TypeScript: a module flag, the re-run in the catch', code: syncInCatch.replace('export async function sync(push)', 'export async function sync(push: () => Promise<void>): Promise<void>').replace('let active = null;', 'let active: Promise<void> | null = null;'), filename: 'sync.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: the flag is cleared only after a success',
      code: clearedOnSuccess,
      filename: 'builder.ts',
      errors: [{ messageId: 'immediate', line: 18, column: 38 }],
    },
    {
      name: 'JavaScript: a module flag cleared only after a success',
      code: clearedInSync,
      filename: 'sync.js',
      errors: [
        {
          messageId: 'immediate',
          line: 14,
          column: 23,
          suggestions: [
            {
              messageId: 'waitBeforeRetry',
              data: { ms: '1000' },
              output: clearedInSync.replace('    if (again) return sync(push);\n  } finally', '    if (again) return new Promise((resolve) => setTimeout(resolve, Math.random() * 1000)).then(() => sync(push));\n  } finally'),
            },
          ],
        },
      ],
    },
  ],
});

ruleTester.run('no-unbounded-retry: a re-run another caller asked for', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: a class flag cleared before the attempt', code: builder(coalesced), filename: 'builder.ts' }],
  invalid: [{ name: 'TypeScript: the flag is cleared only after a success', code: clearedOnSuccess, filename: 'builder.ts', errors: [{ messageId: 'unbounded', line: 18, column: 38 }] }],
});
