import { backoffWithin } from './lib/backoff.js';

declare function store(turn: number): Promise<void>;

/** The turns are handed to the work: items, not a schedule. */
export async function drain(): Promise<void> {
  let turn = 0;
  for await (const waited of backoffWithin()) {
    try {
      await store(waited + turn++);
    } catch (error) {
      console.warn(error);
    }
  }
}
