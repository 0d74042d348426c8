import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class GitError extends Error {
  override name = 'GitError';
}

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { code?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT') throw new GitError('--changed needs git, and git is not on the PATH');
    throw new GitError((e.stderr ?? e.message).trim().split('\n')[0] ?? 'git failed');
  }
}

/**
 * The base --changed compares against when none is given: the merge base of HEAD with the
 * remote's default branch (origin/HEAD), else with the first of origin/main, origin/master,
 * main, master that exists. In CI, GITHUB_BASE_REF (a pull request's target) comes first.
 */
export async function defaultBase(cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const candidates: string[] = [];
  if (env.GITHUB_BASE_REF) candidates.push(`origin/${env.GITHUB_BASE_REF}`, env.GITHUB_BASE_REF);
  const originHead = await git(cwd, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']).catch(() => '');
  if (originHead.trim()) candidates.push(originHead.trim());
  candidates.push('origin/main', 'origin/master', 'main', 'master');
  for (const ref of candidates) {
    const ok = await git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).then(() => true, () => false);
    if (!ok) continue;
    return (await git(cwd, ['merge-base', 'HEAD', ref])).trim();
  }
  throw new GitError('no default branch found to compare with (tried origin/HEAD, origin/main, origin/master, main, master): name one, e.g. --changed=origin/develop');
}

/**
 * Absolute paths of the files changed since `base`: committed since the merge base of
 * HEAD and `base` (what a pull request shows), changed in the work tree or the index, and
 * untracked files that .gitignore does not ignore. Deleted files are left out.
 */
export async function changedFiles(cwd: string, base: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<{ base: string; files: string[] }> {
  const root = (
    await git(cwd, ['rev-parse', '--show-toplevel']).catch((error: unknown) => {
      // git's own words ("fatal: not a git repository (or any of the parent directories): .git") name no folder.
      if (error instanceof GitError && /not a git repository/.test(error.message)) throw new GitError(`${cwd} is not in a git repository`);
      throw error;
    })
  ).trim();
  const from = base ? (await git(cwd, ['merge-base', 'HEAD', base]).catch(async () => git(cwd, ['rev-parse', '--verify', base]))).trim() : await defaultBase(cwd, env);
  const lists = await Promise.all([
    git(root, ['diff', '--name-only', '-z', '--diff-filter=ACMR', from]),
    git(root, ['ls-files', '--others', '--exclude-standard', '-z']),
  ]);
  const files = new Set<string>();
  for (const list of lists) for (const name of list.split('\0')) if (name) files.add(resolve(root, name));
  return { base: from, files: [...files].sort() };
}
