import { createRequire } from 'node:module';
// Types only: as a run-time dependency, typescript-eslint's utils would make npm install
// `typescript` (their peer) into every JavaScript-only project.
import type { ESLintUtils, TSESLint } from '@typescript-eslint/utils';
import { honouringIgnoreComments } from './ignore-comments/honour.js';

export interface RetryHygieneDocs {
  description: string;
  recommended: boolean;
  requiresTypeChecking: false;
}

/** The message of a wrong ignore comment (one every rule has, since whichever runs first reports it). */
export const IGNORE_COMMENT_MESSAGE = 'badIgnoreComment';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** The docs of the installed version (its release tag), not of whatever main holds by then. */
export const DOCS_BASE = `https://github.com/retry-hygiene/retry-hygiene/blob/v${version}/packages/eslint-plugin/docs/rules`;

/**
 * What typescript-eslint's RuleCreator builds (the docs URL named after the rule), with the
 * defaults merged by one spread per option object. Its own merge deep-clones the defaults
 * (structuredClone) each time a rule is created, which is four times for every file linted: a
 * quarter of a second per pass over the corpus. Every option of these rules is one flat object
 * of booleans and numbers, for which a spread is the same merge.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>({
  name,
  meta,
  create,
  defaultOptions,
}: Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, RetryHygieneDocs>>): TSESLint.RuleModule<MessageIds, Options, RetryHygieneDocs> & { name: string } {
  const defaults: readonly unknown[] = meta.defaultOptions ?? defaultOptions ?? [];
  return {
    name,
    meta: { ...meta, messages: { ...meta.messages, [IGNORE_COMMENT_MESSAGE]: '{{message}}' }, docs: { ...meta.docs, url: `${DOCS_BASE}/${name}.md` } },
    defaultOptions: defaultOptions ?? (meta.defaultOptions as Options | undefined) ?? ([] as unknown as Options),
    create: (context) => create(honouringIgnoreComments(context, name, IGNORE_COMMENT_MESSAGE), withDefaults(defaults, context.options) as unknown as Options),
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each default option, overridden key by key by what the configuration gives (ESLint < 9.15 does not merge `meta.defaultOptions` itself). */
export function withDefaults(defaults: readonly unknown[], given: readonly unknown[]): unknown[] {
  return defaults.map((fallback, i) => {
    const option = given[i];
    if (option === undefined) return isPlainObject(fallback) ? { ...fallback } : fallback;
    return isPlainObject(fallback) && isPlainObject(option) ? { ...fallback, ...option } : option;
  });
}
