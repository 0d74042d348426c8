import * as vscode from 'vscode';
import type { Middleware, vsdiag } from 'vscode-languageclient/node';
import { LANGUAGES, SECTION } from '../config.js';
import { FileChecks, statusOf } from './file-checks.js';

/**
 * The language client's middleware that records, per document, what the server published
 * (pull: the report of each request; push: each notification), so the status bar shows the
 * server's word on the file, never a count left over from an earlier version.
 */
export function recordingMiddleware(checks: FileChecks, excludedBy: (document: vscode.TextDocument | vscode.Uri) => string | undefined): Pick<Middleware, 'provideDiagnostics' | 'handleDiagnostics'> {
  return {
    provideDiagnostics: async (document, previousResultId, token, next) => {
      const uri = (document instanceof vscode.Uri ? document : document.uri).toString();
      const glob = excludedBy(document);
      if (glob !== undefined) {
        // The server was never told of the file: nothing to ask it.
        checks.excluded(uri, glob);
        // The enum's value, spelled out: the client's vsdiag namespace is a declaration only.
        return { kind: 'full', items: [] } as unknown as vsdiag.DocumentDiagnosticReport;
      }
      checks.asked(uri);
      try {
        const report = await next(document, previousResultId, token);
        // 'unChanged' keeps the last result; a cancelled request (no report) is asked again.
        if (report && report.kind === 'full') checks.published(uri, report.items);
        return report;
      } catch (error) {
        if (!token.isCancellationRequested) checks.failed(uri, error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    handleDiagnostics: (uri, diagnostics, next) => {
      checks.published(uri.toString(), diagnostics);
      next(uri, diagnostics);
    },
  };
}

/** The status bar item: the active JS/TS document's check, from `checks`. */
export function statusBar(checks: FileChecks, excludedBy: (document: vscode.TextDocument) => string | undefined): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('retryHygiene.findings', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Retry Hygiene findings';
  item.command = 'workbench.actions.view.problems';
  const update = () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || !(LANGUAGES as readonly string[]).includes(editor.document.languageId)) {
      item.hide();
      return;
    }
    const uri = editor.document.uri.toString();
    // An excluded file may never be asked about (the client does not tell the server it opened).
    const glob = excludedBy(editor.document);
    if (glob !== undefined) checks.excluded(uri, glob);
    const enabled = vscode.workspace.getConfiguration(SECTION, editor.document.uri).get<boolean>('enable', true);
    const status = enabled ? statusOf(checks.get(uri), checks.slownessOf(uri)) : statusOf({ state: 'disabled' });
    item.text = status.text;
    item.tooltip = status.tooltip;
    item.show();
  };
  update();
  return vscode.Disposable.from(
    item,
    vscode.window.onDidChangeActiveTextEditor(update),
    checks.onChange((uri) => {
      if (vscode.window.activeTextEditor?.document.uri.toString() === uri) update();
    }),
    vscode.workspace.onDidCloseTextDocument((document) => checks.forget(document.uri.toString())),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`${SECTION}.enable`)) update();
    }),
  );
}
