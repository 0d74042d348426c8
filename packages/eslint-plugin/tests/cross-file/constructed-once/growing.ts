import { settle, type Settings } from './settings.js';

export async function run<T>(work: () => Promise<T>, given: Partial<Settings> = {}): Promise<T> {
  const settled = settle(given);
  const runner = new Runner(work, settled);
  return runner.go();
}

class Runner<T> {
  private done = 0;

  constructor(private work: () => Promise<T>, private settings: Settings) {}

  async go(): Promise<T> {
    while (this.done < 6) {
      try {
        await new Promise((resolve) => setTimeout(resolve, this.settings.pause * this.settings.growth ** this.done));
        return await this.work();
      } catch (error) {
        this.done++;
      }
    }
    throw new Error('gave up');
  }
}
