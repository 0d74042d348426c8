import { backoff, fullJitter } from './utils/backoff.mjs';

export async function pull(queue) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await queue.receive();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, backoff(attempt)));
    }
  }
  return undefined;
}

export async function push(queue, message) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await queue.send(message);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, fullJitter(attempt)));
    }
  }
  return undefined;
}
