/**
 * The VS Code side of retry-hygiene: a language client for the bundled server, the
 * "Retry herd" webview, commands, a status bar item and an output channel.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { COMMANDS, HERD_AT_REQUEST, LANGUAGES, RULES, SECTION, SLOW_FILE_NOTIFICATION, parseHerdArgs, parseSlowFile, pullOptionsFor, toServerSettings, type HerdArgs } from './config.js';
import { FileChecks } from './status/file-checks.js';
import { recordingMiddleware, statusBar } from './status/status-bar.js';
import { excludedBy, excludingMiddleware } from './exclude/excluded-files.js';
import { makeNonce, renderPage } from './webview/html.js';

const moduleLoadedAt = performance.now();
let client: LanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const output = vscode.window.createOutputChannel('Retry Hygiene', { log: true });
  context.subscriptions.push(output);

  const serverModule = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.cjs').fsPath;
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const checks = new FileChecks();
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.map((language) => ({ language })),
    outputChannel: output,
    initializationOptions: {
      // The server sends the compact chart and the link to the full one only to a client that says it renders them.
      hoverImages: true,
      chartCommand: COMMANDS.showHerdChart,
      // VS Code's own TypeScript/JavaScript service reports syntax errors: the server's copy is a
      // hint (not a second Problems row), which still says why the file has no findings.
      syntaxErrors: vscode.extensions.getExtension('vscode.typescript-language-features') ? 'hint' : 'error',
      // "Show documentation for <rule>" opens the docs shipped in the .vsix (offline).
      docsCommand: COMMANDS.openRuleDocs,
      // A .vue or .svelte file is parsed by its project's parser, which runs the project's code: trusted workspaces only.
      projectParsers: vscode.workspace.isTrusted,
    },
    // retryHygiene.run: pull on open always, then on each change (onType) or on save only.
    diagnosticPullOptions: pullOptionsFor(vscode.workspace.getConfiguration(SECTION).get('run')),
    // Only the chart command may run from a hover link.
    markdown: { isTrusted: { enabledCommands: [COMMANDS.showHerdChart] }, supportHtml: false },
    middleware: {
      ...recordingMiddleware(checks, excludedBy),
      ...excludingMiddleware(),
      workspace: {
        // VS Code nests the flat setting keys into the server's shape; drop the options left empty.
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) return result;
          return result.map((value: unknown, i) => (params.items[i]?.section === SECTION ? toServerSettings(value) : value));
        },
      },
    },
  };
  const lc = new LanguageClient('retryHygiene', 'Retry Hygiene', serverOptions, clientOptions);
  client = lc;
  context.subscriptions.push(
    lc.onNotification(SLOW_FILE_NOTIFICATION, (params: unknown) => {
      const slow = parseSlowFile(params);
      if (!slow) return;
      // The server has written the warning to this output channel already; the status bar shows it too.
      checks.slow(slow.uri, slow.slow ? { lintMs: slow.lintMs, limitMs: slow.limitMs } : undefined);
    }),
    // When files are checked, and which, are fixed when the client starts: a change restarts it.
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration(`${SECTION}.run`) && !event.affectsConfiguration(`${SECTION}.exclude`)) return;
      output.info('retryHygiene.run or retryHygiene.exclude changed: restarting the server');
      checks.reset();
      lc.clientOptions.diagnosticPullOptions = pullOptionsFor(vscode.workspace.getConfiguration(SECTION).get('run'));
      await lc.restart();
    }),
    // Trust granted: the project's .vue / .svelte parsers may load now (they are asked for when the server starts).
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      output.info('workspace trusted: restarting the server, which may now load the project\'s .vue and .svelte parsers');
      checks.reset();
      (lc.clientOptions.initializationOptions as Record<string, unknown>).projectParsers = true;
      await lc.restart();
    }),
  );
  // Not awaited: the editor does not wait for the server (ESLint and the TypeScript parser load in its own process).
  void lc.start().then(
    () => output.info(`server ready ${Math.round(performance.now() - started)} ms after activation`),
    (error: unknown) => {
      output.error(`the server did not start: ${String(error)}`);
      checks.reset('the language server did not start (see the Retry Hygiene output).');
    },
  );

  const herd = new HerdPanel(context);
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.showHerdChart, (arg?: unknown) => showHerd(lc, herd, arg)),
    vscode.commands.registerCommand(COMMANDS.openRuleDocs, (rule?: unknown) => openRuleDocs(context, rule)),
    vscode.commands.registerCommand(COMMANDS.restartServer, async () => {
      output.info('restarting the server');
      const at = performance.now();
      await lc.stop();
      // What the old server said is not the new one's word: "checking…" until it answers.
      checks.reset();
      await lc.start();
      output.info(`server restarted in ${Math.round(performance.now() - at)} ms`);
    }),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => output.show(true)),
    statusBar(checks, excludedBy),
  );
  const activateMs = performance.now() - started;
  output.info(
    `activated in ${activateMs.toFixed(1)} ms (module evaluated in ${(started - moduleLoadedAt).toFixed(1)} ms before activate) ` +
      `on ${vscode.env.appName} ${vscode.version}; workspace trusted: ${vscode.workspace.isTrusted}`,
  );
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

/** The herd of the retry at the cursor, or of the site a hover link names. */
async function showHerd(lc: LanguageClient, panel: HerdPanel, arg: unknown): Promise<void> {
  const linked = parseHerdArgs(arg);
  let uri: string | undefined = linked?.uri;
  let position = linked ? { line: linked.line, character: linked.character } : undefined;
  const editor = vscode.window.activeTextEditor;
  if (!linked && editor) {
    uri = editor.document.uri.toString();
    position = { line: editor.selection.active.line, character: editor.selection.active.character };
  }
  if (!uri || !position) {
    void vscode.window.showInformationMessage('Retry Hygiene: open a JavaScript or TypeScript file and put the cursor on a retry.');
    return;
  }
  let site: HerdArgs | undefined;
  try {
    // The server adds the policy in words and the rules; the link's own policy serves when the file has changed since.
    site = parseHerdArgs(await lc.sendRequest(HERD_AT_REQUEST, { textDocument: { uri }, position })) ?? linked;
  } catch {
    site = linked;
  }
  if (!site) {
    void vscode.window.showInformationMessage('Retry Hygiene: no retry at the cursor.');
    return;
  }
  panel.show(site);
}

