import type { TSESTree } from '@typescript-eslint/utils';
import { AnalysisContext } from '../context.js';
import { relativeImportNames } from '../imports.js';
import type { RetrySite } from '../types.js';
import { readKnownFile, statFile } from '../files/read.js';
import { isProjectSpecifier } from '../specifiers/project.js';
import { forgetResolutions } from '../specifiers/resolve-module.js';
import type { Analyze, ModuleSummary, NestedHost, Purpose } from './shapes.js';
import { importsRetry, MAX_BYTES, mayHoldRetry, textGates } from './module-text.js';
import { moduleExports } from './exports.js';

/**
 * What has been read of the project's other modules: each module's summary (parsed, analysed,
 * its exports), made once per version of the file and kept within bounds.
 */

/**
 * How far imported modules are analysed in full (their own sites, and the helpers they call
 * followed at once): a file, the modules it imports, and the ones they import.
 */
const MAX_DEPTH = 2;

/**
 * How far a call is followed, on demand, through modules that reach a retry only through
 * calls (an API client's layers: `submitOrder()` → `createOrder()` → `post()` →
 * `sendWithRetry()`): modules up to four imports from the file that asks. Asked only for the
 * calls another module's retry runs, so a chain costs its modules' parses, not a whole project's.
 */
export const MAX_REACH_DEPTH = 4;

interface CacheEntry {
  mtimeMs: number;
  size: number;
  summary: ModuleSummary | undefined;
  /** Not parsed: its text shows no wait (a `delay` lookup still reads it). */
  gatedOut: boolean;
  /**
   * How deep in the imports it was analysed: one made at the limit follows none of its own
   * imports, so a lookup from nearer the linted file makes it again (with as many levels as it
   * would have had first): what a module reaches must not depend on which file was linted first.
   */
  depth: number;
}

/** The silent sites analyze found in a file (a call of another module's retrying function, a got request): filled by analyze.ts. */
export const silentSites = new WeakMap<TSESTree.Program, readonly RetrySite[]>();

/** Per path and version: parsed and analysed once per lint run, and again only when the file changes. */
const summaries = new Map<string, CacheEntry>();

/**
 * A summary keeps its module parsed (AST, tokens, scopes, ESLint's traversal): hundreds of KB
 * even for a small file, so 5 000 of them took a 3 000-module import ring to 1.2 GB where
 * ESLint alone peaks at 150 MB. The most recently used ones only: a helper many files import
 * stays, a module read once for one neighbour goes.
 */
const MAX_SUMMARIES = 64;

/**
 * The modules the file being analysed has read so far, kept until it is done however many
 * they are: a file whose imports reach more than MAX_SUMMARIES modules went through them again
 * and again (a class's methods, its base class, the package index), and a cache smaller than
 * such a cycle keeps none of it (mikro-orm's EntityGenerator: 4 413 parses of 137 modules, two
 * minutes). Memory then peaks at one file's reach; the cache is trimmed when the file is done.
 */
const pinned = new Set<string>();
let analysing = 0;

/** Runs one file's analysis with what it reads kept until it returns. */
export function keepingModulesRead<T>(run: () => T): T {
  analysing++;
  try {
    return run();
  } finally {
    if (--analysing === 0) {
      pinned.clear();
      trim();
    }
  }
}

function keep(file: string, entry: CacheEntry): void {
  summaries.delete(file);
  summaries.set(file, entry);
  if (analysing > 0) pinned.add(file);
  trim();
}

/** Drops the least recently used summaries the current file has not read, down to MAX_SUMMARIES. */
function trim(): void {
  // (A Map iterates in insertion order: the first key is the least recently kept.)
  for (const key of summaries.keys()) {
    if (summaries.size <= MAX_SUMMARIES) return;
    if (!pinned.has(key)) summaries.delete(key);
  }
}

/** How many modules' summaries are kept now (at most MAX_SUMMARIES between files). */
export function cachedSummaryCount(): number {
  return summaries.size;
}

/** Drops what was read from the project's files: a module may change what another one it imports reads as. */
export function forgetModules(): void {
  summaries.clear();
  pinned.clear();
  forgetResolutions();
  textGates.clear();
}

/** Summaries being computed (an import cycle reads as "not a helper"). */
const inProgress = new Set<string>();

/** The summary of a module: parsed with the host's parser, analysed, its exported functions. */
export function moduleSummary(file: string, host: NestedHost, analyze: Analyze, purpose: Purpose): ModuleSummary | undefined {
  // One check of the file's version per importing file, however many calls name it.
  const key = `${purpose}\0${file}`;
  const checked = host.checked?.get(key);
  if (checked) return checked.summary;
  const entry = { summary: loadSummary(file, host, analyze, purpose) };
  host.checked?.set(key, entry);
  return entry.summary;
}

function loadSummary(file: string, host: NestedHost, analyze: Analyze, purpose: Purpose): ModuleSummary | undefined {
  const stat = statFile(file);
  if (!stat) return undefined;
  const cached = summaries.get(file);
  const depth = host.depth + 1;
  const current = cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size;
  if (current && !(cached.gatedOut && purpose === 'delay') && ((!cached.summary && !cached.gatedOut) || cached.depth <= depth)) {
    // (A gate passed or failed with fewer hops of imports left, nearer the linted file, is asked again.)
    // Used again: the most recent now, the last to go.
    keep(file, cached);
    return cached.summary;
  }
  if (inProgress.has(file) || stat.size > MAX_BYTES) return undefined;
  inProgress.add(file);
  let summary: ModuleSummary | undefined;
  let gatedOut = false;
  try {
    const text = readKnownFile(file, MAX_BYTES);
    gatedOut = text !== undefined && purpose === 'retry' && !mayHoldRetry(text) && !importsRetry(file, text, Math.max(1, MAX_REACH_DEPTH - depth));
    const sourceCode = gatedOut || text === undefined ? undefined : host.parse(file, text);
    if (sourceCode) {
      const child: NestedHost | undefined = depth < MAX_DEPTH ? { ...host, filename: file, depth, checked: new Map() } : undefined;
      const sites = analyze(sourceCode, child);
      const ctx = new AnalysisContext(sourceCode);
      summary = { file, ctx, sites, silent: silentSites.get(sourceCode.ast) ?? [], ...moduleExports(ctx) };
      // Past the full analysis's depth, the imports are still followed for a call on a retry's
      // path (reachedSite: as far as the asking file's distance allows).
      const names = relativeImportNames(sourceCode.ast, (specifier) => isProjectSpecifier(file, specifier));
      if (names.size > 0) summary.imports = { host: child ?? { ...host, filename: file, depth, checked: new Map() }, names };
      // Its look-ups are done: kept here, they kept a module `summaries` had replaced (two parsed copies).
      if (child) child.checked = new Map();
    }
  } catch {
    // A module the parser or the analysis cannot read is simply not followed.
    summary = undefined;
  } finally {
    inProgress.delete(file);
  }
  keep(file, { mtimeMs: stat.mtimeMs, size: stat.size, summary, gatedOut, depth });
  return summary;
}
