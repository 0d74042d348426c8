// A for loop with a linear backoff and a log line, returning the value.
import { crm } from './infra';

export async function upsertContact(email: string) {
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      return await crm.upsert({ email });
    } catch (err) {
      console.log(`upsert attempt ${attempt} failed`);
      if (attempt === 4) throw err;
      await new Promise((r) => setTimeout(r, attempt * 500));
    }
  }
  throw new Error('unreachable');
}
