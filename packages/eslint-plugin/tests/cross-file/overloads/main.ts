import { holdOff, stepDelay } from './lib/timing.js';

export async function upload(put: () => Promise<void>) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      return await put();
    } catch {
      await holdOff(stepDelay(attempt));
    }
  }
}

export async function ping(check: () => Promise<boolean>) {
  let n = 0;
  while (n < 3) {
    try {
      return await check();
    } catch {
      n++;
      await holdOff(1200);
    }
  }
}
