import type { Readable } from 'node:stream';
import { firstChunk } from './lib/io.js';

// The watchdog's own timer is no wait between attempts: the wait here is random.
export async function header(open: () => Readable) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await firstChunk(open(), 10_000);
    } catch {
      await new Promise((r) => setTimeout(r, Math.random() * 2000));
    }
  }
}
