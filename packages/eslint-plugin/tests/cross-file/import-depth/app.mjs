import { syncRecord } from './lib/sync.mjs';

// Linted first, this module reads lib/sync.mjs one import away and lib/store.mjs two away.
export async function start(keys) {
  for (let pass = 0; pass < 2; pass++) {
    try {
      return await Promise.all(keys.map((key) => syncRecord(key)));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
    }
  }
  throw new Error('start');
}
