/**
 * A small LSP client for the tests: speaks the protocol through vscode-languageserver-protocol's
 * client side to the BUILT server over stdio (or, for tests that hand the server an internal
 * option, to startServer over in-memory streams).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  CodeActionRequest,
  ConfigurationRequest,
  DiagnosticRefreshRequest,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  DocumentDiagnosticRequest,
  ExitNotification,
  FileChangeType,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShowMessageNotification,
  ShowDocumentRequest,
  ShutdownRequest,
  ExecuteCommandRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
  type ClientCapabilities,
  type CodeAction,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type Hover,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Range,
  type ShowDocumentParams,
  type ShowMessageParams,
  type TextDocumentContentChangeEvent,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

export const SERVER_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'retry-hygiene-language-server.js');

export interface ClientOptions {
  /** Advertise pull diagnostics (textDocument/diagnostic). */
  pull?: boolean;
  /** Advertise workspace/diagnostic/refresh. */
  refresh?: boolean;
  /** Answer workspace/configuration with this (section retryHygiene); undefined: the capability is not advertised. */
  configuration?: () => unknown;
  markdown?: boolean;
  documentChanges?: boolean;
  initializationOptions?: unknown;
  /** Run startServer in this process with these options (internal options cannot go over stdio). */
  inProcess?: Record<string, unknown>;
  nodeArgs?: string[];
  /** The spawned server's working directory (default: this process's). */
  cwd?: string;
  /** initialize's processId (default: this process's pid). */
  processId?: number | null;
  /** Advertise window/showDocument. */
  showDocument?: boolean;
}

export class TestClient {
  readonly published: PublishDiagnosticsParams[] = [];
  readonly shown: ShowMessageParams[] = [];
  readonly documentsShown: ShowDocumentParams[] = [];
  /** The server's retryHygiene/slowFile notifications. */
  readonly slowFiles: unknown[] = [];
  readonly logs: string[] = [];
  readonly registrations: string[] = [];
  refreshes = 0;
  configurationRequests = 0;
  initializeResult!: InitializeResult;
  stderr = '';
  private waiters: (() => void)[] = [];

  private constructor(
    readonly connection: ProtocolConnection,
    readonly child: ChildProcess | undefined,
  ) {}

  static async start(options: ClientOptions = {}): Promise<TestClient> {
    let client: TestClient;
    if (options.inProcess) {
      const toServer = new PassThrough();
      const toClient = new PassThrough();
      const [{ startServer }, { createConnection }] = await Promise.all([import('../src/server.js'), import('vscode-languageserver/node')]);
      const serverConnection = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
      startServer(serverConnection, options.inProcess);
      client = new TestClient(createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer)), undefined);
    } else {
      const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_BIN, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], ...(options.cwd ? { cwd: options.cwd } : {}) });
      client = new TestClient(createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!)), child);
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (client.stderr += chunk));
    }
    const c = client.connection;
    c.onNotification(PublishDiagnosticsNotification.type, (params) => {
      client.published.push(params);
      client.wake();
    });
    c.onNotification(ShowMessageNotification.type, (params) => {
      client.shown.push(params);
      client.wake();
    });
    c.onNotification(LogMessageNotification.type, (params) => void client.logs.push(params.message));
    c.onNotification('retryHygiene/slowFile', (params: unknown) => {
      client.slowFiles.push(params);
      client.wake();
    });
    c.onRequest(ShowDocumentRequest.type, (params) => {
      client.documentsShown.push(params);
      client.wake();
      return { success: true };
    });
    c.onRequest(ConfigurationRequest.type, (params) => {
      client.configurationRequests++;
      return params.items.map((item) => (item.section === 'retryHygiene' ? (options.configuration?.() ?? null) : null));
    });
    c.onRequest(DiagnosticRefreshRequest.type, () => {
      client.refreshes++;
      client.wake();
    });
    c.onRequest(RegistrationRequest.type, (params) => {
      client.registrations.push(...params.registrations.map((r) => r.method));
    });
    c.listen();

    const capabilities: ClientCapabilities = {
      textDocument: {
        synchronization: { dynamicRegistration: false },
        hover: { contentFormat: options.markdown === false ? ['plaintext'] : ['markdown', 'plaintext'] },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } } },
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
        ...(options.pull ? { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } } : {}),
      },
      workspace: {
        configuration: options.configuration !== undefined,
        didChangeConfiguration: { dynamicRegistration: true },
        didChangeWatchedFiles: { dynamicRegistration: true },
        workspaceEdit: { documentChanges: options.documentChanges === true },
        ...(options.refresh ? { diagnostics: { refreshSupport: true } } : {}),
      },
      ...(options.showDocument ? { window: { showDocument: { support: true } } } : {}),
    };
    client.initializeResult = await c.sendRequest(InitializeRequest.type, {
      processId: options.processId === undefined ? process.pid : options.processId,
      rootUri: null,
      capabilities,
      initializationOptions: options.initializationOptions,
    });
    await c.sendNotification(InitializedNotification.type, {});
    return client;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when `check` returns a value, re-checked on each notification; rejects after timeoutMs. */
  async until<T>(check: () => T | undefined, timeoutMs = 10_000, what = 'condition'): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; stderr: ${this.stderr.slice(-2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next publishDiagnostics for this uri (and version, when given) after `since` notifications. */
  diagnosticsFor(uri: string, version?: number, since = 0): Promise<PublishDiagnosticsParams> {
    return this.until(
      () => this.published.slice(since).reverse().find((p) => p.uri === uri && (version === undefined || p.version === version)),
      15_000,
      `diagnostics of ${uri}${version === undefined ? '' : ` v${version}`}`,
    );
  }

  async open(uri: string, text: string, languageId = 'typescript', version = 1): Promise<void> {
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version, text } });
  }

  async change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<void> {
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: changes });
  }

  async saved(uri: string): Promise<void> {
    await this.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** workspace/didChangeWatchedFiles: these files changed on disk. */
  async filesChanged(uris: string[]): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: uris.map((uri) => ({ uri, type: FileChangeType.Changed as FileChangeType })) });
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  async configurationChanged(settings: unknown = null): Promise<void> {
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings });
  }

  pull(uri: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) });
  }

  hover(uri: string, line: number, character: number): Promise<Hover | null> {
    return this.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } });
  }

  async executeCommand(command: string, args: unknown[]): Promise<unknown> {
    return this.connection.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
  }

  async codeActions(uri: string, range: Range, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]> {
    const result = await this.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics, ...(only ? { only } : {}) } });
    return (result ?? []) as CodeAction[];
  }

  /** shutdown + exit; resolves with the server's exit code (null in process). */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child) {
      this.connection.dispose();
      return null;
    }
    const exited = new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', (code) => resolve(code));
    });
    try {
      await this.connection.sendRequest(ShutdownRequest.type);
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      // Already gone.
    }
    const timer = setTimeout(() => child.kill(), 5000);
    const code = await exited;
    clearTimeout(timer);
    this.connection.dispose();
    return code;
  }
}

/** The text after applying a workspace edit (changes or documentChanges) to one document. */
export function applyEdit(text: string, uri: string, edit: WorkspaceEdit | undefined): string {
  if (!edit) throw new Error('no edit');
  const edits: TextEdit[] = edit.changes?.[uri] ?? [];
  for (const change of edit.documentChanges ?? []) {
    if ('textDocument' in change && change.textDocument.uri === uri) edits.push(...(change.edits as TextEdit[]));
  }
  return TextDocument.applyEdits(TextDocument.create(uri, 'typescript', 0, text), edits);
}
