import { readFile } from 'node:fs/promises';
import type { ESLint, Linter } from 'eslint';
import { PLUGIN_PREFIX, filterResult } from './lint.js';

/** A file the suggestions changed: its text before and after, what was applied, and the lint of the result. */
export interface FixedFile {
  filePath: string;
  before: string;
  after: string;
  applied: string[];
  result: ESLint.LintResult;
}

const NESTED = `${PLUGIN_PREFIX}no-nested-retry`;

/**
 * The suggestion `check` applies at a retry site: the one its report compares (the plugin's chooseFix)
 * — no-unbounded-retry's rewrite to retry(), else any rewrite, else the first suggestion as
 * the editor lists it. A site whose only suggestions are no-nested-retry's gets none: which
 * layer keeps retrying is a decision for a person.
 */
function chosen(messages: readonly Linter.LintMessage[], tried: ReadonlySet<string>): Linter.LintSuggestion | undefined {
  const sites = new Map<string, Linter.LintMessage[]>();
  for (const m of messages) {
    if (!m.ruleId?.startsWith(PLUGIN_PREFIX) || m.ruleId === NESTED || !m.suggestions?.length) continue;
    const key = `${m.line}:${m.column}`;
    sites.set(key, [...(sites.get(key) ?? []), m]);
  }
  for (const onSite of sites.values()) {
    const unbounded = onSite.find((m) => m.ruleId === `${PLUGIN_PREFIX}no-unbounded-retry`)?.suggestions?.find((s) => s.messageId === 'rewrite');
    const all = onSite.flatMap((m) => m.suggestions ?? []);
    const pick = unbounded ?? all.find((s) => s.messageId === 'rewrite') ?? all[0];
    if (pick && !tried.has(`${pick.desc}\0${pick.fix.range[0]}\0${pick.fix.text}`)) return pick;
  }
  return undefined;
}

/**
 * Applies the chosen suggestion of each retry site, one at a time: each is planned on the text
 * the previous one left (two rewrites in one file must not both add the import), and the file
 * is linted again after each. A suggestion whose result does not parse is undone and the file
 * left there. At most MAX_PASSES edits per file.
 */
const MAX_PASSES = 100;

export async function fixSuggestions(
  results: readonly ESLint.LintResult[],
  eslintFor: (filePath: string) => Promise<ESLint>,
  reportUnused: boolean,
): Promise<FixedFile[]> {
  const fixed: FixedFile[] = [];
  for (const first of results) {
    let current = filterResult(first, reportUnused);
    const tried = new Set<string>();
    if (!chosen(current.messages, tried)) continue;
    let before: string;
    try {
      before = await readFile(first.filePath, 'utf8');
    } catch {
      continue;
    }
    const eslint = await eslintFor(first.filePath);
    let text = before;
    let raw = first;
    const applied: string[] = [];
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const pick = chosen(current.messages, tried);
      if (!pick) break;
      tried.add(`${pick.desc}\0${pick.fix.range[0]}\0${pick.fix.text}`);
      const next = text.slice(0, pick.fix.range[0]) + pick.fix.text + text.slice(pick.fix.range[1]);
      const [result] = await eslint.lintText(next, { filePath: first.filePath });
      if (!result || result.messages.some((m) => m.fatal)) break;
      text = next;
      raw = result;
      current = filterResult(result, reportUnused);
      applied.push(pick.desc);
    }
    if (applied.length > 0) fixed.push({ filePath: first.filePath, before, after: text, applied, result: raw });
  }
  return fixed;
}
