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
  if (segments.length === 0 || pattern.startsWith('/') || segments.includes('..')) return undefined;
  return segments;
}

const hasWildcard = (segment: string) => /[*?]/.test(segment);

function segmentRegex(segment: string): RegExp {
  const body = segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
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
      const regex = segmentRegex(segment);
      for (const name of names) if (regex.test(name)) next.push({ rel: [...rel, name], index: index + 1, starDepth: 0 });
    }
    // Pushed last-first, so that they come off in name order.
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i] as (typeof next)[number]);
  }
  return out;
}

/** Whether a folder's relative path matches a glob (for the negated ones). */
function matches(segments: readonly string[], rel: readonly string[], i = 0, j = 0): boolean {
  if (i === segments.length) return j === rel.length;
  const segment = segments[i] as string;
  if (segment === '**') {
    for (let k = j; k <= rel.length; k++) if (matches(segments, rel, i + 1, k)) return true;
    return false;
  }
  if (j === rel.length) return false;
  const name = rel[j] as string;
  return (hasWildcard(segment) ? segmentRegex(segment).test(name) : segment === name) && matches(segments, rel, i + 1, j + 1);
}
