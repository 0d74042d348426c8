import { amplification, amplifiedCalls, type NestedRetry, type RetryPolicy, type RetrySite } from '@retry-hygiene/analysis';
import { createRule } from '../create-rule.js';
import { siteNodes, sitesOf } from '../sites.js';
import { describeInner, describeSite } from '../describe-site.js';
import { SUGGESTION_MESSAGES, nestedSuggestions, type SuggestionMessageId } from '../suggestions/index.js';
import { reportSuggesting } from '../deferred-suggestions.js';

type Options = [{ maxAmplification?: number }];
type MessageIds = 'nested' | SuggestionMessageId;

export default createRule<Options, MessageIds>({
  name: 'no-nested-retry',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow retries whose retried operation retries again',
      recommended: true,
      requiresTypeChecking: false,
    },
    schema: [
      {
        type: 'object',
        properties: {
          maxAmplification: {
            type: 'integer',
            minimum: 1,
            description: 'Only report nestings whose known calls per request exceed this number (unknown and unbounded ones are always reported).',
          },
        },
        additionalProperties: false,
      },
    ],
    hasSuggestions: true,
    messages: {
      ...SUGGESTION_MESSAGES,
      nested: '{{what}} retries code that retries again ({{inner}}, line {{line}}): {{amplification}}. Retry at one layer only.',
    },
    defaultOptions: [{}],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return {
      ...siteNodes(context),
      'Program:exit'() {
        for (const site of sitesOf(context)) {
          // One finding per outer site: the inner site with the worst amplification (the first
          // of equals), compared by number and worded once.
          const outer = countedPolicy(site);
          let worst: { total: number; nested: NestedRetry } | undefined;
          // An index, not for…of: an iterator result for each of 180 000 pairs in a deep nest was garbage.
          for (let i = 0; i < site.nested.length; i++) {
            const nested = site.nested[i] as NestedRetry;
            const total = amplifiedCalls(outer, countedPolicy(nested.inner)) ?? Infinity;
            if (options.maxAmplification !== undefined && total <= options.maxAmplification) continue;
            if (!worst || total > worst.total) worst = { total, nested };
          }
          if (!worst) continue;
          const { nested } = worst;
          const amp = amplification(outer, countedPolicy(nested.inner));
          reportSuggesting(
            context,
            { loc: site.loc, messageId: 'nested', data: { what: describeSite(site), inner: describeInner(nested.inner, nested.via), line: nested.inner.loc.start.line, amplification: amp.text } },
            () => nestedSuggestions(site, nested, context),
          );
        }
      },
    };
  },
});

/**
 * The policy whose attempts the amplification multiplies: a site with no limit on attempts but a
 * deadline or an abort signal that stops it is limited, by a number not known here ("?"), never "no limit".
 */
function countedPolicy(site: RetrySite): RetryPolicy {
  const stopped = site.deadlineBound || site.abortAware;
  return site.policy.maxAttempts === 'unbounded' && stopped ? { ...site.policy, maxAttempts: 'unknown' } : site.policy;
}
