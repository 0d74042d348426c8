import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The root of the repository the command runs in: the nearest folder up from `cwd` holding
 * `.git` (a folder, or the file of a worktree or submodule), else `cwd`. Code scanning and
 * annotations want paths relative to it whatever folder `check` runs from. Looked up on the
 * file system rather than by asking git: in CI a checkout owned by another user makes git
 * refuse ("dubious ownership") where the folder is plain to see.
 */
export function repositoryRoot(cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}
