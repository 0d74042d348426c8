import { EventEmitter } from 'node:events';
import { POOL_DEFAULTS, type PoolOptions } from './defaults.mjs';
import { fillMissing, lastOf } from './fill.mjs';

declare function openSockets(label: string): Promise<void>;

export class Pool extends EventEmitter {
  options: PoolOptions;
  attempts = 0;
  closing = false;

  constructor(options: PoolOptions = {}) {
    super();
    this.options = fillMissing({}, options, POOL_DEFAULTS);
  }

  join(): Promise<void> {
    return new Promise((resolve, reject) => {
      openSockets(this.options.label ?? '')
        .then(() => {
          this.attempts = 0;
          resolve();
        })
        .catch((err: Error) => {
          this.rejoin(err);
          reject(err);
        });
    });
  }

  private rejoin(reason: Error): void {
    let wait: unknown;
    if (!this.closing && typeof this.options.rejoinStrategy === 'function') {
      wait = this.options.rejoinStrategy(++this.attempts);
    }
    if (typeof wait === 'number') {
      setTimeout(() => {
        this.join().catch(() => {});
      }, wait);
    } else {
      this.emit('end', reason);
    }
  }
}

export class LastPool extends EventEmitter {
  options: PoolOptions;
  attempts = 0;

  constructor(options: PoolOptions = {}) {
    super();
    this.options = lastOf({}, options, POOL_DEFAULTS);
  }

  join(): Promise<void> {
    return new Promise((resolve, reject) => {
      openSockets('last')
        .then(() => resolve())
        .catch((err: Error) => {
          this.rejoin(err);
          reject(err);
        });
    });
  }

  private rejoin(reason: Error): void {
    let wait: unknown;
    if (typeof this.options.rejoinStrategy === 'function') {
      wait = this.options.rejoinStrategy(++this.attempts);
    }
    if (typeof wait === 'number') {
      setTimeout(() => {
        this.join().catch(() => {});
      }, wait);
    } else {
      this.emit('end', reason);
    }
  }
}
