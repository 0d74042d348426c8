import { dirname } from 'node:path';
import { isWithin } from './project-root.js';

/**
 * The first thing `probe` finds in `dir` or a folder above it, up to `root`: a `null` from the
 * probe stops the walk with nothing found, `undefined` goes on up. Every folder passed is
 * remembered in `memo` with the answer, so one walk answers for all of them; the memo is
 * emptied when it holds more than `max` folders.
 */
export function nearestUp<T>(dir: string, root: string, memo: Map<string, T | null>, probe: (folder: string) => T | null | undefined, max: number): T | undefined {
  const passed: string[] = [];
  let found: T | null = null;
  for (let d = dir; isWithin(root, d); ) {
    const known = memo.get(d);
    if (known !== undefined) {
      found = known;
      break;
    }
    passed.push(d);
    const here = probe(d);
    if (here !== undefined) {
      found = here;
      break;
    }
    const parent = dirname(d);
    if (parent === d) break;
    d = parent;
  }
  if (memo.size > max) memo.clear();
  for (const d of passed) memo.set(d, found);
  return found ?? undefined;
}
