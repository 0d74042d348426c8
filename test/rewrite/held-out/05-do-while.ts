// do … while with the attempt counted at the top and a fixed pause between attempts.
import { search } from './infra';

export async function indexDocument(doc: { id: string; body: string }) {
  let attempt = 0;
  let lastError: unknown;
  do {
    attempt++;
    try {
      await search.index(doc.id, doc.body);
      return;
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 750));
    }
  } while (attempt < 5);
  throw lastError;
}
