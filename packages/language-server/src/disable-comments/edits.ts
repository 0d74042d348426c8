import type { TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { IGNORE_FILE, IGNORE_NEXT_LINE } from 'eslint-plugin-retry-hygiene';

/**
 * The comment "Disable … for this line / for the entire file" writes: ESLint's directive where
 * the project's ESLint config loads the plugin (project-loads-plugin.ts), else the product's own
 * (`// retry-hygiene-ignore-next-line <rule>`), which ESLint ignores and the rules honour.
 * Rules that are not the plugin's (tests give some) always get ESLint's.
 */
export type DisableStyle = 'eslint' | 'own';

const PREFIX = 'retry-hygiene/';

function styleOf(ruleId: string, style: DisableStyle): DisableStyle {
  return ruleId.startsWith(PREFIX) ? style : 'eslint';
}

function lineText(document: TextDocument, line: number): string {
  return document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, '');
}

function eolOf(document: TextDocument): string {
  return document.getText().includes('\r\n') ? '\r\n' : '\n';
}

/** A line comment `// <name> <rules>[ -- reason]`: group 1 up to the rules, 2 the rules. */
const lineDirective = (name: string) => new RegExp(`^(\\s*\\/\\/\\s*${name}\\s+)(.*?)(\\s+-{2,}\\s.*)?\\s*$`);
const ESLINT_NEXT_LINE = lineDirective('eslint-disable-next-line');
const OWN_NEXT_LINE = lineDirective(IGNORE_NEXT_LINE);

/** An edit adding `, <rule>` to the rule list of a directive on `line`, when it has one. */
function joinDirective(document: TextDocument, line: number, pattern: RegExp, rule: string): TextEdit | undefined {
  const match = pattern.exec(lineText(document, line));
  if (!match || match[2]!.trim() === '') return undefined;
  const at = { line, character: match[1]!.length + match[2]!.length };
  return { range: { start: at, end: at }, newText: `, ${rule}` };
}

/**
 * The rule disabled on a line (0-based): added to the directive already above it, else a new
 * comment above it with its indentation. The product's comment names the next line of code, so
 * it goes above an ESLint next-line comment there rather than between it and its line.
 */
export function disableLineEdit(document: TextDocument, line: number, ruleId: string, style: DisableStyle): TextEdit {
  const indent = /^[ \t]*/.exec(lineText(document, line))![0];
  const eol = eolOf(document);
  if (styleOf(ruleId, style) === 'eslint') {
    const joined = line > 0 ? joinDirective(document, line - 1, ESLINT_NEXT_LINE, ruleId) : undefined;
    if (joined) return joined;
    const at = { line, character: 0 };
    return { range: { start: at, end: at }, newText: `${indent}// eslint-disable-next-line ${ruleId}${eol}` };
  }
  const rule = ruleId.slice(PREFIX.length);
  let above = line;
  if (above > 0 && ESLINT_NEXT_LINE.test(lineText(document, above - 1))) above--;
  const joined = above > 0 ? joinDirective(document, above - 1, OWN_NEXT_LINE, rule) : undefined;
  if (joined) return joined;
  const at = { line: above, character: 0 };
  return { range: { start: at, end: at }, newText: `${indent}// ${IGNORE_NEXT_LINE} ${rule}${eol}` };
}

const ESLINT_FILE = /^(\/\*\s*eslint-disable\s+)([^*]*?)(\s*\*\/\s*)$/;
const OWN_FILE = new RegExp(`^(\\/\\*\\s*${IGNORE_FILE}\\s+)([^*]*?)(\\s+-{2,}\\s[^*]*)?(\\s*\\*\\/\\s*)$`);

/** The rule disabled in the whole file: on the first line (after a shebang), or added to the comment already there. */
export function disableFileEdit(document: TextDocument, ruleId: string, style: DisableStyle): TextEdit {
  const line = lineText(document, 0).startsWith('#!') ? 1 : 0;
  const own = styleOf(ruleId, style) === 'own';
  const rule = own ? ruleId.slice(PREFIX.length) : ruleId;
  const match = (own ? OWN_FILE : ESLINT_FILE).exec(lineText(document, line));
  if (match && match[2]!.trim() !== '') {
    const at = { line, character: match[1]!.length + match[2]!.length };
    return { range: { start: at, end: at }, newText: `, ${rule}` };
  }
  const eol = eolOf(document);
  const at = line < document.lineCount ? { line, character: 0 } : document.positionAt(document.getText().length);
  const prefix = at.character > 0 ? eol : '';
  return { range: { start: at, end: at }, newText: `${prefix}/* ${own ? IGNORE_FILE : 'eslint-disable'} ${rule} */${eol}` };
}
