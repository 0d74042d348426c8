/**
 * The bundled language server's entry (dist/server.cjs): started by the client over Node IPC.
 * The same file is the server's lint worker (a bundle has no dist/worker-main.js beside it):
 * in a worker thread it lints; on the main thread it serves.
 */
import { isMainThread } from 'node:worker_threads';
import { runLintWorker, startServer } from '@retry-hygiene/language-server';
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';

if (!isMainThread) {
  runLintWorker();
} else {
  const connection = createConnection(ProposedFeatures.all);
  // Logs go through the connection to the extension's output channel.
  console.log = console.info = console.warn = console.error = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  // The server never dies on a document: a stray error is logged, not fatal.
  process.on('uncaughtException', (error) => connection.console.error(`retry-hygiene: uncaught: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) => connection.console.error(`retry-hygiene: unhandled rejection: ${String((reason as Error)?.stack ?? reason)}`));
  // __filename: this bundle (CommonJS), which runs as the worker too.
  startServer(connection, { version: process.env.RH_SERVER_VERSION ?? '0.0.0', workerScript: __filename });
}
