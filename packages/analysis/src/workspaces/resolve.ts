import { findModuleFile } from '../files/module-file.js';
import { isWithin, projectRootOf } from '../files/project-root.js';
import { subpathTargets } from './entry.js';
import { sourceOfOutput } from './output-source.js';
import { splitSpecifier, workspacePackageOf } from './packages.js';

/**
 * The file a bare import of a workspace package names (`@acme/utils`, `@acme/utils/retry`),
 * seen from a file of the same project: the package's entry or subpath (entry.ts), the file
 * itself when the checkout has it, else the source it is built from (output-source.ts). A
 * declaration file is never the answer (it has no bodies): only its source is. Undefined for
 * a name that is not a workspace package of the file's project, or a package whose source is
 * not found: an unknown module, not an error.
 */
export function resolveWorkspaceImport(fromFile: string, specifier: string): string | undefined {
  const parts = splitSpecifier(specifier);
  const pkg = parts && workspacePackageOf(fromFile, parts.name);
  if (!parts || !pkg) return undefined;
  const root = projectRootOf(fromFile);
  if (!isWithin(root, pkg.dir)) return undefined;
  for (const target of subpathTargets(pkg.dir, pkg.manifest, parts.subpath)) {
    const declaration = /\.d\.[cm]?ts$/.test(target);
    const file = (declaration ? undefined : findModuleFile(target)) ?? sourceOfOutput(pkg.dir, target, root);
    if (file) return file;
  }
  return undefined;
}

/** Whether a bare specifier names a workspace package of the file's project (the package, not yet a file of it). */
export function isWorkspaceSpecifier(fromFile: string, specifier: string): boolean {
  const parts = splitSpecifier(specifier);
  return parts !== undefined && workspacePackageOf(fromFile, parts.name) !== undefined;
}
