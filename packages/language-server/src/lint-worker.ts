import { parentPort } from 'node:worker_threads';
import { LintEngine, type Analysis } from './engine.js';
import { DEFAULT_SETTINGS, type Settings } from './settings.js';

/** Main thread → worker. Messages are handled in order: a configure applies to every lint posted after it. */
export type WorkerRequest =
  | { type: 'configure'; settings: Settings }
  | { type: 'lint'; id: number; uri: string; version: number; text: string; filename: string };

/** Worker → main thread: one reply per lint. */
export type WorkerReply = { type: 'lint'; id: number; analysis: Analysis } | { type: 'lint'; id: number; error: string };

/**
 * The body of a lint worker: an ESLint Linter of its own, on the embedded config, that
 * lints what the main thread posts and answers with the plain-data Analysis. A long lint
 * here keeps only this thread busy; the protocol's message loop stays free.
 */
export function runLintWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('retry-hygiene: runLintWorker runs in a worker thread');
  const engine = new LintEngine();
  engine.configure(DEFAULT_SETTINGS);
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'configure') {
      engine.configure(request.settings);
      return;
    }
    let reply: WorkerReply;
    try {
      reply = { type: 'lint', id: request.id, analysis: engine.lint(request.uri, request.version, request.text, request.filename) };
    } catch (error) {
      reply = { type: 'lint', id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
  });
}
