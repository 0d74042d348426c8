import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESLint } from '@typescript-eslint/utils';
import { addJitter } from './add-jitter.js';
import { libraryEdit } from './library-edits.js';
import { rewriteWithRetry } from './rewrite-loop.js';
import { boundFor, type Suggestion } from './types.js';
import { waitBeforeRetry } from './wait-before-retry.js';

export { SUGGESTION_MESSAGES, type SuggestionMessageId } from './types.js';

export type SuggestingRule = 'no-fixed-sleep-retry' | 'require-jitter' | 'no-unbounded-retry';

type Context = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * The suggestions for one finding, most specific first: the minimal edit that fixes what the
 * rule reports (jitter, a wait, a library option), then the rewrite to retry(). Each is built
 * from the site the analysis already found: no second parse, no second analysis.
 */
export function suggestionsFor(rule: SuggestingRule, site: RetrySite, context: Context, configuredMax?: number): Suggestion[] {
  const { sourceCode, filename } = context;
  const bound = boundFor(configuredMax);
  const typescript = /\.[cm]?tsx?$/.test(filename);
  const out: (Suggestion | undefined)[] = [];
  if (site.kind === 'library') {
    out.push(libraryEdit(site, rule === 'no-unbounded-retry' ? 'bound' : 'jitter', { sourceCode, filename, bound }));
  } else {
    if (rule !== 'no-unbounded-retry') out.push(addJitter(site, sourceCode), waitBeforeRetry(site, sourceCode, typescript));
    out.push(rewriteWithRetry(site, { sourceCode, filename, bound, typescript }));
  }
  return out.filter((s): s is Suggestion => s !== undefined);
}
