import createRetry from './lib/retry.cjs';
import type { Options } from './lib/options.mjs';

// Parameters declared of a local interface or of a type no module defines as a class: their
// methods are not known, so no nesting is claimed.
interface Store {
  refresh(): Promise<void>;
}

export class Syncer {
  private readonly retrier = createRetry();

  constructor(
    private readonly store: Store,
    private readonly options: Options,
  ) {}

  async run(): Promise<void> {
    await this.retrier(async () => {
      await this.store.refresh();
      await this.options.refresh();
    });
  }
}
