import { Growing } from './backoff/growing.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class GrowingPolicy {
  async execute(fn) {
    let backoff = new Growing(100);
    for (let tries = 0; tries < 5; tries++) {
      try {
        return await fn();
      } catch (error) {
        await pause(backoff.duration);
        backoff = backoff.next();
      }
    }
  }
}
