import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';
import { SECTION, excludeGlobs } from '../config.js';

/**
 * `retryHygiene.exclude`: files whose path, relative to their workspace folder, matches one of
 * the globs are never sent to the server (VS Code matches the globs, as for `files.exclude`).
 * The answer is the glob that matched, for the status bar to name.
 */
export function excludedBy(document: vscode.TextDocument | vscode.Uri): string | undefined {
  const uri = document instanceof vscode.Uri ? document : document.uri;
  const globs = excludeGlobs(vscode.workspace.getConfiguration(SECTION, uri).get('exclude'));
  if (globs.length === 0) return undefined;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const target = document instanceof vscode.Uri ? { uri, languageId: '' } : document;
  return globs.find((glob) => {
    const pattern = folder ? new vscode.RelativePattern(folder, glob) : glob;
    return vscode.languages.match({ pattern }, target as vscode.TextDocument) > 0;
  });
}

/** The document sync of an excluded file stays in the editor: the server never hears of it. */
export function excludingMiddleware(): Pick<Middleware, 'didOpen' | 'didChange' | 'didSave' | 'didClose'> {
  return {
    didOpen: (document, next) => (excludedBy(document) ? Promise.resolve() : next(document)),
    didChange: (event, next) => (excludedBy(event.document) ? Promise.resolve() : next(event)),
    didSave: (document, next) => (excludedBy(document) ? Promise.resolve() : next(document)),
    didClose: (document, next) => (excludedBy(document) ? Promise.resolve() : next(document)),
  };
}
