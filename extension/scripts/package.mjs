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
// README images stay relative (media/…, shipped in the .vsix), so they show from the installed
// extension: vsce would point them at the repository's raw files, a URL that is not the package.
run([vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--ignoreFile', join(here, '..', '.vscodeignore'), '--out', out]);
console.log(`package: ${out} (${(statSync(out).size / 1024 / 1024).toFixed(2)} MB)`);
