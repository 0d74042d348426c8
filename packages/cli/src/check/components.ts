import { extname, relative } from 'node:path';
import { FRAMEWORKS, type Framework } from 'eslint-plugin-retry-hygiene';
import { frameworkParsers } from './embedded-config.js';
import { plural } from './report.js';

const BY_EXTENSION = new Map<string, Framework>(Object.entries(FRAMEWORKS).map(([framework, { extension }]) => [extension, framework as Framework]));

/** The framework whose single-file components `file` is (`.vue`, `.svelte`), if any. */
export function frameworkOf(file: string): Framework | undefined {
  return BY_EXTENSION.get(extname(file));
}

/**
 * The files `check` can lint with its own config: `.vue` and `.svelte` files only where the
 * framework's parser loads from the project (`dir`); the others are left out, and a note names
 * the parser that would lint them.
 */
export function lintableComponents(files: readonly string[], dir: string, cwd: string, note: (text: string) => void, load: (dir: string) => ReturnType<typeof frameworkParsers> = frameworkParsers): string[] {
  const missing = new Map<Framework, string[]>();
  let loaded: ReturnType<typeof frameworkParsers> | undefined;
  const kept = files.filter((file) => {
    const framework = frameworkOf(file);
    if (!framework) return true;
    loaded ??= load(dir);
    if (loaded.parsers[framework]) return true;
    missing.set(framework, [...(missing.get(framework) ?? []), file]);
    return false;
  });
  for (const [framework, skipped] of missing) {
    const { extension, parser } = FRAMEWORKS[framework];
    const first = relative(cwd, skipped[0]!) || skipped[0]!;
    note(`${plural(skipped.length, `${extension} file`)} not linted (${first}${skipped.length > 1 ? ', …' : ''}): install ${parser} in the project to lint their <script> blocks`);
  }
  return kept;
}
