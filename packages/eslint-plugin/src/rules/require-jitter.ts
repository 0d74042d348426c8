import { dirname, relative } from 'node:path';
import { catalogEntry, describeDelay, type RetrySite } from '@retry-hygiene/analysis';
import { createRule } from '../create-rule.js';
import { policySitesOf, siteNodes } from '../sites.js';
import { SUGGESTION_MESSAGES, suggestionsFor, type SuggestionMessageId } from '../suggestions/index.js';
import { describeLimit, describeSite } from '../describe-site.js';
import { reportSuggesting } from '../deferred-suggestions.js';

type Options = [{ ignoreLibraryDefaults?: boolean }];
type MessageIds = 'missingJitter' | 'missingJitterNoRetryAfter' | 'libraryDefault' | 'libraryDefaultNoRetryAfter' | SuggestionMessageId;

/** What to change in each library to get jitter. */
const LIBRARY_FIX: Record<string, string> = {
  'p-retry': 'Set `randomize: true`',
  'async-retry': 'Remove `randomize: false`',
  retry: 'Set `randomize: true`',
  'exponential-backoff': "Set `jitter: 'full'`",
  cockatiel: 'Use ExponentialBackoff with its default decorrelated-jitter generator',
  rxjs: 'Add randomness to the delay, e.g. `timer(Math.random() * 2 ** count * 100)`',
  'axios-retry': 'Use `retryDelay: axiosRetry.exponentialDelay`, which adds jitter',
  ky: 'Set `jitter: true` in the retry options',
};

function isGrowing(site: RetrySite): boolean {
  const kind = site.policy.delay.kind;
  return kind === 'linear' || kind === 'polynomial' || kind === 'exponential';
}

export default createRule<Options, MessageIds>({
  name: 'require-jitter',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require jitter (randomness) in retry backoff',
      recommended: true,
      requiresTypeChecking: false,
    },
    schema: [
      {
        type: 'object',
        properties: {
          ignoreLibraryDefaults: {
            type: 'boolean',
            description: 'Only report jitter-less backoff that the code spells out, not a library default it inherits.',
          },
        },
        additionalProperties: false,
      },
    ],
    hasSuggestions: true,
    messages: {
      ...SUGGESTION_MESSAGES,
      missingJitter:
        '{{what}} backs off by {{delay}} without jitter ({{attempts}}), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
      // The wait is the server's Retry-After when the response carries one: the finding is about the code's own wait.
      missingJitterNoRetryAfter:
        '{{what}} backs off by {{delay}} without jitter when the response has no Retry-After ({{attempts}}), so clients retry in synchronised waves. Wait a random time between 0 and the computed delay.',
      libraryDefault:
        '{{what}} backs off by {{delay}} without jitter{{inherited}} ({{attempts}}). {{fix}}.',
      libraryDefaultNoRetryAfter:
        '{{what}} backs off by {{delay}} without jitter{{inherited}} when the response has no Retry-After ({{attempts}}). {{fix}}.',
    },
    defaultOptions: [{ ignoreLibraryDefaults: false }],
  },
  defaultOptions: [{ ignoreLibraryDefaults: false }],
  create(context, [options]) {
    return {
      ...siteNodes(context),
      'Program:exit'() {
        for (const site of policySitesOf(context)) {
          if (site.policy.jitter !== 'none' || !isGrowing(site)) continue;
          const inherited = site.kind === 'library' && site.fromLibraryDefault.jitter;
          if (inherited && options.ignoreLibraryDefaults) continue;
          const data = { what: describeSite(site), delay: describeDelay(site.policy), attempts: describeLimit(site) };
          const suggest = () => suggestionsFor('require-jitter', site, context);
          if (site.kind === 'library') {
            reportSuggesting(context, { loc: site.loc, messageId: site.withoutServerWait ? 'libraryDefaultNoRetryAfter' : 'libraryDefault', data: { ...data, inherited: inherited ? ', the library default' : '', fix: helperFix(site, context.filename, context.sourceCode) ?? site.declared?.jitterFix ?? LIBRARY_FIX[site.library ?? ''] ?? catalogEntry(site.library)?.jitterFix ?? 'Add jitter' } }, suggest);
          } else {
            reportSuggesting(context, { loc: site.loc, messageId: site.withoutServerWait ? 'missingJitterNoRetryAfter' : 'missingJitter', data }, suggest);
          }
        }
      },
    };
  },
});

/**
 * A call of a project helper: the wait to change is the helper's, named by where it is (its
 * line in this file, or its file from here), so that "Add jitter" says where.
 */
function helperFix(site: RetrySite, filename: string, sourceCode: unknown): string | undefined {
  let helper = site.helper;
  if (!helper) return undefined;
  // A helper's call of another helper it hands the operation on to (`(f) => inner(f, opts)`): the wait is the inner one's.
  for (let depth = 0; !helper.site.sleep && helper.site.helper && depth < 4; depth++) helper = helper.site.helper;
  const line = (helper.site.sleep ?? helper.site.node).loc.start.line;
  const where = helper.sourceCode === sourceCode || !helper.file ? `line ${line}` : `${relative(dirname(filename), helper.file)}, line ${line}`;
  return `Add jitter to the helper's wait (${where})`;
}
