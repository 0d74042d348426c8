import { Expo } from './backoff/expo.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function execute(fn) {
  const expo = new Expo();
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      return await fn();
    } catch (error) {
      await pause(expo.at(attempt).delay);
    }
  }
}
