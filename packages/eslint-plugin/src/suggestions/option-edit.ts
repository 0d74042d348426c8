import type { TSESTree } from '@typescript-eslint/utils';
import { findProperty, removeProperty, setProperty } from './text.js';
import type { SourceCode, Suggestion } from './types.js';

/** Option edits of library sites: the file, and the attempts a bound edit allows. */
export interface LibraryEditContext {
  sourceCode: SourceCode;
  filename: string;
  /** Attempts (counting the first call) the bound edit allows. */
  bound: number;
}

type Call = TSESTree.CallExpression | TSESTree.NewExpression;

export function stops(bound: number, edit: string): string {
  return `Stop after ${bound} attempts (\`${edit}\`)`;
}

/** The options argument as an object literal, or `null` when the call has none (so one can be added). */
export function optionsAt(call: Call, index: number): TSESTree.ObjectExpression | null | undefined {
  const arg = call.arguments[index];
  if (arg === undefined) return call.arguments.length === index ? null : undefined;
  return arg.type === 'ObjectExpression' ? arg : undefined;
}

/** Sets one option, adding the options argument when the call has none. */
export function option(call: Call, index: number, name: string, value: string, edit: string, ctx: Pick<LibraryEditContext, 'sourceCode'>): Suggestion | undefined {
  const options = optionsAt(call, index);
  if (options === undefined) return undefined;
  const previous = call.arguments[index - 1];
  // `new Redis()`, `backoff.exponential()`: the object goes between the parentheses.
  const closing = ctx.sourceCode.getLastToken(call);
  if (options === null && !previous && closing?.value !== ')') return undefined;
  return {
    messageId: 'libraryEdit',
    data: { edit },
    fix: (fixer) => {
      if (options !== null) return setProperty(fixer, ctx.sourceCode, options, name, value);
      return previous ? fixer.insertTextAfter(previous, `, { ${name}: ${value} }`) : fixer.insertTextBefore(closing as TSESTree.Token, `{ ${name}: ${value} }`);
    },
  };
}


/**
 * Removes an option written as one literal value (`jitter: 'none'`, `randomDelay: false`) from
 * the options object at `index`, where the library's default is the behaviour the rule asks for.
 */
export function removeLiteralOption(call: Call, index: number, name: string, value: string | boolean, edit: string, ctx: Pick<LibraryEditContext, 'sourceCode'>): Suggestion | undefined {
  const options = optionsAt(call, index);
  const off = options ? findProperty(options, name) : undefined;
  if (!options || !off || off.value.type !== 'Literal' || off.value.value !== value) return undefined;
  return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => removeProperty(fixer, ctx.sourceCode, options, off) };
}
