// A retrying operation: fetchUser retries by itself (3 attempts, jittered).
export async function fetchUser(id) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch(`/users/${id}`);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** i));
    }
  }
  throw new Error(`user ${id}`);
}

export function userUrl(id) {
  return `/users/${id}`;
}
