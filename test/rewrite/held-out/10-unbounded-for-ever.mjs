// A queue consumer that connects for ever, with a growing wait.
import { setTimeout as sleep } from 'timers/promises';
import { broker } from './infra.mjs';

export async function connectBroker(url) {
  let wait = 100;
  for (;;) {
    try {
      return await broker.connect(url);
    } catch (err) {
      console.error('broker connect failed', err.message);
      await sleep(wait);
      wait = Math.min(wait * 2, 10_000);
    }
  }
}
