#!/usr/bin/env node
// One set-up step shared by `npm start`, `npm test`, `npm run corpus` and the benches, so
// that each README command works on a fresh clone: install when node_modules is missing
// or older than the lockfile, then build every package (incremental, so cheap when
// nothing changed).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`setup: \`${cmd} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const stale =
  !existsSync(installed) || !existsSync(lock) || statSync(lock).mtimeMs > statSync(installed).mtimeMs;
if (stale) {
  const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
  run('npm', existsSync(lock) ? ['ci', ...quiet] : ['install', ...quiet]);
}
run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b']);

