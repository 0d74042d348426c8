/**
 * Whether a .js file is a module or a CommonJS script, decided as Node decides: by the
 * `"type"` of the nearest package.json. `"module"` → module, `"commonjs"` → CommonJS; with
 * no `"type"` (or no package.json) Node ≥ 20.19 runs the file as CommonJS unless it only
 * parses as a module. ESLint reads every .js as a module, so a sloppy CommonJS file (a
 * top-level `return`, `with`) would be a parse error. (.cjs and .mjs ESLint already reads
 * by their extension; TypeScript and JSX are left as ESLint reads them.)
 */
import { readFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, relative, sep } from 'node:path';
import type { Linter } from 'eslint';
import { escape } from 'minimatch';

export type PackageType = 'module' | 'commonjs';

/** A package folder and the source type of its .js files (none: no `"type"`, ambiguous). */
export interface PackageScope {
  dir: string;
  type?: PackageType;
}

export interface SourceTypes {
  /** Every package folder that holds one of the .js files, shallowest first. */
  scopes: PackageScope[];
  /** The .js files whose package says nothing: read as modules, as CommonJS when only that parses. */
  ambiguous: Set<string>;
  /** The type of each .js file's package. */
  typeOf(file: string): PackageType | undefined;
  /** The package.json that decides a .js file's type, when there is one. */
  manifestOf(file: string): string | undefined;
}

// A package.json larger than this is not read (hostile input): its files count as ambiguous.
const MAX_PACKAGE_JSON = 1024 * 1024;

async function readType(dir: string): Promise<PackageType | undefined | null> {
  let text: string;
  try {
    const buffer = await readFile(join(dir, 'package.json'));
    if (buffer.length > MAX_PACKAGE_JSON) return undefined;
    text = buffer.toString('utf8');
  } catch (error) {
    // No package.json here: look further up. One that cannot be read still ends the search, as in Node.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? null : undefined;
  }
  try {
    const type = (JSON.parse(text) as { type?: unknown } | null)?.type;
    return type === 'module' || type === 'commonjs' ? type : undefined;
  } catch {
    return undefined;
  }
}

/** The nearest package.json of each .js file among `files` (each folder read once). */
export async function sourceTypes(files: readonly string[]): Promise<SourceTypes> {
  // Folder → the folder of its nearest package.json (or '' when there is none) and that package's type.
  const scopeOf = new Map<string, { dir: string; type: PackageType | undefined }>();
  const lookup = async (dir: string): Promise<{ dir: string; type: PackageType | undefined }> => {
    const known = scopeOf.get(dir);
    if (known) return known;
    const type = await readType(dir);
    let found: { dir: string; type: PackageType | undefined };
    if (type !== null) found = { dir, type };
    else if (dirname(dir) === dir) found = { dir: '', type: undefined };
    else found = await lookup(dirname(dir));
    scopeOf.set(dir, found);
    return found;
  };
  const fileType = new Map<string, PackageType | undefined>();
  const fileScope = new Map<string, string>();
  const scopes = new Map<string, PackageScope>();
  const ambiguous = new Set<string>();
  for (const file of files) {
    if (extname(file) !== '.js') continue;
    const scope = await lookup(dirname(file));
    fileType.set(file, scope.type);
    if (scope.dir) fileScope.set(file, scope.dir);
    if (!scope.type) ambiguous.add(file);
    if (scope.dir && !scopes.has(scope.dir)) scopes.set(scope.dir, { dir: scope.dir, ...(scope.type ? { type: scope.type } : {}) });
  }
  const ordered = [...scopes.values()].sort((a, b) => a.dir.split(sep).length - b.dir.split(sep).length || a.dir.localeCompare(b.dir));
  return {
    scopes: ordered,
    ambiguous,
    typeOf: (file) => fileType.get(file),
    manifestOf: (file) => {
      const dir = fileScope.get(file);
      return dir === undefined ? undefined : join(dir, 'package.json');
    },
  };
}

/**
 * Config entries that set each package's .js files' source type, for an ESLint whose
 * patterns are relative to `cwd`. Shallowest first: a nested package's entry comes later and
 * wins. A package without `"type"` gets `module` (its files' first reading; see
 * `ambiguous`), so that it overrides an enclosing CommonJS package.
 */
export function sourceTypeConfigs(scopes: readonly PackageScope[], cwd: string): Linter.Config[] {
  return scopes.map(({ dir, type }) => {
    const rel = relative(cwd, dir);
    const outside = rel === '' || rel.startsWith('..') || isAbsolute(rel);
    const pattern = outside ? '**/*.js' : `${escape(rel.split(sep).join('/'))}/**/*.js`;
    return { name: 'retry-hygiene-cli/source-type', files: [pattern], languageOptions: { sourceType: type === 'commonjs' ? 'commonjs' : 'module' } };
  });
}

/** Every .js file read as CommonJS: for the second reading of ambiguous files that did not parse as modules. */
export const COMMONJS_CONFIG: Linter.Config = { name: 'retry-hygiene-cli/commonjs', files: ['**/*.js'], languageOptions: { sourceType: 'commonjs' } };

/** A parse error: the file did not parse with the source type it was given. */
export function failedToParse(messages: readonly Linter.LintMessage[]): boolean {
  return messages.some((m) => m.fatal && m.message.startsWith('Parsing error'));
}
