import { extname, join } from 'node:path';
import { statFile } from './read.js';

/** The extensions a module of the project may have, in the order they are tried. */
export const MODULE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** `import './x.js'` in TypeScript names `x.ts`. */
export const TS_FOR_JS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] };

/**
 * The file a module path names, as a bundler or TypeScript would find it: the path as written,
 * `.js` as `.ts`, each extension added, `index.*` in a folder. The first regular file, or undefined.
 */
export function findModuleFile(base: string): string | undefined {
  const ext = extname(base);
  const candidates: string[] = [];
  if (MODULE_EXTENSIONS.includes(ext)) {
    candidates.push(base);
    for (const alt of TS_FOR_JS[ext] ?? []) candidates.push(base.slice(0, -ext.length) + alt);
  }
  for (const e of MODULE_EXTENSIONS) candidates.push(base + e);
  for (const e of MODULE_EXTENSIONS) candidates.push(join(base, `index${e}`));
  for (const candidate of candidates) {
    if (statFile(candidate)) return candidate;
  }
  return undefined;
}
