import { Worker } from 'node:worker_threads';

/**
 * A worker thread of the server's (lint or herd). It gets its own stdout/stderr: the process's
 * standard output is the protocol channel, and a stray write there would corrupt it. A
 * `file:` URL string (how a bundle names its sibling script) is taken as a URL.
 */
export function startWorker(script: string | URL): Worker {
  return new Worker(typeof script === 'string' && script.startsWith('file:') ? new URL(script) : script, { stdout: true, stderr: true });
}
