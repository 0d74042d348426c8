import { Pool } from './lib/pool.mjs';

// No pool until the job starts; none again once it is closed.
let pool = null;
let spare;

export async function runJob(job) {
  for (let round = 0; round < 3; round++) {
    try {
      if (pool === null) pool = new Pool(job.url);
      return await pool.acquire();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 1000));
    }
  }
  throw new Error('job');
}

export async function runSpare(job) {
  for (let round = 0; round < 3; round++) {
    try {
      if (!spare) spare = new Pool(job.url);
      return await spare.acquire();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 1000));
    }
  }
  throw new Error('spare');
}

export function close() {
  pool = null;
  spare = undefined;
}
