import { withRetry } from './helpers/index.mjs';
import { nextDelay } from './policy.mjs';

export const save = (doc: unknown) => withRetry(() => fetch('/save', { method: 'POST', body: JSON.stringify(doc) }));

export async function ping(): Promise<void> {
  for (let n = 1; n <= 3; n++) {
    try {
      await fetch('/ping');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, nextDelay(n)));
    }
  }
}
