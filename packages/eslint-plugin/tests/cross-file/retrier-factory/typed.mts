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

export class Refresher {
  private readonly retrier = createRetry();

  constructor(private readonly pool: Pool) {}

  async run(): Promise<void> {
    await this.retrier(async () => this.pool.refreshIfStale());
  }
}
