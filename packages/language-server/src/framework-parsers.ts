import { createRequire } from 'node:module';
import { join } from 'node:path';
import plugin, { FRAMEWORKS, type Framework, type FrameworkParsers } from 'eslint-plugin-retry-hygiene';

/** Folders whose project parsers were looked for, least recently used out first. */
const MAX_FOLDERS = 32;
const byFolder = new Map<string, FrameworkParsers>();

/**
 * The `.vue` / `.svelte` parsers of the project a document is in (what its own ESLint set-up
 * uses), loaded from the project's node_modules, so running the project's code: the server
 * does it only for a client that allows it (initializationOptions.projectParsers; VS Code's
 * extension says so in a trusted workspace). The script blocks are parsed by the server's own
 * @typescript-eslint/parser. Here, not in the plugin: inside the bundled server the plugin's
 * `createRequire` hands out only bundled modules.
 */
export function projectFrameworkParsers(folder: string): FrameworkParsers {
  const known = byFolder.get(folder);
  if (known) {
    byFolder.delete(folder);
    byFolder.set(folder, known);
    return known;
  }
  const require = createRequire(join(folder, 'package.json'));
  const parsers: FrameworkParsers['parsers'] = {};
  for (const [framework, { parser }] of Object.entries(FRAMEWORKS) as [Framework, (typeof FRAMEWORKS)[Framework]][]) {
    try {
      const loaded = require(parser) as { parse?: unknown; parseForESLint?: unknown; default?: unknown };
      const value = typeof loaded.parseForESLint === 'function' || typeof loaded.parse === 'function' ? loaded : loaded.default;
      if (value) parsers[framework] = value as NonNullable<FrameworkParsers['parsers'][Framework]>;
    } catch {
      // Not installed in this project (or it fails to load): its files are skipped, and say so.
    }
  }
  const script = plugin.configs.typescript[0]?.languageOptions?.parser;
  const found: FrameworkParsers = { parsers, ...(script ? { script } : {}) };
  byFolder.set(folder, found);
  if (byFolder.size > MAX_FOLDERS) byFolder.delete(byFolder.keys().next().value!);
  return found;
}
