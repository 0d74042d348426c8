import { File } from './lib/file.mjs';

const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));

export class Bucket {
  file(name) {
    return new File(name);
  }

  label(name) {
    return { createWriteStream: () => ({ name }) };
  }

  async upload(destination) {
    let target;
    if (destination instanceof File) {
      target = destination;
    } else {
      target = this.file(destination);
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await target.createWriteStream().done;
      } catch {
        await pause();
      }
    }
    throw new Error('upload');
  }

  async uploadLabelled(destination) {
    let target;
    if (destination instanceof File) target = destination;
    else target = this.label(destination);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await target.createWriteStream().done;
      } catch {
        await pause();
      }
    }
    throw new Error('labelled');
  }

  async uploadUnchecked(destination) {
    let target = this.file('default');
    if (destination) target = destination;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await target.createWriteStream().done;
      } catch {
        await pause();
      }
    }
    throw new Error('unchecked');
  }

  async move(name, to) {
    let target;
    target = new File(name);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await target.rename(to);
      } catch {
        await pause();
      }
    }
    throw new Error('move');
  }
}
