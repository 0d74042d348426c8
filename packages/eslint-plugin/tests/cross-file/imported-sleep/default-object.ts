import helpers from './util/default-object.js';

export async function announce(post: () => Promise<void>) {
  for (let round = 0; round < 3; round++) {
    try {
      return await post();
    } catch {
      await helpers.hold(2);
    }
  }
  throw new Error('not announced');
}
