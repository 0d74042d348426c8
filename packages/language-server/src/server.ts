import type { RetryPolicy } from '@retry-hygiene/analysis';
import type { Linter } from 'eslint';
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions } from './code-actions.js';
import { describeKind, toDiagnostics } from './diagnostics.js';
import { DEFAULT_FLAGS, SHOW_DOCUMENTATION_COMMAND, clientFlags, type ClientFlags } from './client-flags.js';
import { projectLoadsPlugin } from './disable-comments/project-loads-plugin.js';
import { LintEngine, lintFilename, type Analysis, type SiteFix } from './engine.js';
import { LintScheduler } from './scheduler.js';
import { HerdRunner } from './herd-runner.js';
import { comparisonPlan, describeSiteBehaviour, hoverFor, siteAt } from './hover.js';
import { Lifetime } from './lifetime.js';
import { DEFAULT_SETTINGS, resolveSettings, type ResolvedScenario, type Settings } from './settings.js';

export const SERVER_NAME = 'retry-hygiene';
/**
 * A document that imports a module that may be of its own project (`./lib/retry`, or
 * `@acme/utils`, a package of its monorepo): it may read other files. Any specifier counts:
 * which package names are the project's is the analysis's question, asked when it lints.
 */
const PROJECT_IMPORT = /\bfrom\s*['"]|\brequire\(\s*['"]|\bimport\(\s*['"]/;
const MODULE_EXTENSIONS = 'js,jsx,mjs,cjs,ts,tsx,mts,cts';
export { DEFAULT_CHART_COMMAND, SHOW_DOCUMENTATION_COMMAND } from './client-flags.js';
/** Internal request: counters and heap, for the fuzz test and the benchmark. `{ gc: true }` collects first when node runs with --expose-gc. */
export const STATS_REQUEST = 'retryHygiene/stats';
/**
 * The retry site at a position, for a client's "show the herd at the cursor" command:
 * params `{ textDocument: { uri }, position }`, answer HerdSite or null.
 */
export const HERD_AT_REQUEST = 'retryHygiene/herdAt';
/**
 * Notification to the client: checking a document took longer than `slowFileWarningMs`
 * (`slow: true`), or, for a document told slow before, no longer does (`slow: false`).
 */
export const SLOW_FILE_NOTIFICATION = 'retryHygiene/slowFile';
export interface SlowFile {
  uri: string;
  version: number;
  lintMs: number;
  limitMs: number;
  slow: boolean;
}


/** The hover link's chart-command argument, with the site in words. */
export interface HerdSite {
  uri: string;
  line: number;
  character: number;
  policy: RetryPolicy;
  /** The outage chosen (the site's own when the settings leave it unset). */
  scenario: ResolvedScenario;
  /** The quick fix the comparison shows, when one is offered. */
  fix?: SiteFix;
  /** The function the retry is in, when it has a name (for a recursion, the retrying function). */
  name?: string;
  /** "Retry loop", "p-retry call"… */
  kind: string;
  /** "waits a fixed 1 s between attempts, no jitter, up to 4 attempts". */
  description: string;
  /** Rule ids reported at the site. */
  rules: string[];
}

export interface ServerStats {
  heapUsed: number;
  /** What this thread's V8 heap holds from the system (used or not). */
  heapTotal: number;
  documents: number;
  analyses: number;
  /** Herd outcomes remembered: one per policy and scenario hovered (its chart beside full jitter's, or its skip). */
  simulations: number;
  lints: number;
  errors: number;
  /** Milliseconds of the last lint (ESLint and the analysis), inside the server. */
  lastLintMs: number;
  /** Documents being linted at this moment (in the lint workers). */
  linting: string[];
  /** Lint worker threads alive. */
  workers: number;
  /** Herd simulation worker threads alive (0 or 1). */
  herdWorkers: number;
  /** Their heaps together (each thread has its own), as of the last request with `{ gc: true }` (0 before one). */
  workerHeapUsed: number;
  /** What their heaps hold from the system, as of the same request. */
  workerHeapTotal: number;
}

