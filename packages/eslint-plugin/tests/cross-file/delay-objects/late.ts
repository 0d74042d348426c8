import { Pause } from './pause.js';

export class LatePause extends Pause {
  async wait() {
    return this.isFirst ? true : super.wait();
  }

  private get isFirst() {
    return this.step === 0;
  }

  protected get steps() {
    return this.step - 1;
  }
}
