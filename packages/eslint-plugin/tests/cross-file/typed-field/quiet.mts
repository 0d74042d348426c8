import { TableReader } from './lib/table-reader.mjs';

interface Source {
  read(): Promise<string | undefined>;
}

// Retry loops around methods that reach no retry, or of fields whose class is not known: nothing nested.
export class Quiet {
  private reader: TableReader;
  private maybe: TableReader | undefined;
  private source: Source;

  constructor(table: string, source: Source) {
    this.reader = new TableReader(table);
    this.maybe = undefined;
    this.source = source;
  }

  async size(): Promise<number> {
    while (true) {
      try {
        return this.reader.size();
      } catch {
        this.reader = new TableReader('again');
      }
    }
  }

  async label(): Promise<string> {
    while (true) {
      try {
        return this.reader.label();
      } catch {
        this.reader = new TableReader('again');
      }
    }
  }

  async peek(): Promise<string[]> {
    while (true) {
      try {
        return await this.reader.peek();
      } catch {
        this.reader = new TableReader('again');
      }
    }
  }

  async fromUnion(): Promise<string | undefined> {
    while (true) {
      try {
        return await this.maybe?.read();
      } catch {
        this.maybe = new TableReader('again');
      }
    }
  }

  async fromInterface(): Promise<string | undefined> {
    while (true) {
      try {
        return await this.source.read();
      } catch {
        this.source = new TableReader('again');
      }
    }
  }
}
