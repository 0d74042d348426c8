import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { readManifest } from './manifest.js';
import { realPath, statFile, statPath } from './read.js';

/**
 * Where the analysis's reading stops. A file's project root is its nearest ancestor folder
 * holding `.git` (a folder, or the file a worktree or submodule has); without one (a source
 * archive, a container image), its nearest ancestor that declares a workspace (a
 * `pnpm-workspace.yaml`, a `package.json` with `workspaces`), so the packages of a monorepo
 * still see each other; without that, its nearest ancestor holding a `package.json`; without
 * any, its own folder. The analysis reads no file outside the root of the file that names it:
 * not a relative import that goes up past it, not one whose real path (symlinks resolved)
 * leaves it, not a `package.json` above it.
 */

/** Per marker, per folder: the nearest folder at or above it holding the marker, or null. */
const nearest = { '.git': new Map<string, string | null>(), workspace: new Map<string, string | null>(), 'package.json': new Map<string, string | null>() };
const realRoots = new Map<string, string | null>();

/** Drops the roots found: a `.git` or `package.json` may have been added or removed. */
export function forgetProjectRoots(): void {
  nearest['.git'].clear();
  nearest.workspace.clear();
  nearest['package.json'].clear();
  realRoots.clear();
}

/** The project root of a file (an absolute path). */
export function projectRootOf(file: string): string {
  const dir = dirname(file);
  return nearestWith(dir, '.git') ?? nearestWith(dir, 'workspace') ?? nearestWith(dir, 'package.json') ?? dir;
}

/** A folder that declares a workspace, as workspaces/declaration.ts reads one. */
function declaresWorkspace(dir: string): boolean {
  if (statFile(join(dir, 'pnpm-workspace.yaml'))) return true;
  return statFile(join(dir, 'package.json')) !== undefined && readManifest(dir)?.workspaces !== undefined;
}

/** One walk up answers for every folder it passes: each folder above is asked once. */
function nearestWith(dir: string, marker: keyof typeof nearest): string | undefined {
  const memo = nearest[marker];
  const passed: string[] = [];
  let found: string | null = null;
  for (let d = dir; ; ) {
    const known = memo.get(d);
    if (known !== undefined) {
      found = known;
      break;
    }
    passed.push(d);
    // `.git` may be a folder or a worktree's file; a package.json must be a file.
    if (marker === 'workspace' ? declaresWorkspace(d) : (marker === '.git' ? statPath : statFile)(join(d, marker))) {
      found = d;
      break;
    }
    const parent = dirname(d);
    if (parent === d) break;
    d = parent;
  }
  if (memo.size > 10_000) memo.clear();
  for (const d of passed) memo.set(d, found);
  return found ?? undefined;
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
