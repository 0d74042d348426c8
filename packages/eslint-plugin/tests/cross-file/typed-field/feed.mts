import { FilteredReader, TableReader } from './lib/table-reader.mjs';

// The fields are written again when the feed resumes: only their declared classes say what they hold.
export class Feed {
  private reader: TableReader<string>;
  private filtered: FilteredReader;

  constructor(private readonly table: string) {
    this.reader = new TableReader(table);
    this.filtered = new FilteredReader(table);
  }

  async read(): Promise<string | undefined> {
    while (true) {
      try {
        return await this.reader.read();
      } catch {
        this.reader = new TableReader(this.table);
      }
    }
  }

  async readFiltered(): Promise<string | undefined> {
    while (true) {
      try {
        return await this.filtered.read();
      } catch {
        this.filtered = new FilteredReader(this.table);
      }
    }
  }
}
