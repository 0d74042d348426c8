import { basename, dirname, extname, join } from 'node:path';
import { resolveModule } from '../cross-file.js';
import { isWithin, projectRootOf } from '../files/project-root.js';
import { listFolder, readText, statFile, statPath } from '../files/read.js';

/**
 * Which modules of a package import a given file (and which of them construct something)? An
 * index of the package's files by their relative imports, built once and kept for a while.
 */

/**
 * Folders whose modules are not the package's own code: dependencies, and tests and examples
 * (a test that constructs the class with odd options documents no default).
 */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'test', 'tests', '__tests__', 'spec', '__mocks__', 'example', 'examples', 'fixtures', 'benchmark', 'benchmarks']);

const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;

const EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);

/** A package bigger than this is not indexed: its classes' options stay unknown. */
const MAX_FILES = 3_000;

export const MAX_BYTES = 1_000_000;

/** How long an index is believed before the disk is read again, for a long-lived host that is not told of changes (ESLint in an editor; the language server calls forgetProjectFiles). */
const INDEX_TTL_MS = 30_000;

const RELATIVE_SPECIFIERS = /\bfrom\s*['"](\.\.?\/[^'"]+)['"]|\brequire\(\s*['"](\.\.?\/[^'"]+)['"]\s*\)|\bimport\(\s*['"](\.\.?\/[^'"]+)['"]\s*\)/g;

interface PackageIndex {
  builtAt: number;
  /** Module → the modules that import it by a relative path. */
  importers: Map<string, string[]>;
  /** The modules that construct something (`new `). */
  constructing: Set<string>;
  /** Too big to index: no construction is known. */
  overflow: boolean;
}

export const indexes = new Map<string, PackageIndex>();

export const roots = new Map<string, string | null>();

/** The modules of the class file's package that import it and construct something; none when the package cannot be indexed. */
export function importersOf(file: string): readonly string[] {
  const index = packageIndex(file);
  return !index || index.overflow ? [] : (index.importers.get(file) ?? []).filter((f) => f !== file && index.constructing.has(f));
}

/** The modules of the file's package that import it by a relative path (tests and examples aside); none when the package cannot be indexed. */
export function dependentsOf(file: string): readonly string[] {
  const index = packageIndex(file);
  return !index || index.overflow ? [] : (index.importers.get(file) ?? []).filter((f) => f !== file);
}

function packageIndex(file: string): PackageIndex | undefined {
  const root = packageRoot(dirname(file));
  if (!root) return undefined;
  let index = indexes.get(root);
  if (!index || Date.now() - index.builtAt > INDEX_TTL_MS) {
    index = buildIndex(root);
    indexes.delete(root);
    indexes.set(root, index);
    if (indexes.size > 100) indexes.delete(indexes.keys().next().value as string);
  }
  return index;
}

/** The nearest folder above with a package.json, not past a node_modules folder nor the project root. */
function packageRoot(dir: string, root = projectRootOf(join(dir, 'package.json'))): string | undefined {
  const known = roots.get(dir);
  if (known !== undefined) return known ?? undefined;
  let found: string | undefined;
  if (statFile(join(dir, 'package.json'))) found = dir;
  else {
    const parent = dirname(dir);
    if (parent !== dir && isWithin(root, parent) && basename(dir) !== 'node_modules' && basename(parent) !== 'node_modules') found = packageRoot(parent, root);
  }
  if (roots.size > 10_000) roots.clear();
  roots.set(dir, found ?? null);
  return found;
}

function buildIndex(root: string): PackageIndex {
  const importers = new Map<string, string[]>();
  const constructing = new Set<string>();
  const files: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    // A folder the user cannot read (a database's data folder owned by another user) is left out.
    const entries = listFolder(dir);
    if (!entries) continue;
    for (const entry of entries) {
      if (entry.isDirectory()) {
        // A folder with its own package.json is another package.
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.') && !statPath(join(dir, entry.name, 'package.json'))) pending.push(join(dir, entry.name));
      } else if (entry.isFile() && EXTENSIONS.has(extname(entry.name)) && !entry.name.endsWith('.d.ts') && !TEST_FILE.test(entry.name)) {
        files.push(join(dir, entry.name));
        if (files.length > MAX_FILES) return { builtAt: Date.now(), importers, constructing, overflow: true };
      }
    }
  }
  for (const file of files) {
    const text = readText(file, MAX_BYTES);
    if (text === undefined) continue;
    if (/\bnew\s/.test(text)) constructing.add(file);
    for (const m of text.matchAll(RELATIVE_SPECIFIERS)) {
      const target = resolveModule(file, (m[1] ?? m[2] ?? m[3]) as string);
      if (!target) continue;
      const list = importers.get(target);
      if (!list) importers.set(target, [file]);
      else if (!list.includes(file)) list.push(file);
    }
  }
  return { builtAt: Date.now(), importers, constructing, overflow: false };
}
