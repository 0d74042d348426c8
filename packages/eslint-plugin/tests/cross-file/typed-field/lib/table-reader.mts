import { Reader } from './reader.mjs';
import { describeStep } from './run.mjs';

// Defines neither read() nor label(): both come from Reader in ./reader.mts.
export class TableReader<Row = string> extends Reader {
  constructor(private readonly table: string) {
    super();
  }

  protected async fetchRows(): Promise<string[]> {
    return [this.table];
  }

  name(): string {
    return describeStep({ run: async () => [this.table] });
  }

  marker(): Row | undefined {
    return undefined;
  }
}

class Filtered extends TableReader {}

// Two classes up: read() through Filtered and TableReader, both of this module.
export class FilteredReader extends Filtered {}
