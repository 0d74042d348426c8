import { Calm } from './plan/calm.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function deliver(send) {
  const plan = new Calm();
  for (let tries = 0; ; tries++) {
    try {
      return await send();
    } catch (error) {
      if (tries >= 3) throw error;
      await pause(plan.step().duration);
    }
  }
}
