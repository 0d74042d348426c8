import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { CATALOG, libraryOfModule } from './catalog.js';
import { resolveModule } from './cross-file.js';
import { readManifest, type Manifest } from './files/manifest.js';
import { isWithin, projectRootOf } from './files/project-root.js';
import { readText } from './files/read.js';

/**
 * A file of a catalog library's own package (the library's source linted, as in a monorepo or a
 * vendored copy) names the library's modules by relative paths: `require('./retry.js')` in
 * async's `retryable.js` is `async/retry`, and the package's entry file is the library itself.
 * The package is the nearest package.json above the file (not past a node_modules folder, nor
 * above the file's project root), read once per directory; the names are the ones other code imports the file by (`name/subpath`, or
 * `name` for the entry the manifest gives).
 */
interface OwnPackage {
  dir: string;
  name: string;
  /** Files that are the package's main entry: the manifest's `exports['.']`, `module`, `main` (and one `module.exports = require('./x')` hop). */
  entries: Set<string>;
}

const packages = new Map<string, OwnPackage | null>();
/** Names the catalog knows as package names (`async`, `@redis/client`), with their subpaths (`async/retry`). */
const CATALOG_PACKAGES = new Set(CATALOG.flatMap((e) => e.modules.map(packageNameOf)));

function packageNameOf(module: string): string {
  const parts = module.split('/');
  return module.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/** Drops the manifests read: one may have changed. */
export function forgetPackages(): void {
  packages.clear();
}

function packageOf(dir: string, root = projectRootOf(join(dir, 'package.json'))): OwnPackage | undefined {
  const known = packages.get(dir);
  if (known !== undefined) return known ?? undefined;
  let found: OwnPackage | undefined;
  // A manifest without a name (`{ "type": "module" }` in dist/esm) is not the package's: look further up.
  const manifest = readManifest(dir);
  if (manifest?.name !== undefined) {
    found = manifestPackage(dir, manifest as Manifest & { name: string });
  } else {
    const parent = dirname(dir);
    if (parent !== dir && isWithin(root, parent) && basename(dir) !== 'node_modules' && basename(parent) !== 'node_modules') found = packageOf(parent, root);
  }
  if (packages.size > 10_000) packages.clear();
  packages.set(dir, found ?? null);
  return found;
}

function manifestPackage(dir: string, manifest: Manifest & { name: string }): OwnPackage | undefined {
  if (!CATALOG_PACKAGES.has(manifest.name)) return undefined;
  const entries = new Set<string>();
  const specifiers = manifest.entryTargets.length > 0 ? manifest.entryTargets : ['./index.js'];
  const from = join(dir, 'package.json');
  for (const s of specifiers) {
    const file = resolveModule(from, s.startsWith('.') ? s : `./${s}`);
    if (!file) continue;
    entries.add(file);
    // `module.exports = require('./lib/retry')`: the entry is that module.
    const hop = reexportedModule(file);
    if (hop) entries.add(hop);
  }
  return { dir, name: manifest.name, entries };
}

const REEXPORT_WHOLE = /^\s*(?:'use strict';?\s*)?module\.exports\s*=\s*require\(\s*['"](\.\.?\/[^'"]+)['"]\s*\)\s*;?\s*$/;

function reexportedModule(file: string): string | undefined {
  const text = readText(file, 4096);
  const m = text === undefined ? null : REEXPORT_WHOLE.exec(text);
  return m ? resolveModule(file, m[1] as string) : undefined;
}

/**
 * The catalog module a file of a catalog library's own package is imported by (`async/retry`
 * for async's `retry.js`, `p-retry` for p-retry's entry), or undefined.
 */
export function catalogModuleOfFile(file: string): string | undefined {
  const pkg = packageOf(dirname(file));
  if (!pkg) return undefined;
  if (pkg.entries.has(file) && libraryOfModule(pkg.name)) return pkg.name;
  const rel = relative(pkg.dir, file);
  if (rel.startsWith('..') || rel.split(sep).includes('node_modules')) return undefined;
  let subpath = rel.slice(0, rel.length - extname(rel).length).split(sep).join('/');
  if (subpath.endsWith('/index')) subpath = subpath.slice(0, -'/index'.length);
  const module = `${pkg.name}/${subpath}`;
  return libraryOfModule(module) ? module : undefined;
}

/** The catalog module a relative specifier in `fromFile` names, when both are in a catalog library's package. */
export function catalogModuleOfSpecifier(fromFile: string, specifier: string): string | undefined {
  const file = resolveModule(fromFile, specifier);
  return file ? catalogModuleOfFile(file) : undefined;
}

/** Whether the file is in the package of a catalog library (its relative imports may name catalog modules). */
export function inCatalogPackage(file: string): boolean {
  return packageOf(dirname(file)) !== undefined;
}

/**
 * A vendored copy with its own manifest (`../vendor/backoff-lib` holding a package.json named
 * `p-retry`): the catalog module the specifier's file is, when the path goes through a vendor folder.
 */
export function vendoredPackage(fromFile: string, specifier: string): string | undefined {
  if (!/(?:^|\/)(?:vendor|vendors|vendored|third[_-]party)\//.test(specifier)) return undefined;
  return catalogModuleOfSpecifier(fromFile, specifier);
}
