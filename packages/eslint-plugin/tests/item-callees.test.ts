import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * An operation that calls an item of a list by the loop's index (`loaders[i]()`) moves to the
 * next item each turn: a walk back through fallbacks, not a retry. Calling the same function
 * each turn, with the count only limiting the turns, is.
 */

const nearestJs = (call: string) => `export async function nearestFallback(i, loaders, load) {
  while (i--) {
    if (loaders[i]) {
      try {
        return await ${call};
      } catch {
        continue;
      }
    }
  }
  return undefined;
}
`;

const loaderTs = `type Loader = () => Promise<unknown>;

export async function firstLoaded(loaders: Array<Loader | undefined>): Promise<unknown> {
  let k = loaders.length;
  while (k-- > 0) {
    const loader = loaders[k];
    if (!loader) continue;
    try {
      return await loaders[k]!();
    } catch {
      // the one before it
    }
  }
  return undefined;
}
`;

ruleTester.run('no-fixed-sleep-retry and items called by index', noFixedSleepRetry, {
  valid: [
    { name: 'JavaScript: the loader of the item before', code: nearestJs('loaders[i]()'), filename: 'nearest.js' },
    { name: 'TypeScript: a loader of a list, from the end', code: loaderTs, filename: 'loaders.ts' },
  ],
  invalid: [
    { name: 'JavaScript: the same function each turn', code: nearestJs('load()'), filename: 'nearest.js', errors: [{ messageId: 'immediate', line: 2, column: 3, data: { what: 'This retry loop', attempts: 'an unknown number of attempts' } }] },
  ],
});
