#!/usr/bin/env node
import { createRequire } from 'node:module';
import { ProposedFeatures, StreamMessageReader, StreamMessageWriter, createConnection } from 'vscode-languageserver/node';
import { startServer } from './server.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };
const args = process.argv.slice(2);

if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(`${version}\n`);
} else if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`usage: retry-hygiene-language-server [--stdio]

The retry-hygiene language server. It speaks LSP over stdin/stdout (the default, with or
without --stdio; --node-ipc and --socket=PORT work too). Settings: section retryHygiene of
workspace/configuration, or initializationOptions; none are needed.
`);
} else {
  // Standard output is the protocol channel: nothing else may write to it.
  console.log = console.info = console.warn = console.error;
  const otherTransport = args.some((a) => a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'));
  const connection = otherTransport
    ? createConnection(ProposedFeatures.all)
    : createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  // The server never dies on a document: a stray error is logged, not fatal.
  process.on('uncaughtException', (error) => connection.console.error(`retry-hygiene: uncaught: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) => connection.console.error(`retry-hygiene: unhandled rejection: ${String((reason as Error)?.stack ?? reason)}`));
  // Orphaned (the client killed, its pipe closed, the parent gone): end the workers and exit.
  // vscode-languageserver watches stdin itself only when it opened it (not with a reader given here).
  // A server on a socket or pipe may be started by a launcher that exits at once: its parent says nothing there.
  const socket = args.some((a) => a.startsWith('--socket') || a.startsWith('--pipe'));
  startServer(connection, { version, lifetime: { input: otherTransport ? undefined : process.stdin, exit: (code) => process.exit(code), reparenting: !socket } });
}
