import * as transfer from './transfer.mjs';

// A stored file: writing it goes through transfer.send(), which retries in its own module.
export class File {
  constructor(name) {
    this.name = name;
  }

  createWriteStream() {
    const stream = { name: this.name };
    stream.done = this.begin();
    return stream;
  }

  begin() {
    return transfer.send(this.name);
  }

  rename(to) {
    return fetch(`/objects/${this.name}?to=${to}`, { method: 'POST' });
  }

  async stat() {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await fetch(`/objects/${this.name}/meta`);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
      }
    }
    throw new Error('stat');
  }
}
