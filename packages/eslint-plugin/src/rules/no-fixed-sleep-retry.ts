import { createRule } from '../create-rule.js';
import { policySitesOf, siteNodes } from '../sites.js';
import { SUGGESTION_MESSAGES, suggestionsFor, type SuggestionMessageId } from '../suggestions/index.js';
import { describeLimit, describeSite, describeWait } from '../describe-site.js';
import { reportSuggesting } from '../deferred-suggestions.js';

type Options = [{ allowImmediate?: boolean }];
type MessageIds = 'fixedDelay' | 'fixedDelayNoJitter' | 'fixedDelayNoRetryAfter' | 'immediate' | 'immediateNoRetryAfter' | 'immediateOnOthers' | SuggestionMessageId;

export default createRule<Options, MessageIds>({
  name: 'no-fixed-sleep-retry',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow retries that wait a fixed time (or not at all) between attempts',
      recommended: true,
      requiresTypeChecking: false,
    },
    schema: [
      {
        type: 'object',
        properties: {
          allowImmediate: {
            type: 'boolean',
            description: 'Do not report retries that go again at once with no delay (optimistic-concurrency loops).',
          },
        },
        additionalProperties: false,
      },
    ],
    hasSuggestions: true,
    messages: {
      ...SUGGESTION_MESSAGES,
      fixedDelay:
        '{{what}} waits {{delay}} between attempts ({{attempts}}), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.',
      // The wait is the server's Retry-After when the response carries one: the finding is about the code's own wait.
      fixedDelayNoRetryAfter:
        '{{what}} waits {{delay}} between attempts when the response has no Retry-After ({{attempts}}), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.',
      immediateNoRetryAfter:
        '{{what}} retries at once with no delay when the response has no Retry-After ({{attempts}}), multiplying the load on a failing service. Back off with jitter, e.g. retry() from @retry-hygiene/retry.',
      immediate:
        '{{what}} retries at once with no delay ({{attempts}}), multiplying the load on a failing service. Back off with jitter, e.g. retry() from @retry-hygiene/retry.',
      immediateOnOthers:
        "{{what}} retries some errors at once with no delay ({{attempts}}): the `if` on line {{line}} lets them skip the wait, multiplying the load on a failing service. Back off with jitter after every failure, e.g. retry() from @retry-hygiene/retry.",
      fixedDelayNoJitter:
        "{{what}} waits {{delay}} between attempts ({{attempts}}), so clients that failed together retry in lockstep. Remove `jitter: 'none'`: retry() adds full jitter by default.",
    },
    defaultOptions: [{ allowImmediate: false }],
  },
  defaultOptions: [{ allowImmediate: false }],
  create(context, [options]) {
    return {
      ...siteNodes(context),
      'Program:exit'() {
        for (const site of policySitesOf(context)) {
          const { delay, jitter } = site.policy;
          // One immediate retry (after refreshing a token, on a second connection) doubles the
          // load at most: that is not the lockstep herd this rule is about.
          const once = typeof site.policy.maxAttempts === 'number' && site.policy.maxAttempts <= 2;
          const fixed = jitter === 'none' && (delay.kind === 'constant' || delay.kind === 'none');
          if (!fixed) {
            // The wait is on one path only: the other errors go round at once, whatever that wait is.
            if (site.immediateUnless && !options.allowImmediate && !once) {
              context.report({
                loc: site.loc,
                messageId: 'immediateOnOthers',
                data: { what: describeSite(site), line: site.immediateUnless.loc.start.line, attempts: describeLimit(site) },
              });
            }
            continue;
          }
          if (delay.kind === 'none' && options.allowImmediate) continue;
          if (delay.kind === 'none' && once) continue;
          reportSuggesting(
            context,
            {
              loc: site.loc,
              // retry() itself, told not to jitter: the advice is its own default, not retry().
              messageId: site.withoutServerWait
                ? delay.kind === 'none'
                  ? 'immediateNoRetryAfter'
                  : 'fixedDelayNoRetryAfter'
                : delay.kind === 'none'
                  ? 'immediate'
                  : site.library === '@retry-hygiene/retry'
                    ? 'fixedDelayNoJitter'
                    : 'fixedDelay',
              data: { what: describeSite(site), delay: describeWait(site, (node) => context.sourceCode.getText(node)), attempts: describeLimit(site) },
            },
            () => suggestionsFor('no-fixed-sleep-retry', site, context),
          );
        }
      },
    };
  },
});
