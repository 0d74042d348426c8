import type { TSESTree } from '@typescript-eslint/utils';
import { startWithComments } from './rewrite-checked.js';
import { reindent } from './rewrite-loop.js';
import { indentOf } from './text.js';
import type { SourceCode } from './types.js';

/**
 * The lines of an attempt made of a `try` block: its statements, or, when side effects ran
 * after every failure, the block in a `try` whose catch keeps them and rethrows (so retry()
 * still sees the error).
 */
export function triedAttempt(block: TSESTree.BlockStatement, effects: readonly TSESTree.Statement[], errorName: string, inner: string, sourceCode: SourceCode): string[] {
  const text = sourceCode.text;
  const first = block.body[0];
  const from = first ? indentOf(first, sourceCode) : inner;
  const tried = text.slice(block.range[0] + 1, block.range[1] - 1).replace(/^\s*\n/, '').replace(/\s+$/, '').replace(/^[ \t]+/, '');
  if (effects.length === 0) return [inner + reindent(tried, from, inner)];
  const deeper = `${inner}  `;
  const lines = [`${inner}try {`, deeper + reindent(tried, from, deeper), `${inner}} catch (${errorName}) {`];
  for (const s of effects) lines.push(deeper + reindent(text.slice(startWithComments(s, sourceCode), s.range[1]), indentOf(s, sourceCode), deeper));
  lines.push(`${deeper}throw ${errorName};`, `${inner}}`);
  return lines;
}

/** `baseMs: …,`, `factor: …,`, `capMs: …,` for the options the rewrite sets. */
export function delayLines(delay: { baseMs?: string; factor?: string; capMs?: string }, inner: string): string[] {
  const lines: string[] = [];
  for (const key of ['baseMs', 'factor', 'capMs'] as const) {
    const value = delay[key];
    if (value !== undefined) lines.push(`${inner}${key}: ${value},`);
  }
  return lines;
}
