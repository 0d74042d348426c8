import { pauseFor } from './choose.js';
import { settle, type Settings } from './settings.js';

export function runJob<T>(job: () => Promise<T>, given: Partial<Settings> = {}): Promise<T> {
  const settled = settle(given);
  const runner = new Runner(job, settled);
  return runner.go();
}

class Runner<T> {
  private tries = 0;

  constructor(private job: () => Promise<T>, private settings: Settings) {}

  async go(): Promise<T> {
    while (this.tries < this.settings.tries) {
      try {
        await this.takePause();
        return await this.job();
      } catch (err) {
        this.tries++;
        if (this.tries >= this.settings.tries) throw err;
      }
    }
    throw new Error('no tries');
  }

  private async takePause() {
    const pause = pauseFor(this.settings, this.tries);
    await pause.wait();
  }
}
