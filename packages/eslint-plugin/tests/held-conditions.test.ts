import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A limit kept where the code holds the condition: a `const` that holds it, tested where the
 * failure decides (`const again = … && attempt < TRIES; if (!again) throw e`), is that condition;
 * a count handed on as it is to a predicate of the file (`shouldRetry(res, attempt)`) starts
 * where the count does (`attempt = 1` counts three attempts to `attempt < 3`, not four).
 */

const heldTs = (test: string) => `const TRIES = 3;

export async function run(url: string): Promise<Response> {
  let attempt = 0;
  while (true) {
    ++attempt;
    try {
      return await fetch(url);
    } catch (e) {
      ${test}
    }
  }
}
`;

const predicateTs = (start: string) => `const MAX = 3;

function again(res: Response, attempt: number): boolean {
  return res.status === 503 && attempt < MAX;
}

export async function load(url: string, attempt: number${start}): Promise<unknown> {
  const res = await fetch(url);
  if (again(res, attempt)) {
    await new Promise((r) => setTimeout(r, 6000));
    return load(url, attempt + 1);
  }
  return res.json();
}
`;

const immediate = (attempts: string) => ({ messageId: 'immediate' as const, line: 5, column: 3, data: { what: 'This retry loop', attempts } });
const fixed = (attempts: string) => ({ messageId: 'fixedDelay' as const, line: 11, column: 12, data: { what: '`load()` retrying itself', delay: 'a fixed 6 s', attempts } });

ruleTester.run('no-fixed-sleep-retry with a limit held in a const or handed to a predicate', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: the condition held in a const, tested negated',
      code: heldTs("const again = (e as Error).name !== 'QuotaExceededError' && attempt < TRIES;\n      if (!again) throw e;"),
      filename: 'run.ts',
      errors: [immediate('up to 3 attempts')],
    },
    { name: 'TypeScript: the same condition written out', code: heldTs("if (!((e as Error).name !== 'QuotaExceededError' && attempt < TRIES)) throw e;"), filename: 'run.ts', errors: [immediate('up to 3 attempts')] },
    { name: 'TypeScript: a give-up condition held in a const', code: heldTs('const done = attempt >= TRIES;\n      if (done) throw e;'), filename: 'run.ts', errors: [immediate('up to 3 attempts')] },
    { name: 'TypeScript: a count from 1 handed to a predicate', code: predicateTs(' = 1'), filename: 'load.ts', errors: [fixed('up to 3 attempts')] },
    { name: 'TypeScript: a count from 0 handed to a predicate', code: predicateTs(' = 0'), filename: 'load.ts', errors: [fixed('up to 4 attempts')] },
  ],
});
