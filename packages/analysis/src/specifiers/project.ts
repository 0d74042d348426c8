import { libraryOfModule } from '../catalog.js';
import { isWorkspaceSpecifier } from '../workspaces/resolve.js';
import { splitSpecifier } from '../workspaces/packages.js';
import { resolvePathAlias } from './path-aliases.js';

/**
 * Which import specifiers name a module of the project itself (a retry helper there is
 * followed) rather than a package the catalog speaks for or nothing known: a relative path,
 * or the name of a package of the importing file's own monorepo (workspaces/).
 */

/** `./x`, `../x`: a module of the project itself, not a package. */
export function isRelativeSpecifier(specifier: unknown): specifier is string {
  return typeof specifier === 'string' && (specifier.startsWith('./') || specifier.startsWith('../'));
}

/**
 * A module of the project, seen from a file: relative, a package of the file's workspace
 * (`@acme/utils`, `@acme/utils/retry`), or a name its tsconfig maps to a file of the project
 * (`@/lib/retry`, `helpers/retry`). A catalog library's name is the catalog's, even where
 * the project holds the library's own package.
 */
export function isProjectSpecifier(fromFile: string, specifier: unknown): specifier is string {
  return isRelativeSpecifier(specifier) || (typeof specifier === 'string' && !isCatalogName(specifier) && (isWorkspaceSpecifier(fromFile, specifier) || resolvePathAlias(fromFile, specifier) !== undefined));
}

/** What may name a module of the project before the importing file is known: relative, or a package name (resolveModule decides). */
export function mayNameProjectModule(specifier: unknown): specifier is string {
  return isRelativeSpecifier(specifier) || (typeof specifier === 'string' && splitSpecifier(specifier) !== undefined);
}

/** A catalog library's module or package name (`p-retry`, `async/retry`, `@redis/client/x`). */
export function isCatalogName(specifier: string): boolean {
  const name = splitSpecifier(specifier)?.name;
  return libraryOfModule(specifier) !== undefined || (name !== undefined && libraryOfModule(name) !== undefined);
}

/** `from '@acme/utils'`, `require('@acme/utils/retry')`: a package name, which may be a workspace package. */
const BARE_IMPORT = /\bfrom\s*['"]([^'".\/\n][^'"\n]*)['"]|\brequire\(\s*['"]([^'".\/\n][^'"\n]*)['"]\s*\)/g;

/** Whether a file's text imports a workspace package of its project (a text test, for the gate before parsing). */
export function importsWorkspacePackage(filename: string, text: string): boolean {
  for (const m of text.matchAll(BARE_IMPORT)) if (isProjectSpecifier(filename, m[1] ?? m[2])) return true;
  return false;
}
