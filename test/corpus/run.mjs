#!/usr/bin/env node
// Lints the repository's own node_modules with all four retry-hygiene rules, as a crash and
// false-positive check on a large body of real code nobody wrote for this plugin.
//
//   npm run corpus -- [--json out.json] [--sample N] [--seed S] [--context K] [--root DIR]
//
// Every .js/.mjs/.cjs/.ts file (not .d.ts, not over 1 MB) under <root>/node_modules, without
// following symbolic links (the workspace packages are linked in there and are not corpus).
// ESLint's Linter with the plugin's `recommended` config (which sets @typescript-eslint/parser
// for .ts). A .js file is tried as an ES module first, then as a CommonJS script; a file that
// parses neither way is a parse failure (counted, not an error: node_modules holds files for
// other runtimes and parsers). A rule that throws is an error: the file and the stack are
// printed and the exit code is 1.
//
// Output: counts on stdout, progress every 2 000 files on stderr. `--json` writes every
// finding ({ file, line, column, rule, message }); `--sample N` prints N findings picked with a
// seeded PRNG (same seed, same corpus → same sample), each with K lines of source around it.
import { lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import plugin from 'eslint-plugin-retry-hygiene';

const MAX_BYTES = 1024 * 1024;
const EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts'];
const PROGRESS_EVERY = 2000;
const PREFIX = 'retry-hygiene/';

// ---------------------------------------------------------------------------------------------
// Arguments

function parseArgs(argv) {
  const args = { json: undefined, sample: 0, seed: 1, context: 3, root: join(dirname(fileURLToPath(import.meta.url)), '..', '..') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${arg} needs a value`);
      return v;
    };
    const int = (name, v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) usage(`${name} must be a non-negative integer, got ${JSON.stringify(v)}`);
      return n;
    };
    if (arg === '--json') args.json = value();
    else if (arg === '--sample') args.sample = int('--sample', value());
    else if (arg === '--seed') args.seed = int('--seed', value());
    else if (arg === '--context') args.context = int('--context', value());
    else if (arg === '--root') args.root = resolve(value());
    else if (arg === '--help' || arg === '-h') usage();
    else usage(`unknown argument ${JSON.stringify(arg)}`);
  }
  return args;
}

function usage(error) {
  const text = 'usage: node test/corpus/run.mjs [--json out.json] [--sample N] [--seed S] [--context K] [--root DIR]';
  if (error) {
    console.error(`corpus: ${error}\n${text}`);
    process.exit(2);
  }
  console.log(text);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// Files

/** Corpus files under `dir`, sorted, without following symlinks; `skipped` gets the big ones. */
export function collectFiles(dir, skipped = []) {
  const files = [];
  const walk = (current) => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = join(current, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && isCorpusFile(entry.name)) {
        if (lstatSync(full).size > MAX_BYTES) skipped.push(full);
        else files.push(full);
      }
    }
  };
  walk(dir);
  return files;
}

function isCorpusFile(name) {
  if (name.endsWith('.d.ts')) return false;
  return EXTENSIONS.some((ext) => name.endsWith(ext));
}

// ---------------------------------------------------------------------------------------------
// Linting

const RULE_IDS = Object.keys(plugin.rules);

/**
 * Configs per file kind: the recommended config (all four rules, the TypeScript parser for
 * .ts), plus the source type to try. `rules: false` keeps the parser setup and drops the rules
 * (the benchmark's parse-only baseline).
 */
export function corpusConfigs({ rules = true } = {}) {
  const base = [...plugin.configs.recommended, ...plugin.configs.typescript].map((config) => {
    if (rules || !config.rules) return config;
    const { rules: _dropped, ...rest } = config;
    return rest;
  });
  // Inline `eslint-disable` comments in published code would hide findings, and ESLint 10
  // makes a legacy `/* eslint-env */` comment a fatal error: the corpus ignores both.
  base.push({ name: 'corpus/no-inline-config', linterOptions: { noInlineConfig: true } });
  const withSourceType = (sourceType) => [...base, { name: `corpus/${sourceType}`, files: ['**/*.js'], languageOptions: { sourceType } }];
  return {
    module: withSourceType('module'),
    commonjs: withSourceType('commonjs'),
    plain: base,
  };
}

/**
 * Each config list of `configs` (corpusConfigs' shape) as ESLint's own FlatConfigArray, built and
 * normalised once, as the `eslint` command resolves its configuration once per run. Handed a
 * plain list, Linter#verify builds a new FlatConfigArray and merges the config (validating every
 * rule's options) on every call: in a benchmark that set-up, which real lints do once, would be
 * counted as the rules' cost per file. FlatConfigArray is not among ESLint's exports; where this
 * ESLint keeps it elsewhere the plain lists are returned (same results, slower).
 */
export function resolveConfigs(configs, cwd) {
  const FlatConfigArray = flatConfigArrayClass();
  if (!FlatConfigArray) return configs;
  return Object.fromEntries(
    Object.entries(configs).map(([kind, list]) => {
      const array = new FlatConfigArray(list, { basePath: cwd });
      array.normalizeSync();
      return [kind, array];
    }),
  );
}

function flatConfigArrayClass() {
  const require = createRequire(import.meta.url);
  try {
    const eslintRoot = dirname(require.resolve('eslint/package.json'));
    const { FlatConfigArray } = require(join(eslintRoot, 'lib', 'config', 'flat-config-array.js'));
    return typeof FlatConfigArray === 'function' ? FlatConfigArray : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The file name the Linter sees. Real paths are under node_modules/, which flat config ignores
 * by default ("No matching configuration"), so each `node_modules` segment is renamed.
 */
export function virtualName(root, file) {
  return relative(root, file).split(sep).map((part) => (part === 'node_modules' ? 'nm' : part)).join('/');
}

/**
 * Lints one file. Returns { messages, sourceType } or { parseError } ; throws when a rule throws.
 * .js: ES module first, then CommonJS; .mjs is a module, .cjs CommonJS, .ts goes to the TS parser.
 */
export function lintFile(linter, configs, code, filename) {
  const attempts = filename.endsWith('.js') ? [['module', configs.module], ['commonjs', configs.commonjs]] : [[filename.endsWith('.ts') ? 'typescript' : filename.endsWith('.mjs') ? 'module' : 'commonjs', configs.plain]];
  let firstError;
  for (const [sourceType, config] of attempts) {
    const messages = linter.verify(code, config, { filename });
    const fatal = messages.find((m) => m.fatal);
    if (!fatal) return { messages, sourceType };
    firstError ??= `${fatal.line}:${fatal.column} ${fatal.message}`;
  }
  return { parseError: firstError };
}

// ---------------------------------------------------------------------------------------------
// Sampling

/** mulberry32: a small seeded PRNG, so `--sample` picks the same findings every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(items, n, seed) {
  const random = prng(seed);
  const copy = items.slice();
  const count = Math.min(n, copy.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

function excerpt(file, line, context) {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  const from = Math.max(1, line - context);
  const to = Math.min(lines.length, line + context);
  const width = String(to).length;
  const out = [];
  for (let n = from; n <= to; n++) {
    let text = lines[n - 1] ?? '';
    if (text.length > 160) text = `${text.slice(0, 157)}...`;
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${text}`);
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main

function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const nodeModules = join(args.root, 'node_modules');
  const skipped = [];
  const files = collectFiles(nodeModules, skipped);
  const linter = new Linter({ cwd: args.root });
  const configs = resolveConfigs(corpusConfigs(), args.root);

  const findings = [];
  const perRule = Object.fromEntries(RULE_IDS.map((id) => [id, 0]));
  const parseFailures = [];
  const exceptions = [];
  const bySourceType = {};
  const slowest = [];
  let linted = 0;

  files.forEach((file, index) => {
    if (index > 0 && index % PROGRESS_EVERY === 0) {
      console.error(`corpus: ${index}/${files.length} files, ${findings.length} findings, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const code = readFileSync(file, 'utf8');
    const t0 = performance.now();
    let result;
    try {
      result = lintFile(linter, configs, code, virtualName(args.root, file));
    } catch (error) {
      exceptions.push({ file, error });
      return;
    }
    const ms = performance.now() - t0;
    slowest.push({ file, ms });
    if (slowest.length > 20) slowest.sort((a, b) => b.ms - a.ms).length = 10;
    if (result.parseError) {
      parseFailures.push({ file, error: result.parseError });
      return;
    }
    linted++;
    bySourceType[result.sourceType] = (bySourceType[result.sourceType] ?? 0) + 1;
    for (const m of result.messages) {
      if (!m.ruleId?.startsWith(PREFIX)) continue;
      const rule = m.ruleId.slice(PREFIX.length);
      perRule[rule] = (perRule[rule] ?? 0) + 1;
      findings.push({ file: relative(args.root, file).split(sep).join('/'), line: m.line, column: m.column, rule, message: m.message });
    }
  });
  const seconds = (performance.now() - started) / 1000;

  const row = (label, value) => `  ${label.padEnd(28)} ${String(value).padStart(8)}`;
  console.log(`retry-hygiene corpus: ${relative(process.cwd(), nodeModules) || nodeModules}`);
  console.log(row('files found', files.length + skipped.length));
  console.log(row('skipped (> 1 MB)', skipped.length));
  console.log(row('files linted', linted));
  for (const [type, count] of Object.entries(bySourceType).sort()) console.log(row(`  as ${type}`, count));
  console.log(row('parse failures', parseFailures.length));
  console.log(row('rule exceptions', exceptions.length));
  console.log(row('findings', findings.length));
  for (const id of RULE_IDS) console.log(row(`  ${id}`, perRule[id]));
  console.log(row('time (s)', seconds.toFixed(1)));
  slowest.sort((a, b) => b.ms - a.ms);
  console.log('slowest files:');
  for (const { file, ms } of slowest.slice(0, 5)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${relative(args.root, file)}`);
  if (parseFailures.length > 0) {
    console.log('parse failures (first 10):');
    for (const { file, error } of parseFailures.slice(0, 10)) console.log(`  ${relative(args.root, file)}: ${error}`);
  }

  if (args.json) {
    writeFileSync(args.json, JSON.stringify(findings, null, 2) + '\n');
    console.log(`wrote ${findings.length} findings to ${args.json}`);
  }

  if (args.sample > 0) {
    const picked = sample(findings, args.sample, args.seed);
    console.log(`\n${picked.length} sampled findings (seed ${args.seed}):`);
    picked.forEach((f, i) => {
      console.log(`\n#${i + 1} ${f.file}:${f.line}:${f.column}  ${f.rule}\n   ${f.message}`);
      console.log(excerpt(join(args.root, f.file), f.line, args.context));
    });
  }

  if (exceptions.length > 0) {
    console.error(`\ncorpus: ${exceptions.length} file(s) made a rule throw:`);
    for (const { file, error } of exceptions) console.error(`\n${relative(args.root, file)}\n${error?.stack ?? error}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
