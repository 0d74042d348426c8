import * as timing from './util/sleep.mjs';

// The namespace's nap waits at random: the growing wait is spread.
export async function publish(topic, message) {
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      return await topic.publish(message);
    } catch {
      await timing.nap(100 * 2 ** attempt);
    }
  }
  throw new Error('not published');
}
