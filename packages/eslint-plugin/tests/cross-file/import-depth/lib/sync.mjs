import { readRecord } from './store.mjs';

export async function syncRecord(key) {
  for (let round = 0; round < 3; round++) {
    try {
      return await readRecord(key);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 500));
    }
  }
  throw new Error(`sync ${key}`);
}
