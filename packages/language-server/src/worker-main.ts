// The lint worker's entry script (dist/worker-main.js), started by the server's LintScheduler.
import { runLintWorker } from './lint-worker.js';

runLintWorker();
