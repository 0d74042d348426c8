import { statSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRootOf } from '@retry-hygiene/analysis';
import { Linter } from 'eslint';
import plugin from 'eslint-plugin-retry-hygiene';

/**
 * Whether the ESLint config of a document's project loads eslint-plugin-retry-hygiene: only
 * then may "Disable … for this line" write `// eslint-disable-next-line retry-hygiene/<rule>`,
 * which makes `npx eslint .` fail ("Definition for rule … was not found") where the plugin is
 * not loaded. Decided without running the config (the server runs no workspace code): the
 * flat config ESLint would use for the file — the first `eslint.config.{js,mjs,cjs,ts,mts,cts}`
 * in its folder or a folder above, up to its project root — is parsed, and loads the plugin
 * when a string in its code (not a comment) names the package. A config that gets the plugin
 * through a shared config package is not seen: the product's own comment is then written,
 * which works everywhere, so a wrong "no" costs nothing but the comment's spelling.
 */

const CONFIG_NAMES = ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.cjs', 'eslint.config.ts', 'eslint.config.mts', 'eslint.config.cts'];
const PACKAGE = 'eslint-plugin-retry-hygiene';
/** A config larger than this is not a hand-written config: not read (the answer is no). */
const MAX_CONFIG_BYTES = 512 * 1024;

/** Per config file: the answer for its size and mtime. */
const answers = new Map<string, { mtimeMs: number; size: number; loads: boolean }>();
const linter = new Linter({ configType: 'flat' });

/** The document's config loads the plugin; false for a document that is not a file, or with no config up to its root. */
export function projectLoadsPlugin(uri: string): boolean {
  let file: string;
  try {
    if (!uri.startsWith('file:')) return false;
    file = fileURLToPath(uri);
  } catch {
    return false;
  }
  const config = nearestConfig(file);
  return config !== undefined && configLoadsPlugin(config);
}

/** The flat config ESLint reads for a file: the first found from its folder up to its project root. */
export function nearestConfig(file: string): string | undefined {
  const root = projectRootOf(file);
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    for (const name of CONFIG_NAMES) {
      const path = join(dir, name);
      if (statSync(path, { throwIfNoEntry: false })?.isFile()) return path;
    }
    if (dir === root || dirname(dir) === dir) return undefined;
  }
}

/** Whether a config file's code names the plugin's package (parsed, never run; cached by mtime). */
export function configLoadsPlugin(path: string): boolean {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > MAX_CONFIG_BYTES) return false;
    const known = answers.get(path);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.loads;
    const loads = namesPlugin(readFileSync(path, 'utf8'), path);
    if (answers.size > 1_000) answers.clear();
    answers.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, loads });
    return loads;
  } catch {
    return false;
  }
}

/** A string token (import, require(), import()) naming the package or a file of it. */
export function namesPlugin(text: string, filename: string): boolean {
  if (!text.includes(PACKAGE)) return false;
  const typescript = /\.[mc]?ts$/.test(filename);
  const messages = linter.verify(text, typescript ? plugin.configs.typescript : [{ files: ['**/*.js', '**/*.mjs', '**/*.cjs'] }], { filename: filename.replace(/^.*[\\/]/, '') });
  if (messages.some((m) => m.fatal)) return false;
  const tokens = (linter.getSourceCode()?.ast.tokens ?? []) as { type: string; value: string }[];
  return tokens.some((t) => (t.type === 'String' || t.type === 'Template') && new RegExp(`^[\`'"]${PACKAGE}(/[^\`'"]*)?[\`'"]$`).test(t.value));
}
