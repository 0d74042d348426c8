// A class method that calls itself with one attempt fewer.
import { kv } from './infra';

export class SessionStore {
  async load(id: string, retries = 3): Promise<string | null> {
    try {
      return await kv.get(`session:${id}`);
    } catch (err) {
      if (retries <= 0) throw err;
      await new Promise((r) => setTimeout(r, 300));
      return this.load(id, retries - 1);
    }
  }
}
