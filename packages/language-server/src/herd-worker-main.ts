// The herd worker's entry script (dist/herd-worker-main.js), started by the server's HerdRunner.
import { runHerdWorker } from './herd-worker.js';

runHerdWorker();
