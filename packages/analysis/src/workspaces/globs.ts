import { join } from 'node:path';
import { isWithin } from '../files/project-root.js';
import { listFolder, statPath } from '../files/read.js';

/**
 * The folders a workspace declaration's globs name (`packages/*`, `apps/**`, `tools/cli`,
 * `!packages/legacy`), within bounds whatever the project holds: a glob matching 10 000
 * folders yields the first MAX_WORKSPACE_FOLDERS of them by name, and no more folders are
 * listed than MAX_FOLDERS_LISTED. Never inside `node_modules` or a hidden folder, never
 * outside the workspace root, never through a symlink (a folder entry that is a link is
 * neither a file nor a folder here).
 */

/** More packages than any real monorepo holds (the biggest have a few hundred). */
export const MAX_WORKSPACE_FOLDERS = 1_000;
/** Folders whose entries are listed while expanding the globs of one workspace. */
export const MAX_FOLDERS_LISTED = 1_000;
/** Real globs have a few segments (`packages/*`, `apps/web/packages/*`); a longer one is not a workspace's. */
export const MAX_GLOB_SEGMENTS = 16;
/** `**` goes this many folders down, no further. */
export const MAX_GLOBSTAR_DEPTH = 4;

export function workspaceFolders(root: string, patterns: readonly string[]): string[] {
  const positive: string[][] = [];
  const negative: string[][] = [];
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const segments = segmentsOf(negated ? raw.slice(1) : raw);
    if (segments) (negated ? negative : positive).push(segments);
  }
  const budget = { listed: 0 };
  const found = new Set<string>();
  for (const segments of positive) {
    for (const rel of expand(root, segments, budget)) {
      if (found.size >= MAX_WORKSPACE_FOLDERS) break;
      if (!negative.some((n) => matches(n, rel))) found.add(rel.join('/'));
    }
  }
  return [...found].map((rel) => join(root, ...rel.split('/'))).filter((dir) => isWithin(root, dir));
}

/** `./packages/*\/` as segments; undefined for one that leaves the root or is absolute. */
function segmentsOf(pattern: string): string[] | undefined {
  const segments = pattern.split('/').filter((s) => s !== '' && s !== '.');
  // A folder's package.json is what makes it a package: `packages/*/package.json` names `packages/*`.
  if (segments[segments.length - 1] === 'package.json') segments.pop();
  if (segments.length === 0 || segments.length > MAX_GLOB_SEGMENTS || pattern.startsWith('/') || segments.includes('..')) return undefined;
  // `**/**` is `**`.
  return segments.filter((s, i) => s !== '**' || segments[i - 1] !== '**');
}

const hasWildcard = (segment: string) => /[*?]/.test(segment);

/**
 * Whether a folder name matches a segment with `*` and `?`: by dynamic programming over the
 * two strings, not a regular expression, whose backtracking a segment such as `a*a*a*a*b`
 * makes exponential.
 */
function segmentMatches(segment: string, name: string): boolean {
  // row[j]: whether the segment so far matches name.slice(0, j).
  let row = new Array<boolean>(name.length + 1).fill(false);
  row[0] = true;
  for (const c of segment) {
    const next = new Array<boolean>(name.length + 1).fill(false);
    if (c === '*') {
      next[0] = row[0] as boolean;
      for (let j = 1; j <= name.length; j++) next[j] = (row[j] as boolean) || (next[j - 1] as boolean);
    } else {
      for (let j = 1; j <= name.length; j++) next[j] = (row[j - 1] as boolean) && (c === '?' || c === name[j - 1]);
    }
    row = next;
  }
  return row[name.length] as boolean;
}

/** The relative paths (as segments) of the folders a glob names, sorted by name at each level, within the budget. */
function expand(root: string, segments: readonly string[], budget: { listed: number }): string[][] {
  const out: string[][] = [];
  // Depth-first with an explicit stack: the glob decides the nesting, not the call stack.
  const stack: { rel: string[]; index: number; starDepth: number }[] = [{ rel: [], index: 0, starDepth: 0 }];
  const seen = new Set<string>();
  while (stack.length > 0 && out.length < MAX_WORKSPACE_FOLDERS) {
    const { rel, index, starDepth } = stack.pop() as { rel: string[]; index: number; starDepth: number };
    const key = `${rel.join('/')}\0${index}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (index === segments.length) {
      if (rel.length > 0) out.push(rel);
      continue;
    }
    const segment = segments[index] as string;
    if (!hasWildcard(segment)) {
      if (statPath(join(root, ...rel, segment))?.isDirectory()) stack.push({ rel: [...rel, segment], index: index + 1, starDepth: 0 });
      continue;
    }
    if (budget.listed >= MAX_FOLDERS_LISTED) continue;
    budget.listed++;
    const entries = listFolder(join(root, ...rel));
    if (!entries) continue;
    const names = entries.filter((e) => e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.')).map((e) => e.name).sort();
    const next: { rel: string[]; index: number; starDepth: number }[] = [];
    if (segment === '**') {
      // Zero folders, or one more and still inside the `**`.
      next.push({ rel, index: index + 1, starDepth });
      if (starDepth < MAX_GLOBSTAR_DEPTH) for (const name of names) next.push({ rel: [...rel, name], index, starDepth: starDepth + 1 });
    } else {
      for (const name of names) if (segmentMatches(segment, name)) next.push({ rel: [...rel, name], index: index + 1, starDepth: 0 });
    }
    // Pushed last-first, so that they come off in name order.
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i] as (typeof next)[number]);
  }
  return out;
}

/** Whether a folder's relative path matches a glob (for the negated ones): memoised over (segment, folder) positions, so `**` runs cost no more than their product. */
function matches(segments: readonly string[], rel: readonly string[]): boolean {
  const memo = new Map<number, boolean>();
  const at = (i: number, j: number): boolean => {
    const key = i * (rel.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === segments.length) result = j === rel.length;
    else if (segments[i] === '**') {
      result = false;
      for (let k = j; k <= rel.length && !result; k++) result = at(i + 1, k);
    } else {
      const segment = segments[i] as string;
      result = j < rel.length && (hasWildcard(segment) ? segmentMatches(segment, rel[j] as string) : segment === rel[j]) && at(i + 1, j + 1);
    }
    memo.set(key, result);
    return result;
  };
  return at(0, 0);
}
