import { existsSync, type Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import type { Ignore } from 'ignore';
import { minimatch } from 'minimatch';
import { FRAMEWORK_EXTENSIONS } from 'eslint-plugin-retry-hygiene';
import { splitMinified } from './minified.js';

// A CommonJS module whose typings describe an ES default export: required, it is the factory.
const ignore = createRequire(import.meta.url)('ignore') as () => Ignore;

/** The extensions `check` lints (the plugin's FILES). */
export const LINTED_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx']);
/** What a walk collects: the above, and single-file components (`.vue`, `.svelte`), linted when their parser loads. */
export const SEARCHED_EXTENSIONS = new Set([...LINTED_EXTENSIONS, ...FRAMEWORK_EXTENSIONS]);

/**
 * Folders never walked into: dependencies, build output, coverage and tool caches. A file in
 * one of them given by name is still linted.
 */
export const DEFAULT_IGNORED_DIRS = [
  'node_modules',
  '.git',
  'dist',
  'build',
  'out',
  'coverage',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.cache',
  '.vercel',
  '.output',
];
const IGNORED_DIRS = new Set(DEFAULT_IGNORED_DIRS);
/** Bundles nobody edits. */
const MINIFIED = /\.min\.[cm]?js$/;

export interface FileSearch {
  /** Absolute paths of the files to lint, sorted, without duplicates. */
  files: string[];
  /** Explicitly named files that are not JavaScript or TypeScript (absolute paths). */
  notLintable: string[];
  /** Explicitly named files or patterns that matched nothing. */
  unmatched: string[];
  /** Folders given that hold no file to lint (after the default ignores, .gitignore and --ignore-pattern). */
  empty: string[];
  /** Files a folder walk or a glob found that look minified (minified.ts), skipped unless includeMinified. */
  minified: string[];
}

export interface FileSearchOptions {
  cwd: string;
  /** gitignore-style patterns, relative to cwd (--ignore-pattern). */
  ignorePatterns: readonly string[];
  /** Read .gitignore files (default true). */
  gitignore?: boolean;
  /** Lint what looks minified or generated too (default false: a walk skips it). */
  includeMinified?: boolean;
}

const GLOB_CHARS = /[*?[\]{}!]/;

export function isGlob(path: string): boolean {
  return GLOB_CHARS.test(path);
}

/**
 * Resolves the command line's paths to the files to lint: files as given, folders walked
 * (skipping DEFAULT_IGNORED_DIRS and what .gitignore files ignore), globs matched against
 * the files under their fixed leading folders. Paths may lie anywhere, inside the current
 * folder or not.
 */
export async function findFiles(paths: readonly string[], options: FileSearchOptions): Promise<FileSearch> {
  const found = new Set<string>();
  const notLintable: string[] = [];
  const unmatched: string[] = [];
  const empty: string[] = [];
  // Found by a walk or a glob, not named: these are checked for minified content.
  const walked = new Set<string>();
  const named = new Set<string>();
  const userIgnore = ignore().add([...options.ignorePatterns]);
  const ignoredByUser = (abs: string, isDir: boolean): boolean => {
    const rel = relative(options.cwd, abs);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return false;
    const posix = rel.split(sep).join('/');
    return userIgnore.ignores(isDir ? `${posix}/` : posix);
  };
  const gitignores = new GitignoreStack(options.gitignore ?? true);

  for (const raw of paths) {
    if (isGlob(raw)) {
      const { base, pattern } = splitGlob(resolve(options.cwd, raw));
      // Counted, not compared with found.size: a pattern that only matches files found already still matches.
      let matched = 0;
      if (existsSync(base)) {
        await walk(base, gitignores, ignoredByUser, (file) => {
          if (minimatch(file.split(sep).join('/'), pattern, { dot: false })) {
            matched++;
            found.add(file);
            walked.add(file);
          }
        });
      }
      if (matched === 0) unmatched.push(raw);
      continue;
    }
    const abs = resolve(options.cwd, raw);
    let info;
    try {
      info = await stat(abs);
    } catch {
      unmatched.push(raw);
      continue;
    }
    if (info.isDirectory()) {
      let matched = 0;
      await walk(abs, gitignores, ignoredByUser, (file) => {
        matched++;
        found.add(file);
        walked.add(file);
      });
      if (matched === 0) empty.push(raw);
    } else if (!SEARCHED_EXTENSIONS.has(extname(abs))) {
      notLintable.push(abs);
    } else if (!ignoredByUser(abs, false)) {
      found.add(abs);
      named.add(abs);
    }
  }
  const candidates = options.includeMinified ? [] : [...walked].filter((f) => !named.has(f)).sort();
  const { minified } = await splitMinified(candidates);
  const skipped = new Set(minified);
  return { files: [...found].filter((f) => !skipped.has(f)).sort(), notLintable, unmatched, empty, minified };
}

/** `/a/b/src/**\/*.ts` → base `/a/b/src`, pattern `/a/b/src/**\/*.ts` (absolute, posix separators). */
function splitGlob(absPattern: string): { base: string; pattern: string } {
  const parts = absPattern.split(sep);
  const fixed: string[] = [];
  for (const part of parts) {
    if (isGlob(part)) break;
    fixed.push(part);
  }
  return { base: fixed.join(sep) || sep, pattern: absPattern.split(sep).join('/') };
}

async function walk(
  root: string,
  gitignores: GitignoreStack,
  ignoredByUser: (abs: string, isDir: boolean) => boolean,
  visit: (file: string) => void,
): Promise<void> {
  await gitignores.enterAncestors(root);
  const visitDir = async (dir: string): Promise<void> => {
    const pushed = await gitignores.enter(dir);
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      entries = [];
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (IGNORED_DIRS.has(entry.name) || gitignores.ignores(abs, true) || ignoredByUser(abs, true)) continue;
        await visitDir(abs);
      } else if (entry.isFile()) {
        if (!SEARCHED_EXTENSIONS.has(extname(entry.name)) || MINIFIED.test(entry.name)) continue;
        if (gitignores.ignores(abs, false) || ignoredByUser(abs, false)) continue;
        visit(abs);
      }
      // Symbolic links are not followed: a link back up the tree would never end.
    }
    if (pushed) gitignores.leave();
  };
  await visitDir(root);
}

