import { ESLintUtils } from '@typescript-eslint/utils';

export interface RetryHygieneDocs {
  description: string;
  recommended: boolean;
  requiresTypeChecking: false;
}

export const DOCS_BASE = 'https://github.com/retry-hygiene/retry-hygiene/blob/main/packages/eslint-plugin/docs/rules';

export const createRule = ESLintUtils.RuleCreator<RetryHygieneDocs>((name) => `${DOCS_BASE}/${name}.md`);
