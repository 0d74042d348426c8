import { rest } from './util/promise-timers.js';

export async function register(push: () => Promise<void>, maxTries = 4) {
  let tries = 1;
  while (true) {
    try {
      return await push();
    } catch (error) {
      if (tries++ >= maxTries) throw error;
      await rest(2);
    }
  }
}
