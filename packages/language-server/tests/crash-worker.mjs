// A lint worker that dies on a document asking for it (the test of a worker lost mid-lint):
// its own listener runs before the real worker's, and ends the thread.
import { parentPort } from 'node:worker_threads';
import { runLintWorker } from '../dist/lint-worker.js';

parentPort.on('message', (request) => {
  if (request.type === 'lint' && request.text.includes('CRASH_THE_LINT_WORKER')) process.exit(3);
});
runLintWorker();
