import type { Linter } from 'eslint';
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type Range,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { IGNORE_COMMENT_MESSAGE, minimalTextEdits } from 'eslint-plugin-retry-hygiene';
import { SOURCE, codeOf, rangeOf, type DiagnosticData } from './diagnostics.js';
import type { Analysis, Message } from './engine.js';
import { disableFileEdit, disableLineEdit, type DisableStyle } from './disable-comments/edits.js';

export { disableFileEdit, disableLineEdit, type DisableStyle } from './disable-comments/edits.js';

/** The fix-all kind: only the rules' fixes (ESLint's contract: a fix keeps behaviour), never suggestions. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.retryHygiene`;

export interface ActionContext {
  analysis: Analysis;
  document: TextDocument;
  /** Use versioned `documentChanges` (the client supports them) rather than `changes`. */
  documentChanges: boolean;
  /** The diagnostic each message was published as, to attach to its actions. */
  diagnostics: readonly Diagnostic[];
  /** Which disable comment to write: ESLint's only where the project's ESLint config loads the plugin. */
  disableStyle: DisableStyle;
  /** How "Show documentation for <rule>" opens the doc; undefined: the action is not offered. */
  docs?: DocsCommand;
  docsUrl?: (ruleId: string) => string | undefined;
}

/** A command that opens a rule's doc, given the rule id or its URL. */
export interface DocsCommand {
  command: string;
  argument: 'rule' | 'url';
}

type Fix = NonNullable<Linter.LintMessage['fix']>;

/**
 * Quick fixes from the rules' fixes and suggestions, "disable for this line / file", "show
 * documentation", and, when a client asks for it, the fix-all source action (not advertised:
 * the four rules have no autofix, so it has edits only for other rules an engine is configured
 * with). Every action that edits carries its edit (no
 * command applying a cached one, no server state); only "show documentation" is a command.
 */
export function codeActions(params: CodeActionParams, ctx: ActionContext): CodeAction[] {
  const { analysis, document } = ctx;
  if (analysis.status !== 'ok' || analysis.version !== document.version) return [];
  const only = params.context.only;
  const wants = (kind: string) => !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));
  const actions: CodeAction[] = [];
  const indices = selectMessages(params, analysis);

  if (wants(CodeActionKind.QuickFix)) {
    const disabledLines = new Set<string>();
    const disabledFiles = new Set<string>();
    const documented = new Set<string>();
    const fixes: CodeAction[] = [];
    const disables: CodeAction[] = [];
    const docs: CodeAction[] = [];
    const offered = new Map<string, CodeAction>();
    for (const index of indices) {
      const message = analysis.messages[index]!;
      const ruleId = message.ruleId!;
      const diagnostics = ctx.diagnostics[index] ? [ctx.diagnostics[index]!] : [];
      if (message.fix) {
        fixes.push({
          title: `Fix this ${ruleId} problem`,
          kind: CodeActionKind.QuickFix,
          diagnostics,
          isPreferred: true,
          edit: workspaceEdit(ctx, minimalEdits(document, message.fix)),
        });
      }
      for (const suggestion of message.suggestions ?? []) {
        const edits = suggestion.edits.flatMap((fix) => minimalEdits(document, fix));
        // Two findings on one loop (a fixed sleep that never gives up) offer the same rewrite:
        // one entry in the menu, fixing both.
        const key = `${suggestion.desc}\0${JSON.stringify(edits)}`;
        const same = offered.get(key);
        if (same) {
          same.diagnostics?.push(...diagnostics);
          continue;
        }
        const action: CodeAction = { title: suggestion.desc, kind: CodeActionKind.QuickFix, diagnostics: [...diagnostics], edit: workspaceEdit(ctx, edits) };
        offered.set(key, action);
        fixes.push(action);
      }
      // A wrong ignore comment is fixed by editing it, not by another comment (nor the rule's doc).
      if (message.messageId === IGNORE_COMMENT_MESSAGE) continue;
      const url = ctx.docs && ctx.docsUrl?.(ruleId);
      if (ctx.docs && url && !documented.has(ruleId)) {
        documented.add(ruleId);
        const title = `Show documentation for ${ruleId}`;
        docs.push({ title, kind: CodeActionKind.QuickFix, diagnostics, command: { title, command: ctx.docs.command, arguments: [ctx.docs.argument === 'url' ? url : ruleId] } });
      }
      const lineKey = `${ruleId}@${message.line}`;
      if (!disabledLines.has(lineKey)) {
        disabledLines.add(lineKey);
        disables.push({ title: `Disable ${ruleId} for this line`, kind: CodeActionKind.QuickFix, diagnostics, edit: workspaceEdit(ctx, [disableLineEdit(document, message.line - 1, ruleId, ctx.disableStyle)]) });
      }
      if (!disabledFiles.has(ruleId)) {
        disabledFiles.add(ruleId);
        disables.push({ title: `Disable ${ruleId} for the entire file`, kind: CodeActionKind.QuickFix, diagnostics, edit: workspaceEdit(ctx, [disableFileEdit(document, ruleId, ctx.disableStyle)]) });
      }
    }
    actions.push(...fixes, ...disables, ...docs);
  }

  if (wants(FIX_ALL_KIND)) {
    const edits = fixAllEdits(document, analysis.messages);
    if (edits.length > 0) {
      actions.push({ title: 'Fix all safe retry-hygiene problems', kind: FIX_ALL_KIND, edit: workspaceEdit(ctx, edits) });
    }
  }
  return actions;
}

