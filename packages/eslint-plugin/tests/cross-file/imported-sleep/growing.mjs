import { sleep } from './util/sleep.mjs';

export async function sync(client) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await client.sync();
    } catch {
      await sleep(200 * 2 ** attempt);
    }
  }
  throw new Error('sync failed');
}
