/**
 * The bundled language server's entry (dist/server.cjs): started by the client over Node IPC.
 * The same file is the server's lint worker (a bundle has no dist/worker-main.js beside it):
 * in a worker thread it lints; on the main thread it serves. The herd worker is a bundle of
 * its own (dist/herd-worker.cjs: the simulator without ESLint).
 */
import { join } from 'node:path';
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
  // The lifetime ends the workers and exits when the processId VS Code sends dies or this
  // process is re-parented (the IPC channel's own close is vscode-languageserver's affair).
  startServer(connection, {
    version: process.env.RH_SERVER_VERSION ?? '0.0.0',
    workerScript: __filename,
    herdWorkerScript: join(__dirname, 'herd-worker.cjs'),
    lifetime: { exit: (code) => process.exit(code) },
  });
}
