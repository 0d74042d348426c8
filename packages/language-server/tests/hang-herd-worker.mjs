// A herd worker for the budget tests: ready at once, then never answers; a policy of 13
// attempts makes it throw instead (the worker dies).
import { parentPort } from 'node:worker_threads';

parentPort.postMessage({ type: 'ready' });
parentPort.on('message', ({ policies }) => {
  if (policies[0].maxAttempts === 13) throw new Error('boom');
  for (;;);
});
