import { normalize } from './defaults.mjs';
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
export class Uploader {
  #count = 0;
  constructor(options) {
    this.options = options;
  }
  #pause(plan) {
    const base = plan.pause(this.#count + 1);
    let ms = base;
    if (plan.spread === true) ms = Math.random() * base;
    else if (typeof plan.spread === 'function') ms = plan.spread(base);
    return Math.min(plan.cap, ms);
  }
  async #delayFor(error) {
    const plan = normalize(this.options.retry);
    if (this.#count >= plan.tries) throw error;
    if (error.code === 'ETIMEDOUT') return this.#pause(plan);
    return this.#pause(plan);
  }
  async upload(part) {
    for (;;) {
      try {
        return await this.target.put(part);
      } catch (error) {
        const ms = await this.#delayFor(error);
        await sleep(ms);
        this.#count++;
      }
    }
  }
}
