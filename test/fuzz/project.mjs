// The fuzz's sources (the bundled fixtures and the rule docs' examples) and the temporary project
// they are linted in: written to disk, so that a relative import a mutation writes resolves to
// real files there — a native addon, JSON, CSS, packages with hostile package.json files, a
// symbolic link loop — the shapes real projects bring.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

export const EXTENSIONS = ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx'];
const EXTENSION_BY_LANGUAGE = { js: 'js', javascript: 'js', jsx: 'jsx', ts: 'ts', typescript: 'ts', tsx: 'tsx' };

/**
 * Every source, sorted: { path (relative to the project, '/'-separated), code, rule?, options? }.
 * A doc example with `options=` in its fence info carries its rule and options; one with
 * `file=` is placed at that path, as the docs test lints it.
 */
export function loadSources(repoRoot) {
  const sources = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) {
        sources.push({ path: relative(repoRoot, full).split('\\').join('/'), code: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(join(repoRoot, 'fixtures'));
  const docsDir = join(repoRoot, 'packages', 'eslint-plugin', 'docs', 'rules');
  for (const name of readdirSync(docsDir).filter((n) => n.endsWith('.md')).sort()) {
    sources.push(...docExamples(name.slice(0, -'.md'.length), readFileSync(join(docsDir, name), 'utf8')));
  }
  return sources;
}

function docExamples(rule, text) {
  const examples = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w+)\s*(.*)$/.exec(lines[i]);
    if (!fence) continue;
    const start = i;
    const body = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    const extension = EXTENSION_BY_LANGUAGE[fence[1].toLowerCase()];
    if (!extension) continue;
    const info = fence[2];
    const placed = /(?:^|\s)file=(\S+)/.exec(info)?.[1];
    const options = /(?:^|\s)options=(.*)$/.exec(info)?.[1];
    examples.push({
      path: placed ?? `docs/rules/${rule}/line-${start + 1}.${extension}`,
      code: `${body.join('\n')}\n`,
      ...(options ? { rule, options: JSON.parse(options) } : {}),
    });
  }
  return examples;
}

const ADDON = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xfe, 0]);

/** `exports` nested `depth` levels deep, as text (JSON.stringify itself overflows at that depth). */
function nestedExports(depth) {
  return `${'{"import":'.repeat(depth)}"./index.js"${'}'.repeat(depth)}`;
}

/** Files every source directory gets, so './config.json' and friends name real files beside it. */
function plantHostileFiles(dir) {
  mkdirSync(join(dir, 'build', 'Release'), { recursive: true });
  writeFileSync(join(dir, 'build', 'Release', 'addon.node'), ADDON);
  writeFileSync(join(dir, 'config.json'), '{ "retries": 3, "delay": 1000 }\n');
  writeFileSync(join(dir, 'styles.css'), '.retry { color: red; }\n');
  // A package whose `main` holds a NUL byte, and one whose `exports` nests 5 000 levels deep.
  mkdirSync(join(dir, 'pkg'), { recursive: true });
  writeFileSync(join(dir, 'pkg', 'package.json'), JSON.stringify({ name: 'pkg', main: './a\0b', exports: { '.': { import: './a\0b' } } }));
  writeFileSync(join(dir, 'pkg', 'index.js'), 'export default function retry() {}\n');
  mkdirSync(join(dir, 'pkg-exports'), { recursive: true });
  writeFileSync(join(dir, 'pkg-exports', 'package.json'), `{"name":"pkg-exports","exports":${nestedExports(5000)}}`);
  writeFileSync(join(dir, 'pkg-exports', 'index.js'), 'export default function retry() {}\n');
  // './loop' → itself: any stat through it is ELOOP.
  try {
    symlinkSync('loop', join(dir, 'loop'));
  } catch {
    // No symlinks here (some Windows set-ups): the loop is simply absent.
  }
}

/**
 * Where a variant is written: most in the project itself; every tenth in a copy inside a package
 * named like a catalog library whose `main` holds a NUL byte, every tenth in one whose `exports`
 * nests 100 000 levels deep (the analysis reads the manifest of a file's own package when that
 * package is a retry library).
 */
export const PLACES = [
  { prefix: '', manifest: JSON.stringify({ name: 'hostile-fuzz', private: true, type: 'module' }) },
  { prefix: 'nul-main/', manifest: JSON.stringify({ name: 'p-retry', type: 'module', main: './a\0b', module: '\0' }) },
  { prefix: 'deep-exports/', manifest: `{"name":"async-retry","type":"module","exports":${nestedExports(100_000)}}` },
];

export function placeOf(index) {
  const slot = index % 10;
  return slot === 8 ? PLACES[1] : slot === 9 ? PLACES[2] : PLACES[0];
}

/** Writes the project: in each place every fixture file (helpers included), every source, the hostile files. */
export function createProject(repoRoot, sources) {
  const dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-hostile-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    writeProject(repoRoot, sources, dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

function writeProject(repoRoot, sources, dir) {
  const dirs = new Set();
  for (const place of PLACES) {
    const root = join(dir, place.prefix);
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'package.json'), `${place.manifest}\n`);
    cpSync(join(repoRoot, 'fixtures'), join(root, 'fixtures'), { recursive: true });
    for (const source of sources) {
      const file = join(root, source.path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, source.code);
      dirs.add(dirname(file));
    }
  }
  for (const d of [...dirs].sort()) plantHostileFiles(d);
}