/**
 * The .gitignore files that apply to a walk: those of the folders from the repository's
 * root (the nearest folder with a .git) down to the folder being walked, plus
 * .git/info/exclude. Each applies to paths relative to its own folder, as in git.
 */
class GitignoreStack {
  private readonly stack: { dir: string; rules: Ignore }[] = [];
  private readonly loaded = new Map<string, Ignore | null>();
  private ancestors: { dir: string; rules: Ignore }[] = [];

  constructor(private readonly enabled: boolean) {}

  async enterAncestors(dir: string): Promise<void> {
    this.ancestors = [];
    if (!this.enabled) return;
    const chain: string[] = [];
    let at = dirname(dir);
    let root: string | undefined;
    if (existsSync(join(dir, '.git'))) root = dir;
    while (!root) {
      chain.unshift(at);
      if (existsSync(join(at, '.git'))) root = at;
      const up = dirname(at);
      if (up === at) break;
      at = up;
    }
    if (!root) return; // not in a repository: only the walked folders' own .gitignore files count
    for (const ancestor of chain) {
      const rules = await this.load(ancestor);
      if (rules) this.ancestors.push({ dir: ancestor, rules });
    }
    const exclude = await readText(join(root, '.git', 'info', 'exclude'));
    if (exclude) this.ancestors.unshift({ dir: root, rules: ignore().add(exclude) });
  }

  async enter(dir: string): Promise<boolean> {
    if (!this.enabled) return false;
    const rules = await this.load(dir);
    if (!rules) return false;
    this.stack.push({ dir, rules });
    return true;
  }

  leave(): void {
    this.stack.pop();
  }

  ignores(abs: string, isDir: boolean): boolean {
    for (const { dir, rules } of [...this.ancestors, ...this.stack]) {
      const rel = relative(dir, abs);
      if (rel === '' || rel.startsWith('..')) continue;
      const posix = rel.split(sep).join('/');
      if (rules.ignores(isDir ? `${posix}/` : posix)) return true;
    }
    return false;
  }

  private async load(dir: string): Promise<Ignore | null> {
    const known = this.loaded.get(dir);
    if (known !== undefined) return known;
    const text = await readText(join(dir, '.gitignore'));
    const rules = text ? ignore().add(text) : null;
    this.loaded.set(dir, rules);
    return rules;
  }
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The deepest folder that contains every one of the paths. */
export function commonAncestor(paths: readonly string[]): string {
  if (paths.length === 0) return sep;
  let common = dirname(paths[0]!).split(sep);
  for (const path of paths.slice(1)) {
    const parts = dirname(path).split(sep);
    let i = 0;
    while (i < common.length && i < parts.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.join(sep) || sep;
}
