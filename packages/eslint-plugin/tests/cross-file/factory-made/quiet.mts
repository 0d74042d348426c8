import { createOneShot, pick } from './lib/factory.mjs';

const once = createOneShot('https://queue.example.com');
const either = pick('https://queue.example.com', Math.random() > 0.5);

// A client made by a factory of a class that sends once: nothing retries inside.
export async function announce(msg: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    try {
      await once.publish(msg);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 1000 * Math.random()));
    }
  }
}

// A factory that may return either class: which one is not known.
export async function announceEither(msg: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    try {
      await either.publish(msg);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 1000 * Math.random()));
    }
  }
}
