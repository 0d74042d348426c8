import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A call written again in a catch is the same request only when its inputs are the same: a field
 * of the object it is handed, written on every way to the copy (`options.body.merge_method =
 * 'merge'`), makes the copy another request — the next way to do it, a fallback, as a variable
 * written again there already did. A write under a branch (only for some failures) leaves the
 * other failures the same request again.
 */

const mergeTs = (second: string, third: string) => `declare const api: { putJson(url: string, options: unknown): Promise<unknown> };
declare const log: { debug(...args: unknown[]): void };

export async function mergePr(url: string, legacy: boolean): Promise<boolean> {
  let result: unknown;
  const options: { body: { merge_method?: string; attempt?: number } } = { body: { merge_method: 'squash' } };
  try {
    log.debug('merging', options);
    result = await api.putJson(url, options);
  } catch (first) {
    log.debug('squash failed', first);
    try {
      ${second}
      result = await api.putJson(url, options);
    } catch (second) {
      try {
        ${third}
        result = await api.putJson(url, options);
      } catch {
        return false;
      }
    }
  }
  return result !== undefined;
}
`;

const mergeJs = (write: string) => `
async function merge(url, options) {
  try {
    return await api.putJson(url, options);
  } catch (first) {
    try {
      ${write}
      return await api.putJson(url, options);
    } catch (second) {
      ${write.replace("'merge'", "'rebase'")}
      return await api.putJson(url, options);
    }
  }
}
module.exports = { merge };
`;

const immediate = (line: number, column: number) => ({ messageId: 'immediate' as const, line, column, data: { what: 'Calling `api.putJson()` again after it fails', attempts: 'up to 3 attempts' } });

ruleTester.run('no-fixed-sleep-retry with a field of the input written before the copy', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: squash, then merge, then rebase', code: mergeTs("options.body.merge_method = 'merge';", "options.body.merge_method = 'rebase';"), filename: 'merge.ts' },
    { name: 'TypeScript: a counter field stepped, then the method changed', code: mergeTs('options.body.attempt = 2;', "delete options.body.merge_method;"), filename: 'merge.ts' },
    { name: 'JavaScript: a field of a parameter written in each catch', code: mergeJs("options.method = 'merge';"), filename: 'merge.js' },
  ],
  invalid: [
    { name: 'TypeScript: nothing written: the same request three times', code: mergeTs('', ''), filename: 'merge.ts', errors: [immediate(14, 22)] },
    { name: 'TypeScript: the field written only for a legacy server', code: mergeTs("if (legacy) options.body.merge_method = 'merge';", ''), filename: 'merge.ts', errors: [immediate(14, 22)] },
    { name: 'JavaScript: a field of another object written', code: mergeJs("api.method = 'merge';"), filename: 'merge.js', errors: [immediate(8, 20)] },
  ],
});
