import { clockMs } from './clock.mjs';

/** Commits again at once until the budget is spent: the limit is read off an imported clock. */
export async function commit(session: { commit(): Promise<void> }, budgetMs: number): Promise<void> {
  const limit = clockMs() + budgetMs;
  for (;;) {
    try {
      await session.commit();
      return;
    } catch (e) {
      if (clockMs() >= limit) throw e;
    }
  }
}
