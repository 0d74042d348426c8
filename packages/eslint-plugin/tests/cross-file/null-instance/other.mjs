import { Pool } from './lib/pool.mjs';

// The variable may also hold a pool the caller hands in, or one a factory makes: not known to be a Pool.
let pool = null;

export function usePool(given) {
  pool = given;
}

export async function runJob(job) {
  for (let round = 0; round < 3; round++) {
    try {
      if (!pool) pool = new Pool(job.url);
      return await pool.acquire();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 1000));
    }
  }
  throw new Error('job');
}

let made = null;

export async function runMade(job, makePool) {
  for (let round = 0; round < 3; round++) {
    try {
      made = makePool(job.url);
      return await made.acquire();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 1000));
    }
  }
  throw new Error('made');
}

export function reset() {
  made = null;
}
