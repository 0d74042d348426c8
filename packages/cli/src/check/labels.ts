import { isAbsolute, relative, sep } from 'node:path';
import type { Linter } from 'eslint';

/** A path as people read it: relative to where the command runs, unless it lies elsewhere. */
export function displayPath(cwd: string, filePath: string): string {
  // `<text>`: standard input with no --stdin-filename, a name and not a path.
  if (!isAbsolute(filePath)) return filePath;
  const rel = relative(cwd, filePath);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? filePath : rel;
}

export function posixPath(cwd: string, filePath: string): string {
  return displayPath(cwd, filePath).split(sep).join('/');
}

/** What a message is about: its rule, else a parse error or (ESLint's only other rule-less message) an unused directive. */
export function ruleLabel(message: Linter.LintMessage): string {
  return message.ruleId ?? (message.fatal ? 'parse error' : 'unused directive');
}
