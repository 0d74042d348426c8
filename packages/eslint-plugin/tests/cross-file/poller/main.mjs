import { once, pollFor, waitUntil } from './lib/wait-until.mjs';

export async function connectWhenUp(client) {
  await waitUntil(async () => {
    try {
      return await client.ping();
    } catch {
      return false;
    }
  });
}

export async function openDatabase(db) {
  const opened = async () => {
    try {
      await db.connect();
      return true;
    } catch (err) {
      if (err.code === 'EAUTH') throw err;
      return null;
    }
  };
  return pollFor(opened, 5, 1000);
}

export async function syncAll(api) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase(api.db);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

export async function startAll(client) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connectWhenUp(client);
    } catch (err) {
      if (attempt >= 2) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));
    }
  }
}
