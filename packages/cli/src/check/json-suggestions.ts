import type { Linter } from 'eslint';
import { unmergedEdits, type MinimalEdit } from 'eslint-plugin-retry-hygiene';

/** A suggestion in `check`'s JSON: ESLint's, with its one merged `fix` as the minimal `edits` it stands for. */
export interface JsonSuggestion {
  messageId?: string;
  data?: Record<string, unknown>;
  desc: string;
  edits: MinimalEdit[];
}

/**
 * A message's suggestions as minimal edits, so the report grows with the findings, not with
 * the text between a suggestion's import and its loop (which ESLint's merged fix repeats
 * for every suggestion of every finding). Applied to the file, the edits give what ESLint's
 * fix gives; a fix that does not fit the source read (the file changed since) is kept as
 * one edit, as ESLint gave it.
 */
export function jsonSuggestions(suggestions: readonly Linter.LintSuggestion[], source: string): JsonSuggestion[] {
  return suggestions.map(({ fix, ...rest }) => {
    const fits = fix.range[0] >= 0 && fix.range[0] <= fix.range[1] && fix.range[1] <= source.length;
    const edits = fits ? unmergedEdits(source, fix) : [{ range: [fix.range[0], fix.range[1]] as [number, number], text: fix.text }];
    return { ...rest, edits };
  });
}
