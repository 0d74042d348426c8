import { readManifest, type Manifest } from '../files/manifest.js';
import { projectRootOf } from '../files/project-root.js';
import { join } from 'node:path';
import { forgetWorkspaceDeclarations, workspaceDeclarationOf } from './declaration.js';
import { workspaceFolders } from './globs.js';

/**
 * Which package of the project a bare import names (`@acme/utils`, `@acme/utils/retry`): the
 * workspace packages the file's workspace declares, by the `name` in each one's package.json.
 * Found once per workspace root and kept while its declaring file is unchanged
 * (`forgetWorkspaces()` drops them: a package may have been added).
 */
export interface WorkspacePackage {
  dir: string;
  name: string;
  manifest: Manifest;
}

interface Known {
  stamp: string;
  byName: Map<string, WorkspacePackage>;
}

const byRoot = new Map<string, Known>();
/** A language server may see several checkouts; a few workspaces' packages are kept. */
const MAX_ROOTS = 16;

export function forgetWorkspaces(): void {
  byRoot.clear();
  forgetWorkspaceDeclarations();
}

/** `@scope/name/sub/path` → `@scope/name` and `./sub/path`; `name` → `name` and `.`. Undefined for what is not a package name. */
export function splitSpecifier(specifier: string): { name: string; subpath: string } | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.includes('\0') || specifier.includes(':') || specifier.includes('\\')) return undefined;
  const parts = specifier.split('/');
  const count = specifier.startsWith('@') ? 2 : 1;
  if (parts.length < count || parts.slice(0, count).some((p) => p === '' || p === '.' || p === '..')) return undefined;
  const rest = parts.slice(count);
  if (rest.some((p) => p === '..')) return undefined;
  return { name: parts.slice(0, count).join('/'), subpath: rest.length === 0 ? '.' : `./${rest.join('/')}` };
}

/** The workspace package a bare specifier names, seen from a file, or undefined (not a workspace package of its project). */
export function workspacePackageOf(fromFile: string, packageName: string): WorkspacePackage | undefined {
  const root = projectRootOf(fromFile);
  const declaration = workspaceDeclarationOf(join(fromFile, '..'), root);
  if (!declaration) return undefined;
  let known = byRoot.get(declaration.root);
  if (!known || known.stamp !== declaration.stamp) {
    known = { stamp: declaration.stamp, byName: packagesOf(declaration.root, declaration.patterns) };
    byRoot.delete(declaration.root);
    byRoot.set(declaration.root, known);
    while (byRoot.size > MAX_ROOTS) byRoot.delete(byRoot.keys().next().value as string);
  }
  return known.byName.get(packageName);
}

function packagesOf(root: string, patterns: readonly string[]): Map<string, WorkspacePackage> {
  const byName = new Map<string, WorkspacePackage>();
  for (const dir of workspaceFolders(root, patterns)) {
    const manifest = readManifest(dir);
    // Two folders claiming one name: the package manager refuses it; the first (by glob, then name) is kept.
    if (manifest?.name !== undefined && !byName.has(manifest.name)) byName.set(manifest.name, { dir, name: manifest.name, manifest });
  }
  return byName;
}
