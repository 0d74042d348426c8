import type { Readable } from 'node:stream';

/** Resolves with the first chunk, rejects when none comes in time: an operation with a deadline. */
export function firstChunk(body: Readable, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error('stalled')), ms);
    body.once('data', (chunk) => {
      clearTimeout(guard);
      resolve(String(chunk));
    });
  });
}

/** Resolves after `ms`, and only then. */
export function holdOn(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
