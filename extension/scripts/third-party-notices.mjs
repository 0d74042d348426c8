// Writes ThirdPartyNotices.txt: the licence of every package the .vsix ships. Which packages
// those are is read from esbuild's metafiles (build.mjs writes their inputs to .meta/): a
// package with at least one module in a bundle, found by its node_modules folder, with the
// licence files it ships (LICENSE, LICENCE, COPYING…; else the licence section of its README)
// and its package.json `license`. Runs in
// scripts/package.mjs after the production build; alone:
//   node extension/build.mjs --production && node extension/scripts/third-party-notices.mjs
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LICENCE_FILE = /^(licen[cs]e|copying|notice)([.-][a-z0-9.-]*)?$/i;

/** The folder of each node_modules package among a bundle's inputs (the innermost, for nested copies). */
export function packageFolders(inputs, cwd) {
  const folders = new Set();
  for (const input of inputs) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) folders.add(resolve(cwd, match[1]));
  }
  return [...folders];
}

/** A package's name, version, licence and the text of its licence files. */
export function packageNotice(folder) {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const files = readdirSync(folder).filter((f) => LICENCE_FILE.test(f)).sort();
  const licence = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'unknown');
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  return {
    name: manifest.name,
    version: manifest.version,
    licence,
    url: (manifest.homepage ?? repository ?? '').replace(/^git\+/, ''),
    texts: files.length > 0 ? files.map((f) => readFileSync(join(folder, f), 'utf8').replace(/\r\n/g, '\n').trim()) : readmeLicence(folder),
  };
}

/**
 * A package with no licence file often states it at the end of its README (esrecurse,
 * imurmurhash, natural-compare): the section from a "License"/"Licence" heading (markdown `#`
 * or underlined) to the end.
 */
function readmeLicence(folder) {
  const readme = readdirSync(folder).find((f) => /^readme(\.md|\.markdown|\.txt)?$/i.test(f));
  if (!readme) return [];
  const lines = readFileSync(join(folder, readme), 'utf8').replace(/\r\n/g, '\n').split('\n');
  const at = lines.findIndex((line, i) => /^(#+\s*)?licen[cs]e\b/i.test(line.trim()) && (line.startsWith('#') || /^[-=]{3,}$/.test(lines[i + 1]?.trim() ?? '')));
  return at < 0 ? [] : [`(from the package's ${readme})\n${lines.slice(at).join('\n').trim()}`];
}

export function renderNotices(notices) {
  const rule = '='.repeat(78);
  const lines = [
    'retry-hygiene for VS Code: third-party notices',
    '',
    'The .vsix bundles the following packages (dist/extension.cjs, dist/server.cjs,',
    'dist/herd-worker.cjs, dist/webview.js), each under its own licence, reproduced below.',
    "The @retry-hygiene packages and eslint-plugin-retry-hygiene are this repository's own (MIT,",
    'LICENSE.txt).',
    '',
    ...notices.map((n) => `- ${n.name} ${n.version} (${n.licence})`),
    '',
  ];
  for (const n of notices) {
    lines.push(rule, `${n.name} ${n.version}`, `Licence: ${n.licence}`);
    if (n.url) lines.push(n.url);
    lines.push('-'.repeat(78));
    lines.push(n.texts.length > 0 ? n.texts.join(`\n${'-'.repeat(78)}\n`) : `(the package ships no licence file; its package.json says "${n.licence}")`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const metaFile = join(here, '.meta', 'bundles.json');
  if (!existsSync(metaFile)) {
    console.error('third-party-notices: no .meta/bundles.json: run `node build.mjs --production` first');
    process.exit(1);
  }
  const { cwd, inputs } = JSON.parse(readFileSync(metaFile, 'utf8'));
  const notices = packageFolders(inputs, cwd)
    .map(packageNotice)
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version, undefined, { numeric: true }));
  // One entry per name and version (a package may sit in several node_modules folders).
  const unique = notices.filter((n, i) => i === 0 || n.name !== notices[i - 1].name || n.version !== notices[i - 1].version);
  const missing = unique.filter((n) => n.texts.length === 0).map((n) => `${n.name}@${n.version}`);
  writeFileSync(join(here, 'ThirdPartyNotices.txt'), renderNotices(unique));
  console.log(`third-party-notices: ${unique.length} packages${missing.length ? `; no licence file in ${missing.join(', ')}` : ''}`);
}
