#!/usr/bin/env node
// Hostile-value fuzz: variants of the bundled retry code (fixtures/ and the rule docs' examples)
// with string literals replaced by NUL paths, 5 000-character names, '../../etc/passwd', a native
// addon, JSON, CSS, catalog module names; identifiers by `__proto__`, `then`, `NaN`,
// `constructor`, `hasOwnProperty`; numbers by `1e400`, `-0`, `10n`, NaN, `Number.MAX_VALUE`,
// `-1`. Each variant is written over its source in a temporary project (so relative imports reach
// real files: see project.mjs) and linted there with the plugin's recommended config. A rule
// that throws is a defect; a variant that no longer parses is counted, not a defect.
//
//   npm run fuzz:hostile -- [--seed S] [--count N] [--variant I [--print]] [--keep]
//                           [--max-mutations K] [--tolerate-fs]
//
// Variants are deterministic: variant I of seed S is the same text whatever --count is, so
// `--variant I` re-runs one reported variant (`--print` shows its text). Source I mod n is
// mutated, so every source gets its share; every tenth variant is placed in a package with a
// NUL `main`, every tenth in one with deeply nested `exports` (project.mjs). A variant has 1 to
// K mutations (default 3, mostly one). Exceptions are grouped by message and first frame and
// each group printed once. File-system errors (ENOTDIR, ENAMETOOLONG, ELOOP, EACCES, a NUL byte
// handed to fs) are listed apart, as "fs faults": the analysis's file access is being made to
// never throw in a separate change. They still count: the exit code is 1 on any exception.
// `--tolerate-fs` runs as if that change were in (fs faults read as "not found", the variants
// that met one counted), to see the exceptions an fs fault would otherwise hide.
//
// Output: the summary line on stdout ("hostile-values: N variants, E rule exceptions, P parse
// errors"), the exception groups, the slowest variants (reported, not gated); progress on stderr.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import plugin from 'eslint-plugin-retry-hygiene';
import { forgetProjectFiles } from '@retry-hygiene/analysis';
import { lintFile, resolveConfigs } from '../corpus/run.mjs';
import { candidates, describeMutation, mutate, variantRandom } from './mutations.mjs';
import { createProject, loadSources, PLACES, placeOf } from './project.mjs';
import { tolerateFsFaults } from './tolerant-fs.mjs';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PROGRESS_EVERY = 1000;
const FRAMES = 5;

function parseArgs(argv) {
  const args = { seed: 1, count: 10_000, variant: undefined, print: false, keep: false, tolerateFs: false, maxMutations: 3 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const int = () => {
      const v = argv[++i];
      const n = Number(v);
      if (v === undefined || !Number.isSafeInteger(n) || n < 0) usage(`${arg} needs a non-negative integer, got ${JSON.stringify(v)}`);
      return n;
    };
    if (arg === '--seed') args.seed = int();
    else if (arg === '--count') args.count = int();
    else if (arg === '--variant') args.variant = int();
    else if (arg === '--print') args.print = true;
    else if (arg === '--keep') args.keep = true;
    else if (arg === '--tolerate-fs') args.tolerateFs = true;
    else if (arg === '--max-mutations') args.maxMutations = Math.max(1, int());
    else if (arg === '--help' || arg === '-h') usage();
    else usage(`unknown argument ${JSON.stringify(arg)}`);
  }
  return args;
}

function usage(error) {
  const text = 'usage: node test/fuzz/hostile-values.mjs [--seed S] [--count N] [--variant I [--print]] [--keep] [--tolerate-fs] [--max-mutations K]';
  if (error) {
    console.error(`hostile-values: ${error}\n${text}`);
    process.exit(2);
  }
  console.log(text);
  process.exit(0);
}

