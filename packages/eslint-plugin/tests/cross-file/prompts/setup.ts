import { ask, promptText, question } from './lib/ask.js';

declare function createBucket(name: string): Promise<void>;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

// Asks again until the name is free: each round waits for the person.
export async function chooseBucket(): Promise<string> {
  for (;;) {
    const name = await ask('Bucket name?');
    try {
      await createBucket(name);
      return name;
    } catch (err) {
      console.error(`${name}: ${(err as Error).message}`);
    }
  }
}

// Asks through a function with a branch per kind of question.
export async function chooseRegion(): Promise<string> {
  for (;;) {
    const region = String(await question('text', 'Region?'));
    try {
      await createBucket(`probe-${region}`);
      return region;
    } catch {
      console.error('no such region');
    }
  }
}

// The same loop around a function that only has a prompt's name: a retry.
export async function loadTemplate(path: string): Promise<string> {
  for (;;) {
    try {
      return await promptText(path);
    } catch {
      await pause(2000);
    }
  }
}