export interface ServerOptions {
  /** Config objects appended after the embedded one. Internal: tests give rules with fixes and suggestions this way. */
  extraConfig?: Linter.Config[];
  version?: string;
  /**
   * The lint worker's script (default: dist/worker-main.js beside this module; a bundle
   * gives its own file). `false`, or extraConfig given, lints on the main thread.
   */
  workerScript?: string | URL | false;
  /**
   * The herd worker's script (default: dist/herd-worker-main.js beside this module; a bundle
   * gives its own, a script that calls runHerdWorker: `@retry-hygiene/language-server/herd-worker`
   * loads the simulator alone, not ESLint). `false` simulates on the main thread, without a
   * time budget.
   */
  herdWorkerScript?: string | URL | false;
  /** A hover's time budget for its herd simulation (default HOVER_SIMULATION_BUDGET_MS). */
  herdBudgetMs?: number;
  /**
   * Ends the process when the client is gone without shutdown and exit: `input` (the
   * connection's input stream) ended, initialize's processId died, or this process was
   * re-parented. Unset (a server in a test's process), none of that is watched.
   */
  lifetime?: {
    input?: NodeJS.ReadableStream;
    /** Called after the workers are ended: 0 when shutdown had been received, else 1 (as for exit without shutdown). */
    exit: (code: number) => void;
    pollMs?: number;
    /** Whether being re-parented ends the server (default true). */
    reparenting?: boolean;
  };
}

interface Entry {
  analysis: Analysis;
  diagnostics: Diagnostic[];
  generation: number;
}

/**
 * Wires the server to a connection. Everything a document gets — diagnostics, code
 * actions, hover — reads one Analysis per document version: one ESLint run, whose AST's
 * retry sites the rules, the actions and the hover share.
 */
