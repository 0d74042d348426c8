import { createRule } from '../create-rule.js';
import { policySitesOf, siteNodes } from '../sites.js';
import { SUGGESTION_MESSAGES, suggestionsFor, type SuggestionMessageId } from '../suggestions/index.js';
import { describeSite } from '../describe-site.js';
import { reportSuggesting } from '../deferred-suggestions.js';

type Options = [{ maxAttempts?: number }];
type MessageIds = 'unbounded' | 'tooManyAttempts' | SuggestionMessageId;

export default createRule<Options, MessageIds>({
  name: 'no-unbounded-retry',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow retries with no limit on attempts or elapsed time',
      recommended: true,
      requiresTypeChecking: false,
    },
    schema: [
      {
        type: 'object',
        properties: {
          maxAttempts: {
            type: 'integer',
            minimum: 1,
            description: 'Also report retries whose attempt limit (counting the first call) is higher than this.',
          },
        },
        additionalProperties: false,
      },
    ],
    hasSuggestions: true,
    messages: {
      ...SUGGESTION_MESSAGES,
      unbounded:
        '{{what}} never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.',
      tooManyAttempts: '{{what}} allows up to {{attempts}} attempts, more than the {{max}} configured.',
    },
    defaultOptions: [{}],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return {
      ...siteNodes(context),
      'Program:exit'() {
        for (const site of policySitesOf(context)) {
          const max = site.policy.maxAttempts;
          if (max === 'unbounded' && !site.deadlineBound && !site.abortAware) {
            reportSuggesting(context, { loc: site.loc, messageId: 'unbounded', data: { what: describeSite(site) } }, () => suggestionsFor('no-unbounded-retry', site, context, options.maxAttempts));
          } else if (typeof max === 'number' && options.maxAttempts !== undefined && max > options.maxAttempts) {
            context.report({
              loc: site.loc,
              messageId: 'tooManyAttempts',
              data: { what: describeSite(site), attempts: max, max: options.maxAttempts },
            });
          }
        }
      },
    };
  },
});
