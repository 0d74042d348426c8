import { join } from 'node:path';
import { MAX_WORKSPACE_PATTERNS, readManifest } from '../files/manifest.js';
import { nearestUp } from '../files/nearest-up.js';
import { readText, statFile } from '../files/read.js';

/**
 * Which folder declares the workspace a file belongs to, and with which globs: the nearest
 * folder at or above the file, up to its project root and never past it, whose `package.json`
 * has `workspaces` (npm, yarn, lerna on npm/yarn workspaces) or that holds a
 * `pnpm-workspace.yaml`. A declaration above the project root is not read: the project is
 * what the root says it is.
 */
export interface WorkspaceDeclaration {
  root: string;
  patterns: string[];
  /** The declaring files' versions: the packages found are kept while these stay the same. */
  stamp: string;
}

/** A pnpm-workspace.yaml is a few lines; one bigger than this is not read. */
export const MAX_PNPM_WORKSPACE_BYTES = 64 * 1024;

/** Per folder: the declaration found at or above it (null: none up to the project root). */
const declarations = new Map<string, WorkspaceDeclaration | null>();
const MAX_REMEMBERED = 10_000;

export function forgetWorkspaceDeclarations(): void {
  declarations.clear();
}

/** The workspace declaration for a folder within a project root, or undefined. */
export function workspaceDeclarationOf(dir: string, projectRoot: string): WorkspaceDeclaration | undefined {
  return nearestUp(dir, projectRoot, declarations, declarationIn, MAX_REMEMBERED);
}

function declarationIn(dir: string): WorkspaceDeclaration | undefined {
  // pnpm reads its own file, not package.json's `workspaces`: it wins where both exist.
  const yamlPath = join(dir, 'pnpm-workspace.yaml');
  const yamlStat = statFile(yamlPath);
  if (yamlStat) {
    const text = readText(yamlPath, MAX_PNPM_WORKSPACE_BYTES);
    const patterns = text === undefined ? [] : pnpmPackages(text);
    return { root: dir, patterns, stamp: `${yamlStat.mtimeMs}:${yamlStat.size}` };
  }
  const manifestPath = join(dir, 'package.json');
  const manifestStat = statFile(manifestPath);
  const manifest = manifestStat ? readManifest(dir) : undefined;
  if (!manifest?.workspaces || !manifestStat) return undefined;
  return { root: dir, patterns: manifest.workspaces, stamp: `${manifestStat.mtimeMs}:${manifestStat.size}` };
}

/**
 * The `packages:` list of a pnpm-workspace.yaml: a block sequence (`- 'packages/*'`) or a flow
 * one (`packages: [a, b]`). Only that key is read, line by line; anything else in the file
 * (catalogs, overrides) is skipped, and a list this reader cannot follow gives no patterns.
 */
export function pnpmPackages(text: string): string[] {
  const out: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length && out.length < MAX_WORKSPACE_PATTERNS; i++) {
    const m = /^packages\s*:\s*(.*)$/.exec(stripComment(lines[i] as string));
    if (!m) continue;
    const rest = (m[1] as string).trim();
    if (rest.startsWith('[')) {
      const close = rest.indexOf(']');
      for (const item of rest.slice(1, close < 0 ? undefined : close).split(',')) push(out, item);
      break;
    }
    for (let j = i + 1; j < lines.length && out.length < MAX_WORKSPACE_PATTERNS; j++) {
      const line = stripComment(lines[j] as string);
      if (line.trim() === '') continue;
      const item = /^\s*-\s*(.*)$/.exec(line);
      // The next top-level key ends the list.
      if (!item) break;
      push(out, item[1] as string);
    }
    break;
  }
  return out;
}

function push(out: string[], raw: string): void {
  const value = raw.trim().replace(/^(['"])(.*)\1$/, '$2');
  if (value.length > 0 && !value.includes('\0')) out.push(value);
}

/** A `#` comment that starts the line or follows a space (not one inside a quoted glob). */
function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) return line.slice(0, i);
  }
  return line;
}
