import { resolve } from 'node:path';
import { isWithin } from '../files/project-root.js';
import { conditionStrings, type Manifest } from '../files/manifest.js';

/**
 * The files a package's subpath may be (`.` for the package itself, `./retry` for
 * `@acme/utils/retry`), in the order they are tried, as paths inside the package folder:
 * through `exports` when the manifest has it (a subpath it does not export is not one, as
 * for Node), else `module`, `main` and `index` for the package itself, or the subpath as a
 * path. Which of them exists, or which source it was built from, is the caller's question.
 */

/**
 * Conditions in the order they are preferred: what names the source first (`source`, the
 * `development` build), then the declarations (mapped to their source like any output),
 * then the runtime's. Any other condition (`node`, `browser`) comes after these, in the
 * manifest's order.
 */
export const CONDITIONS = ['source', 'development', 'types', 'import', 'default', 'require'];

export function subpathTargets(packageDir: string, manifest: Manifest, subpath: string): string[] {
  const targets = manifest.exports !== undefined && manifest.exports !== null ? exportTargets(manifest.exports, subpath) : plainTargets(manifest, subpath);
  // Targets must stay inside the package, as Node requires of `exports`.
  return targets.map((t) => resolve(packageDir, t)).filter((file) => isWithin(packageDir, file));
}

function plainTargets(manifest: Manifest, subpath: string): string[] {
  if (subpath !== '.') return [subpath];
  return [manifest.module, manifest.main, './index'].filter((t): t is string => t !== undefined).map((t) => (t.startsWith('./') || t.startsWith('../') ? t : `./${t}`));
}

function exportTargets(exportsField: unknown, subpath: string): string[] {
  const isSubpathMap = typeof exportsField === 'object' && !Array.isArray(exportsField) && Object.keys(exportsField as object).some((k) => k.startsWith('.'));
  if (!isSubpathMap) return subpath === '.' ? conditionTargets(exportsField) : [];
  const map = exportsField as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(map, subpath) && !subpath.includes('*')) return conditionTargets(map[subpath]);
  // `./*`, `./utils/*`: the longest prefix before the star wins, as in Node.
  let best: { key: string; match: string } | undefined;
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*');
    if (star < 0 || key.indexOf('*', star + 1) >= 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (!subpath.startsWith(prefix) || !subpath.endsWith(suffix) || subpath.length < key.length - 1) continue;
    if (!best || prefix.length > best.key.indexOf('*')) best = { key, match: subpath.slice(prefix.length, subpath.length - suffix.length) };
  }
  if (!best) return [];
  const match = best.match;
  return conditionTargets(map[best.key]).map((t) => t.split('*').join(match));
}

/** The target strings a condition value names, preferred conditions first, within the manifest bounds. */
function conditionTargets(value: unknown): string[] {
  const ordered = (v: object): unknown[] =>
    Array.isArray(v)
      ? v
      : [...CONDITIONS.filter((c) => c in v).map((c) => (v as Record<string, unknown>)[c]), ...Object.entries(v).filter(([k]) => !CONDITIONS.includes(k)).map(([, child]) => child)];
  return conditionStrings(value, ordered).filter((t) => t.startsWith('./') && !t.includes('\0'));
}
