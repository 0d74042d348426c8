import { EventEmitter } from 'node:events';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Base extends EventEmitter {
  /** Runs `fn`; on a failure reports it and pauses before handing back nothing. */
  async guarded(fn, pauseMs = 2000) {
    try {
      return await fn();
    } catch (err) {
      this.emit('error', err);
      await sleep(pauseMs);
    }
  }

  /** Runs `fn`; a failure is only reported. */
  async logged(fn) {
    try {
      return await fn();
    } catch (err) {
      this.emit('error', err);
    }
  }

  /** Runs `fn`; a failure is passed on after a pause. */
  async slowed(fn) {
    try {
      return await fn();
    } catch (err) {
      await sleep(100);
      throw err;
    }
  }
}
