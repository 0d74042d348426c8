interface Ctx { locks: { acquire(key: string, token: string): Promise<boolean> } }
type Work<T> = (beat: () => Promise<void>) => Promise<T>;

/** Takes the lock once: a busy lock skips this run. */
export async function withLock<T>(ctx: Ctx, key: string, work: Work<T>): Promise<T> {
  return withLockRetry(ctx, key, work, 1);
}

export async function withLockRetry<T>(ctx: Ctx, key: string, work: Work<T>, attempts = 4): Promise<T> {
  const token = Math.random().toString(36);
  for (let attempt = 1; ; attempt++) {
    const acquired = await ctx.locks.acquire(key, token);
    if (acquired) break;
    if (attempt >= attempts) throw new Error('busy');
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
  return runLocked(work);
}

async function runLocked<T>(work: Work<T>): Promise<T> {
  return work(async () => {});
}
