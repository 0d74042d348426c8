import createRetry from './lib/retry.cjs';
import type Pool from './lib/pool.cjs';

export class Loader {
  private readonly pool: Pool;
  private readonly retrier = createRetry({ retries: 3 });

  constructor(pool: Pool) {
    this.pool = pool;
  }

  async load(): Promise<void> {
    await this.retrier(async () => {
      await this.pool.refresh();
    });
  }
}
