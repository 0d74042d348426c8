import { maybeSanitize, sanitize } from './options.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class Client {
  constructor(options) {
    this.options = sanitize(options);
  }

  async fixedPause(op) {
    for (let i = 0; i < this.options.attempts; i++) {
      try {
        return await op();
      } catch {
        await sleep(this.options.pauseMs);
      }
    }
  }

  async growing(op) {
    for (let i = 0; i < this.options.attempts; i++) {
      try {
        return await op();
      } catch {
        await sleep(this.options.backoff(i));
      }
    }
  }

  async spreadOut(op) {
    for (let i = 0; i < this.options.attempts; i++) {
      try {
        return await op();
      } catch {
        await sleep(this.options.spread(i));
      }
    }
  }
}

export async function unsure(op, given) {
  const options = maybeSanitize(given);
  for (let i = 0; i < 4; i++) {
    try {
      return await op();
    } catch {
      await sleep(options.pauseMs);
    }
  }
}

import { TUNING } from './options.mjs';

export async function tuned(op, given) {
  const cfg = { ...TUNING, ...given };
  for (let i = 0; i < cfg.attempts; i++) {
    try {
      return await op();
    } catch {
      await sleep(cfg.pauseMs);
    }
  }
}

export async function tunedGrowing(op, given) {
  const cfg = { pauseMs: 10, ...TUNING, ...given };
  for (let i = 0; i < cfg.attempts; i++) {
    try {
      return await op();
    } catch {
      await sleep(cfg.backoff(i));
    }
  }
}
