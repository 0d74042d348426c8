import { nap } from './util/sleep.mjs';

// The backoff grows here and the imported sleep spreads it: nothing to report.
export async function upload(blob) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('https://uploads.example.com', { method: 'PUT', body: blob });
    } catch {
      await nap(200 * 2 ** attempt);
    }
  }
  throw new Error('upload failed');
}
