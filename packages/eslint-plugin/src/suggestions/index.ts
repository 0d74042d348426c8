import type { NestedRetry, RetryPolicy, RetrySite } from '@retry-hygiene/analysis';
import type { TSESLint } from '@typescript-eslint/utils';
import { addJitter } from './add-jitter.js';
import { libraryEdit } from './library-edits.js';
import { jitteredPolicy, libraryEditPolicy, rewrittenPolicy, waitedPolicy } from './policies.js';
import { rewriteCheckedLoop } from './rewrite-checked.js';
import { rewriteCountdown } from './rewrite-countdown.js';
import { rewriteDoWhile } from './rewrite-do-while.js';
import { rewriteFlagLoop } from './rewrite-flag.js';
import { rewriteForOf } from './rewrite-for-of.js';
import { rewriteHelperCall } from './rewrite-helper-call.js';
import { rewriteWithRetry } from './rewrite-loop.js';
import { rewriteRecursion } from './rewrite-recursion.js';
import { rewriteCallbackRecursion } from './rewrite-callback.js';
import { rewriteReentry } from './rewrite-reentry.js';
import { rewriteRound } from './rewrite-round.js';
import { withUnusedSleepRemoved } from './unused-sleep.js';
import type { RewriteContext } from './rewrite-loop.js';
import { inThisFile, singleAttemptOption, singleAttemptRewrite } from './single-attempt.js';
import { isTypeScriptFile } from './text.js';
import { SUGGESTION_MESSAGES, boundFor, type Suggestion, type SuggestionMessageId } from './types.js';
import { WAIT_MS, waitBeforeRetry } from './wait-before-retry.js';

export { SUGGESTION_MESSAGES, type SuggestionMessageId } from './types.js';

export type SuggestingRule = 'no-fixed-sleep-retry' | 'require-jitter' | 'no-unbounded-retry';

/** What building a suggestion needs of the file: a rule's context, or the CLI's lint of it. */
export interface SuggestionFile {
  sourceCode: Readonly<TSESLint.SourceCode>;
  filename: string;
}

/**
 * The suggestions for one finding, most specific first: the minimal edit that fixes what the
 * rule reports (jitter, a wait, a library option), then the rewrite to retry(). Each is built
 * from the site the analysis already found: no second parse, no second analysis.
 */
export function suggestionsFor(rule: SuggestingRule, site: RetrySite, context: SuggestionFile, configuredMax?: number): Suggestion[] {
  // A rule reports the suggestions alone: the policy each leaves is not worked out for it.
  return planned(rule, site, context, configuredMax, (suggestion) => ({ ...suggestion }));
}

/** One suggestion as a report names it, and the policy that applying it leaves. */
export interface SuggestedFix {
  messageId: SuggestionMessageId;
  /** Its title as the editor lists it ("Rewrite with retry() (stops after 5 attempts)"). */
  title: string;
  policy: RetryPolicy;
}

/**
 * What each suggestion of a finding would do to the retry's policy, in the order the rule
 * offers them: the same planning as the rule's own suggestions, so a report's "what the fix
 * does" herd is the herd of the edit a user would apply. `rule` is the finding's rule
 * (without the plugin prefix); a rule with no suggestions (no-nested-retry) gives none.
 */
export function suggestedFixes(rule: string, site: RetrySite, file: SuggestionFile, configuredMax?: number): SuggestedFix[] {
  if (!isSuggestingRule(rule)) return [];
  return planned(rule, site, file, configuredMax, (s, policy) => ({ messageId: s.messageId, title: titleOf(s), policy: policy() }));
}

function isSuggestingRule(rule: string): rule is SuggestingRule {
  return rule === 'no-fixed-sleep-retry' || rule === 'require-jitter' || rule === 'no-unbounded-retry';
}

/** The editor's text, but "Add full jitter" without the expression it wraps (a report shows numbers after it). */
function titleOf(s: Suggestion): string {
  if (s.messageId === 'addJitter') return 'Add full jitter';
  return SUGGESTION_MESSAGES[s.messageId].replace(/\{\{(\w+)\}\}/g, (_, key: string) => s.data[key] ?? '');
}

/** The rewrite of a hand-written loop or recursion to retry(), in the first shape that fits. */
function retryRewrite(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind === 'library') return rewriteHelperCall(site, ctx);
  const rewrite = rewriteWithRetry(site, ctx) ?? rewriteCheckedLoop(site, ctx) ?? rewriteFlagLoop(site, ctx) ?? rewriteDoWhile(site, ctx) ?? rewriteForOf(site, ctx) ?? rewriteCountdown(site, ctx) ?? rewriteRecursion(site, ctx) ?? rewriteCallbackRecursion(site, ctx) ?? rewriteReentry(site, ctx) ?? rewriteRound(site, ctx);
  return rewrite && withUnusedSleepRemoved(rewrite, site, ctx.sourceCode);
}

