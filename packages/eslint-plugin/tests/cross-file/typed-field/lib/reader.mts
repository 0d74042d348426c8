import { describeStep, runStep, runStepTimes } from './run.mjs';

// A reader with no retry of its own: read() reaches runStep() of ./run.mts through load().
export abstract class Reader {
  protected rows: string[] = [];

  async read(): Promise<string | undefined> {
    if (this.rows.length === 0) await this.load();
    return this.rows.shift();
  }

  label(): string {
    return describeStep({ run: async () => this.rows });
  }

  // One attempt: the helper retries nothing here.
  async peek(): Promise<string[]> {
    return runStepTimes({ run: async () => this.fetchRows() }, 1);
  }

  size(): number {
    return this.rows.length;
  }

  private async load(): Promise<void> {
    this.rows = await runStep({ run: async () => this.fetchRows() });
  }

  protected abstract fetchRows(): Promise<string[]>;
}
