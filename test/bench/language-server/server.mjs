// The built language server, spawned over stdio for the benchmarks, and the quantiles they report.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import protocol from 'vscode-languageserver-protocol/node';

const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = protocol;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const SERVER = join(root, 'packages', 'language-server', 'bin', 'retry-hygiene-language-server.js');

/**
 * Starts the server and initializes it. `published(version)` resolves with the diagnostics
 * published for `uri` at that version; `stop()` shuts it down and waits for its exit.
 */
export async function startServer({ uri, nodeArgs = [], capabilities = { textDocument: {}, workspace: {} }, initializationOptions = { debounceMs: 0 } }) {
  const child = spawn(process.execPath, [...nodeArgs, SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = new Map();
  connection.onNotification('textDocument/publishDiagnostics', (params) => {
    const key = `${params.uri}@${params.version}`;
    waiters.get(key)?.(params);
    waiters.delete(key);
  });
  connection.onNotification('window/logMessage', () => {});
  connection.onNotification('retryHygiene/slowFile', () => {});
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities, initializationOptions });
  await connection.sendNotification('initialized', {});
  return {
    connection,
    child,
    published: (version) => new Promise((resolve) => waiters.set(`${uri}@${version}`, resolve)),
    async stop() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      connection.dispose();
    },
  };
}

/** The q-quantile by nearest rank. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