export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  const engine = new LintEngine(options.extraConfig);
  // Rule objects cannot cross to a worker thread: a server given extraConfig lints on its own thread.
  const workerScript = options.workerScript === false || options.extraConfig?.length ? undefined : (options.workerScript ?? new URL('./worker-main.js', import.meta.url));
  const scheduler = new LintScheduler({
    workerScript,
    inline: engine,
    log: (message) => {
      try {
        connection.console.warn(message);
      } catch {
        // The connection is gone; nothing to tell.
      }
    },
  });
  const herdWorkerScript = options.herdWorkerScript === false ? undefined : (options.herdWorkerScript ?? new URL('./herd-worker-main.js', import.meta.url));
  const herd = new HerdRunner({
    workerScript: herdWorkerScript,
    budgetMs: options.herdBudgetMs,
    log: (message) => {
      try {
        connection.console.warn(message);
      } catch {
        // The connection is gone; nothing to tell.
      }
    },
  });
  let shutdownReceived = false;
  let ended = false;
  /** Timers, lint workers and the herd worker: everything that runs besides the connection. */
  function endWork(): void {
    if (ended) return;
    ended = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    clearTimeout(modulesTimer);
    scheduler.dispose();
    herd.dispose();
    lifetime?.dispose();
  }
  const lifetimeOptions = options.lifetime;
  const lifetime = lifetimeOptions
    ? new Lifetime({
        pollMs: lifetimeOptions.pollMs,
        reparenting: lifetimeOptions.reparenting,
        onGone: (why) => {
          try {
            connection.console.info(`retry-hygiene: exiting: ${why}`);
          } catch {
            // The connection is gone; nothing to tell.
          }
          endWork();
          lifetimeOptions.exit(shutdownReceived ? 0 : 1);
        },
      })
    : undefined;
  if (lifetimeOptions?.input) lifetime!.watchInput(lifetimeOptions.input);
  lifetime?.start();
  let settings: Settings = DEFAULT_SETTINGS;
  engine.configure(settings);
  let initOptions: Record<string, unknown> = {};
  let generation = 0;
  let lastProblems = '';
  let pendingProblems: string[] = [];
  let flags: ClientFlags = { ...DEFAULT_FLAGS };
  /** Documents told slow to the client, to tell it when they no longer are. */
  const slowDocuments = new Set<string>();
  const entries = new Map<string, Entry>();
  const timers = new Map<string, NodeJS.Timeout>();
  let lastLintMs = 0;
  let lastWorkerHeap = 0;
  let lastWorkerHeapTotal = 0;
  let errors = 0;

  function logError(what: string, error: unknown): void {
    errors++;
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    try {
      connection.console.error(`retry-hygiene: ${what}: ${text}`);
    } catch {
      // The connection is gone; nothing to tell.
    }
  }

  /**
   * The analysis of the document's current version: cached, or linted by the scheduler
   * (off this thread). Undefined when disabled, not JS/TS, cancelled by a newer change, or
   * the lint failed (logged: the server never dies on a document).
   */
  async function entryOf(document: TextDocument): Promise<Entry | undefined> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!settings.enable) return undefined;
      const cached = entries.get(document.uri);
      if (cached && cached.analysis.version === document.version && cached.generation === generation) return cached;
      const text = document.getText() as unknown;
      const filename = lintFilename(document.uri, document.languageId);
      if (!filename || typeof text !== 'string') return undefined;
      const asked = generation;
      let analysis: Analysis | undefined;
      try {
        analysis = await scheduler.lint({ uri: document.uri, version: document.version, text, filename });
      } catch (error) {
        logError(`linting ${document.uri}`, error);
        return undefined;
      }
      if (!analysis) return undefined;
      // Settings changed while it ran: its severities and options are not the current ones; lint again.
      if (asked !== generation) continue;
      // Several callers may share one lint: the first converts it, the others read that.
      const current = entries.get(document.uri);
      if (current?.analysis === analysis && current.generation === generation) return current;
      lastLintMs = analysis.lintMs;
      reportSlowness(analysis);
      const entry = { analysis, diagnostics: toDiagnostics(analysis, engine, flags.syntaxErrors), generation };
      // Only the newest version is kept (an answer about an older one still goes to whoever asked).
      if (documents.get(document.uri)?.version === analysis.version) entries.set(document.uri, entry);
      return entry;
    }
    return undefined;
  }

  // Push diagnostics: debounced per document; the scheduler lints each due document off this thread.
  function schedule(uri: string, delayMs: number): void {
    if (flags.pull) return;
    clearTimeout(timers.get(uri));
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        void publish(uri).catch((error) => logError(`publishing diagnostics of ${uri}`, error));
      }, delayMs),
    );
  }

  async function publish(uri: string): Promise<void> {
    const document = documents.get(uri);
    if (!document) return;
    const entry = await entryOf(document);
    // Closed, or changed again meanwhile (a newer run is due): these diagnostics are stale.
    if (documents.get(uri) !== document || document.version !== (entry?.analysis.version ?? document.version) || timers.has(uri)) return;
    await connection.sendDiagnostics({ uri, version: document.version, diagnostics: entry?.diagnostics ?? [] });
  }

  async function loadSettings(pushed?: unknown): Promise<void> {
    let workspace: unknown = pushed;
    if (flags.configuration) {
      try {
        workspace = await connection.workspace.getConfiguration({ section: 'retryHygiene' });
      } catch (error) {
        logError('reading workspace/configuration', error);
      }
    }
    applySettings(workspace);
  }

  function applySettings(workspace: unknown): void {
    const { settings: resolved, problems } = resolveSettings(initOptions, workspace);
    const next: Settings = { ...resolved, projectParsers: flags.projectParsers };
    problems.push(...engine.configure(next));
    scheduler.configure(next);
    settings = next;
    generation++;
    entries.clear();
    reportProblems(problems);
    if (flags.pull) {
      if (flags.refresh) void connection.languages.diagnostics.refresh().catch((e) => logError('refreshing diagnostics', e));
    } else {
      for (const document of documents.all()) schedule(document.uri, 0);
    }
  }

  /**
   * A module of the project changed on disk (saved here, or by anything else the client
   * watches): the documents that import modules may have read it (a retry helper in
   * another file), so every analysis is redone, with the analysis's module caches dropped:
   * each is keyed by its own file's mtime, which does not show a change two imports away or a
   * file added beside a class.
   */
  let modulesTimer: NodeJS.Timeout | undefined;
  function modulesChanged(): void {
    // Whatever is open now: a document opened later must not read a module as it was.
    scheduler.forgetProjectFiles();
    if (!documents.all().some((d) => PROJECT_IMPORT.test(d.getText()))) return;
    clearTimeout(modulesTimer);
    modulesTimer = setTimeout(() => {
      modulesTimer = undefined;
      generation++;
      entries.clear();
      if (flags.pull) {
        if (flags.refresh) void connection.languages.diagnostics.refresh().catch((e) => logError('refreshing diagnostics', e));
      } else {
        for (const document of documents.all()) if (PROJECT_IMPORT.test(document.getText())) schedule(document.uri, 0);
      }
    }, settings.debounceMs);
  }

  function reportSlowness({ uri, version, lintMs }: Analysis): void {
    const limitMs = settings.slowFileWarningMs;
    const slow = limitMs > 0 && lintMs > limitMs;
    if (!slow && !slowDocuments.has(uri)) return;
    if (slow) {
      slowDocuments.add(uri);
      try {
        connection.console.warn(`retry-hygiene: checking ${uri} (version ${version}) took ${Math.round(lintMs)} ms, more than retryHygiene.slowFileWarningMs (${limitMs} ms)`);
      } catch {
        // The connection is gone; nothing to tell.
      }
    } else slowDocuments.delete(uri);
    const params: SlowFile = { uri, version, lintMs: Math.round(lintMs), limitMs, slow };
    void connection.sendNotification(SLOW_FILE_NOTIFICATION, params).catch((e) => logError('telling a slow file', e));
  }

  function reportProblems(problems: string[]): void {
    const text = problems.join('; ');
    if (text === lastProblems) return;
    lastProblems = text;
    // A notification (window/showMessage), not a request: there is nothing to answer.
    if (text) void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `retry-hygiene settings: ${text}` }).catch((e) => logError('showing a message', e));
  }

  connection.onInitialize((params): InitializeResult => {
    const caps = params.capabilities;
    lifetime?.watchClient(params.processId);
    const init = isObject(params.initializationOptions) ? params.initializationOptions : {};
    // Settings may come at the top level or, as editors that send one `config` object both as
    // initializationOptions and for workspace/configuration do (Helix, Zed), under retryHygiene.
    const { retryHygiene: nested, ...top } = init;
    initOptions = isObject(nested) ? { ...top, ...nested } : init;
    const read = clientFlags(caps, initOptions);
    flags = read.flags;
    const { settings: resolved, problems } = resolveSettings(initOptions);
    const initial: Settings = { ...resolved, projectParsers: flags.projectParsers };
    problems.unshift(...read.problems);
    problems.push(...engine.configure(initial));
    scheduler.configure(initial);
    scheduler.warm();
    herd.warm();
    settings = initial;
    pendingProblems = problems;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        // No `source.fixAll` kind: none of the four rules has an autofix (every change they offer is
        // a suggestion, which may change behaviour), so a fix-all would never do anything. A request
        // for it is still answered (code-actions.ts), for an engine configured with rules that fix.
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix], resolveProvider: false },
        ...(flags.docs?.command === SHOW_DOCUMENTATION_COMMAND ? { executeCommandProvider: { commands: [SHOW_DOCUMENTATION_COMMAND] } } : {}),
        ...(flags.pull ? { diagnosticProvider: { identifier: SERVER_NAME, interFileDependencies: false, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: SERVER_NAME, ...(options.version ? { version: options.version } : {}) },
    };
  });

  connection.onInitialized(() => {
    reportProblems(pendingProblems);
    if (flags.dynamicConfiguration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'retryHygiene' }).catch((e) => logError('registering for configuration changes', e));
    }
    if (flags.configuration) void loadSettings().catch((e) => logError('loading settings', e));
    if (flags.watchFiles) {
      // Modules, and what decides which file a workspace package import names (manifests, tsconfig files, pnpm's workspace file).
      const watchers = [{ globPattern: `**/*.{${MODULE_EXTENSIONS}}` }, { globPattern: '**/{package.json,tsconfig*.json,pnpm-workspace.yaml}' }];
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch((e) => logError('registering file watchers', e));
    }
  });

  documents.onDidSave(({ document }) => {
    if (lintFilename(document.uri, document.languageId)) modulesChanged();
  });
  connection.onDidChangeWatchedFiles(() => modulesChanged());

  connection.onDidChangeConfiguration((params) => {
    const pushed = isObject(params?.settings) ? params.settings.retryHygiene : undefined;
    void loadSettings(pushed).catch((e) => logError('loading settings', e));
  });

  // TextDocuments fires a content change right after each open: the open has scheduled a run already.
  let opening: string | undefined;
  documents.onDidOpen(({ document }) => {
    opening = document.uri;
    schedule(document.uri, 0);
  });
  documents.onDidChangeContent(({ document }) => {
    if (opening === document.uri) {
      opening = undefined;
      return;
    }
    // The old version's analysis is of no use any more, nor is a lint of it that has not started.
    entries.delete(document.uri);
    scheduler.cancel(document.uri);
    schedule(document.uri, settings.debounceMs);
  });
  documents.onDidClose(({ document }) => {
    slowDocuments.delete(document.uri);
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    scheduler.cancel(document.uri);
    entries.delete(document.uri);
    if (!flags.pull) void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] }).catch((e) => logError('clearing diagnostics', e));
  });

  connection.languages.diagnostics.on(async (params, token): Promise<DocumentDiagnosticReport> => {
    if (!documents.get(params.textDocument.uri)) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    // A turn of the event loop (a timer, so that the protocol's message queue, which runs on
    // immediates, moves first): a cancellation or a newer change already on the wire is seen
    // before the work starts, and the report is about the newest text.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    if (token.isCancellationRequested) {
      throw new ResponseError(LSPErrorCodes.ServerCancelled, 'Cancelled; diagnostics will be pulled again.', { retriggerRequest: true });
    }
    const document = documents.get(params.textDocument.uri);
    if (!document) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    const entry = await entryOf(document);
    const resultId = `${generation}:${document.version}:${settings.enable ? 1 : 0}`;
    if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: entry?.diagnostics ?? [] };
  });

  connection.onHover(async (params) => {
    try {
      const document = documents.get(params.textDocument.uri);
      if (!document) return null;
      const entry = await entryOf(document);
      if (!entry || entry.analysis.status !== 'ok') return null;
      const site = siteAt(entry.analysis, document, params.position);
      if (!site) return null;
      // Off this thread, within the budget: a hover never holds back the requests behind it.
      // The scenario simulated is the one the hover names, should the settings change meanwhile.
      // The quick fix's policy comes with the suggestions, built right after the diagnostics.
      await scheduler.fixesOf(entry.analysis);
      const { scenario } = settings;
      const plan = comparisonPlan(site, scenario);
      const simulated = await herd.results(plan.rows.map((r) => r.policy), plan.scenario);
      return hoverFor(site, entry.analysis, engine, simulated, plan, {
        markdown: flags.markdown,
        images: flags.images,
        chartCommand: flags.chartCommand,
        scenario,
      });
    } catch (error) {
      logError('hover', error);
      return null;
    }
  });

  connection.onCodeAction(async (params) => {
    try {
      const document = documents.get(params.textDocument.uri);
      if (!document) return [];
      const entry = await entryOf(document);
      if (!entry) return [];
      // The diagnostics were published before their fixes arrived from the worker.
      await scheduler.fixesOf(entry.analysis);
      const disableStyle = projectLoadsPlugin(document.uri) ? 'eslint' : 'own';
      return codeActions(params, { analysis: entry.analysis, document, documentChanges: flags.documentChanges, diagnostics: entry.diagnostics, disableStyle, docs: flags.docs, docsUrl: (ruleId) => engine.docsUrl(ruleId) });
    } catch (error) {
      logError('code actions', error);
      return [];
    }
  });

  connection.onExecuteCommand(async (params) => {
    if (params.command !== SHOW_DOCUMENTATION_COMMAND) return;
    const url = params.arguments?.[0];
    // Only a rule's docs URL, as the action gave it: a command's arguments are input.
    if (typeof url !== 'string' || !/^https:\/\//.test(url)) return;
    try {
      await connection.window.showDocument({ uri: url, external: true });
    } catch (error) {
      logError('showing documentation', error);
    }
  });

  connection.onRequest(HERD_AT_REQUEST, async (params: unknown): Promise<HerdSite | null> => {
    try {
      if (!isObject(params) || !isObject(params.textDocument) || !isObject(params.position)) return null;
      const { line, character } = params.position;
      if (typeof line !== 'number' || typeof character !== 'number') return null;
      const document = documents.get(String(params.textDocument.uri));
      const entry = document && (await entryOf(document));
      if (!document || !entry || entry.analysis.status !== 'ok') return null;
      // The hover's site, else (a cursor inside a loop body or a retried function) the innermost site around it.
      const offset = document.offsetAt({ line, character });
      const innermostAround = () => {
        let best: (typeof entry.analysis.sites)[number] | undefined;
        for (const s of entry.analysis.sites) {
          if (s.range[0] <= offset && offset <= s.range[1] && (!best || s.range[1] - s.range[0] < best.range[1] - best.range[0])) best = s;
        }
        return best;
      };
      const site = siteAt(entry.analysis, document, { line, character }) ?? innermostAround();
      if (!site) return null;
      const { start } = site.loc;
      await scheduler.fixesOf(entry.analysis);
      const rules = entry.analysis.messages.filter((m) => m.line === start.line && m.column === start.column + 1 && m.ruleId).map((m) => m.ruleId!);
      const kind = describeKind(site);
      return {
        uri: document.uri,
        line: start.line - 1,
        character: start.column,
        policy: site.policy,
        scenario: comparisonPlan(site, settings.scenario).scenario,
        ...(site.fix ? { fix: site.fix } : {}),
        ...(site.inFunction ? { name: site.inFunction } : {}),
        kind: site.kind === 'library' ? kind : kind.charAt(0).toUpperCase() + kind.slice(1),
        description: describeSiteBehaviour(site),
        rules: [...new Set(rules)],
      };
    } catch (error) {
      logError('herd at a position', error);
      return null;
    }
  });

  connection.onRequest(STATS_REQUEST, async (params: unknown): Promise<ServerStats> => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (isObject(params) && params.gc === true) {
      gc?.();
      // Asking a worker waits for its current lint: only a collecting request (the fuzz test's, between edits) does.
      const heaps = await scheduler.workerHeaps(true);
      lastWorkerHeap = heaps.reduce((sum, heap) => sum + heap.used, 0);
      lastWorkerHeapTotal = heaps.reduce((sum, heap) => sum + heap.total, 0);
    }
    return {
      heapUsed: process.memoryUsage().heapUsed,
      heapTotal: process.memoryUsage().heapTotal,
      documents: documents.all().length,
      analyses: entries.size,
      simulations: herd.size,
      lints: scheduler.completed,
      errors,
      lastLintMs,
      linting: scheduler.running(),
      workers: scheduler.workers(),
      herdWorkers: herd.workers(),
      workerHeapUsed: lastWorkerHeap,
      workerHeapTotal: lastWorkerHeapTotal,
    };
  });

  connection.onShutdown(() => {
    shutdownReceived = true;
    endWork();
  });
  // exit without shutdown: the workers end here too (vscode-languageserver exits the process after this).
  connection.onExit(() => endWork());

  documents.listen(connection);
  connection.listen();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
