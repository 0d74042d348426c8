import { spreadFor } from './spread.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const standard = { spread: 'even' as const, first: 300 };

export async function fetchWithRetry(op: () => Promise<string>, given: Partial<typeof standard> = {}) {
  const settings = { ...standard, ...given };
  for (let round = 0; round < 6; round++) {
    try {
      return await op();
    } catch {
      const spread = spreadFor(settings);
      await sleep(spread(settings.first * 2 ** round));
    }
  }
  throw new Error('gave up');
}
