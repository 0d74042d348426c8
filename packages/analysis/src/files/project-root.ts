import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { realPath, statFile, statPath } from './read.js';

/**
 * Where the analysis's reading stops. A file's project root is its nearest ancestor folder
 * holding `.git` (a folder, or the file a worktree or submodule has); without one, its nearest
 * ancestor holding a `package.json`; without either, its own folder. The analysis reads no
 * file outside the root of the file that names it: not a relative import that goes up past it,
 * not one whose real path (symlinks resolved) leaves it, not a `package.json` above it.
 */
const roots = new Map<string, string>();
const realRoots = new Map<string, string | null>();

/** Drops the roots found: a `.git` or `package.json` may have been added or removed. */
export function forgetProjectRoots(): void {
  roots.clear();
  realRoots.clear();
}

/** The project root of a file (an absolute path). */
export function projectRootOf(file: string): string {
  const dir = dirname(file);
  const known = roots.get(dir);
  if (known !== undefined) return known;
  const root = ancestorWith(dir, (d) => statPath(join(d, '.git')) !== undefined) ?? ancestorWith(dir, (d) => statFile(join(d, 'package.json')) !== undefined) ?? dir;
  if (roots.size > 10_000) roots.clear();
  roots.set(dir, root);
  return root;
}

function ancestorWith(dir: string, has: (dir: string) => boolean): string | undefined {
  for (let d = dir; ; ) {
    if (has(d)) return d;
    const parent = dirname(d);
    if (parent === d) return undefined;
    d = parent;
  }
}

/** Whether a path is the folder or inside it, by name alone. */
export function isWithin(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * Whether a file found under the root by name is also there once symlinks are resolved: a
 * link inside the project may lead anywhere on the machine.
 */
export function reallyWithin(root: string, file: string): boolean {
  let realRoot = realRoots.get(root);
  if (realRoot === undefined) {
    realRoot = realPath(root) ?? null;
    if (realRoots.size > 1_000) realRoots.clear();
    realRoots.set(root, realRoot);
  }
  const realFile = realPath(file);
  return realRoot !== null && realFile !== undefined && isWithin(realRoot, realFile);
}
