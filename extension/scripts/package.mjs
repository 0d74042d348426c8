// Builds for production and packages the .vsix with @vscode/vsce (3.x: Node 20), using the
// repository's top-level .vscodeignore. Prints the .vsix path and its size.
//   node scripts/package.mjs [--out FILE]
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { name, version } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const outIndex = process.argv.indexOf('--out');
export const out = outIndex > 0 ? resolve(process.argv[outIndex + 1]) : join(here, `${name}-${version}.vsix`);

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: here, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`package: \`node ${args.join(' ')}\` failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

run([join(here, 'build.mjs'), '--production']);
// The licences of what the bundles hold, from the build's metafiles: shipped as ThirdPartyNotices.txt.
run([join(here, 'scripts', 'third-party-notices.mjs')]);
const vsce = join(dirname(createRequire(import.meta.url).resolve('@vscode/vsce/package.json')), 'vsce');
// Everything is bundled: no node_modules in the package.
// VS Code's extension page shows a README's https images only (its sanitizer drops relative
// and data: ones), so vsce makes the relative ones absolute. Its own guess is the repository's
// root (…/raw/HEAD/media/screenshot.png, a file that does not exist): the extension lives in
// extension/, and the release's tag, as the rule docs' links, keeps the images of that release.
const { repository } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const repo = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const base = (kind) => `${repo}/${kind}/v${version}/${repository.directory}/`;
run([vsce, 'package', '--no-dependencies', '--baseImagesUrl', base('raw'), '--baseContentUrl', base('blob'), '--ignoreFile', join(here, '..', '.vscodeignore'), '--out', out]);
console.log(`package: ${out} (${(statSync(out).size / 1024 / 1024).toFixed(2)} MB)`);
