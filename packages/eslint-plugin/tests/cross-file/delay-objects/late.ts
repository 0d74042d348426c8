import { Pause } from './pause.js';

export class LatePause extends Pause {
  override async wait() {
    return this.isFirst ? true : super.wait();
  }

  private get isFirst() {
    return this.step === 0;
  }

  protected override get steps() {
    return this.step - 1;
  }
}