async function openRuleDocs(context: vscode.ExtensionContext, arg: unknown): Promise<void> {
  let rule = typeof arg === 'string' ? arg.replace(/^retry-hygiene\//, '') : undefined;
  if (!rule || !(RULES as readonly string[]).includes(rule)) {
    rule = await vscode.window.showQuickPick([...RULES], { placeHolder: 'Which rule?', title: 'Retry Hygiene: rule documentation' });
  }
  if (!rule) return;
  // The docs ship in the .vsix: no network needed.
  await vscode.commands.executeCommand('markdown.showPreview', vscode.Uri.joinPath(context.extensionUri, 'dist', 'docs', `${rule}.md`));
}

/** The one "Retry herd" panel: created on first use, then reused (shown again with the new site). */
class HerdPanel {
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly context: vscode.ExtensionContext) {}

  show(site: HerdArgs): void {
    if (this.panel) {
      void this.panel.webview.postMessage({ type: 'show', args: site });
      this.panel.reveal(vscode.ViewColumn.Beside, true);
      return;
    }
    const dist = vscode.Uri.joinPath(this.context.extensionUri, 'dist');
    const panel = vscode.window.createWebviewPanel('retryHygiene.herd', 'Retry herd', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [dist],
    });
    const webview = panel.webview;
    webview.html = renderPage({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
      state: site,
    });
    webview.onDidReceiveMessage(
      (message: { type?: string; rule?: unknown }) => {
        if (message?.type === 'openDocs') void vscode.commands.executeCommand(COMMANDS.openRuleDocs, message.rule);
      },
      undefined,
      this.context.subscriptions,
    );
    panel.onDidDispose(() => (this.panel = undefined), undefined, this.context.subscriptions);
    this.panel = panel;
  }
}
