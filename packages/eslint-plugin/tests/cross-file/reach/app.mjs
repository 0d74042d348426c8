import { describe, upload, uploadBoth } from './lib/upload.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function publish(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await upload(url);
    } catch {
      await pause(Math.random() * 1000);
    }
  }
  throw new Error('publish');
}

export async function publishBoth(url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await uploadBoth(url);
    } catch {
      await pause(Math.random() * 1000);
    }
  }
  throw new Error('publish both');
}

export async function label(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(`/labels?text=${describe(url)}`);
    } catch {
      await pause(Math.random() * 1000);
    }
  }
  throw new Error('label');
}