/**
 * The messages the request is about: those of the client's diagnostics that are ours
 * (matched by the data we sent, else by range and rule), or, when it sent none of ours,
 * every message that overlaps the requested range.
 */
function selectMessages(params: CodeActionParams, analysis: Analysis): number[] {
  const ours = params.context.diagnostics.filter((d) => d.source === SOURCE && typeof d.code === 'string');
  const found = new Set<number>();
  for (const d of ours) {
    const data = d.data as Partial<DiagnosticData> | undefined;
    const byData = data?.version === analysis.version && typeof data.index === 'number' ? data.index : undefined;
    const candidate = byData !== undefined ? analysis.messages[byData] : undefined;
    // The code is the rule's own name (a client may also send back the full rule id).
    const isRule = (m: Message) => m.ruleId !== null && (codeOf(m.ruleId) === d.code || m.ruleId === d.code);
    if (candidate && isRule(candidate) && sameRange(rangeOf(candidate), d.range)) {
      found.add(byData!);
      continue;
    }
    const index = analysis.messages.findIndex((m) => isRule(m) && sameRange(rangeOf(m), d.range));
    if (index >= 0) found.add(index);
  }
  if (ours.length === 0) {
    analysis.messages.forEach((m, i) => {
      if (overlaps(rangeOf(m), params.range)) found.add(i);
    });
  }
  return [...found].sort((a, b) => a - b);
}

/** Every fix (not suggestion) that does not overlap an earlier one, as minimal edits: what can run on save. */
export function fixAllEdits(document: TextDocument, messages: readonly Message[]): TextEdit[] {
  const fixes = messages.map((m) => m.fix).filter((f): f is Fix => f !== undefined).sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const edits: TextEdit[] = [];
  let end = -1;
  for (const fix of fixes) {
    if (fix.range[0] < end) continue;
    edits.push(...minimalEdits(document, fix));
    end = Math.max(fix.range[1], fix.range[0] + 1);
  }
  return edits;
}

/**
 * An ESLint fix as the smallest edits with the same effect (the plugin's minimalTextEdits:
 * a wrapping replacement as two insertions, any other trimmed to what changes), in positions.
 */
export function minimalEdits(document: TextDocument, fix: Fix): TextEdit[] {
  const at = (offset: number) => document.positionAt(offset);
  return minimalTextEdits(document.getText(), fix).map(({ range, text }) => ({ range: { start: at(range[0]), end: at(range[1]) }, newText: text }));
}

function workspaceEdit(ctx: ActionContext, edits: TextEdit[]): WorkspaceEdit {
  const { uri, version } = ctx.document;
  return ctx.documentChanges ? { documentChanges: [{ textDocument: { uri, version }, edits }] } : { changes: { [uri]: edits } };
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

function before(a: Range['start'], b: Range['start']): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

function overlaps(a: Range, b: Range): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}
