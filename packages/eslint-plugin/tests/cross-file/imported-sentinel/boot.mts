import { canReach, flagSet } from './lib/probe.mjs';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The probe's false is its caught failure: going round on it retries the query.
export async function waitForDb(db: { query(q: string): Promise<never> }): Promise<boolean> {
  for (let i = 0; i < 5; i++) {
    if (await canReach(db)) return true;
    await pause(5000);
  }
  return false;
}

// The other helper's false is a state the query read: a poll, not a retry of a failure.
export async function waitForFlag(db: { query(q: string): Promise<never> }): Promise<void> {
  for (let i = 0; i < 5; i++) {
    if (await flagSet(db)) return;
    await pause(5000);
  }
}
