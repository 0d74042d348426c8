import { MarkupKind, type ClientCapabilities } from 'vscode-languageserver';
import type { DocsCommand } from './code-actions.js';
import type { SyntaxErrors } from './diagnostics.js';

/** The command of "Show documentation for <rule>" for a client that opens a URL (window/showDocument) and names no command of its own. */
export const SHOW_DOCUMENTATION_COMMAND = 'retryHygiene.showDocumentation';
export const DEFAULT_CHART_COMMAND = 'retryHygiene.showHerdChart';

/** What the client can do and asked for at initialize: its capabilities and the initializationOptions that are not settings. */
export interface ClientFlags {
  pull: boolean;
  refresh: boolean;
  configuration: boolean;
  dynamicConfiguration: boolean;
  /** The client watches files for the server (workspace/didChangeWatchedFiles, registered dynamically). */
  watchFiles: boolean;
  markdown: boolean;
  documentChanges: boolean;
  images: boolean;
  chartCommand: string;
  syntaxErrors: SyntaxErrors;
  /** How "Show documentation for <rule>" opens the doc: the client's command, the server's (showDocument), or not offered. */
  docs: DocsCommand | undefined;
  /** The client allows the project's `.vue` / `.svelte` parsers to load (their code runs in the server). */
  projectParsers: boolean;
}

export const DEFAULT_FLAGS: Readonly<ClientFlags> = {
  pull: false,
  refresh: false,
  configuration: false,
  dynamicConfiguration: false,
  watchFiles: false,
  markdown: true,
  documentChanges: false,
  images: false,
  chartCommand: DEFAULT_CHART_COMMAND,
  syntaxErrors: 'error',
  docs: undefined,
  projectParsers: false,
};

/** The flags of a client, and a line for each option it gave that the server cannot use (the default is kept). */
export function clientFlags(caps: ClientCapabilities, initOptions: Record<string, unknown>): { flags: ClientFlags; problems: string[] } {
  const problems: string[] = [];
  const formats = caps.textDocument?.hover?.contentFormat;
  const flags: ClientFlags = {
    pull: caps.textDocument?.diagnostic !== undefined,
    refresh: caps.workspace?.diagnostics?.refreshSupport === true,
    configuration: caps.workspace?.configuration === true,
    dynamicConfiguration: caps.workspace?.didChangeConfiguration?.dynamicRegistration === true,
    watchFiles: caps.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    markdown: formats === undefined ? false : formats.includes(MarkupKind.Markdown),
    documentChanges: caps.workspace?.workspaceEdit?.documentChanges === true,
    images: initOptions.hoverImages === true,
    chartCommand: typeof initOptions.chartCommand === 'string' && initOptions.chartCommand !== '' ? initOptions.chartCommand : DEFAULT_CHART_COMMAND,
    syntaxErrors: 'error',
    docs: caps.window?.showDocument?.support === true ? { command: SHOW_DOCUMENTATION_COMMAND, argument: 'url' } : undefined,
    projectParsers: initOptions.projectParsers === true,
  };
  const { docsCommand, syntaxErrors } = initOptions;
  if (typeof docsCommand === 'string' && docsCommand !== '') flags.docs = { command: docsCommand, argument: 'rule' };
  else if (docsCommand !== undefined) problems.push(`retryHygiene.docsCommand must be a command name, got ${JSON.stringify(docsCommand)} (no documentation action from it)`);
  if (syntaxErrors === 'error' || syntaxErrors === 'hint' || syntaxErrors === 'off') flags.syntaxErrors = syntaxErrors;
  else if (syntaxErrors !== undefined) problems.push(`retryHygiene.syntaxErrors must be one of error, hint, off, got ${JSON.stringify(syntaxErrors)} (syntax errors are errors)`);
  return { flags, problems };
}
