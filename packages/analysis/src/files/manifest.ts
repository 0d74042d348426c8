import { join } from 'node:path';
import { readText } from './read.js';

/**
 * A package.json as the analysis reads it: bounded, whatever a workspace holds. A manifest
 * bigger than any real one is not parsed; `exports` is walked only so deep and so wide; a
 * target with a NUL byte names no file and is dropped.
 */
export interface Manifest {
  name?: string;
  /** The files the package's main entry may be, in the order Node would try them: `exports['.']`'s targets, `module`, `main`. */
  entryTargets: string[];
  /** The manifest's `exports`, as written (walked within the bounds below by whoever reads it). */
  exports?: unknown;
  module?: string;
  main?: string;
  /** The `workspaces` globs (an array, or yarn's `{ packages }`), at most MAX_WORKSPACE_PATTERNS of them. */
  workspaces?: string[];
}

/** Real manifests are a few kilobytes; a lockfile-sized one is not a package's. */
export const MAX_MANIFEST_BYTES = 512 * 1024;
/** Conditions nest a few levels (`node` → `import` → `default`); deeper is not a real package. */
export const MAX_EXPORTS_DEPTH = 32;
/** How many values of `exports` are looked at in all: each target costs up to 19 stats to resolve. */
export const MAX_EXPORTS_VISITED = 100;

/** A workspace root names a few folders or globs; more is not a real project's. */
export const MAX_WORKSPACE_PATTERNS = 64;

/** The manifest in a folder, or undefined: none, unreadable, too big, not JSON, not an object. */
export function readManifest(dir: string): Manifest | undefined {
  const text = readText(join(dir, 'package.json'), MAX_MANIFEST_BYTES);
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const fields = json as Record<string, unknown>;
  const exportsField = fields.exports;
  const dot = typeof exportsField === 'object' && exportsField !== null && !Array.isArray(exportsField) && '.' in exportsField ? (exportsField as Record<string, unknown>)['.'] : exportsField;
  const entryTargets = exportTargets(dot);
  for (const field of ['module', 'main']) if (typeof fields[field] === 'string') entryTargets.push(fields[field] as string);
  const workspaces = workspacePatterns(fields.workspaces);
  return {
    ...(typeof fields.name === 'string' ? { name: fields.name } : {}),
    entryTargets: entryTargets.filter(usableTarget),
    ...(exportsField !== undefined ? { exports: exportsField } : {}),
    ...(typeof fields.module === 'string' && usableTarget(fields.module) ? { module: fields.module } : {}),
    ...(typeof fields.main === 'string' && usableTarget(fields.main) ? { main: fields.main } : {}),
    ...(workspaces ? { workspaces } : {}),
  };
}

/** The files an `exports` condition object names (`default`, `import`, `require`, `node`; not `types`), depth-first, within the bounds. */
function exportTargets(value: unknown): string[] {
  // In the manifest's order; arrays (fallback lists) are not followed here.
  return conditionStrings(value, (v) => (Array.isArray(v) ? [] : Object.entries(v).filter(([key]) => key !== 'types').map(([, child]) => child)));
}

/**
 * The strings an `exports` value holds, depth-first in the order `children` gives each object's
 * values, within the manifest bounds (depth, values visited). An explicit stack: a manifest
 * decides the nesting, not the call stack.
 */
export function conditionStrings(value: unknown, children: (v: object) => unknown[]): string[] {
  const out: string[] = [];
  let visited = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0 && visited < MAX_EXPORTS_VISITED) {
    const { value: v, depth } = stack.pop() as { value: unknown; depth: number };
    visited++;
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'object' && v !== null && depth < MAX_EXPORTS_DEPTH) {
      const next = children(v);
      // Pushed last-first, so that they come off in order.
      for (let i = next.length - 1; i >= 0; i--) stack.push({ value: next[i], depth: depth + 1 });
    }
  }
  return out;
}

function usableTarget(target: string): boolean {
  return target.length > 0 && !target.includes('\0');
}

/** `workspaces: ["packages/*"]` (npm, yarn) or `workspaces: { packages: [...] }` (yarn's older form): the strings, bounded. */
function workspacePatterns(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null && Array.isArray((value as { packages?: unknown }).packages) ? (value as { packages: unknown[] }).packages : undefined;
  return list?.slice(0, MAX_WORKSPACE_PATTERNS).filter((p): p is string => typeof p === 'string' && usableTarget(p));
}
