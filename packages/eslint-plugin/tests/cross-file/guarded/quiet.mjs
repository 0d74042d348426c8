import { Base } from './lib/base.mjs';

export class Quiet extends Base {
  // A failure is only reported: the loop goes round at once, but whether that is a retry is not shown here.
  async tail() {
    while (!this.stopped) {
      const rows = await this.logged(() => this.source.read());
      if (rows) this.emit('rows', rows);
    }
  }

  // A failure is passed on: it leaves the loop.
  async pump() {
    while (!this.stopped) {
      await this.slowed(() => this.source.pump());
    }
  }

  // Nothing back means stop.
  async once() {
    while (!this.stopped) {
      const rows = await this.guarded(() => this.source.read());
      if (!rows) break;
      this.emit('rows', rows);
    }
  }

  // The guarded call sits in a branch: not every turn runs it.
  async maybe(flag) {
    while (!this.stopped) {
      if (flag) await this.guarded(() => this.source.read());
      await this.source.idle();
    }
  }
}
