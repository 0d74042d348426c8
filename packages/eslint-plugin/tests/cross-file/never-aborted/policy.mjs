import { neverAbortedSignal, shutdownSignal } from './abort.mjs';

export class RetryPolicy {
  constructor(options) {
    this.options = options;
  }

  // Left out, the signal is one nothing aborts: nothing else stops the loop.
  async execute(fn, signal = neverAbortedSignal) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn({ attempt, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** attempt));
      }
    }
  }

  // The default signal is aborted when everything stops.
  async executeUntilShutdown(fn, signal = shutdownSignal) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn({ attempt, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** attempt));
      }
    }
  }
}
