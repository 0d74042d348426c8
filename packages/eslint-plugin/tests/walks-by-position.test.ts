import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop that goes on to the next candidate after a "failure" is a walk, not a retry, when the
 * count it steps is where it is, not how often it tried:
 * - a position the loop also reads an item of a list at (`entries[i]` beside `boundBelow(i)`,
 *   stepped in the test, `while (++i < entries.length)`), an index wherever the loop reads it;
 * - a count made into the text the operation is given (`copyName(source.name, n)`, a template):
 *   each turn asks for another name.
 * A count made into a number for the same operation (`{ timeout: Math.min(1000 * n, 3000) }`)
 * is still a retry's.
 */

const groupsTs = `interface Entry {
  key: string | null;
}

const ORDER = /^[a-z0-9]+$/;

/** Whether \`key\` sorts strictly between its neighbours and has the right format. */
function fits(key: string | null, before: string | null, after: string | null): boolean {
  if (!key) return false;
  try {
    if (!ORDER.test(key)) throw new Error(\`bad key \${key}\`);
  } catch {
    return false;
  }
  return (!before || before < key) && (!after || key < after);
}

/** Runs of entries whose keys are out of order, each run given by its positions. */
export function outOfOrderRuns(entries: readonly Entry[]): number[][] {
  const runs: number[][] = [];
  const keyAt = (i: number) => entries[i]?.key ?? null;
  const boundBelow = (at: number): [string | null, number] => [keyAt(at - 1), at - 1];
  const boundAbove = (at: number): [string | null, number] => [keyAt(at + 1), at + 1];
  let i = 0;
  while (i < entries.length) {
    if (fits(keyAt(i), keyAt(i - 1), keyAt(i + 1))) {
      i++;
      continue;
    }
    const run = [i];
    while (++i < entries.length) {
      const key = entries[i]!.key;
      const [below] = boundBelow(i);
      const [above] = boundAbove(i);
      if (fits(key, below, above)) {
        break;
      }
      run.push(i);
    }
    runs.push(run);
  }
  return runs;
}
`;

/** JavaScript: the next copy name on a unique violation (a walk), and a growing timeout (a retry). */
const copiesJs = `class UniqueViolation extends Error {}

const copyName = (base, n) => (n === 1 ? \`\${base} (copy)\` : \`\${base} (copy \${n})\`);

// Each turn asks for another name: the next candidate, not the same insert again.
async function duplicate(db, source) {
  for (let n = 1; n <= 20; n++) {
    try {
      return await db.insert({ ...source, name: copyName(source.name, n) });
    } catch (err) {
      if (err instanceof UniqueViolation) continue;
      throw err;
    }
  }
  throw new Error('no free copy name');
}

// The same insert again, its timeout growing with the count: a retry.
async function insertPatiently(db, row) {
  for (let n = 1; n <= 4; n++) {
    try {
      return await db.insert(row, { timeout: Math.min(1000 * n, 3000) });
    } catch (err) {
      if (!(err instanceof UniqueViolation)) continue;
      throw err;
    }
  }
  throw new Error('insert timed out');
}

module.exports = { duplicate, insertPatiently };
`;

ruleTester.run('no-fixed-sleep-retry with loops stepping a position', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: runs of out-of-order keys found by stepping an index in the loop test', code: groupsTs, filename: 'groups.ts' }],
  invalid: [
    {
      name: 'JavaScript: candidate copy names are a walk; the same insert with a growing timeout retries at once',
      code: copiesJs,
      filename: 'copies.js',
      errors: [{ messageId: 'immediate', line: 20, column: 3, data: { what: 'This retry loop', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with loops stepping a position', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: runs of out-of-order keys found by stepping an index in the loop test', code: groupsTs, filename: 'groups.ts' }],
  invalid: [],
});
