import type { Readable } from 'node:stream';
import { firstChunk, holdOn } from './lib/io.js';

export async function header(open: () => Readable) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await firstChunk(open(), 10_000);
    } catch {
      await holdOn(1800);
    }
  }
}
