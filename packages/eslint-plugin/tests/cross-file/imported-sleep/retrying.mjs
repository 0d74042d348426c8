import { nap, pause } from './util/sleep.mjs';

// Two retry helpers whose waits are their imported sleeps' business.
export async function steadily(op) {
  for (let i = 0; i < 3; i++) {
    try {
      return await op();
    } catch {
      await pause(1);
    }
  }
  throw new Error('gave up');
}

export async function spread(op) {
  for (let i = 0; i < 3; i++) {
    try {
      return await op();
    } catch {
      await nap(1000);
    }
  }
  throw new Error('gave up');
}
