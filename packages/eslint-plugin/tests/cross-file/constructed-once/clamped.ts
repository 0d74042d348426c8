import { settle, type Settings } from './settings';

export async function run<T>(work: () => Promise<T>, given: Partial<Settings> = {}): Promise<T> {
  const runner = new Runner(work, settle(given));
  return runner.go();
}

// The wait is the key the settling function may rewrite: not read.
class Runner<T> {
  private done = 0;

  constructor(private work: () => Promise<T>, private settings: Settings) {}

  async go(): Promise<T> {
    for (;;) {
      try {
        return await this.work();
      } catch (error) {
        this.done++;
        if (this.done >= 4) throw error;
        await new Promise((resolve) => setTimeout(resolve, this.settings.tries * 100));
      }
    }
  }
}
