import { pause } from './util/sleep.mjs';

export async function poke(host) {
  let tries = 0;
  while (tries < 3) {
    try {
      return await fetch(`https://${host}/poke`);
    } catch (error) {
      tries++;
      await pause(2);
    }
  }
  throw new Error('no answer');
}
