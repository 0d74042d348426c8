import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A call back that hands the attempt its input with more added (`[...deps, ...conflicts]`,
 * `deps.concat(found)`, `[...new Set([...deps, ...found])]`) asks for something else: a
 * resolution that takes in what the last run turned up, not the same request again. What is
 * added may come from the attempt's own result; only the input itself counts as kept. A copy
 * (`[...deps]`) or a part of the input (`deps.filter(…)`: the failed ones again) is the same
 * request, a retry.
 */

const lockTs = (back: string, prelude = '') => `declare function lock(deps: string[]): Promise<{ conflicts: string[]; ok: boolean }>;

export async function resolve(deps: string[], limit = 10): Promise<boolean> {
  const result = await lock(deps);
  if (!result.ok && limit > 0) {
    ${prelude}return resolve(${back}, limit - 1);
  }
  return result.ok;
}
`;

const optionsJs = (deps: string) => `
async function update({ deps, file }, limit = 10) {
  const result = await lock(file, deps);
  if (!result.ok && limit > 0) {
    return update({ deps: ${deps}, file }, limit - 1);
  }
  return result.ok;
}
module.exports = { update };
`;

/** The input an options object the attempt takes apart, handed back rebuilt with its list grown. */
const rebuiltTs = `interface Update { file: string; deps: { name: string }[]; content: string }
declare function lock(file: string, deps: { name: string }[]): Promise<{ output: string; ok: boolean }>;
declare function conflicts(output: string): string[];

export async function updateArtifacts(update: Update, limit = 10): Promise<boolean> {
  const { file, deps, content } = update;
  const result = await lock(file, deps);
  const found = conflicts(result.output);
  if (!result.ok && found.length && limit > 0) {
    const next = [...new Set([...deps, ...found.map((name) => ({ name }))])];
    return updateArtifacts({ file, deps: next, content }, limit - 1);
  }
  return result.ok;
}

export async function again(update: Update, limit = 10): Promise<boolean> {
  const { file, deps, content } = update;
  const result = await lock(file, deps);
  if (!result.ok && limit > 0) {
    return again({ file, deps, content }, limit - 1);
  }
  return result.ok;
}
`;

const immediate = (name: string, line: number, column: number) => ({ messageId: 'immediate' as const, line, column, data: { what: `\`${name}()\` retrying itself`, attempts: 'up to 11 attempts' } });

ruleTester.run('no-fixed-sleep-retry with the input grown on the way back', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: a set of the input and the conflicts, held in a const', code: lockTs('next', 'const next = [...new Set([...deps, ...result.conflicts])];\n    '), filename: 'lock.ts' },
    { name: 'TypeScript: concat of what the attempt turned up', code: lockTs('deps.concat(result.conflicts)'), filename: 'lock.ts' },
    { name: 'TypeScript: an array literal of the input and one more', code: lockTs("[...deps, 'lodash']"), filename: 'lock.ts' },
    { name: 'JavaScript: an options object whose list grows', code: optionsJs('[...deps, ...result.conflicts]'), filename: 'update.js' },
    { name: 'TypeScript: the options object rebuilt with its list grown', code: rebuiltTs.slice(0, rebuiltTs.indexOf('export async function again')), filename: 'artifacts.ts' },
  ],
  invalid: [
    { name: 'TypeScript: a copy of the input is the same request', code: lockTs('[...deps]'), filename: 'lock.ts', errors: [immediate('resolve', 6, 12)] },
    { name: 'TypeScript: the failed part of the input again', code: lockTs('deps.filter((d) => result.conflicts.includes(d))'), filename: 'lock.ts', errors: [immediate('resolve', 6, 12)] },
    { name: 'JavaScript: the same list in the options object', code: optionsJs('deps'), filename: 'update.js', errors: [immediate('update', 5, 12)] },
    { name: 'TypeScript: the options object rebuilt from its own parts', code: rebuiltTs, filename: 'artifacts.ts', errors: [immediate('again', 20, 12)] },
  ],
});
