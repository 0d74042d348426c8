import { dirname, relative, resolve, sep } from 'node:path';
import { findModuleFile } from '../files/module-file.js';
import { isWithin, projectRootOf, reallyWithin } from '../files/project-root.js';
import { resolveWorkspaceImport } from '../workspaces/resolve.js';
import { resolvePathAlias } from './path-aliases.js';
import { isCatalogName, isRelativeSpecifier, mayNameProjectModule } from './project.js';

/** A resolved path, or when a specifier was last found to name no file (one may be created later). */
const resolutions = new Map<string, string | { missingSince: number }>();
/** A language server lives for days: the most recent entries only. */
const MAX_RESOLUTIONS = 5_000;
/** How long "no such module" is believed before the disk is asked again. */
const MISSING_TTL_MS = 5_000;

export function forgetResolutions(): void {
  resolutions.clear();
}

/**
 * A specifier resolved to a file of the same project (not past its root by name or symlink:
 * files/project-root.ts): a relative one with extensions, `.js`→`.ts`, index files; a
 * workspace package's name through its manifest to its entry or subpath, or the source that
 * entry is built from (workspaces/resolve.ts); a specifier the file's tsconfig maps by `paths`
 * or `baseUrl` (path-aliases.ts). Any other package name names no file here.
 */
export function resolveModule(fromFile: string, specifier: string): string | undefined {
  const relativeSpecifier = isRelativeSpecifier(specifier);
  if (!relativeSpecifier && !mayNameProjectModule(specifier)) return undefined;
  const key = `${dirname(fromFile)}\0${specifier}`;
  const known = resolutions.get(key);
  if (typeof known === 'string') return known;
  if (known && Date.now() - known.missingSince < MISSING_TTL_MS) return undefined;
  const root = projectRootOf(fromFile);
  let found: string | undefined;
  if (relativeSpecifier) {
    const base = resolve(dirname(fromFile), specifier);
    found = isWithin(root, base) ? findModuleFile(base) : undefined;
  } else if (!isCatalogName(specifier)) {
    found = resolveWorkspaceImport(fromFile, specifier) ?? resolvePathAlias(fromFile, specifier);
  }
  // Never into a node_modules folder the importer is not in: packages are the catalog's business.
  const from = relativeSpecifier ? dirname(fromFile) : root;
  const inside = found !== undefined && isWithin(root, found) && !relative(from, found).split(sep).includes('node_modules') && reallyWithin(root, found);
  const result = inside ? found : undefined;
  resolutions.delete(key);
  resolutions.set(key, result ?? { missingSince: Date.now() });
  // A Map iterates in insertion order: the first key is the least recently remembered.
  while (resolutions.size > MAX_RESOLUTIONS) resolutions.delete(resolutions.keys().next().value as string);
  return result;
}
