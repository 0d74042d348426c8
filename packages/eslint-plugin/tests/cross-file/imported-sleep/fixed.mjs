import { sleep } from './util/sleep.mjs';

export async function fetchStatus(url) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(750);
    }
  }
  throw new Error('status unavailable');
}
