import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A `return` with a value in the catch of a function that calls itself again (`if
 * (this.stopped) return {}`, `return []`) leaves the retry as surely as `return;` does: no
 * attempt succeeded, the caller gets a fallback. So a stop decided there (a flag `stop()` sets)
 * is an exit, and the retry is not "never gives up". Before, only a return of nothing, `null`
 * or `false` was read as giving up, as loops already read any return in their catch.
 */

const syncer = (fallback: string, member: string) => `declare function load(): Promise<string>;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class Syncer {
  private stopped = false;

  stop(): void {
    this.stopped = true;
  }

  ${member} {
    try {
      return [await load()];
    } catch (err) {
${fallback}
      await sleep(1000);
      return this.get();
    }
  }
}
`;

const method = 'async get(): Promise<string[]>';
const arrow = 'get = async (): Promise<string[]> =>';
const toJs = (code: string) => code.replace('declare function load(): Promise<string>;', 'const load = async () => "row";').replace(/: Promise<string\[\]>|: Promise<void>|<void>|: number|: void|private /g, '');

ruleTester.run('no-unbounded-retry with a fallback returned from the catch', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: a method returning an empty list once stopped', code: syncer('      if (this.stopped) return [];', method), filename: 'syncer.ts' },
    { name: 'TypeScript: a property arrow returning an object once stopped', code: syncer('      if (this.stopped) return { rows: [] } as never;', arrow).replace('return this.get();\n    }\n  }', 'return this.get();\n    }\n  };'), filename: 'syncer.ts' },
    { name: 'JavaScript: a method returning an empty list once stopped', code: toJs(syncer('      if (this.stopped) return [];', method)), filename: 'syncer.js' },
  ],
  invalid: [
    { name: 'TypeScript: nothing stops it', code: syncer('', method), filename: 'syncer.ts', errors: [{ messageId: 'unbounded', line: 17, column: 14 }] },
    { name: 'TypeScript: a fallback for one kind of failure lets the others go round for ever', code: syncer('      if (err instanceof TypeError) return [];', method), filename: 'syncer.ts', errors: [{ messageId: 'unbounded', line: 17, column: 14 }] },
    { name: 'JavaScript: nothing stops it', code: toJs(syncer('', method)), filename: 'syncer.js', errors: [{ messageId: 'unbounded', line: 17, column: 14 }] },
  ],
});
