import { Steady } from './backoff/steady.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The strategy is the caller's: the imported one is only named in a type check.
export async function execute(fn, strategy) {
  if (!(strategy instanceof Steady)) throw new TypeError('a Steady strategy is required');
  let backoff = strategy.next();
  for (let tries = 0; tries < 5; tries++) {
    try {
      return await fn();
    } catch (error) {
      await pause(backoff.duration);
      backoff = backoff.next();
    }
  }
}
