import { dirname, join, resolve } from 'node:path';
import { nearestUp } from '../files/nearest-up.js';
import { findModuleFile } from '../files/module-file.js';
import { isWithin, projectRootOf } from '../files/project-root.js';
import { statFile } from '../files/read.js';
import { configLayout, type BuildLayout } from '../workspaces/build-layout.js';

/**
 * A bare specifier the importing file's own TypeScript or JavaScript configuration maps to a
 * module of the project, as TypeScript resolves it: a `paths` pattern (`"@/*": ["./src/*"]`,
 * the one with the longest prefix before its `*`, its targets in order) from `baseUrl` or else
 * the config that sets `paths`, then `baseUrl` itself (`helpers/retry` from `"baseUrl": "src"`).
 * The config is the nearest `tsconfig.json` (or `jsconfig.json`) above the file, inside the
 * project. Undefined when none maps it to a file: a package, or nothing known.
 */
export function resolvePathAlias(fromFile: string, specifier: string): string | undefined {
  if (specifier.includes('\0')) return undefined;
  const root = projectRootOf(fromFile);
  const layout = nearestConfig(dirname(fromFile), root);
  if (!layout || (!layout.paths && !layout.baseUrl)) return undefined;
  const key = `${layout.configDir}\0${specifier}`;
  const known = mapped.get(key);
  if (known !== undefined) return known ?? undefined;
  const found = mapThrough(layout, specifier);
  const inside = found !== undefined && isWithin(root, found) ? found : undefined;
  if (mapped.size >= MAX_MAPPED) mapped.delete(mapped.keys().next().value as string);
  mapped.set(key, inside ?? null);
  return inside;
}

/** Per config folder and specifier: what it maps to (an import is asked about by every file that has it). */
const mapped = new Map<string, string | null>();
const MAX_MAPPED = 20_000;
/** Per folder: the layout of the nearest config above it, or none. */
const configs = new Map<string, BuildLayout | null>();
const MAX_CONFIGS = 10_000;
/** Per config file: its layout, read once (the folders' memo is emptied when full; the configs are few). */
const layouts = new Map<string, BuildLayout | null>();
const MAX_LAYOUTS = 1_000;

export function forgetPathAliases(): void {
  mapped.clear();
  configs.clear();
  layouts.clear();
}

function layoutOf(file: string, root: string): BuildLayout | null {
  const key = `${root}\0${file}`;
  let layout = layouts.get(key);
  if (layout === undefined) {
    layout = configLayout(file, root) ?? null;
    if (layouts.size >= MAX_LAYOUTS) layouts.clear();
    layouts.set(key, layout);
  }
  return layout;
}

function mapThrough(layout: BuildLayout, specifier: string): string | undefined {
  if (layout.paths) {
    const match = bestPattern(Object.keys(layout.paths.patterns), specifier);
    if (match) {
      const base = layout.baseUrl ?? layout.paths.base;
      for (const target of layout.paths.patterns[match.pattern] ?? []) {
        const file = findModuleFile(resolve(base, target.replace('*', match.star)));
        if (file) return file;
      }
    }
  }
  return layout.baseUrl ? findModuleFile(resolve(layout.baseUrl, specifier)) : undefined;
}

/** The pattern that matches: exact, or `prefix*suffix` with the longest prefix (TypeScript's choice). */
function bestPattern(patterns: readonly string[], specifier: string): { pattern: string; star: string } | undefined {
  let best: { pattern: string; star: string; prefix: number } | undefined;
  for (const pattern of patterns) {
    const star = pattern.indexOf('*');
    if (star < 0) {
      if (pattern === specifier) return { pattern, star: '' };
      continue;
    }
    if (pattern.indexOf('*', star + 1) >= 0) continue;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (specifier.length < prefix.length + suffix.length || !specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue;
    if (!best || prefix.length > best.prefix) best = { pattern, star: specifier.slice(prefix.length, specifier.length - suffix.length), prefix: prefix.length };
  }
  return best && { pattern: best.pattern, star: best.star };
}

/** The nearest tsconfig.json or jsconfig.json from `dir` up to the project root, read once per folder. */
function nearestConfig(dir: string, root: string): BuildLayout | undefined {
  return nearestUp(dir, root, configs, (d) => {
    const file = ['tsconfig.json', 'jsconfig.json'].map((name) => join(d, name)).find((f) => statFile(f));
    // (A config that cannot be read stops the walk: it is the file's, whatever it says.)
    return file ? layoutOf(file, root) : undefined;
  }, MAX_CONFIGS);
}
