import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

export type SourceCode = Readonly<TSESLint.SourceCode>;
export type Fixer = TSESLint.RuleFixer;
export type Fix = TSESLint.RuleFix;
export type Node = TSESTree.Node;

/** The suggestion messages every rule shares (each rule spreads them into its `messages`). */
export const SUGGESTION_MESSAGES = {
  addJitter: 'Add full jitter: wait a random time between 0 and {{delay}}',
  waitBeforeRetry: 'Wait a random 0–{{ms}} ms before retrying',
  libraryEdit: '{{edit}}',
  rewrite: 'Rewrite with retry(){{bound}}',
  keepOuter: 'Keep the outer retry: make the inner one (line {{line}}) a single attempt ({{edit}})',
  keepInner: 'Keep the inner {{inner}}: make this one a single attempt ({{edit}})',
} as const;

export type SuggestionMessageId = keyof typeof SUGGESTION_MESSAGES;

/** One suggestion before it is handed to `context.report`. */
export interface Suggestion {
  messageId: SuggestionMessageId;
  data: Record<string, string>;
  fix: (fixer: Fixer) => Fix | Fix[];
}

/** The attempt bound a suggestion gives an unbounded retry: retry()'s spirit, the rule's option if lower. */
export function boundFor(configuredMax: number | undefined): number {
  return Math.min(5, configuredMax ?? 5);
}
