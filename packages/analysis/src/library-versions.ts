import { dirname, join } from 'node:path';
import { MAX_MANIFEST_BYTES } from './files/manifest.js';
import { nearestUp } from './files/nearest-up.js';
import { projectRootOf } from './files/project-root.js';
import { readText } from './files/read.js';

/*
 * The major version of a catalog library a file gets, where a default changed between majors
 * (ioredis 6 added jitter to its default reconnect wait): the range the nearest package.json
 * that declares the library gives (from the file's folder up to the project root, the
 * manifests the analysis reads anyway), when it names one major (`^5.4.1`, `~5.9`, `5.x`).
 * Nothing under node_modules is read. Read once per folder and library.
 */

/** Per library: each folder passed, with the major found from it (null: none to be had). */
const known = new Map<string, Map<string, number | null>>();
const MAX_REMEMBERED = 10_000;

/** Drops what was read: a dependency may have been installed or upgraded. */
export function forgetLibraryVersions(): void {
  known.clear();
}

export function libraryMajor(file: string, library: string): number | undefined {
  let memo = known.get(library);
  if (!memo) known.set(library, (memo = new Map()));
  // The nearest manifest that declares the library wins (a workspace package's over the root's).
  return nearestUp(dirname(file), projectRootOf(file), memo, (dir) => declaredMajor(join(dir, 'package.json'), library), MAX_REMEMBERED);
}

function json(path: string): Record<string, unknown> | undefined {
  const text = readText(path, MAX_MANIFEST_BYTES);
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The major of the range a manifest gives the library, when the range names exactly one. */
function declaredMajor(path: string, library: string): number | null | undefined {
  const manifest = json(path);
  if (!manifest) return undefined;
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const deps = manifest[field];
    const range = typeof deps === 'object' && deps !== null ? (deps as Record<string, unknown>)[library] : undefined;
    // Declared with a range of several majors (`>=5`, `5 || 6`): not known, and not looked for higher up.
    if (typeof range === 'string') return /^\s*[\^~=v]?\s*\d+(\.(\d+|x|\*))*\s*$/.test(range) ? major(range) ?? null : null;
  }
  return undefined;
}

function major(version: string | undefined): number | undefined {
  const m = version === undefined ? undefined : /(\d+)/.exec(version);
  return m ? Number(m[1]) : undefined;
}
