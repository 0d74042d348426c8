import { Base } from './lib/base.mjs';

export class Reader extends Base {
  async consume() {
    let cursor = '0';
    while (!this.stopped) {
      const batch = await this.guarded(() => this.source.read(cursor));
      if (batch) {
        for (const item of batch) {
          cursor = item.id;
          this.emit('item', item);
        }
      }
    }
  }

  async drain() {
    for (;;) {
      await this.guarded(() => this.source.flush(), 500);
    }
  }
}
