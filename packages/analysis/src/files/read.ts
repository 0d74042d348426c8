import * as nodeFs from 'node:fs';

/**
 * Every file-system access of the analysis goes through here, and none of it throws. A project
 * holds paths that are not modules (`./build/Release/addon.node`, `./config.json`, a folder
 * owned by another user, a symlink loop, a specifier with a NUL byte): whatever the error, the
 * answer is "nothing there", and the rule run goes on with what the linted file itself shows.
 * Errors other than "no such file" are counted, so that tests and a report of what was read can
 * see them.
 */

/** What the analysis asks of a file's metadata. */
export interface FileStat {
  isFile(): boolean;
  isDirectory(): boolean;
  size: number;
  mtimeMs: number;
}

/** A folder entry; a symlink is neither a file nor a folder here (the index walk does not follow them). */
export interface DirEntry {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

/** The calls the analysis makes: node:fs by default, a fault-injecting one in tests. */
export interface FileSystem {
  statSync(path: string, options: { throwIfNoEntry: false }): FileStat | undefined;
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string, options: { withFileTypes: true }): DirEntry[];
  realpathSync(path: string): string;
}

/** node:fs, with the one-call realpath(3) rather than the lstat of every path component. */
const NODE_FS: FileSystem = {
  statSync: (path, options) => nodeFs.statSync(path, options),
  readFileSync: (path, encoding) => nodeFs.readFileSync(path, encoding),
  readdirSync: (path, options) => nodeFs.readdirSync(path, options),
  realpathSync: (path) => nodeFs.realpathSync.native(path),
};

let fs: FileSystem = NODE_FS;

/** What went wrong, by error code (`ENOTDIR`, `EACCES`, `ERR_INVALID_ARG_VALUE` for a NUL byte), since the last reset. */
export interface FileReadStats {
  errors: number;
  byCode: Record<string, number>;
  /** Files whose text was read, and how many characters. */
  filesRead: number;
  charsRead: number;
}

let stats: FileReadStats = { errors: 0, byCode: {}, filesRead: 0, charsRead: 0 };

/** Replaces the file system the analysis reads through (undefined: node:fs again). For tests. */
export function setFileSystem(replacement: FileSystem | undefined): void {
  fs = replacement ?? NODE_FS;
  failures.clear();
}

export function fileReadStats(): FileReadStats {
  return { ...stats, byCode: { ...stats.byCode } };
}

export function resetFileReadStats(): void {
  stats = { errors: 0, byCode: {}, filesRead: 0, charsRead: 0 };
}

/**
 * Paths that failed with an error, and when: believed for a few seconds, like a missing module,
 * so that a file naming the same bad path in every call does not ask the disk again each time.
 */
const failures = new Map<string, number>();
const FAILURE_TTL_MS = 5_000;
const MAX_FAILURES = 5_000;

function knownFailure(path: string): boolean {
  const since = failures.get(path);
  if (since === undefined) return false;
  if (Date.now() - since < FAILURE_TTL_MS) return true;
  failures.delete(path);
  return false;
}

function remembered(path: string, error: unknown): undefined {
  failures.delete(path);
  failures.set(path, Date.now());
  if (failures.size > MAX_FAILURES) failures.delete(failures.keys().next().value as string);
  return failed(error);
}

/** Drops the failures remembered: the files may have been fixed. */
export function forgetFailures(): void {
  failures.clear();
}

function failed(error: unknown): undefined {
  const code = typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'UNKNOWN';
  stats.errors++;
  stats.byCode[code] = (stats.byCode[code] ?? 0) + 1;
  return undefined;
}

/** Whether a path is worth asking the disk about: no file system takes one this long. */
function possiblePath(path: string): boolean {
  if (path.length <= MAX_PATH) return true;
  failed({ code: 'ENAMETOOLONG' });
  return false;
}

/** Longer than any platform's PATH_MAX (4096 on Linux, 1024 on macOS): asking the disk is wasted. */
const MAX_PATH = 4096;

/** The file's metadata, or undefined: missing, unreadable, or not a path. */
export function statPath(path: string): FileStat | undefined {
  if (!possiblePath(path) || knownFailure(path)) return undefined;
  try {
    // (Missing is the common answer while resolving a specifier: no exception is built for it.)
    return fs.statSync(path, { throwIfNoEntry: false }) ?? undefined;
  } catch (error) {
    return remembered(path, error);
  }
}

/** The metadata of a regular file, or undefined. */
export function statFile(path: string): FileStat | undefined {
  const stat = statPath(path);
  return stat?.isFile() ? stat : undefined;
}

/** A regular file's text when it is at most maxBytes long, or undefined. */
export function readText(path: string, maxBytes: number): string | undefined {
  const stat = statFile(path);
  if (!stat || stat.size > maxBytes) return undefined;
  return readKnownFile(path, maxBytes);
}

/** The text of a file already stat'ed, or undefined (it may have gone or grown since). */
export function readKnownFile(path: string, maxBytes: number): string | undefined {
  if (!possiblePath(path) || knownFailure(path)) return undefined;
  try {
    const text = fs.readFileSync(path, 'utf8');
    // Grown between the stat and the read: not read as it is now either.
    if (text.length > maxBytes) return undefined;
    stats.filesRead++;
    stats.charsRead += text.length;
    return text;
  } catch (error) {
    return remembered(path, error);
  }
}

/** A folder's entries, or undefined. */
export function listFolder(path: string): DirEntry[] | undefined {
  if (!possiblePath(path) || knownFailure(path)) return undefined;
  try {
    return fs.readdirSync(path, { withFileTypes: true });
  } catch (error) {
    return remembered(path, error);
  }
}

/** The path with every symlink resolved, or undefined (a loop, a dangling link, no access). */
export function realPath(path: string): string | undefined {
  if (!possiblePath(path) || knownFailure(path)) return undefined;
  try {
    return fs.realpathSync(path);
  } catch (error) {
    return remembered(path, error);
  }
}
