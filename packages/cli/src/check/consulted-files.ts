import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { basename, extname } from 'node:path';
import { LINTED_EXTENSIONS } from './files.js';

/**
 * Which files the analysis consulted while it linted each file: the modules it followed
 * imports into (and the ones it looked for and did not find), the package.json files it
 * read, and the tsconfig files and pnpm-workspace.yaml a workspace package import consulted.
 * `check --cache` keys a file's cached result on them, so that a helper that stops
 * retrying invalidates the files that import it.
 *
 * The analysis checks every file it consults with fs.statSync (to reuse its own cached
 * reading while the file is unchanged) before reading it. That call is observed here for
 * the length of the lint — node:fs's exports are swapped and synced into ES modules with
 * syncBuiltinESMExports, and put back after — rather than threading a hook through the
 * analysis. Files are attributed by order: ESLint lints one file at a time synchronously,
 * and the site collector (embedded-config.ts) ends each file after every rule has run.
 */
export interface ConsultedFiles {
  /** The files consulted for each linted file, itself left out. */
  readonly byFile: Map<string, Set<string>>;
  stop(): void;
}

const KEY = Symbol.for('retry-hygiene-cli.consulted-files');
type Hook = { fileDone(file: string): void };

/** Called by the site collector when ESLint has run every rule on `file`. */
export function fileLinted(file: string): void {
  ((globalThis as Record<symbol, unknown>)[KEY] as Hook | undefined)?.fileDone(file);
}

/** Modules, and what decides where a package import leads: manifests, tsconfig files (any name, through `extends`), pnpm's workspace file. */
function relevant(path: string): boolean {
  return LINTED_EXTENSIONS.has(extname(path)) || extname(path) === '.json' || basename(path) === 'pnpm-workspace.yaml';
}

export function recordConsultedFiles(): ConsultedFiles {
  const byFile = new Map<string, Set<string>>();
  let pending = new Set<string>();
  // node:fs's functions are writable properties; its typings declare them constant.
  const writable = fs as { statSync: typeof fs.statSync; readFileSync: typeof fs.readFileSync };
  const statSync = fs.statSync;
  const readFileSync = fs.readFileSync;
  const note = (path: unknown) => {
    if (typeof path === 'string' && relevant(path) && !path.split(/[\\/]/).includes('node_modules')) pending.add(path);
  };
  writable.statSync = ((path: fs.PathLike, options?: fs.StatSyncOptions) => {
    note(path);
    return statSync(path, options);
  }) as typeof fs.statSync;
  writable.readFileSync = ((path: fs.PathOrFileDescriptor, options?: unknown) => {
    note(path);
    return (readFileSync as (p: unknown, o?: unknown) => unknown)(path, options);
  }) as typeof fs.readFileSync;
  syncBuiltinESMExports();
  (globalThis as Record<symbol, unknown>)[KEY] = {
    fileDone(file: string) {
      pending.delete(file);
      byFile.set(file, pending);
      pending = new Set();
    },
  } satisfies Hook;
  return {
    byFile,
    stop() {
      writable.statSync = statSync;
      writable.readFileSync = readFileSync;
      syncBuiltinESMExports();
      delete (globalThis as Record<symbol, unknown>)[KEY];
    },
  };
}
