import { get, put } from './lib/client.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function read(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await get(url);
    } catch {
      await pause(Math.random() * 1000);
    }
  }
  throw new Error('read');
}

export async function write(url, body) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await put(url, body);
    } catch {
      await pause(Math.random() * 1000);
    }
  }
  throw new Error('write');
}
