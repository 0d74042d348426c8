import type { Settings } from './settings.js';
import { spreadOf } from './spread.js';

export abstract class Pause {
  protected step = 0;
  constructor(private settings: Settings) {}

  wait() {
    return new Promise((done) => setTimeout(done, this.spreadMs));
  }

  setStep(step: number) {
    this.step = step;
  }

  private get spreadMs() {
    const spread = spreadOf(this.settings);
    return spread(this.ms);
  }

  private get ms() {
    const first = this.settings.pause;
    return first * Math.pow(this.settings.growth, this.steps);
  }

  protected get steps() {
    return this.step;
  }
}
