#!/usr/bin/env node
// The repository half of the real-code benchmark: sources as written (TypeScript and
// JavaScript of applications, tools and SDKs), each repository at one commit, linted in
// place. One file per repository in repos/ holds its commit, the paths linted and its labels.
//
//   node test/realworld/repos.mjs checkout [owner/name]…   extract the snapshots into the cache
//   node test/realworld/repos.mjs place [owner/name]…      check that every label can be placed
//                                                           (parses only: no rule runs)
//
// A snapshot comes from the `fetch` tool's mirror (REALWORLD_MIRROR, default /work/.mirror)
// and is extracted with `git archive` at the pinned commit into .cache/realworld/repos/.
// The extracted code is read, never run, and never committed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import plugin from 'eslint-plugin-retry-hygiene';
import { corpusConfigs, lintFile } from '../corpus/run.mjs';
import { functionsOf, placeLabel } from './place.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const reposCacheDir = join(root, '.cache', 'realworld', 'repos');
const mirror = process.env.REALWORLD_MIRROR ?? '/work/.mirror';
const EXTENSIONS = /\.(?:[cm]?js|[cm]?ts|jsx|tsx)$/;
/** Tests, fixtures, examples, type declarations, bundles and generated code are not what a team lints as its product. */
const SKIPPED = /\.d\.[cm]?ts$|\.min\.[cm]?js$|(?:^|\/)(?:node_modules|test|tests|__tests__|__test__|spec|__mocks__|__fixtures__|fixtures?|e2e|examples?|dist|build|coverage)\/|\.(?:spec|test|bench|stories)\.[cm]?[jt]sx?$/;
const MAX_BYTES = 2 * 1024 * 1024;
/** What an extraction holds; a cache of another version is extracted again. 2: the workspace declarations too. */
const EXTRACT_VERSION = 2;
const RULE_IDS = Object.keys(plugin.rules);

export function slug(repo) {
  return repo.replace('/', '+');
}

/** Every repository entry (repos/*.json), with its labels validated; `frozen` from frozen.json. */
export function loadRepos() {
  const frozen = new Set(JSON.parse(readFileSync(join(here, 'frozen.json'), 'utf8')).repos);
  const dir = join(here, 'repos');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const entry = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      if (`${slug(entry.repo)}.json` !== f) throw new Error(`repos/${f}: "repo" is ${entry.repo}`);
      if (!/^[0-9a-f]{40}$/.test(entry.commit ?? '')) throw new Error(`repos/${f}: "commit" must be 40 hex digits`);
      for (const [i, label] of (entry.labels ?? []).entries()) {
        const where = `repos/${f} labels[${i}]`;
        for (const field of ['file', 'function', 'line', 'kind', 'rules']) if (label[field] === undefined) throw new Error(`${where}: missing "${field}"`);
        if (label.kind !== 'retry' && label.kind !== 'look-alike') throw new Error(`${where}: kind must be "retry" or "look-alike"`);
        if (label.kind === 'look-alike' && label.rules.length > 0) throw new Error(`${where}: a look-alike expects no rule`);
        for (const rule of label.rules) if (!RULE_IDS.includes(rule)) throw new Error(`${where}: unknown rule ${rule}`);
        label.package = `${entry.repo}@${entry.commit.slice(0, 12)}`;
      }
      return { ...entry, id: `${entry.repo}@${entry.commit.slice(0, 12)}`, frozen: frozen.has(entry.repo) };
    });
}

export function checkoutDir(entry) {
  return join(reposCacheDir, `${slug(entry.repo)}@${entry.commit.slice(0, 12)}`);
}

