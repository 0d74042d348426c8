import { dirname, join, relative, sep } from 'node:path';
import { findModuleFile, MODULE_EXTENSIONS } from '../files/module-file.js';
import { isWithin } from '../files/project-root.js';
import { listFolder, statPath } from '../files/read.js';
import { buildLayout, type BuildLayout } from './build-layout.js';

/**
 * The source file a build output of a package was compiled from, the way TypeScript lays
 * output out: a path under the package's `outDir` (or `declarationDir`) is the same path
 * under its `rootDir`, and `.js`/`.mjs`/`.cjs`/`.d.ts` is `.ts`/`.tsx`/`.mts`/`.cts`. Without
 * a `rootDir`, TypeScript's: the config's folder for a `composite` project, else the common
 * folder of the package's source files. Failing that, a bundler's layout (bundledSource). Nothing
 * else is guessed: a package whose sources cannot be found these ways has none.
 */

/** Entries looked at while finding the common folder of a package's sources. */
export const MAX_SOURCE_WALK_ENTRIES = 5_000;
const MAX_SOURCE_WALK_DEPTH = 8;

export function sourceOfOutput(packageDir: string, output: string, projectRoot: string): string | undefined {
  return compiledSource(packageDir, output, projectRoot) ?? bundledSource(packageDir, output);
}

/**
 * A bundler's layout (tsup, tsdown, unbuild, rollup, esbuild: `src/index.ts` → `dist/index.mjs`),
 * for a package whose tsconfig names no output folder: the entry's path under an output folder
 * that is not in the checkout (built, not committed) is the same path under `src/`, or else
 * under the package's own folder. Only when that folder is absent and one of those holds the
 * file: a committed output is read as it is.
 */
function bundledSource(packageDir: string, output: string): string | undefined {
  const inside = relative(packageDir, output).split(sep);
  if (inside.length < 2 || inside[0] === 'src' || inside[0] === '..' || statPath(join(packageDir, inside[0] as string))) return undefined;
  // A bundle's extension says the output format, not the source's: `dist/index.mjs` may come from `src/index.ts`.
  const strip = (path: string) => path.replace(/(?:\.d)?\.[cm]?[jt]sx?$/, '');
  // Entries kept at the package's root (`entry: ['index.ts', 'interactive.ts']`) when src/ has none.
  return findModuleFile(strip(join(packageDir, 'src', ...inside.slice(1)))) ?? findModuleFile(strip(join(packageDir, ...inside.slice(1))));
}

function compiledSource(packageDir: string, output: string, projectRoot: string): string | undefined {
  const known = layoutOf(packageDir, projectRoot);
  if (!known) return undefined;
  const { layout, rootDir } = known;
  const outFolder = [layout.outDir, layout.declarationDir].find((d) => d !== undefined && isWithin(d, output) && d !== output);
  if (!outFolder || !rootDir) return undefined;
  // A declaration file names the module it declares: `x.d.ts` was emitted for `x.ts` or `x.tsx`, as `x.js` was.
  const mapped = join(rootDir, relative(outFolder, output)).replace(/\.d\.([cm]?)ts$/, '.$1js');
  return findModuleFile(mapped);
}

/** Per package folder: its layout and source root, found once (every importer of the package asks). */
const layouts = new Map<string, { layout: BuildLayout; rootDir: string | undefined } | null>();
const MAX_LAYOUTS = 1_000;

export function forgetBuildLayouts(): void {
  layouts.clear();
}

function layoutOf(packageDir: string, projectRoot: string): { layout: BuildLayout; rootDir: string | undefined } | undefined {
  const key = `${projectRoot}\0${packageDir}`;
  const known = layouts.get(key);
  if (known !== undefined) return known ?? undefined;
  const layout = buildLayout(packageDir, projectRoot);
  let rootDir = layout && (layout.rootDir ?? (layout.composite ? layout.configDir : commonSourceRoot(layout)));
  if (rootDir && !isWithin(projectRoot, rootDir)) rootDir = undefined;
  const value = layout ? { layout, rootDir } : null;
  if (layouts.size >= MAX_LAYOUTS) layouts.delete(layouts.keys().next().value as string);
  layouts.set(key, value);
  return value ?? undefined;
}

const isSource = (name: string) => MODULE_EXTENSIONS.slice(0, 4).some((e) => name.endsWith(e)) && !/\.d\.[cm]?ts$/.test(name);

/**
 * The deepest folder holding every TypeScript source of the package (what `tsc` takes as
 * rootDir when none is set), looked for from the `include`/`files` bases (the config's folder
 * without them), not in `node_modules`, hidden folders or the output folders. Undefined when
 * there is none, or when the walk would pass its bound (then it is not known).
 */
function commonSourceRoot(layout: BuildLayout): string | undefined {
  const skip = new Set([layout.outDir, layout.declarationDir].filter((d): d is string => d !== undefined));
  const stack = (layout.sourceBases ?? [layout.configDir]).map((dir) => ({ dir, depth: 0 }));
  let common: string | undefined;
  let seen = 0;
  while (stack.length > 0) {
    const { dir, depth } = stack.pop() as { dir: string; depth: number };
    const entries = listFolder(dir) ?? [];
    seen += entries.length;
    if (seen > MAX_SOURCE_WALK_ENTRIES) return undefined;
    for (const entry of entries) {
      if (entry.isFile() && isSource(entry.name)) common = common === undefined ? dir : commonFolder(common, dir);
      else if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.') && depth < MAX_SOURCE_WALK_DEPTH) {
        const child = join(dir, entry.name);
        if (!skip.has(child)) stack.push({ dir: child, depth: depth + 1 });
      }
    }
  }
  return common;
}

function commonFolder(a: string, b: string): string {
  let folder = a;
  while (!isWithin(folder, b)) {
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return folder;
}

