import { withLock, withLockRetry } from './lock.mjs';

export async function tick(ctx: Parameters<typeof withLock>[0], id: string) {
  await withLock(ctx, id, async (beat) => {
    await fetch(`/tick/${id}`);
    await beat();
  });
}

export async function publish(ctx: Parameters<typeof withLock>[0], id: string) {
  await withLockRetry(ctx, id, async () => {
    await fetch(`/publish/${id}`, { method: 'POST' });
  });
}
