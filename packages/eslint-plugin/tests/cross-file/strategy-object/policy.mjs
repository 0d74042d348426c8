import { Steady } from './backoff/steady.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Policy {
  constructor(options) {
    this.options = options;
  }

  async execute(fn) {
    const factory = this.options.backoff || new Steady(200);
    let backoff;
    for (let tries = 0; ; tries++) {
      try {
        return await fn();
      } catch (error) {
        if (tries >= 4) throw error;
        backoff = backoff ? backoff.next() : factory.next();
        await pause(backoff.duration);
      }
    }
  }
}
