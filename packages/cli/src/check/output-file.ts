import { randomBytes } from 'node:crypto';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../io.js';

/**
 * Where `--output-file` writes, said wrong before any file is linted: a folder (or something
 * else that is not a file) at the path is a bad argument, not an internal error at the end.
 */
export async function checkOutputPath(path: string, given: string): Promise<void> {
  const found = await lstat(path).catch(() => undefined);
  if (found?.isDirectory()) throw new UsageError(`--output-file: ${given} is a directory`);
  if (found && !found.isFile() && !found.isSymbolicLink()) throw new UsageError(`--output-file: ${given} is not a regular file`);
}

/**
 * Writes the report to a new file beside the path and renames it over the path. In CI the
 * path lies in a checkout a pull request controls: a symlink planted there must not make
 * the report overwrite its target (a workflow file, ~/.bashrc). A rename replaces the link
 * itself; the temporary file is created exclusively (O_EXCL), so it follows no link either.
 */
export async function writeOutputFile(path: string, given: string, text: string): Promise<void> {
  await checkOutputPath(path, given);
  const dir = dirname(path);
  // Short enough for any file system whatever the report's own name (255 bytes is the usual limit).
  const temp = join(dir, `.${basename(path).slice(0, 64)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    // An existing report keeps its permissions (a link's target's are not asked for).
    const previous = await lstat(path).catch(() => undefined);
    await writeFile(temp, text, { flag: 'wx', mode: previous?.isFile() ? previous.mode & 0o777 : 0o666 });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'EISDIR') throw new UsageError(`--output-file: ${given} is a directory`);
    throw new UsageError(`--output-file: cannot write ${given}: ${WHY[e.code ?? ''] ?? e.code ?? e.message}`);
  }
}

// The temporary file's name in Node's message would only confuse: the cause, in words.
const WHY: Record<string, string> = {
  ENOTDIR: 'a part of its path is not a folder',
  // mkdir -p over a file on the way.
  EEXIST: 'a part of its path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  ENAMETOOLONG: 'the name is too long',
};
