// The bundled language server's herd worker (dist/herd-worker.cjs), started by its HerdRunner.
import { runHerdWorker } from '@retry-hygiene/language-server/herd-worker';

runHerdWorker();