/**
 * no-nested-retry's suggestions for an outer site and the inner site it reaches: keep one layer
 * retrying and make the other a single attempt. The inner layer first (the outer retry usually
 * holds the caller's policy), then the outer; a layer in another file, or one whose count the
 * code does not write where it can be edited, gets none.
 */
export function nestedSuggestions(outer: RetrySite, nested: NestedRetry, file: SuggestionFile): Suggestion[] {
  const { sourceCode, filename } = file;
  const ctx: RewriteContext = { sourceCode, filename, bound: boundFor(undefined), typescript: isTypeScriptFile(filename) };
  const oneAttempt = (site: RetrySite) => {
    if (!inThisFile(site.node, sourceCode)) return undefined;
    const option = site.kind === 'library' ? singleAttemptOption(site, sourceCode) : undefined;
    if (option || (site.kind === 'library' && !site.helper)) return option;
    const rewrite = retryRewrite(site, ctx);
    return rewrite && singleAttemptRewrite(rewrite);
  };
  const line = String(nested.inner.loc.start.line);
  const out: Suggestion[] = [];
  // With several inner retries, one made a single attempt leaves the others nested. (linkNested
  // lists each inner site once.)
  const inner = outer.nested.length === 1 ? oneAttempt(nested.inner) : undefined;
  if (inner) out.push({ messageId: 'keepOuter', data: { line, edit: inner.edit }, fix: inner.fix });
  const self = oneAttempt(outer);
  if (self) out.push({ messageId: 'keepInner', data: { inner: innerRetries(outer), edit: self.edit }, fix: self.fix });
  return out;
}

/** How many inner retries' lines a keepInner title names; the others are counted. */
const LISTED_LINES = 5;

/**
 * The inner retries a keepInner title names: `retry (line 4)`, `retries (lines 5, 6)`, or past
 * LISTED_LINES lines the first ones and a count (`retries (lines 3, 5, 7, 9, 11 and 594 more)`).
 * One pass without sorting or sets: the outermost of 600 nested loops has 599 inner retries, and
 * listing every line for every loop made the titles, and their work, grow with the square of the nest.
 */
function innerRetries(outer: RetrySite): string {
  // The smallest distinct lines, in order (at most LISTED_LINES + 1 kept: one more tells "more").
  const first: number[] = [];
  for (const { inner } of outer.nested) {
    const at = inner.loc.start.line;
    if (first.includes(at)) continue;
    if (first.length > LISTED_LINES && at > (first[first.length - 1] as number)) continue;
    let i = first.length;
    while (i > 0 && (first[i - 1] as number) > at) i--;
    first.splice(i, 0, at);
    if (first.length > LISTED_LINES + 1) first.pop();
  }
  if (first.length === 1) return `retry (line ${first[0]})`;
  if (first.length <= LISTED_LINES) return `retries (lines ${first.join(', ')})`;
  const listed = first.slice(0, LISTED_LINES);
  const shown = new Set(listed);
  let more = 0;
  for (const { inner } of outer.nested) if (!shown.has(inner.loc.start.line)) more++;
  return `retries (lines ${listed.join(', ')} and ${more} more)`;
}

/** Each suggestion of a finding as `made` makes it from the suggestion and (when asked) the policy it leaves. */
function planned<P>(rule: SuggestingRule, site: RetrySite, context: SuggestionFile, configuredMax: number | undefined, made: (s: Suggestion, policy: () => RetryPolicy) => P): P[] {
  const { sourceCode, filename } = context;
  const bound = boundFor(configuredMax);
  const typescript = isTypeScriptFile(filename);
  const out: P[] = [];
  const add = (s: Suggestion | undefined, policy: () => RetryPolicy) => void (s && out.push(made(s, policy)));
  if (site.kind === 'library') {
    const problem = rule === 'no-unbounded-retry' ? 'bound' : 'jitter';
    add(libraryEdit(site, problem, { sourceCode, filename, bound }), () => libraryEditPolicy(site, problem, bound));
    // A project helper from another module: retry() at the call instead.
    const rewrite = site.helper ? retryRewrite(site, { sourceCode, filename, bound, typescript }) : undefined;
    add(rewrite, () => rewrittenPolicy(site, rewrite?.data.bound ? bound : undefined));
  } else {
    if (rule !== 'no-unbounded-retry') {
      add(addJitter(site, sourceCode), () => jitteredPolicy(site));
      add(waitBeforeRetry(site, sourceCode, typescript), () => waitedPolicy(site, WAIT_MS));
    }
    // The rewrite's message names the bound exactly when it adds one (an unbounded loop).
    const rewrite = retryRewrite(site, { sourceCode, filename, bound, typescript });
    add(rewrite, () => rewrittenPolicy(site, rewrite?.data.bound ? bound : undefined));
  }
  return out;
}
