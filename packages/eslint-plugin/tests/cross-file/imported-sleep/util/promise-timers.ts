import { setTimeout as later } from 'node:timers/promises';

// A sleep whose promise is the timer itself: its wait is the timer's first argument.
export async function rest(seconds: number): Promise<void> {
  await later(1000 * seconds);
}
