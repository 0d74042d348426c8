import * as users from './api/users.mjs';
import { fetchUser, userUrl } from './api/users.mjs';

export async function loadProfile(id) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetchUser(id);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
    }
  }
  throw new Error('profile');
}

export async function loadViaNamespace(id) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await users.fetchUser(id);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
    }
  }
  throw new Error('profile');
}

export async function loadPlain(id) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetch(userUrl(id));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
    }
  }
  throw new Error('plain');
}
