import type { RetrySite } from '@retry-hygiene/analysis';
import { suggestedFixes, type SuggestedFix, type SuggestionFile } from './index.js';

const PLUGIN_PREFIX = 'retry-hygiene/';

/**
 * The quick fix a site's herd comparison shows (check's reports, the editor's hover), among the suggestions the plugin offers for
 * the findings on it (computed by the plugin's own planning, from the site the lint found):
 * the rewrite to retry() when offered, as it fixes the wait and the bound together and is
 * what the messages point to; otherwise the first suggestion, the one the editor lists
 * first. Undefined when no finding on the site has a suggestion (no-nested-retry, a shape
 * the edits do not cover).
 */
export function chooseFix(site: RetrySite, ruleIds: readonly string[], file: SuggestionFile, maxAttempts: number | undefined): SuggestedFix | undefined {
  const offered: SuggestedFix[] = [];
  let unboundedRewrite: SuggestedFix | undefined;
  for (const id of new Set(ruleIds)) {
    if (!id.startsWith(PLUGIN_PREFIX)) continue;
    const rule = id.slice(PLUGIN_PREFIX.length);
    // The rule's own option sets the bound only of its own suggestions, as in the plugin.
    const fixes = suggestedFixes(rule, site, file, rule === 'no-unbounded-retry' ? maxAttempts : undefined);
    if (rule === 'no-unbounded-retry') unboundedRewrite = fixes.find((s) => s.messageId === 'rewrite');
    offered.push(...fixes);
  }
  // An unbounded loop reported by two rules gets two rewrites; no-unbounded-retry's carries
  // the project's configured bound (the other rule's, the default 5).
  return unboundedRewrite ?? offered.find((s) => s.messageId === 'rewrite') ?? offered[0];
}
