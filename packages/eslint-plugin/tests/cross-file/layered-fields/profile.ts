import { Avatars, UsersApi } from './lib/users.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function profile(id: string) {
  const users = new UsersApi();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await users.byId(id);
    } catch {
      await pause(500 * Math.random());
    }
  }
  throw new Error('no profile');
}

export async function avatar(avatars: Avatars, id: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await avatars.byId(id);
    } catch {
      await pause(500 * Math.random());
    }
  }
  throw new Error('no avatar');
}
