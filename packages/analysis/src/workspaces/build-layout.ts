import { dirname, isAbsolute, join, resolve } from 'node:path';
import { isWithin } from '../files/project-root.js';
import { readText } from '../files/read.js';

/**
 * What a package's tsconfig.json says about where its build output comes from: `outDir`,
 * `declarationDir`, `rootDir`, `composite`, `include`, `files`, each as the config that sets it
 * says (paths relative to that config's folder), through relative `extends` a few hops up.
 * A config that is too big, not JSON with comments, outside the project root or extended
 * from a package (`@tsconfig/node20`) contributes nothing.
 */
export interface BuildLayout {
  configDir: string;
  outDir?: string;
  declarationDir?: string;
  rootDir?: string;
  composite?: boolean;
  /** Folders the `include` and `files` entries start from (the part before any wildcard). */
  sourceBases?: string[];
  /** `baseUrl`, absolute: where non-relative specifiers and `paths` targets are resolved from. */
  baseUrl?: string;
  /** `paths` as written, with the folder of the config that sets it (its targets' base without a baseUrl). */
  paths?: { patterns: Readonly<Record<string, readonly string[]>>; base: string };
}

/** Real configs are a few kilobytes. */
export const MAX_TSCONFIG_BYTES = 256 * 1024;
/** `extends` chains are short (package → repo base); a longer one is cut. */
export const MAX_EXTENDS_HOPS = 3;

export function buildLayout(packageDir: string, projectRoot: string): BuildLayout | undefined {
  const file = join(packageDir, 'tsconfig.json');
  const layout = readLayout(file, projectRoot, 0);
  return layout && { ...layout, configDir: packageDir };
}

/** The layout one config file (a tsconfig.json or jsconfig.json) says, through its relative `extends`. */
export function configLayout(file: string, projectRoot: string): BuildLayout | undefined {
  const layout = readLayout(file, projectRoot, 0);
  return layout && { ...layout, configDir: dirname(file) };
}

function readLayout(file: string, projectRoot: string, hops: number): Omit<BuildLayout, 'configDir'> | undefined {
  if (!isWithin(projectRoot, file)) return undefined;
  const text = readText(file, MAX_TSCONFIG_BYTES);
  const config = text === undefined ? undefined : parseJsonc(text);
  if (!config) return undefined;
  const dir = dirname(file);
  let inherited: Omit<BuildLayout, 'configDir'> = {};
  const parents = typeof config.extends === 'string' ? [config.extends] : Array.isArray(config.extends) ? config.extends : [];
  if (hops < MAX_EXTENDS_HOPS) {
    for (const parent of parents) {
      // Only a file of the project: a package's base config is in node_modules, which is not read.
      if (typeof parent !== 'string' || !(parent.startsWith('./') || parent.startsWith('../'))) continue;
      const path = resolve(dir, parent.endsWith('.json') ? parent : `${parent}.json`);
      inherited = { ...inherited, ...(readLayout(path, projectRoot, hops + 1) ?? {}) };
    }
  }
  const options = typeof config.compilerOptions === 'object' && config.compilerOptions !== null ? (config.compilerOptions as Record<string, unknown>) : {};
  const own: Omit<BuildLayout, 'configDir'> = {};
  for (const key of ['outDir', 'declarationDir', 'rootDir'] as const) {
    const value = options[key];
    if (typeof value === 'string' && value.length > 0 && !value.includes('\0')) own[key] = isAbsolute(value) ? value : resolve(dir, value);
  }
  if (typeof options.composite === 'boolean') own.composite = options.composite;
  if (typeof options.baseUrl === 'string' && !options.baseUrl.includes('\0')) own.baseUrl = resolve(dir, options.baseUrl);
  const paths = pathPatterns(options.paths);
  if (paths) own.paths = { patterns: paths, base: dir };
  const bases = [...stringsOf(config.include).map(staticBase), ...stringsOf(config.files).map((f) => dirname(f))];
  if (Array.isArray(config.include) || Array.isArray(config.files)) own.sourceBases = bases.map((b) => resolve(dir, b));
  return { ...inherited, ...own };
}

/** `paths` kept when it is an object of string arrays (at most 256 patterns of 16 targets: real ones have a few). */
function pathPatterns(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const patterns: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [key, targets] of Object.entries(value).slice(0, 256)) {
    const kept = stringsOf(targets).slice(0, 16);
    if (kept.length > 0 && !key.includes('\0')) patterns[key] = kept;
  }
  return patterns;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && !v.includes('\0')).slice(0, 64) : [];
}

/** `src/**\/*.ts` → `src`; `src/index.ts` → `src`; `lib` → `lib`. */
function staticBase(pattern: string): string {
  const segments = pattern.split('/');
  const stop = segments.findIndex((s) => /[*?]/.test(s));
  const kept = stop < 0 ? segments : segments.slice(0, stop);
  // A name with an extension is a file: its folder is the base.
  if (stop < 0 && /\.[cm]?[jt]sx?$/.test(kept[kept.length - 1] ?? '')) kept.pop();
  return kept.join('/') || '.';
}

/** JSON with `//` and `/* *\/` comments and trailing commas, as tsconfig files are written; undefined when it is not. */
export function parseJsonc(text: string): Record<string, unknown> | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') {
      // A string, escapes and all, copied as it is.
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end - 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += c;
  }
  try {
    const value: unknown = JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
