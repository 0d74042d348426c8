import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ESLint } from 'eslint';

/**
 * `check --cache`: a file's ESLint result is reused while neither the file nor any file the
 * analysis consulted for it (consulted-files.ts: the modules it followed imports into, the
 * ones it looked for, package.json files) has changed, and the run's settings are the same.
 * ESLint's own cache keys a result on the file alone, so it keeps a no-nested-retry finding
 * after the imported helper stopped retrying; this one does not.
 */
export const DEFAULT_CACHE_FILE = '.retry-hygiene-cache';
const FORMAT = 1;

interface Entry {
  hash: string;
  /** Each consulted file's content hash, or null when it did not exist. */
  deps: Record<string, string | null>;
  result: ESLint.LintResult;
  /** Read as CommonJS after it did not parse as a module (commonjs-fallback.ts): its sites are read so again. */
  commonjs?: boolean;
}

interface CacheFile {
  format: number;
  /** The run's settings: a cache made with others is not used. */
  key: string;
  entries: Record<string, Entry>;
}

export class LintCache {
  private readonly hashes = new Map<string, Promise<string | null>>();
  private changed = false;

  private constructor(
    private readonly path: string,
    private readonly data: CacheFile,
  ) {}

  /** The cache at `path`, or an empty one when there is none, it cannot be read, or it was made with other settings. */
  static async load(path: string, key: string): Promise<LintCache> {
    let data: CacheFile | undefined;
    try {
      const parsed = JSON.parse(await readFile(path, 'utf8')) as CacheFile;
      if (parsed.format === FORMAT && parsed.key === key && typeof parsed.entries === 'object' && parsed.entries) data = parsed;
    } catch {
      data = undefined;
    }
    return new LintCache(path, data ?? { format: FORMAT, key, entries: {} });
  }

  /** The content hash of a file as it is now (null: missing or unreadable), once per run. */
  private hash(file: string): Promise<string | null> {
    let known = this.hashes.get(file);
    if (!known) {
      known = readFile(file).then(
        (buffer) => createHash('sha256').update(buffer).digest('hex'),
        () => null,
      );
      this.hashes.set(file, known);
    }
    return known;
  }

  /** The cached result of a file, when it and everything it depends on are unchanged. */
  async lookup(file: string): Promise<{ result: ESLint.LintResult; commonjs: boolean } | undefined> {
    const entry = this.data.entries[file];
    if (!entry || entry.hash !== (await this.hash(file))) return undefined;
    for (const [dep, hash] of Object.entries(entry.deps)) if ((await this.hash(dep)) !== hash) return undefined;
    return { result: entry.result, commonjs: entry.commonjs === true };
  }

  async record(file: string, result: ESLint.LintResult, deps: Iterable<string>, commonjs = false): Promise<void> {
    const hash = await this.hash(file);
    if (hash === null) return;
    const depHashes: Record<string, string | null> = {};
    for (const dep of [...deps].sort()) depHashes[dep] = await this.hash(dep);
    // The source is on disk; ESLint adds it to results with problems.
    const { source: _source, ...kept } = result;
    this.data.entries[file] = { hash, deps: depHashes, result: kept as ESLint.LintResult, ...(commonjs ? { commonjs } : {}) };
    this.changed = true;
  }

  /** Written beside the path and renamed over it: a run stopped half-way leaves the old cache whole. */
  async save(): Promise<void> {
    if (!this.changed) return;
    const temp = join(dirname(this.path), `.${basename(this.path).slice(0, 64)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await mkdir(dirname(this.path), { recursive: true });
      await writeFile(temp, JSON.stringify(this.data), { flag: 'wx' });
      await rename(temp, this.path);
    } finally {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }
}
