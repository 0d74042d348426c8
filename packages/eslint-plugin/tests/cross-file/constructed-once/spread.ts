import { settle, type Settings } from './settings.js';

export async function run<T>(work: () => Promise<T>, given: Partial<Settings> = {}): Promise<T> {
  const settled = settle(given);
  return new Runner(work, settled).go();
}

// Spreads its waits unless told not to, and nothing here tells it.
class Runner<T> {
  private done = 0;

  constructor(private work: () => Promise<T>, private settings: Settings) {}

  async go(): Promise<T> {
    while (this.done < 6) {
      try {
        return await this.work();
      } catch (error) {
        this.done++;
        const base = this.settings.pause * 2 ** this.done;
        await new Promise((resolve) => setTimeout(resolve, this.settings.spread ? Math.random() * base : base));
      }
    }
    throw new Error('gave up');
  }
}
