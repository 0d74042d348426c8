import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import type { ESLint, Linter } from 'eslint';

/**
 * ESLint's bulk suppressions (ESLint ≥ 9.24, `eslint --suppress-all`): a JSON file, by default
 * `eslint-suppressions.json` in the current folder, mapping each file (relative to that
 * folder, posix separators) to the count of errors suppressed per rule:
 *
 *   { "src/api.js": { "retry-hygiene/require-jitter": { "count": 2 } } }
 *
 * The same rules as ESLint's: a rule's errors in a file are suppressed while they are no
 * more than the count; one more and all of them are reported. Warnings are never counted.
 * So `eslint` with the plugin and `retry-hygiene check` read and write the same file.
 */
export type Suppressions = Record<string, Record<string, { count: number }>>;

export const DEFAULT_SUPPRESSIONS_FILE = 'eslint-suppressions.json';

export async function loadSuppressions(path: string): Promise<Suppressions> {
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Suppressions;
  } catch (error) {
    throw new Error(`cannot read the suppressions file ${path}: ${(error as Error).message}`);
  }
}

/** Keys sorted at every level and two-space indents, as ESLint writes it (so diffs stay small). */
export async function saveSuppressions(path: string, suppressions: Suppressions): Promise<void> {
  await writeFile(path, stableStringify(suppressions));
}

function stableStringify(value: unknown): string {
  const sort = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])]))
      : v;
  return JSON.stringify(sort(value), null, 2);
}

export function suppressionKey(cwd: string, filePath: string): string {
  return relative(cwd, filePath).split(sep).join('/');
}

function countErrorsByRule(messages: readonly Linter.LintMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) if (m.severity === 2 && m.ruleId) counts.set(m.ruleId, (counts.get(m.ruleId) ?? 0) + 1);
  return counts;
}

export interface Applied {
  results: ESLint.LintResult[];
  /** Suppressions of linted files that no longer occur (file → rule → count left over). */
  unused: Suppressions;
  suppressedCount: number;
}

/** Moves suppressed messages to `suppressedMessages`, as ESLint does. Only files that were linted count. */
export function applySuppressions(results: readonly ESLint.LintResult[], suppressions: Suppressions, cwd: string): Applied {
  const unused: Suppressions = {};
  let suppressedCount = 0;
  const out = results.map((result) => {
    const key = suppressionKey(cwd, result.filePath);
    const entry = suppressions[key];
    if (!entry) return result;
    const counts = countErrorsByRule(result.messages);
    const suppressedRules = new Set<string>();
    for (const [ruleId, count] of counts) {
      const allowed = entry[ruleId]?.count;
      if (allowed === undefined) continue;
      if (count <= allowed) suppressedRules.add(ruleId);
      if (count < allowed) ((unused[key] ??= {})[ruleId] = { count: allowed - count });
    }
    for (const ruleId of Object.keys(entry)) if (!counts.has(ruleId)) (unused[key] ??= {})[ruleId] = { count: entry[ruleId]!.count };
    if (suppressedRules.size === 0) return result;
    const kept = result.messages.filter((m) => !(m.ruleId && suppressedRules.has(m.ruleId)));
    const moved = result.messages.filter((m) => m.ruleId && suppressedRules.has(m.ruleId));
    suppressedCount += moved.length;
    return {
      ...result,
      messages: kept,
      suppressedMessages: [...result.suppressedMessages, ...moved.map((m) => ({ ...m, suppressions: [{ kind: 'file', justification: '' }] }))],
      errorCount: kept.filter((m) => m.severity === 2).length,
      fatalErrorCount: kept.filter((m) => m.fatal).length,
      warningCount: kept.filter((m) => m.severity === 1).length,
      fixableErrorCount: kept.filter((m) => m.severity === 2 && m.fix).length,
      fixableWarningCount: kept.filter((m) => m.severity === 1 && m.fix).length,
    } as ESLint.LintResult;
  });
  return { results: out, unused, suppressedCount };
}

/** --suppress-all / --suppress-rule: records every current error (of `rules`, when given) of the linted files. */
export function suppress(results: readonly ESLint.LintResult[], suppressions: Suppressions, cwd: string, rules?: readonly string[]): Suppressions {
  const next: Suppressions = structuredClone(suppressions);
  for (const result of results) {
    const key = suppressionKey(cwd, result.filePath);
    for (const [ruleId, count] of countErrorsByRule(result.messages)) {
      if (rules && !rules.includes(ruleId)) continue;
      (next[key] ??= {})[ruleId] = { count };
    }
  }
  return next;
}

/** --prune-suppressions: drops what no longer occurs in the linted files, and entries of files that are gone. */
export function prune(suppressions: Suppressions, unused: Suppressions, cwd: string): Suppressions {
  const next: Suppressions = structuredClone(suppressions);
  for (const [file, rules] of Object.entries(unused)) {
    const entry = next[file];
    if (!entry) continue;
    for (const [ruleId, { count }] of Object.entries(rules)) {
      const current = entry[ruleId];
      if (!current) continue;
      if (current.count <= count) delete entry[ruleId];
      else current.count -= count;
    }
    if (Object.keys(entry).length === 0) delete next[file];
  }
  for (const file of Object.keys(next)) if (!existsSync(resolve(cwd, file))) delete next[file];
  return next;
}