/** Extracts the pinned commit once; returns the folder, or a sentence saying why it is not there. */
export function checkout(entry) {
  const dir = checkoutDir(entry);
  if (existsSync(join(dir, '.complete')) && readFileSync(join(dir, '.complete'), 'utf8') === `${entry.commit} ${EXTRACT_VERSION}\n`) return dir;
  const gitDir = join(mirror, slug(entry.repo), 'repo');
  if (!existsSync(gitDir)) return `no snapshot of ${entry.repo} at ${gitDir} (bring one with the fetch tool: github:${entry.repo})`;
  const partial = `${dir}.part`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // Only what the analysis reads (sources, package.json, tsconfig): a snapshot lacks its
  // largest files (fixtures, bundles), which `git archive` of the whole tree cannot skip.
  const git = (args, input) => spawnSync('git', [`--git-dir=${gitDir}`, ...args], { input, maxBuffer: 2 ** 31 - 1 });
  const tree = git(['ls-tree', '-r', '-z', entry.commit]);
  if (tree.status !== 0) return `git ls-tree of ${entry.repo}@${entry.commit} failed: ${tree.stderr.toString().trim()}`;
  const blobs = [];
  for (const line of tree.stdout.toString('utf8').split('\0')) {
    const match = /^(\d+) blob ([0-9a-f]+)\t(.*)$/s.exec(line);
    if (!match || match[1] === '120000') continue;
    const path = match[3];
    if (EXTENSIONS.test(path) || /(?:^|\/)(?:(?:package|tsconfig[^/]*|lerna)\.json|pnpm-workspace\.yaml)$/.test(path)) blobs.push({ sha: match[2], path });
  }
  const batch = git(['cat-file', '--batch'], blobs.map((b) => b.sha).join('\n') + '\n');
  if (batch.status !== 0) return `git cat-file of ${entry.repo} failed: ${batch.stderr.toString().trim()}`;
  const out = batch.stdout;
  let offset = 0;
  for (const blob of blobs) {
    const newline = out.indexOf(10, offset);
    const header = out.subarray(offset, newline).toString();
    offset = newline + 1;
    if (header.endsWith(' missing')) continue; // over the snapshot's size limit
    const size = Number(header.split(' ')[2]);
    const target = join(partial, ...blob.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out.subarray(offset, offset + size));
    offset += size + 1;
  }
  writeFileSync(join(partial, '.complete'), `${entry.commit} ${EXTRACT_VERSION}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return dir;
}

/** The files an entry lints: under an `include` prefix (all when empty), not under an `exclude` one, not SKIPPED. */
export function repoFiles(entry, dir) {
  const files = [];
  const walk = (current) => {
    const entries = readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name.startsWith('.') || e.isSymbolicLink()) continue;
      const full = join(current, e.name);
      const path = relative(dir, full).split(sep).join('/');
      if (e.isDirectory()) {
        if ((entry.exclude ?? []).some((p) => `${path}/`.startsWith(p))) continue;
        walk(full);
        continue;
      }
      if (!EXTENSIONS.test(path) || SKIPPED.test(path)) continue;
      if (entry.include?.length && !entry.include.some((p) => path.startsWith(p))) continue;
      if ((entry.exclude ?? []).some((p) => path.startsWith(p))) continue;
      if (statSync(full).size > MAX_BYTES) continue;
      files.push({ path, full });
    }
  };
  walk(dir);
  return files;
}

function select(all, names) {
  for (const name of names) if (!all.some((e) => e.repo === name)) throw new Error(`${name} is not in repos/`);
  return names.length ? all.filter((e) => names.includes(e.repo)) : all;
}

function placeOnly(entries) {
  const linter = new Linter({ cwd: root });
  const configs = corpusConfigs({ rules: false });
  let bad = 0;
  for (const entry of entries) {
    const dir = checkout(entry);
    if (!dir.startsWith(reposCacheDir)) {
      console.error(`${entry.repo}: ${dir}`);
      bad++;
      continue;
    }
    const files = new Map(repoFiles(entry, dir).map((f) => [f.path, f.full]));
    let placed = 0;
    for (const label of entry.labels) {
      const full = files.get(label.file);
      const fail = (why) => {
        console.error(`${entry.repo} ${label.file}:${label.line} ${label.function}: ${why}`);
        bad++;
      };
      if (!full) {
        fail(existsSync(join(dir, label.file)) ? 'file exists but is not among the linted files (include/exclude, or a skipped folder)' : 'no such file');
        continue;
      }
      const result = lintFile(linter, configs, readFileSync(full, 'utf8'), full);
      if (result.parseError) {
        fail(`parse error ${result.parseError}`);
        continue;
      }
      const sourceCode = linter.getSourceCode();
      const span = placeLabel(functionsOf(sourceCode.ast, sourceCode.visitorKeys), label);
      if (typeof span === 'string') fail(span);
      else placed++;
    }
    const retries = entry.labels.filter((l) => l.kind === 'retry').length;
    console.log(`${entry.repo}: ${files.size} files linted, ${entry.labels.length} labels (${retries} retry, ${entry.labels.length - retries} look-alike), ${placed} placed`);
  }
  return bad;
}

function main() {
  const [command, ...names] = process.argv.slice(2);
  const entries = select(loadRepos(), names);
  if (command === 'checkout') {
    let bad = 0;
    for (const entry of entries) {
      const dir = checkout(entry);
      if (dir.startsWith(reposCacheDir)) console.log(`${entry.repo}: ${relative(root, dir)} (${repoFiles(entry, dir).length} files linted)`);
      else {
        console.error(`${entry.repo}: ${dir}`);
        bad++;
      }
    }
    process.exitCode = bad ? 1 : 0;
  } else if (command === 'place') {
    process.exitCode = placeOnly(entries) ? 1 : 0;
  } else {
    console.error('usage: node test/realworld/repos.mjs checkout|place [owner/name]...');
    process.exitCode = 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