/** The recommended config (TypeScript parser for .ts) and each doc example's own rule options. */
function fuzzConfigs(sources) {
  const base = [...plugin.configs.recommended, ...plugin.configs.typescript];
  for (const source of sources) {
    if (!source.options) continue;
    base.push({ files: PLACES.map((place) => `${place.prefix}${source.path}`), rules: { [`retry-hygiene/${source.rule}`]: ['error', source.options] } });
  }
  base.push({ name: 'fuzz/no-inline-config', linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' } });
  const withSourceType = (sourceType) => [...base, { files: ['**/*.js'], languageOptions: { sourceType } }];
  return { module: withSourceType('module'), commonjs: withSourceType('commonjs'), plain: base };
}

const FS_CODES = new Set(['ENOTDIR', 'ENAMETOOLONG', 'ELOOP', 'EACCES', 'EPERM', 'EISDIR']);

/** A file-system error escaping the analysis: an errno other than "not found", or a NUL byte given to fs. */
export function isFsFault(error) {
  if (!error || typeof error !== 'object') return false;
  if (FS_CODES.has(error.code)) return true;
  return (error.code === 'ERR_INVALID_ARG_VALUE' || error.code === 'ERR_INVALID_ARG_TYPE') && /null bytes/.test(String(error.message));
}

/** Stack frames with the repository and project paths cut, so groups match across runs. */
function frames(error, projectDir) {
  const stack = typeof error?.stack === 'string' ? error.stack : '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim().replaceAll(`file://${REPO_ROOT}${sep}`, '').replaceAll(`${REPO_ROOT}${sep}`, '').replaceAll(projectDir, '<project>'))
    .slice(0, FRAMES);
}

/**
 * The frame a group is known by: the first, or for a stack overflow the recursing function (the
 * frame that repeats most, without its column and line: the overflow strikes at any depth).
 */
function groupFrame(error, stack) {
  if (!(error instanceof RangeError) || !/call stack/.test(error.message)) return stack[0] ?? '';
  const counts = new Map();
  for (const frame of stack) {
    const name = frame.replace(/:\d+:\d+\)?$/, '');
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** The error's own message: ESLint appends "Occurred while linting <file>:<line>" and the rule. */
function headline(error, projectDir) {
  const message = String(error?.message ?? error).split('\nOccurred while linting')[0];
  return `${error?.name ?? 'Error'}: ${message}`.replaceAll(projectDir, '<project>').replace(/(.{1,4}?)\1{20,}/g, (run, unit) => `${unit.repeat(4)}…(${run.length} chars)`);
}

/**
 * Lints `count` variants from `seed` (or only variant `only`). Returns the counts and the
 * exception groups; `onProgress(done)` is called every 1 000 variants.
 */
export function runHostileValues({ seed = 1, count = 10_000, only, keep = false, print = false, tolerateFs = false, maxMutations = 3, onProgress } = {}) {
  const sources = loadSources(REPO_ROOT);
  const project = createProject(REPO_ROOT, sources);
  const linter = new Linter({ cwd: project.dir });
  const configs = resolveConfigs(fuzzConfigs(sources), project.dir);
  const found = new Map();
  const groups = new Map();
  const slowest = [];
  let exceptions = 0;
  let fsFaults = 0;
  let parseErrors = 0;
  let findings = 0;
  let linted = 0;
  // --tolerate-fs: fs faults read as "not found"; the variants that met one are counted apart.
  let metFsFault = false;
  let tolerated = 0;
  const restoreFs = tolerateFs ? tolerateFsFaults(isFsFault, () => (metFsFault = true)) : undefined;
  try {
    const indices = only === undefined ? Array.from({ length: count }, (_, i) => i) : [only];
    for (const index of indices) {
      const source = sources[index % sources.length];
      if (!found.has(source.path)) found.set(source.path, candidates(source.code, source.path));
      const variant = mutate(source.code, found.get(source.path), variantRandom(seed, index), maxMutations);
      const path = `${placeOf(index).prefix}${source.path}`;
      if (print) console.log(`--- variant ${index}: ${path}\n${variant.code}---`);
      const file = join(project.dir, path);
      writeFileSync(file, variant.code);
      // Each variant reads its neighbours afresh: a result must not depend on the variants before it.
      forgetProjectFiles();
      const started = performance.now();
      metFsFault = false;
      try {
        const result = lintFile(linter, configs, variant.code, file);
        if (result.parseError) parseErrors++;
        else findings += result.messages.filter((m) => m.ruleId?.startsWith('retry-hygiene/')).length;
      } catch (error) {
        exceptions++;
        const fs = isFsFault(error);
        if (fs) fsFaults++;
        const stack = frames(error, project.dir);
        const title = headline(error, project.dir);
        const key = `${fs ? error.code : title}\n${groupFrame(error, stack)}`;
        const group = groups.get(key) ?? { fs, title, rule: error?.ruleId, frames: stack, variants: [] };
        group.variants.push({ index, path, mutations: variant.mutations.map((m) => describeMutation(m, source.code)) });
        groups.set(key, group);
      } finally {
        writeFileSync(file, source.code);
        if (metFsFault) tolerated++;
      }
      const ms = performance.now() - started;
      slowest.push({ index, path, ms });
      if (slowest.length > 40) slowest.sort((a, b) => b.ms - a.ms).length = 5;
      linted++;
      if (onProgress && linted % PROGRESS_EVERY === 0) onProgress(linted);
    }
  } finally {
    restoreFs?.();
    if (keep) console.error(`hostile-values: project kept at ${project.dir}`);
    else project.remove();
  }
  slowest.sort((a, b) => b.ms - a.ms).length = Math.min(slowest.length, 5);
  return { variants: linted, exceptions, fsFaults, tolerated, tolerateFs, parseErrors, findings, groups: [...groups.values()], slowest, sources: sources.length };
}

export function summaryLine(result) {
  return `hostile-values: ${result.variants} variants, ${result.exceptions} rule exceptions, ${result.parseErrors} parse errors`;
}

function printGroup(group, args) {
  const first = group.variants[0];
  console.log(`\n${group.title}${group.rule ? `  [${group.rule}]` : ''}`);
  for (const frame of group.frames) console.log(`    ${frame}`);
  console.log(`  ${group.variants.length} variant(s); first: #${first.index} ${first.path}: ${first.mutations.join('; ')}`);
  const flags = `${args.maxMutations !== 3 ? ` --max-mutations ${args.maxMutations}` : ''}${args.tolerateFs ? ' --tolerate-fs' : ''}`;
  console.log(`  reproduce: node test/fuzz/hostile-values.mjs --seed ${args.seed} --variant ${first.index}${flags} --print`);
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const result = runHostileValues({
    seed: args.seed,
    count: args.count,
    only: args.variant,
    keep: args.keep,
    print: args.print,
    tolerateFs: args.tolerateFs,
    maxMutations: args.maxMutations,
    onProgress: (done) => console.error(`hostile-values: ${done}/${args.count}, ${((performance.now() - started) / 1000).toFixed(0)} s`),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(summaryLine(result));
  console.log(`  ${result.exceptions - result.fsFaults} other exceptions; ${result.fsFaults} file-system faults`);
  if (result.tolerateFs) console.log(`  --tolerate-fs: fs faults read as "not found"; ${result.tolerated} variants met one and ran on`);
  console.log(`  ${result.findings} findings; seed ${args.seed}, ${result.sources} sources, ${seconds.toFixed(1)} s`);
  const other = result.groups.filter((g) => !g.fs);
  const fs = result.groups.filter((g) => g.fs);
  if (other.length > 0) {
    console.log(`\nRule exceptions (${other.length} distinct):`);
    for (const group of other) printGroup(group, args);
  }
  if (fs.length > 0) {
    console.log(`\nfile-system faults (${fs.length} distinct):`);
    for (const group of fs) printGroup(group, args);
  }
  console.log('\nSlowest variants (reported, not gated):');
  for (const s of result.slowest) console.log(`  #${s.index} ${s.path}: ${s.ms.toFixed(0)} ms`);
  if (result.exceptions > 0) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
